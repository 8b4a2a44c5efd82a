//! External engines in Settings: adding one (a background survey of what it plays: its
//! name from `ABOUT`, the board sizes its `START` accepts, the rules its `INFO rule` does not
//! refuse), and the `pbrain-*` files found on this computer to offer.
//!
//! The list itself is [`Settings::engines`], saved with the settings. An engine as an
//! opponent is the session's (`kind::EngineSeat`); this module only adds and lists them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::job::{Job, Jobs, NICE_BACKGROUND, cancel_on_exit};
use super::kind::Games;
use super::msg::Msg;
use super::persist::{EngineEntry, Paths, Settings};
use crate::protocol::client::{EngineClient, EngineSpec, file_name};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineSurvey>()
        .add_systems(PreUpdate, poll_survey)
        .add_systems(Last, cancel_on_exit::<EngineSurvey>);
}

/// The engine being added, and the last word about adding one.
#[derive(Resource, Default)]
pub struct EngineSurvey {
    job: Option<Job<String, Result<EngineEntry, Msg>>>,
    /// "Checking ...", "... added", or why it could not be.
    pub status: Option<Msg>,
}

impl Jobs for EngineSurvey {
    fn cancel_all(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
    }
}

impl EngineSurvey {
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Starts the engine at `path` in the background and asks what it plays, for every
    /// game that plays engines (their sizes and rules).
    pub fn start(&mut self, path: &str, games: &Games) {
        let path = path.trim().to_string();
        if path.is_empty() || self.is_busy() {
            return;
        }
        let mut sizes = BTreeSet::new();
        let mut rules = BTreeSet::new();
        for engines in games.iter().filter_map(|k| k.engines()) {
            let (r, s) = engines.variants();
            rules.extend(r);
            sizes.extend(s);
        }
        let (sizes, rules): (Vec<u32>, Vec<u32>) =
            (sizes.into_iter().collect(), rules.into_iter().collect());
        self.status = Some(Msg::key("engine-checking").with("file", file_name(Path::new(&path))));
        let stamp = path.clone();
        self.job = Some(Job::spawn(
            "engine survey",
            NICE_BACKGROUND,
            stamp,
            (),
            move |_| survey(&path, &sizes, &rules),
        ));
    }
}

/// What the engine at `path` plays, as an entry for Settings; or why it cannot be added.
pub fn survey(path: &str, sizes: &[u32], rules: &[u32]) -> Result<EngineEntry, Msg> {
    let file = file_name(Path::new(path));
    let failed = |what: Msg| {
        Msg::key("engine-not-added")
            .with("file", file.clone())
            .with("what", what)
    };
    if !Path::new(path).is_file() {
        return Err(failed(
            Msg::key("engine-no-file").with("path", path.to_string()),
        ));
    }
    let mut client = EngineClient::new(EngineSpec::new(path));
    let fault = |e: crate::protocol::client::Fault| {
        warn!("{file}: {e}");
        failed(crate::gui::kind::gomoku::external::fault_reason(&e, 15))
    };
    let about = client.launch().map_err(fault)?.clone();
    let (sizes, rules) = client.survey(sizes, rules).map_err(fault)?;
    let nbest = client.probe_nbest().map_err(fault)?;
    client.end(std::time::Duration::from_secs(2));
    if rules.is_empty() {
        return Err(failed(Msg::key("engine-refused-every-rule")));
    }
    Ok(EngineEntry {
        path: path.to_string(),
        name: about.title(Path::new(path)),
        rules,
        sizes,
        nbest,
        ..EngineEntry::default()
    })
}

/// Adds a finished survey's engine to Settings (replacing an entry for the same file).
fn poll_survey(mut survey: ResMut<EngineSurvey>, mut settings: ResMut<Settings>) {
    let Some(job) = survey.bypass_change_detection().job.as_mut() else {
        return;
    };
    let Some(result) = job.poll() else {
        return;
    };
    survey.job = None;
    let result = result.unwrap_or_else(|e| Err(Msg::verbatim(e)));
    survey.status = Some(match result {
        Ok(entry) => {
            let added = Msg::key("engine-added").with("name", entry.name.clone());
            match settings.engines.iter_mut().find(|e| e.path == entry.path) {
                // Its name and what it plays are new; the player's time, memory and
                // threads stay.
                Some(old) => {
                    old.name = entry.name;
                    old.rules = entry.rules;
                    old.sizes = entry.sizes;
                    old.nbest = entry.nbest;
                }
                None => settings.engines.push(entry),
            }
            added
        }
        Err(why) => why,
    });
}

/// `pbrain-*` files on the `PATH` and in the game's own `engines` folder, that are not in
/// `known` yet: what Settings offers to add with one click.
pub fn found_engines(paths: &Paths, known: &[EngineEntry]) -> Vec<PathBuf> {
    let mut dirs = vec![paths.data_dir.join("engines")];
    if let Some(path) = std::env::var_os("PATH") {
        dirs.extend(std::env::split_paths(&path));
    }
    let mut found = BTreeSet::new();
    // A file reached twice (/bin is /usr/bin on merged-/usr systems) is offered once.
    let mut seen = BTreeSet::new();
    let known: Vec<PathBuf> = known
        .iter()
        .map(|k| std::fs::canonicalize(&k.path).unwrap_or_else(|_| PathBuf::from(&k.path)))
        .collect();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_ascii_lowercase();
            if !name.starts_with("pbrain-") || !is_executable(&path) {
                continue;
            }
            let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
            if !known.contains(&real) && seen.insert(real) {
                found.insert(path);
            }
        }
    }
    found.into_iter().collect()
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

//! A brain's name: its `ABOUT` reply read ([`About`]), and a file's name for messages.

use std::path::Path;

/// A brain's `ABOUT` reply: `name="...", version="...", author="...", country="..."`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    pub name: Option<String>,
    pub version: Option<String>,
    pub author: Option<String>,
    pub country: Option<String>,
}

impl About {
    /// Reads the `key="value"` pairs; unknown keys and a reply that is not in that form give
    /// an `About` with what could be read.
    pub fn parse(line: &str) -> About {
        let mut about = About::default();
        let mut rest = line;
        while let Some(eq) = rest.find('=') {
            let key = rest[..eq]
                .trim()
                .trim_start_matches(',')
                .trim()
                .to_ascii_lowercase();
            let after = rest[eq + 1..].trim_start();
            let (value, next) = match after.strip_prefix('"') {
                Some(quoted) => match quoted.find('"') {
                    Some(end) => (&quoted[..end], &quoted[end + 1..]),
                    None => (quoted, ""),
                },
                None => match after.find(',') {
                    Some(end) => (&after[..end], &after[end..]),
                    None => (after, ""),
                },
            };
            let value = Some(value.trim().to_string()).filter(|v| !v.is_empty());
            match key.as_str() {
                "name" => about.name = value,
                "version" => about.version = value,
                "author" => about.author = value,
                "country" => about.country = value,
                _ => {}
            }
            rest = next;
        }
        about
    }

    /// "Rapfi 0.43.02", or the file's name when the brain gave none. Only the version's
    /// first word: some brains add their compiler and CPU features to it.
    pub fn title(&self, path: &Path) -> String {
        let name = self.name.clone().unwrap_or_else(|| file_name(path));
        match self
            .version
            .as_deref()
            .and_then(|v| v.split_whitespace().next())
        {
            Some(v) => format!("{name} {v}"),
            None => name,
        }
    }
}

/// The file name of `path`, for messages.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

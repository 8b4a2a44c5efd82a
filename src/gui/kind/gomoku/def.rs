//! Gomoku, the kind: `GameDef for Gomoku` (names, levels, the setup rows and which choices
//! apply, the opening phase, an engine match's balanced openings) and its files (autosaves,
//! statistics and records). Its external engines are in `external.rs`.

use std::path::Path;

use super::{
    BOARD_SIZES, Gomoku, ID, any_level, files, kind, opening, opening_id, opening_rule,
    opening_title, opening_value, rule_id, rule_title, rule_value,
};
use crate::engine::gomoku::ai::Level;
use crate::engine::gomoku::opening::OpeningRule;
use crate::engine::gomoku::{Game, Rule};
use crate::gui::kind::{
    AnyGame, AnyLevel, Choice, GameDef, GameEngines, GameFiles, GameKind, GameOnline, OpeningPhase,
    Options, PuzzleBook, RecordEnd, Recorded, Saved, SetupRow,
};
use crate::gui::msg::Msg;
use crate::gui::persist::{self, Loaded, Notices};

impl GameDef for Gomoku {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Gomoku"
    }

    fn levels(&self) -> Vec<AnyLevel> {
        Level::ALL.into_iter().map(any_level).collect()
    }

    fn default_opponent(&self) -> u8 {
        Level::Club.number()
    }

    fn hint_level(&self) -> AnyLevel {
        any_level(Level::Expert)
    }

    fn shows_evaluation(&self) -> bool {
        true
    }

    fn engines(&self) -> Option<&dyn GameEngines> {
        Some(self)
    }

    fn online(&self) -> Option<&dyn GameOnline> {
        Some(self)
    }

    fn setup_rows(&self) -> Vec<SetupRow> {
        vec![
            SetupRow {
                key: "rule",
                label: "row-rule",
                choices: Rule::ALL
                    .iter()
                    .map(|&rule| Choice {
                        value: rule_value(rule),
                        label: rule_title(rule),
                        note: Some(Msg::key(format!("rule-{}-about", rule_id(rule)))),
                    })
                    .collect(),
                default: rule_value(Rule::Freestyle),
                on_analysis_board: true,
            },
            SetupRow {
                key: "size",
                label: "row-board",
                choices: BOARD_SIZES
                    .iter()
                    .map(|&size| Choice {
                        value: size as u32,
                        label: Msg::verbatim(format!("{size} × {size}")),
                        note: None,
                    })
                    .collect(),
                default: 15,
                on_analysis_board: true,
            },
            SetupRow {
                key: "opening",
                label: "row-opening",
                choices: OpeningRule::ALL
                    .iter()
                    .map(|&rule| Choice {
                        value: opening_value(rule),
                        label: opening_title(rule),
                        note: Some(Msg::key(format!("opening-rule-{}-about", opening_id(rule)))),
                    })
                    .collect(),
                default: opening_value(OpeningRule::None),
                on_analysis_board: false,
            },
        ]
    }

    fn choice_applies(&self, options: &Options, key: &str, value: u32) -> bool {
        if key != "opening" {
            return true;
        }
        let options = kind().sanitize(options);
        let rule = Rule::ALL[options["rule"] as usize % Rule::ALL.len()];
        OpeningRule::ALL
            .get(value as usize)
            .is_some_and(|o| o.applies_to(rule))
    }

    fn effective_options(&self, options: &Options) -> Options {
        let mut options = kind().sanitize(options);
        options.insert("opening".into(), opening_value(opening_rule(&options)));
        options
    }

    fn opening(&self, options: &Options) -> Option<Box<dyn OpeningPhase>> {
        let game = self.new_game(options);
        let game = game.downcast_ref::<Game>()?;
        let phase = opening::GomokuOpening::new(game.size(), game.rule(), opening_rule(options))?;
        Some(Box::new(phase))
    }

    fn opening_key(&self) -> Option<&'static str> {
        Some("opening")
    }

    fn puzzles(&self) -> Option<&dyn PuzzleBook> {
        Some(self)
    }

    fn match_opening(&self, options: &Options, pair: usize, seed: u64) -> AnyGame {
        let any = self.new_game(options);
        let Some(mut game) = any.downcast_ref::<Game>().cloned() else {
            return any;
        };
        let openings = crate::engine::gomoku::balanced::openings(pair + 1, game.size(), seed);
        // Three stones near the centre can be played under every rule.
        for pos in openings.get(pair).into_iter().flatten() {
            if game.play(*pos).is_err() {
                break;
            }
        }
        AnyGame::new(game)
    }

    fn new_game(&self, options: &Options) -> AnyGame {
        let options = kind().sanitize(options);
        let rule = Rule::ALL[options["rule"] as usize % Rule::ALL.len()];
        let game = Game::new(options["size"] as usize, rule)
            .unwrap_or_else(|_| Game::new(15, rule).expect("15 is a valid size"));
        AnyGame::new(game)
    }

    fn files(&self) -> Option<&dyn GameFiles> {
        Some(self)
    }
}

/// Gomoku keeps its older file names (`autosave.ron`, `stats.ron`) and SGF records (PSQ too).
impl GameFiles for Gomoku {
    fn kind(&self) -> GameKind {
        kind()
    }

    fn autosave_name(&self) -> String {
        "autosave.ron".into()
    }

    fn stats_name(&self) -> String {
        "stats.ron".into()
    }

    fn load_autosave(&self, path: &Path, notices: &mut Notices) -> Option<Result<Saved, Msg>> {
        match persist::read_ron::<files::Autosave>(path, Msg::key("file-autosave"), notices) {
            Loaded::Ok(save) => Some(save.restore()),
            _ => None,
        }
    }

    fn write_autosave(&self, path: &Path, saved: &Saved) -> Result<(), String> {
        let game = saved
            .game
            .downcast_ref::<Game>()
            .ok_or("not a Gomoku game")?;
        persist::write_ron(path, &files::Autosave::new(game, saved))
    }

    fn record_extensions(&self) -> Vec<String> {
        vec!["sgf".into(), "psq".into()]
    }

    fn save_record(
        &self,
        path: &Path,
        game: &AnyGame,
        names: &[String; 2],
        date: &str,
        end: &RecordEnd,
    ) -> Result<(), String> {
        let game = game.downcast_ref::<Game>().ok_or("not a Gomoku game")?;
        files::save_sgf(path, &files::record(game, names, date, end))
    }

    fn open_record(&self, path: &Path) -> Result<Recorded, Msg> {
        files::open(path).map_err(Msg::from)
    }

    fn record_summary(&self, path: &Path) -> Result<Msg, Msg> {
        files::summary(path)
    }
}

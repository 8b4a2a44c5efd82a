//! The game-kind layer: everything the one app flow (setup, session, AI task, result, replay)
//! needs to know about a game, for Gomoku and Connect Four alike, as board-game frameworks
//! define a game once (setup, legal moves, play, outcome) and reuse every screen.
//!
//! [`AnyGame`] is the position with its history, [`Move`] a point or a column, [`Side`] the
//! first or second player, [`AnyLevel`] a computer level and [`SearchInfo`] what a search
//! found. [`files`] keeps autosaves, statistics and records per game. Only the board's drawing
//! and picking (`gui::board`) differ per game beyond this module.
//!
//! No Bevy systems here: plain values over `crate::engine`.

pub mod connect4;
pub mod files;
pub mod gomoku;

use std::time::Duration;

use crate::engine::ai::{Level, Score, SearchResult};
use crate::engine::connect4 as c4;
use crate::engine::{Game, MoveError, Outcome, Pos, Rule, Stone};

pub use super::persist::GameKind;

/// Loads both games' statistics and reports autosaves that do not restore, at start.
pub(super) fn plugin(app: &mut bevy::prelude::App) {
    let world = app.world_mut();
    let Some(paths) = world.get_resource::<super::persist::Paths>().cloned() else {
        return;
    };
    let mut notices = world
        .remove_resource::<super::persist::Notices>()
        .unwrap_or_default();
    let stats = files::Stats::load(&paths, &mut notices);
    files::check_autosaves(&paths, &mut notices);
    world.insert_resource(notices);
    world.insert_resource(stats);
}

/// The two players: Black or Red moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// Who played the move with 0-based index `ply` (both games alternate strictly).
    pub fn of_ply(ply: usize) -> Side {
        if ply.is_multiple_of(2) {
            Side::First
        } else {
            Side::Second
        }
    }

    pub fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    pub fn stone(self) -> Stone {
        match self {
            Side::First => Stone::Black,
            Side::Second => Stone::White,
        }
    }

    pub fn from_stone(stone: Stone) -> Side {
        match stone {
            Stone::Black => Side::First,
            Stone::White => Side::Second,
        }
    }

    pub fn player(self) -> c4::Player {
        match self {
            Side::First => c4::Player::First,
            Side::Second => c4::Player::Second,
        }
    }

    pub fn from_player(player: c4::Player) -> Side {
        match player {
            c4::Player::First => Side::First,
            c4::Player::Second => Side::Second,
        }
    }
}

/// A move: a Gomoku point or a Connect Four column (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Point(Pos),
    Column(usize),
}

/// A computer level of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnyLevel {
    Gomoku(Level),
    ConnectFour(c4::Level),
}

impl AnyLevel {
    /// 1-based position in the game's menu.
    pub fn number(self) -> u8 {
        match self {
            AnyLevel::Gomoku(l) => l.number(),
            AnyLevel::ConnectFour(l) => l.number(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            AnyLevel::Gomoku(l) => l.name(),
            AnyLevel::ConnectFour(l) => l.name(),
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            AnyLevel::Gomoku(l) => l.description(),
            AnyLevel::ConnectFour(l) => l.description(),
        }
    }

    /// "Level 3 · Club" and the level's one-line description, for the side panel.
    pub fn headline(self) -> String {
        format!("Level {} · {}", self.number(), self.name())
    }
}

/// How a position stands ([`AnyGame::standing`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Standing {
    Ongoing,
    /// `line`: the winning row as (x, y) cells: Gomoku points, Connect Four (column, row).
    Won {
        winner: Side,
        line: Vec<(usize, usize)>,
    },
    Draw,
}

/// A game of either kind, with its history and redo line.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Gomoku(Game),
    ConnectFour(c4::Game),
}

impl AnyGame {
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Gomoku(_) => GameKind::Gomoku,
            AnyGame::ConnectFour(_) => GameKind::ConnectFour,
        }
    }

    pub fn gomoku(&self) -> Option<&Game> {
        match self {
            AnyGame::Gomoku(g) => Some(g),
            AnyGame::ConnectFour(_) => None,
        }
    }

    pub fn connect4(&self) -> Option<&c4::Game> {
        match self {
            AnyGame::ConnectFour(g) => Some(g),
            AnyGame::Gomoku(_) => None,
        }
    }

    /// Moves played.
    pub fn ply(&self) -> usize {
        match self {
            AnyGame::Gomoku(g) => g.ply(),
            AnyGame::ConnectFour(g) => g.moves().len(),
        }
    }

    pub fn to_move(&self) -> Side {
        match self {
            AnyGame::Gomoku(g) => Side::from_stone(g.to_move()),
            AnyGame::ConnectFour(g) => Side::from_player(g.side_to_move()),
        }
    }

    /// Moves that Redo can replay.
    pub fn redo_len(&self) -> usize {
        match self {
            AnyGame::Gomoku(g) => g.redo_stack().len(),
            AnyGame::ConnectFour(g) => c4::record::redo_line(g).len(),
        }
    }

    /// The moves played, in order.
    pub fn moves(&self) -> Vec<Move> {
        match self {
            AnyGame::Gomoku(g) => g.history().iter().map(|m| Move::Point(m.pos)).collect(),
            AnyGame::ConnectFour(g) => g.moves().iter().map(|&c| Move::Column(c)).collect(),
        }
    }

    /// Whether the side to move may play `mv`; the error is in the player's words.
    pub fn check(&self, mv: Move) -> Result<(), String> {
        match (self, mv) {
            (AnyGame::Gomoku(g), Move::Point(p)) => {
                g.check_move(p).map_err(|e| explain(&e, g.size()))
            }
            (AnyGame::ConnectFour(g), Move::Column(c)) => {
                if g.is_over() {
                    Err("The game is over.".into())
                } else if c >= g.width() {
                    Err(format!("There is no column {}.", c + 1))
                } else if !g.can_play(c) {
                    Err(format!("Column {} is full.", c + 1))
                } else {
                    Ok(())
                }
            }
            _ => Err("That move belongs to the other game.".into()),
        }
    }

    /// Plays `mv` for the side to move; the error is in the player's words.
    pub fn play(&mut self, mv: Move) -> Result<(), String> {
        // Gomoku's own errors are explained; Connect Four's are checked first for friendlier
        // words than the engine's.
        if self.kind() == GameKind::ConnectFour {
            self.check(mv)?;
        }
        match (self, mv) {
            (AnyGame::Gomoku(g), Move::Point(p)) => {
                let size = g.size();
                g.play(p).map(|_| ()).map_err(|e| explain(&e, size))
            }
            (AnyGame::ConnectFour(g), Move::Column(c)) => {
                g.play(c).map(|_| ()).map_err(|e| e.to_string())
            }
            _ => Err("That move belongs to the other game.".into()),
        }
    }

    /// Puts `mv` down for `side` (records whose stones do not alternate, set-up stones).
    pub fn place(&mut self, side: Side, mv: Move) -> Result<(), String> {
        match (self, mv) {
            (AnyGame::Gomoku(g), Move::Point(p)) => g
                .place(p, side.stone())
                .map(|_| ())
                .map_err(|e| e.to_string()),
            (AnyGame::ConnectFour(g), Move::Column(c)) if g.side_to_move() == side.player() => {
                g.play(c).map(|_| ()).map_err(|e| e.to_string())
            }
            _ => Err("a move out of turn".into()),
        }
    }

    /// Takes back the last move; returns who had played it.
    pub fn undo(&mut self) -> Option<Side> {
        match self {
            AnyGame::Gomoku(g) => g.undo().map(|m| Side::from_stone(m.stone)),
            AnyGame::ConnectFour(g) => g.undo().map(|_| Side::from_player(g.side_to_move())),
        }
    }

    pub fn redo(&mut self) -> bool {
        match self {
            AnyGame::Gomoku(g) => g.redo().is_some(),
            AnyGame::ConnectFour(g) => g.redo().is_some(),
        }
    }

    pub fn standing(&self) -> Standing {
        match self {
            AnyGame::Gomoku(g) => match g.outcome() {
                Outcome::Ongoing => Standing::Ongoing,
                Outcome::Win { winner, line } => Standing::Won {
                    winner: Side::from_stone(*winner),
                    line: line.iter().map(|p| (p.x as usize, p.y as usize)).collect(),
                },
                Outcome::Draw => Standing::Draw,
            },
            AnyGame::ConnectFour(g) => match g.outcome() {
                c4::Outcome::Ongoing => Standing::Ongoing,
                c4::Outcome::Win { player, four } => Standing::Won {
                    winner: Side::from_player(player),
                    line: four.iter().map(|c| (c.col, c.row)).collect(),
                },
                c4::Outcome::Draw => Standing::Draw,
            },
        }
    }

    pub fn is_over(&self) -> bool {
        self.standing() != Standing::Ongoing
    }

    /// An empty board of the same size and rule.
    pub fn fresh(&self) -> AnyGame {
        match self {
            AnyGame::Gomoku(g) => {
                AnyGame::Gomoku(Game::new(g.size(), g.rule()).expect("the size was valid"))
            }
            AnyGame::ConnectFour(g) => AnyGame::ConnectFour(c4::Game::new(g.size())),
        }
    }

    pub fn title(&self) -> &'static str {
        match self {
            AnyGame::Gomoku(_) => "Gomoku",
            AnyGame::ConnectFour(_) => "Connect Four",
        }
    }

    /// Rule and board under the title: "Renju · 15 × 15", "7 × 6 · four in a row wins".
    pub fn subtitle(&self) -> String {
        match self {
            AnyGame::Gomoku(g) => format!("{} · {s} × {s}", g.rule().name(), s = g.size()),
            AnyGame::ConnectFour(g) => {
                format!("{} × {} · four in a row wins", g.width(), g.height())
            }
        }
    }

    /// A reminder of a rule that surprises newcomers.
    pub fn rule_note(&self) -> Option<&'static str> {
        match self {
            AnyGame::Gomoku(g) if g.rule() == Rule::Renju => {
                Some("Black may not play double three, double four or overline.")
            }
            _ => None,
        }
    }

    /// How people read the controls under the panel's buttons.
    pub fn controls_help(&self) -> &'static str {
        match self {
            AnyGame::Gomoku(_) => "Mouse or arrows + Enter to place a stone",
            AnyGame::ConnectFour(_) => "Click a column, or ← → and Enter; 1-7 drop at once",
        }
    }

    pub fn side_name(&self, side: Side) -> &'static str {
        side_name(self.kind(), side)
    }

    /// "h8" or "column 4".
    pub fn move_text(&self, mv: Move) -> String {
        match (self, mv) {
            (AnyGame::Gomoku(g), Move::Point(p)) => p.to_human(g.size()),
            (_, Move::Column(c)) => format!("column {}", c + 1),
            (AnyGame::ConnectFour(_), Move::Point(p)) => format!("{p:?}"),
        }
    }

    /// The winning row's name: "five", "four", or "6" for an overline; 0 cells names the row
    /// the game is played for.
    pub fn line_name(&self, cells: usize) -> String {
        match (self, cells) {
            (AnyGame::ConnectFour(_), _) | (AnyGame::Gomoku(_), 4) => "four".into(),
            (AnyGame::Gomoku(_), 0 | 5) => "five".into(),
            (AnyGame::Gomoku(_), n) => n.to_string(),
        }
    }

    /// The level that gives hints (the strongest that answers in a few seconds).
    pub fn hint_level(&self) -> AnyLevel {
        match self {
            AnyGame::Gomoku(_) => AnyLevel::Gomoku(Level::Expert),
            AnyGame::ConnectFour(_) => AnyLevel::ConnectFour(c4::Level::Perfect),
        }
    }
}

impl GameKind {
    /// A Gomoku stone clicks as it is put down; a Connect Four disc sounds when it lands,
    /// which its board plays.
    pub fn clicks_when_placed(self) -> bool {
        self == GameKind::Gomoku
    }
}

pub fn side_name(kind: GameKind, side: Side) -> &'static str {
    match (kind, side) {
        (GameKind::Gomoku, Side::First) => "Black",
        (GameKind::Gomoku, Side::Second) => "White",
        (GameKind::ConnectFour, Side::First) => "Red",
        (GameKind::ConnectFour, Side::Second) => "Yellow",
    }
}

/// Why a click did nothing, in the player's words and coordinates.
pub fn explain(error: &MoveError, size: usize) -> String {
    match error {
        MoveError::Occupied { pos, by } => {
            format!("{} is already taken by {by}.", pos.to_human(size))
        }
        MoveError::Forbidden { pos, kind } => format!(
            "{} is forbidden for Black under Renju: {kind}.",
            pos.to_human(size)
        ),
        MoveError::OffBoard { .. } => "That point is off the board.".into(),
        MoveError::GameOver => "The game is over.".into(),
    }
}

/// What a finished search found, for the side panel, the hint and the evaluation bar.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    pub level: AnyLevel,
    /// The move chosen, or why there is none.
    pub mv: Result<Move, String>,
    pub time: Duration,
    pub detail: Detail,
}

/// The game's own figures of a search.
#[derive(Clone, Debug, PartialEq)]
pub enum Detail {
    Gomoku {
        depth: u32,
        score: Score,
        nodes: u64,
        pv: Vec<Pos>,
    },
    ConnectFour {
        choice: Option<c4::MoveChoice>,
        /// Discs on the board when it started and cells of the board (to read the score).
        moves_played: usize,
        cells: usize,
    },
}

impl SearchInfo {
    pub fn from_gomoku(level: Level, r: &SearchResult) -> SearchInfo {
        SearchInfo {
            level: AnyLevel::Gomoku(level),
            mv: r
                .best
                .map(Move::Point)
                .ok_or_else(|| "no legal move".into()),
            time: r.time,
            detail: Detail::Gomoku {
                depth: r.depth,
                score: r.score,
                nodes: r.nodes,
                pv: r.pv.clone(),
            },
        }
    }

    pub fn from_connect4(
        level: c4::Level,
        game: &c4::Game,
        result: Result<c4::MoveChoice, c4::AiError>,
        time: Duration,
    ) -> SearchInfo {
        SearchInfo {
            level: AnyLevel::ConnectFour(level),
            mv: result
                .map(|c| Move::Column(c.column))
                .map_err(|e| e.to_string()),
            time,
            detail: Detail::ConnectFour {
                choice: result.ok(),
                moves_played: game.moves().len(),
                cells: game.size().cells(),
            },
        }
    }

    /// Gomoku's evaluation (for the evaluation bar).
    pub fn gomoku_score(&self) -> Option<Score> {
        match self.detail {
            Detail::Gomoku { score, .. } => Some(score),
            Detail::ConnectFour { .. } => None,
        }
    }

    /// Levels that do not search (greedy scorers) have nothing to show.
    pub fn worth_showing(&self) -> bool {
        !matches!(self.detail, Detail::Gomoku { depth: 0, .. })
    }

    /// The outlook for the side that searched: "win in 3", "draw" (solved Connect Four only).
    fn outlook(&self) -> Option<String> {
        match self.detail {
            Detail::ConnectFour {
                choice: Some(c4::MoveChoice { score: Some(s), .. }),
                moves_played,
                cells,
            } => Some(c4::describe_score(s, cells, moves_played)),
            _ => None,
        }
    }

    /// The side panel's lines about the AI's last move.
    pub fn describe(&self) -> String {
        let head = self.level.headline();
        match &self.detail {
            Detail::Gomoku {
                depth,
                score,
                nodes,
                ..
            } => format!(
                "{head}\nLast search: depth {depth} · eval {score} (AI)\n{nodes} nodes in {:.2} s",
                self.time.as_secs_f32()
            ),
            Detail::ConnectFour { choice: None, .. } => head,
            Detail::ConnectFour {
                choice: Some(choice),
                ..
            } => {
                let how = match (choice.source, choice.depth) {
                    (c4::Source::Tactic, _) => "a forced move".to_string(),
                    (c4::Source::Random, _) => "by feel".to_string(),
                    (c4::Source::Book, _) => "from the opening book".to_string(),
                    (c4::Source::Solver, _) => "solved exactly".to_string(),
                    (c4::Source::Search, Some(d)) => format!("search depth {d}"),
                    (c4::Source::Search, None) => "search".to_string(),
                };
                let outlook = self
                    .outlook()
                    .map(|o| format!("AI {o} · "))
                    .unwrap_or_default();
                format!(
                    "{head}\nLast move: column {} ({how})\n{outlook}{:.2} s",
                    choice.column + 1,
                    self.time.as_secs_f32()
                )
            }
        }
    }

    /// The status line for a hint: "Hint: h8 (Expert, +35)", "Hint: column 4 (win in 3 with
    /// best play)".
    pub fn hint_text(&self, game: &AnyGame) -> String {
        let Ok(mv) = self.mv else {
            return "No hint: there is no legal move.".into();
        };
        let at = game.move_text(mv);
        match &self.detail {
            Detail::Gomoku { score, .. } => {
                format!("Hint: {at} ({}, {score})", self.level.name())
            }
            Detail::ConnectFour { .. } => match self.outlook() {
                Some(o) => format!("Hint: {at} ({o} with best play)"),
                None => format!("Hint: {at}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_games_play_undo_and_redo_through_one_interface() {
        let mut games = [
            AnyGame::Gomoku(Game::new(15, Rule::Freestyle).unwrap()),
            AnyGame::ConnectFour(c4::Game::new(c4::BoardSize::STANDARD)),
        ];
        let first = [Move::Point(Pos::new(7, 7)), Move::Column(3)];
        for (game, mv) in games.iter_mut().zip(first) {
            assert_eq!(game.to_move(), Side::First);
            game.play(mv).unwrap();
            assert_eq!((game.ply(), game.to_move()), (1, Side::Second));
            assert_eq!(game.moves(), vec![mv]);
            assert_eq!(game.undo(), Some(Side::First));
            assert_eq!((game.ply(), game.redo_len()), (0, 1));
            assert!(game.redo());
            assert_eq!(game.standing(), Standing::Ongoing);
        }
        // Moves of the other game are refused with a reason, not a panic.
        assert!(games[0].play(Move::Column(3)).is_err());
        assert!(games[1].play(Move::Point(Pos::new(0, 0))).is_err());
        assert_eq!(
            games[0].check(first[0]).unwrap_err(),
            "h8 is already taken by Black."
        );
    }

    #[test]
    fn full_columns_and_wins_are_explained() {
        let mut g = AnyGame::ConnectFour(c4::Game::new(c4::BoardSize::STANDARD));
        for _ in 0..6 {
            g.play(Move::Column(0)).unwrap();
        }
        assert_eq!(g.check(Move::Column(0)).unwrap_err(), "Column 1 is full.");
        assert_eq!(
            g.check(Move::Column(9)).unwrap_err(),
            "There is no column 10."
        );
        for c in [6, 6, 5, 5, 4, 4, 3] {
            g.play(Move::Column(c)).unwrap();
        }
        match g.standing() {
            Standing::Won { winner, line } => {
                assert_eq!(winner, Side::First);
                assert_eq!(line.len(), 4);
            }
            other => panic!("expected a win, got {other:?}"),
        }
        assert_eq!(g.line_name(4), "four");
    }
}

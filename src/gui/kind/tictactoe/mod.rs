//! Tic-tac-toe, a test-only third game: it proves that a game is its own folder and one
//! registration line. It has no board plugin (screens run without one) and a perfect
//! minimax AI; its files are a small RON autosave and a text record.

use std::path::Path;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{
    AnyGame, AnyLevel, GameDef, GameKind, LevelTallies, Move, Options, Progress, RecordEnd,
    Recorded, Rules, Saved, SearchInfo, SearchRequest, SetupRow, Side, Standing,
};
use crate::engine::gomoku::ai::Score;
use crate::engine::review::{Analysis, Outlook, Progress as ReviewProgress, ReviewLimits};
use crate::gui::msg::Msg;
use crate::gui::persist::{self, Loaded, Notices};

pub static TIC_TAC_TOE: TicTacToeKind = TicTacToeKind;
pub const ID: &str = "tictactoe";

pub struct TicTacToeKind;

pub fn kind() -> GameKind {
    GameKind(&TIC_TAC_TOE)
}

/// Its one level: perfect play.
pub fn perfect() -> AnyLevel {
    AnyLevel {
        game: ID,
        number: 1,
        name: "Perfect",
        description: "Never loses.",
    }
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Cells 0..9, row by row; written "1".."9".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TicTacToe {
    moves: Vec<usize>,
    redo: Vec<usize>,
}

impl TicTacToe {
    fn cells(&self) -> [Option<Side>; 9] {
        let mut cells = [None; 9];
        for (i, &c) in self.moves.iter().enumerate() {
            cells[c] = Some(Side::of_ply(i));
        }
        cells
    }

    fn winner(&self) -> Option<(Side, [usize; 3])> {
        let cells = self.cells();
        LINES.into_iter().find_map(|line| {
            let side = cells[line[0]]?;
            line.iter()
                .all(|&c| cells[c] == Some(side))
                .then_some((side, line))
        })
    }

    /// The side to move's best cell and the game's value for it: +(10 - plies) for a win,
    /// 0 a draw, negative a loss (sooner wins and later losses preferred).
    fn solve(&self) -> (Option<usize>, i32) {
        if self.winner().is_some() {
            return (None, -(10 - self.moves.len() as i32));
        }
        let mut best = (None, i32::MIN);
        for cell in (0..9).filter(|&c| self.cells()[c].is_none()) {
            let mut next = self.clone();
            next.moves.push(cell);
            let value = -next.solve().1;
            if value > best.1 {
                best = (Some(cell), value);
            }
        }
        if best.0.is_none() { (None, 0) } else { best }
    }

    fn line(&self) -> Vec<usize> {
        let mut game = self.clone();
        let mut line = Vec::new();
        while let (Some(cell), _) = game.solve() {
            line.push(cell);
            game.moves.push(cell);
        }
        line
    }

    fn score(value: i32, ply: usize) -> Score {
        match value {
            0 => Score::Eval(0),
            v if v > 0 => Score::Win(((10 - v) as usize - ply).div_ceil(2) as u32),
            v => Score::Loss(((10 + v) as usize - ply) as u32 / 2),
        }
    }
}

impl Rules for TicTacToe {
    type Move = usize;
    type Level = ();

    fn kind() -> GameKind {
        kind()
    }

    fn encode(mv: usize) -> Move {
        Move(mv as u32)
    }

    fn decode(mv: Move) -> Option<usize> {
        (mv.0 < 9).then_some(mv.0 as usize)
    }

    fn level(level: AnyLevel) -> Option<()> {
        (level.number_in(ID) == Some(1)).then_some(())
    }

    fn ply(&self) -> usize {
        self.moves.len()
    }

    fn to_move(&self) -> Side {
        Side::of_ply(self.moves.len())
    }

    fn redo_len(&self) -> usize {
        self.redo.len()
    }

    fn moves(&self) -> Vec<usize> {
        self.moves.clone()
    }

    fn check(&self, mv: usize) -> Result<(), Msg> {
        if self.winner().is_some() {
            Err(Msg::key("move-game-over"))
        } else if self.cells()[mv].is_some() {
            Err(Msg::verbatim(format!("Cell {} is taken.", mv + 1)))
        } else {
            Ok(())
        }
    }

    fn play(&mut self, mv: usize) -> Result<(), Msg> {
        Rules::check(self, mv)?;
        self.moves.push(mv);
        self.redo.clear();
        Ok(())
    }

    fn place(&mut self, side: Side, mv: usize) -> Result<(), Msg> {
        if side != Rules::to_move(self) {
            return Err(Msg::key("move-out-of-turn"));
        }
        Rules::play(self, mv)
    }

    fn undo(&mut self) -> Option<Side> {
        let cell = self.moves.pop()?;
        self.redo.push(cell);
        Some(Side::of_ply(self.moves.len()))
    }

    fn redo(&mut self) -> bool {
        match self.redo.pop() {
            Some(cell) => {
                self.moves.push(cell);
                true
            }
            None => false,
        }
    }

    fn standing(&self) -> Standing {
        match self.winner() {
            Some((winner, line)) => Standing::Won {
                winner,
                line: line.iter().map(|&c| (c % 3, c / 3)).collect(),
            },
            None if self.moves.len() == 9 => Standing::Draw,
            None => Standing::Ongoing,
        }
    }

    fn fresh(&self) -> Self {
        TicTacToe::default()
    }

    fn options(&self) -> Options {
        Options::new()
    }

    fn subtitle(&self) -> Msg {
        Msg::verbatim("3 × 3")
    }

    fn move_text(&self, mv: usize) -> Msg {
        Msg::verbatim(format!("cell {}", mv + 1))
    }

    fn parse_move(&self, text: &str) -> Option<usize> {
        let n: usize = text.trim().parse().ok()?;
        (1..=9).contains(&n).then(|| n - 1)
    }

    fn line_name(&self, _cells: usize) -> Msg {
        Msg::verbatim("three")
    }

    fn key(&self) -> u64 {
        self.moves.iter().fold(1, |k, &c| k * 10 + c as u64 + 1)
    }

    fn search(
        &self,
        _level: (),
        request: &SearchRequest,
        _stop: &AtomicBool,
        progress: Progress,
    ) -> SearchInfo {
        let (best, value) = self.solve();
        let eval = TicTacToe::score(value, self.moves.len());
        progress(9 - self.moves.len() as u32, eval);
        let Some(cell) = best else {
            return SearchInfo::none(request.level, "move-game-over");
        };
        SearchInfo {
            mv: Ok(Move(cell as u32)),
            time: Duration::ZERO,
            searched: true,
            depth: 9 - self.moves.len() as u32,
            eval: Some(eval),
            pv: self.line().into_iter().map(TicTacToe::encode).collect(),
            panel: request.level.headline(),
            hint: Msg::verbatim(format!("Hint: cell {}", cell + 1)),
            ..SearchInfo::none(request.level, "hint-no-legal-move")
        }
    }

    fn fallback(&self, _seed: u64) -> SearchInfo {
        let free = (0..9).find(|&c| self.cells()[c].is_none());
        match free {
            Some(c) => SearchInfo {
                mv: Ok(Move(c as u32)),
                ..SearchInfo::none(perfect(), "hint-no-legal-move")
            },
            None => SearchInfo::none(perfect(), "hint-no-legal-move"),
        }
    }

    fn review(
        &self,
        moves: &[usize],
        _limits: ReviewLimits,
        _stop: &AtomicBool,
        _progress: &ReviewProgress,
    ) -> Option<Result<Vec<Analysis<usize>>, String>> {
        let mut game = self.clone();
        let mut analyses = Vec::new();
        for i in 0..=moves.len() {
            if i > 0
                && let Err(e) = Rules::play(&mut game, moves[i - 1])
            {
                return Some(Err(e.english()));
            }
            let (best, value) = game.solve();
            let outlook = match TicTacToe::score(value, game.moves.len()) {
                Score::Win(n) => Outlook::Win(n),
                Score::Loss(n) => Outlook::Loss(n),
                _ => Outlook::Draw,
            };
            analyses.push(Analysis {
                best,
                line: game.line(),
                outlook,
            });
        }
        Some(Ok(analyses))
    }
}

/// The autosave: moves and the redo line as cell digits ("519").
#[derive(Serialize, Deserialize)]
struct Autosave {
    opponent: u8,
    human: String,
    moves: String,
    redo: String,
    seed: u64,
    started: String,
}

fn digits(cells: &[usize]) -> String {
    cells.iter().map(|c| char::from(b'1' + *c as u8)).collect()
}

fn from_digits(text: &str) -> Result<Vec<usize>, String> {
    text.chars()
        .map(|ch| match ch.to_digit(10) {
            Some(d @ 1..=9) => Ok(d as usize - 1),
            _ => Err(format!("'{ch}' is no cell")),
        })
        .collect()
}

impl GameDef for TicTacToeKind {
    fn id(&self) -> &'static str {
        ID
    }

    fn title(&self) -> &'static str {
        "Tic-tac-toe"
    }

    fn side_name(&self, side: Side) -> Msg {
        Msg::verbatim(match side {
            Side::First => "X",
            Side::Second => "O",
        })
    }

    fn levels(&self) -> Vec<AnyLevel> {
        vec![perfect()]
    }

    fn default_opponent(&self) -> u8 {
        1
    }

    fn hint_level(&self) -> AnyLevel {
        perfect()
    }

    fn controls_help(&self) -> &'static str {
        "Keys 1-9 mark a cell"
    }

    fn setup_rows(&self) -> Vec<SetupRow> {
        Vec::new()
    }

    fn new_game(&self, _options: &Options) -> AnyGame {
        AnyGame::new(TicTacToe::default())
    }

    fn autosave_name(&self) -> &'static str {
        "tictactoe-autosave.ron"
    }

    fn stats_name(&self) -> &'static str {
        "tictactoe-stats.ron"
    }

    fn load_autosave(&self, path: &Path, notices: &mut Notices) -> Option<Result<Saved, Msg>> {
        let Loaded::Ok(save) =
            persist::read_ron::<Autosave>(path, Msg::key("file-autosave"), notices)
        else {
            return None;
        };
        Some((|| {
            let mut game = TicTacToe::default();
            for cell in from_digits(&save.moves).map_err(Msg::from)? {
                Rules::play(&mut game, cell)?;
            }
            let mut redo = from_digits(&save.redo).map_err(Msg::from)?;
            redo.reverse();
            game.redo = redo;
            let level = Saved::level_of(kind(), save.opponent)?;
            Saved::checked(
                AnyGame::new(game),
                level,
                &save.human,
                save.seed,
                &save.started,
            )
        })())
    }

    fn write_autosave(&self, path: &Path, saved: &Saved) -> Result<(), String> {
        let game = saved
            .game
            .downcast_ref::<TicTacToe>()
            .ok_or("not tic-tac-toe")?;
        let redo: Vec<usize> = game.redo.iter().rev().copied().collect();
        let save = Autosave {
            opponent: saved.opponent_number(),
            human: self.side_name(saved.human).english(),
            moves: digits(&game.moves),
            redo: digits(&redo),
            seed: saved.seed,
            started: saved.started.clone(),
        };
        persist::write_ron(path, &save)
    }

    fn load_stats(&self, path: &Path, notices: &mut Notices) -> LevelTallies {
        match persist::read_ron(path, Msg::key("file-statistics"), notices) {
            Loaded::Ok(s) => s,
            _ => LevelTallies::default(),
        }
    }

    fn write_stats(&self, path: &Path, stats: &LevelTallies) -> Result<(), String> {
        persist::write_ron(path, stats)
    }

    fn record_extensions(&self) -> &'static [&'static str] {
        &["ttt"]
    }

    fn save_record(
        &self,
        path: &Path,
        game: &AnyGame,
        names: &[String; 2],
        _date: &str,
        end: &RecordEnd,
    ) -> Result<(), String> {
        let resigned = end.resigned.or(end.lost_on_time);
        let game = game.downcast_ref::<TicTacToe>().ok_or("not tic-tac-toe")?;
        let result = match (resigned, game.winner()) {
            (Some(side), _) => format!(
                "{} won by resignation",
                self.side_name(side.other()).english()
            ),
            (None, Some((side, _))) => format!("{} won", self.side_name(side).english()),
            (None, None) => "drawn".into(),
        };
        let text = format!(
            "Tic-tac-toe\nX: {}\nO: {}\nResult: {result}\nMoves: {}\n",
            names[0],
            names[1],
            digits(&game.moves)
        );
        persist::save_atomic(path, text.as_bytes())
    }

    fn open_record(&self, path: &Path) -> Result<Recorded, Msg> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .map(|v| v.trim().to_string())
                .ok_or_else(|| format!("{}: no '{name}' line", path.display()))
        };
        let mut game = TicTacToe::default();
        let mut moves = Vec::new();
        for cell in from_digits(&field("Moves:")?)? {
            moves.push((Rules::to_move(&game), Move(cell as u32)));
            Rules::play(&mut game, cell)?;
        }
        Ok(Recorded {
            start: AnyGame::new(TicTacToe::default()),
            moves,
            names: [field("X:")?, field("O:")?],
            result: Msg::verbatim(field("Result:")?),
            times: Vec::new(),
            opening: None,
        })
    }

    fn record_summary(&self, path: &Path) -> Result<Msg, Msg> {
        let r = self.open_record(path)?;
        Ok(Msg::verbatim(format!(
            "Tic-tac-toe · {} · {}",
            r.names.join(" vs "),
            r.result.english()
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_play_blocks_and_wins() {
        let mut g = TicTacToe::default();
        for c in [0, 4, 1] {
            Rules::play(&mut g, c).unwrap();
        }
        assert_eq!(g.solve().0, Some(2), "O blocks the top row");
        let empty = TicTacToe::default();
        assert_eq!(empty.solve().1, 0, "tic-tac-toe is a draw");
        Rules::play(&mut g, 3).unwrap();
        assert_eq!(g.solve().0, Some(2), "X completes the top row");
        assert_eq!(TicTacToe::score(g.solve().1, 4), Score::Win(1));
    }
}

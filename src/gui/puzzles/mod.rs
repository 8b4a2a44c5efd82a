//! The puzzle trainer's state: every game's shipped puzzles (made and proven by the engine,
//! `engine::puzzle`) and the player's own (the missed wins of their reviewed games), the
//! puzzle on the board and the moves played in it, the engine's verdict on each try (a
//! [`Job`]: a wrong move is refuted by a search), hints, the solution played out, and the
//! player's progress: a Glicko-2 rating, the streak, what was solved, kept in the data
//! folder. It names no game: each game turns puzzles into its positions and moves
//! (`GameDef::puzzle_*`). What it says (the status line, notices) it holds as [`Msg`]s,
//! put into the language in use when drawn. The screen is `screens::puzzles`.

mod missed;
mod progress;
pub mod rating;
mod systems;
mod text;

use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::audio::Sfx;
use super::frames::FrameRequests;
use super::job::{Job, Jobs, NICE_BACKGROUND, NICE_WAITED, cancel_on_exit};
use super::kind::{AnyGame, AnyPuzzle, GameKind, Games, Move, Side};
use super::msg::Msg;
use super::persist::{self, Notices, Paths, timestamp};
use crate::engine::puzzle::{self, Hint, HintLevel, LineError, Refutation, TryResult};
pub use progress::{Entry, Filter, Personal, Progress, Source, YOURS};
pub use rating::Glicko;
use systems::{advance, poll_missed, poll_try};
use text::not_judged;
pub use text::{family_name, goal, side_name};

/// How long the defender's answer waits after the attacker's move, so a person sees both.
pub const REPLY_DELAY: Duration = Duration::from_millis(450);
/// The pace of the solution played out.
pub const SOLUTION_STEP: Duration = Duration::from_millis(800);
/// The progress file under the data folder.
pub const PROGRESS_FILE: &str = "puzzles.ron";

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Trainer>()
        .add_systems(PreUpdate, (poll_try, poll_missed, advance).chain())
        .add_systems(Last, cancel_on_exit::<Trainer>);
}

/// Where the puzzle on the board stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// No puzzle (none matches the filter).
    Empty,
    /// The attacker (the person) is to move.
    Solving,
    /// The engine judges the person's move.
    Checking,
    /// Right: the defender's answer comes at `at`.
    Replying {
        reply: Move,
        at: Instant,
    },
    /// Wrong: the refutation is on the board; Try again takes it back.
    Refuted,
    Solved,
    /// The solution plays out, a move every [`SOLUTION_STEP`].
    Solution {
        rest: Vec<Move>,
        at: Instant,
    },
    /// The solution was played out to the win: shown, not solved by the person.
    SolutionShown,
}

/// The verdict being computed: for which puzzle and line, on which move.
type Stamp = (u64, usize, Move);

/// The missed wins of a reviewed game, turned into puzzles in the background.
type Missed = Vec<(AnyPuzzle, Source)>;

#[derive(Resource)]
pub struct Trainer {
    pub entries: Vec<Entry>,
    pub progress: Progress,
    loaded: bool,
    /// Index into `entries`.
    pub current: Option<usize>,
    /// The board: the puzzle position and the moves played since.
    pub game: Option<AnyGame>,
    /// The moves since the puzzle position (the person's and the defender's).
    pub line: Vec<Move>,
    pub phase: Phase,
    /// The line under the prompt: the verdict on the last move, a hint, a problem.
    pub status: Option<Msg>,
    /// Hints taken on this puzzle.
    pub hints: u8,
    /// The line length at the last hint: a second hint there shows the move.
    hint_at: Option<usize>,
    pub hint_move: Option<Move>,
    /// The area hint's corners, marked on the board.
    pub hint_area: Option<(Move, Move)>,
    pub wrong: u32,
    /// A counter-win shown on the board (lettered ghosts of the defender's).
    pub refutation: Vec<Move>,
    /// The defender's answer that refuted the last move: the defence on the board or the
    /// counter-win's first move.
    pub refute: Option<Move>,
    /// The rating change of this puzzle's rated attempt, once rated.
    pub rated: Option<f64>,
    /// Bumped when a puzzle opens, so stale verdicts are dropped and views rebuild.
    pub generation: u64,
    job: Option<Job<Stamp, Result<TryResult<Move>, LineError>>>,
    missed: Option<Job<(), Missed>>,
    /// Missed wins waiting for their turn to be turned into puzzles.
    queue: Vec<(GameKind, AnyGame, Source)>,
    paths: Option<Paths>,
}

impl Default for Trainer {
    fn default() -> Self {
        Trainer {
            entries: Vec::new(),
            progress: Progress::default(),
            loaded: false,
            current: None,
            game: None,
            line: Vec::new(),
            phase: Phase::Empty,
            status: None,
            hints: 0,
            hint_at: None,
            hint_move: None,
            hint_area: None,
            wrong: 0,
            refutation: Vec::new(),
            refute: None,
            rated: None,
            generation: 0,
            job: None,
            missed: None,
            queue: Vec::new(),
            paths: None,
        }
    }
}

impl Jobs for Trainer {
    fn cancel_all(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
        if let Some(mut job) = self.missed.take() {
            job.cancel();
        }
    }
}

impl Trainer {
    /// Reads every game's puzzles and the progress file, once. A bad progress file is moved
    /// aside and reported; the trainer starts afresh. A saved filter on a family no puzzle
    /// has any more is dropped.
    pub fn ensure_loaded(&mut self, games: &Games, paths: &Paths, notices: &mut Notices) {
        if self.loaded {
            return;
        }
        self.loaded = true;
        self.paths = Some(paths.clone());
        let file = paths.data_dir.join(PROGRESS_FILE);
        if let persist::Loaded::Ok(progress) =
            persist::read_ron(&file, Msg::key("file-puzzle-progress"), notices)
        {
            self.progress = progress;
        }
        for kind in games.iter() {
            let Some(book) = kind.def().puzzles() else {
                continue;
            };
            for puzzle in book.shipped() {
                let family = book.family(&puzzle);
                self.entries.push(Entry {
                    kind,
                    puzzle,
                    family,
                    source: None,
                });
            }
        }
        for personal in self.progress.personal.clone() {
            let Some(kind) = games.find(&personal.game) else {
                continue;
            };
            let Some(book) = kind.def().puzzles() else {
                continue;
            };
            match book.parse(&personal.text) {
                Ok(puzzles) => {
                    for puzzle in puzzles {
                        self.entries.push(Entry {
                            kind,
                            puzzle,
                            family: YOURS.into(),
                            source: Some(personal.source.clone()),
                        });
                    }
                }
                Err(e) => {
                    notices.push(Msg::key("puzzle-notice-unreadable").with("reason", e.to_string()))
                }
            }
        }
        // By its id, whatever its case ("Yours" in older files).
        let families = self.families(games);
        let filter = &mut self.progress.filter;
        filter.family = filter.family.as_ref().and_then(|saved| {
            families
                .iter()
                .find(|f| f.eq_ignore_ascii_case(saved))
                .cloned()
        });
    }

    /// The filter's families: every game's, then the player's own.
    pub fn families(&self, games: &Games) -> Vec<String> {
        let mut all: Vec<String> = games
            .iter()
            .flat_map(|k| k.def().puzzles().map(|b| b.families()).unwrap_or_default())
            .filter(|f| self.entries.iter().any(|e| &e.family == f))
            .collect();
        all.push(YOURS.into());
        all
    }

    /// The entries the filter lets through.
    pub fn filtered(&self) -> Vec<usize> {
        let f = &self.progress.filter;
        (0..self.entries.len())
            .filter(|&i| {
                let e = &self.entries[i];
                f.family.as_ref().is_none_or(|fam| &e.family == fam)
                    && f.difficulty.is_none_or(|d| e.puzzle.difficulty == d)
            })
            .collect()
    }

    pub fn entry(&self) -> Option<&Entry> {
        self.entries.get(self.current?)
    }

    /// The next puzzle: among those the filter lets through, one not yet solved whose
    /// rating is nearest the player's (ties by id, so the order is fixed); all of them once
    /// every one is solved. None: the filter leaves nothing.
    pub fn next(&mut self) {
        let pool = self.filtered();
        let rating = self.progress.rating.rating;
        let pick = |unsolved: bool| {
            pool.iter()
                .copied()
                .filter(|&i| Some(i) != self.current || pool.len() == 1)
                .filter(|&i| {
                    !unsolved || !self.progress.solved.contains(&self.entries[i].puzzle.id)
                })
                .min_by(|&a, &b| {
                    let d = |i: usize| (self.entries[i].puzzle.rating as f64 - rating).abs();
                    d(a).total_cmp(&d(b))
                        .then_with(|| self.entries[a].puzzle.id.cmp(&self.entries[b].puzzle.id))
                })
        };
        match pick(true).or_else(|| pick(false)) {
            Some(i) => self.open(i),
            None => {
                self.cancel_try();
                self.current = None;
                self.game = None;
                self.phase = Phase::Empty;
                self.status = Some(Msg::key("puzzle-status-no-match"));
                self.generation += 1;
            }
        }
    }

    /// Sets up puzzle `index` from its position.
    pub fn open(&mut self, index: usize) {
        self.cancel_try();
        self.generation += 1;
        self.current = Some(index);
        self.line.clear();
        self.hints = 0;
        self.hint_at = None;
        self.hint_move = None;
        self.hint_area = None;
        self.wrong = 0;
        self.refutation.clear();
        self.refute = None;
        self.rated = None;
        self.status = None;
        let entry = &self.entries[index];
        self.game = entry.book().and_then(|b| b.position(&entry.puzzle));
        self.phase = if self.game.is_some() {
            Phase::Solving
        } else {
            // The tests prove every shipped puzzle; a personal one may not fit any more.
            self.status = Some(Msg::key("puzzle-status-no-setup"));
            Phase::Empty
        };
    }

    /// The same puzzle from its start (no longer rated).
    pub fn retry(&mut self) {
        if let Some(i) = self.current {
            let rated = self.rated.or(Some(0.0));
            self.open(i);
            self.rated = rated;
        }
    }

    /// The side the person plays (the puzzle's side to move).
    pub fn attacker(&self) -> Option<Side> {
        self.entry().map(Entry::attacker)
    }

    /// What is left to find: the puzzle's goal, a count of moves less the person's right
    /// moves so far (the one being answered included).
    pub fn goal_left(&self) -> Option<puzzle::Kind> {
        let kind = self.entry()?.puzzle.kind;
        Some(match kind {
            puzzle::Kind::WinIn(moves) => {
                let made = self.line.len().div_ceil(2) as u32;
                puzzle::Kind::WinIn(moves.saturating_sub(made).max(1))
            }
            other => other,
        })
    }

    /// Whether the puzzle came from a game of the player's whose record is there to open
    /// (Open the game is greyed otherwise).
    pub fn can_open_game(&self) -> bool {
        self.entry()
            .and_then(|e| e.source.as_ref())
            .and_then(|s| s.record.as_ref())
            .is_some_and(|r| r.exists())
    }

    /// The status line for a solve: whether it counts among the solved puzzles (the clean
    /// solve of a rated try; once counted a puzzle stays counted) and, if not, why, so the
    /// line and the count agree. Asked before the solve is rated.
    fn solved_status(&self, clean: bool) -> &'static str {
        let known = self
            .entry()
            .is_some_and(|e| self.progress.solved.contains(&e.puzzle.id));
        let counts = known || (clean && self.rated.is_none());
        match (counts, clean) {
            (true, true) => "puzzle-status-solved-clean",
            (true, false) => "puzzle-status-solved",
            (false, _) if self.hints > 0 => "puzzle-status-solved-hint",
            (false, _) if self.wrong > 0 => "puzzle-status-solved-mistake",
            (false, _) => "puzzle-status-solved-retry",
        }
    }

    fn cancel_try(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
    }

    /// The person's move: put on the board at once and judged in the background.
    pub fn try_move(&mut self, mv: Move, sfx: &mut MessageWriter<Sfx>) {
        if self.phase == Phase::Refuted {
            self.take_back_refutation();
        }
        if self.phase != Phase::Solving {
            return;
        }
        let (Some(entry), Some(game)) = (self.entry().cloned(), self.game.as_mut()) else {
            return;
        };
        let Some(book) = entry.book() else {
            return;
        };
        if let Err(e) = game.play(mv) {
            self.status = Some(e);
            sfx.write(Sfx::Illegal);
            return;
        }
        sfx.write(Sfx::Stone);
        self.status = None;
        self.hint_move = None;
        self.hint_area = None;
        self.phase = Phase::Checking;
        let line = self.line.clone();
        let puzzle = entry.puzzle.clone();
        self.job = Some(Job::spawn(
            "puzzle_try",
            NICE_WAITED,
            (self.generation, self.line.len(), mv),
            (),
            move |_| book.check(&puzzle, &line, mv),
        ));
    }

    /// The engine's verdict on the person's move.
    fn judged(
        &mut self,
        mv: Move,
        verdict: Result<TryResult<Move>, LineError>,
        sfx: &mut MessageWriter<Sfx>,
    ) {
        let Some(entry) = self.entry().cloned() else {
            return;
        };
        let shown = self.game.clone();
        let text = |m: Move| move_words(shown.as_ref(), m);
        let defender = side_name(entry.kind, entry.attacker().other());
        match verdict {
            Ok(TryResult::Correct { reply }) => {
                self.line.push(mv);
                self.status = Some(Msg::key("puzzle-status-right").with("defender", defender));
                self.phase = Phase::Replying {
                    reply,
                    at: Instant::now() + REPLY_DELAY,
                };
            }
            Ok(TryResult::Solved) => {
                self.line.push(mv);
                self.phase = Phase::Solved;
                let clean = self.wrong == 0 && self.hints == 0;
                self.status = Some(Msg::key(self.solved_status(clean)));
                self.rate(clean);
                sfx.write(Sfx::Win);
            }
            Ok(TryResult::AlsoWins { .. }) => {
                // Not wrong, not the line: taken back without a count.
                self.undo_board(1);
                self.phase = Phase::Solving;
                self.status = Some(Msg::key("puzzle-status-also-wins"));
            }
            Ok(TryResult::Wrong(refutation)) => {
                let refuted = match refutation {
                    Refutation::Illegal(why) => {
                        self.undo_board(1);
                        self.phase = Phase::Solving;
                        self.status = Some(why.into());
                        sfx.write(Sfx::Illegal);
                        return;
                    }
                    Refutation::Defence(d) => {
                        let at = text(d);
                        if let Some(game) = self.game.as_mut()
                            && game.play(d).is_ok()
                        {
                            self.refute = Some(d);
                        }
                        Msg::key("puzzle-refuted-defence")
                            .with("defender", defender)
                            .with("move", at)
                    }
                    Refutation::CounterWin(line) => {
                        self.refutation = line.clone();
                        self.refute = self.refutation.first().copied();
                        let first = line.first().map_or_else(|| Msg::verbatim(""), |&m| text(m));
                        Msg::key("puzzle-refuted-counter-win")
                            .with("defender", defender)
                            .with("move", first)
                    }
                };
                self.wrong += 1;
                self.phase = Phase::Refuted;
                self.status = Some(refuted);
                self.rate(false);
                sfx.write(Sfx::Loss);
            }
            Err(e) => {
                self.undo_board(1);
                self.phase = Phase::Solving;
                self.status = Some(not_judged(e.to_string()));
            }
        }
    }

    /// Takes back the wrong move and its refutation.
    pub fn take_back_refutation(&mut self) {
        if self.phase != Phase::Refuted {
            return;
        }
        let ply = self.entry().map_or(0, |e| e.puzzle.plies) + self.line.len();
        let extra = self
            .game
            .as_ref()
            .map_or(0, |g| g.ply().saturating_sub(ply));
        self.undo_board(extra);
        self.refutation.clear();
        self.refute = None;
        self.phase = Phase::Solving;
        self.status = None;
    }

    fn undo_board(&mut self, n: usize) {
        if let Some(game) = self.game.as_mut() {
            for _ in 0..n {
                game.undo();
            }
        }
    }

    /// First the area of the next move, then the move.
    pub fn hint(&mut self) {
        if self.phase == Phase::Refuted {
            self.take_back_refutation();
        }
        if self.phase != Phase::Solving {
            return;
        }
        let Some(entry) = self.entry().cloned() else {
            return;
        };
        let Some(book) = entry.book() else {
            return;
        };
        // Each move of the line starts again from the area.
        let level = if self.hint_at == Some(self.line.len()) {
            HintLevel::Move
        } else {
            HintLevel::Area
        };
        self.hint_at = Some(self.line.len());
        self.hints = self.hints.saturating_add(1);
        self.rate(false);
        let shown = self.game.clone();
        let text = |m: Move| move_words(shown.as_ref(), m);
        self.status = Some(match book.hint(&entry.puzzle, &self.line, level) {
            Ok(Hint::Area { from, to }) => {
                // On the board too, not only in words.
                self.hint_area = Some((from, to));
                Msg::key("puzzle-hint-area")
                    .with("from", text(from))
                    .with("to", text(to))
            }
            Ok(Hint::Move(m)) => {
                self.hint_move = Some(m);
                self.hint_area = None;
                Msg::key("puzzle-hint-move").with("move", text(m))
            }
            Err(e) => Msg::key("puzzle-hint-none").with("reason", e.to_string()),
        });
    }

    /// Plays the solution out from here (the puzzle counts as failed).
    pub fn show_solution(&mut self) {
        if self.phase == Phase::Refuted {
            self.take_back_refutation();
        }
        if !matches!(self.phase, Phase::Solving | Phase::Replying { .. }) {
            return;
        }
        if let Phase::Replying { reply, .. } = self.phase.clone() {
            self.play_reply(reply);
        }
        let Some(entry) = self.entry().cloned() else {
            return;
        };
        let Some(book) = entry.book() else {
            return;
        };
        self.rate(false);
        match book.solution(&entry.puzzle, &self.line) {
            Ok(line) => {
                self.hint_move = None;
                self.hint_area = None;
                self.status = Some(Msg::key("puzzle-solution"));
                self.phase = Phase::Solution {
                    rest: line,
                    at: Instant::now() + SOLUTION_STEP / 2,
                };
            }
            Err(e) => {
                self.status = Some(Msg::key("puzzle-solution-none").with("reason", e.to_string()));
            }
        }
    }

    fn play_reply(&mut self, reply: Move) {
        let Some(entry) = self.entry().cloned() else {
            return;
        };
        if let Some(game) = self.game.as_mut() {
            let at: Msg = game.move_text(reply);
            let _ = game.play(reply);
            self.line.push(reply);
            let defender = side_name(entry.kind, entry.attacker().other());
            self.status = Some(
                Msg::key("puzzle-status-answered")
                    .with("defender", defender)
                    .with("move", at),
            );
        }
        self.phase = Phase::Solving;
    }

    /// Rates the puzzle's attempt once: solved cleanly, or failed (a wrong move, a hint, the
    /// solution). A retried puzzle is not rated again.
    fn rate(&mut self, solved: bool) {
        if self.rated.is_some() {
            return;
        }
        let Some(entry) = self.entry() else {
            return;
        };
        let id = entry.puzzle.id.clone();
        let puzzle_rating = entry.puzzle.rating as f64;
        let p = &mut self.progress;
        let before = p.rating.rating;
        p.rating = p
            .rating
            .after(puzzle_rating, if solved { 1.0 } else { 0.0 });
        self.rated = Some(p.rating.rating - before);
        if solved {
            p.streak += 1;
            p.best_streak = p.best_streak.max(p.streak);
            p.failed.remove(&id);
            p.solved.insert(id);
        } else {
            p.streak = 0;
            if !p.solved.contains(&id) {
                p.failed.insert(id);
            }
        }
        self.save();
    }

    /// Writes the progress file (atomically; a failure is said on the panel).
    pub fn save(&mut self) {
        let Some(paths) = &self.paths else {
            return;
        };
        let file = paths.data_dir.join(PROGRESS_FILE);
        if let Err(e) = persist::write_ron(&file, &self.progress) {
            warn!("could not save the puzzle progress: {e}");
            self.status = Some(Msg::key("puzzle-status-not-saved").with("reason", e));
        }
    }

    /// The filter's family stepped on (None = all, then each family).
    pub fn next_family(&mut self, families: &[String]) {
        let f = &mut self.progress.filter;
        let i = f
            .family
            .as_ref()
            .and_then(|fam| families.iter().position(|x| x == fam));
        f.family = match i {
            None => families.first().cloned(),
            Some(i) => families.get(i + 1).cloned(),
        };
        self.save();
        self.next();
    }

    /// The filter's difficulty stepped on (None = all, then 1 to 5).
    pub fn next_difficulty(&mut self) {
        let f = &mut self.progress.filter;
        f.difficulty = match f.difficulty {
            None => Some(1),
            Some(5) => None,
            Some(d) => Some(d + 1),
        };
        self.save();
        self.next();
    }
}

/// A move in the words of the board on show (nothing without one).
fn move_words(game: Option<&AnyGame>, mv: Move) -> Msg {
    game.map_or_else(|| Msg::verbatim(""), |g| g.move_text(mv))
}

//! The game being played, for either game: who plays which side, moves, undo/redo for a
//! person, hints, resignation, the AI's turn, autosave after every move and what happens when
//! a game ends (record saved, statistics counted). The playing screen shows the result once
//! the board has caught up (a Connect Four disc may still be falling).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::ai_task::{
    AiBackend, AiMoved, AiRequest, AiWorker, HintReady, JobKind, PositionEvaluated,
};
use super::audio::Sfx;
use super::clock::GameClock;
use super::flow::{Action, PlayAction, Screen};
use super::frames::FrameRequests;
use super::kind::Verdict;
use super::kind::files::{self, Saved, SavedOpening, Stats};
use super::kind::{
    AnyGame, AnyLevel, EngineSeat, GameKind, Games, Move, OpeningPhase, Options, RecordEnd,
    SearchInfo, SearchRequest, Side, Standing,
};
use super::msg::Msg;
use super::persist::{ColourChoice, EngineEntry, Notices, Paths, SetupChoice, timestamp};
use crate::engine::review::Outlook;

mod finish;
mod input;
mod matches;
mod online;
mod opening;
mod players;
mod turns;

use finish::settle;
use input::on_play_action;
pub use input::resign_confirmed;
pub use matches::{
    EngineMatch, MatchGame, MatchPlayer, MatchRun, effective_players, match_options,
};
pub use online::{Intent, LinkState, Lobby, OnlineLink, OnlineSeat};
pub use opening::OpeningWorker;
use opening::opening_action;
use turns::{
    apply_ai_moves, apply_evaluations, apply_hints, evaluate_position, run_clock, start_ai_turn,
};

pub(super) fn plugin(app: &mut App) {
    let idle = Session::idle(app.world().resource::<Games>());
    app.insert_resource(idle)
        .init_resource::<OpeningWorker>()
        .init_resource::<OnlineLink>()
        .add_systems(Last, super::job::cancel_on_exit::<OpeningWorker>)
        .add_systems(
            OnExit(Screen::Playing),
            (super::job::cancel_jobs::<OpeningWorker>, end_engine),
        )
        .add_observer(on_play_action)
        .add_plugins(matches::plugin)
        .add_systems(
            Update,
            (
                // The server's news first: the other player's move is this frame's.
                online::poll_online,
                // Answers first: a search must not start for a turn whose answer is in.
                apply_ai_moves,
                apply_hints,
                apply_evaluations,
                // An engine match's openings too: both its players act by themselves.
                opening::run_opening_ai.run_if(runs_session),
                // After the moves of this frame, before the AI is asked (its budget) and
                // before `settle` (a fallen flag ends the game).
                run_clock,
                start_ai_turn.run_if(runs_session),
                evaluate_position.run_if(in_state(Screen::Playing)),
                settle.run_if(runs_session),
                matches::run_match.run_if(in_state(Screen::Match)),
            )
                .chain()
                .in_set(SessionSystems),
        );
}

/// Leaving the game ends the external engines' processes (they start again if the game goes
/// on).
fn end_engine(session: Res<Session>) {
    for seat in session.engines() {
        seat.end_if_idle();
    }
}

/// On a screen where the session's game goes on (a game, an engine match).
fn runs_session(screen: Res<State<Screen>>) -> bool {
    screen.get().runs_session()
}

/// The session's systems; screens that show the game run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SessionSystems;

/// Who sits opposite the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Ai(AnyLevel),
    /// A second person at the same computer.
    Person,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEnd {
    /// A winning row (five, four): its cells as [`Standing::Won`] gives them.
    Line {
        winner: Side,
        line: Vec<(usize, usize)>,
    },
    Resigned {
        loser: Side,
    },
    /// The loser's clock ran out on their turn.
    Time {
        loser: Side,
    },
    /// An external engine broke the protocol or the rules (crashed, hung, played an illegal
    /// point): it loses, as Gomocup managers rule.
    Forfeit {
        loser: Side,
    },
    Draw,
}

impl GameEnd {
    pub fn winner(&self) -> Option<Side> {
        match self {
            GameEnd::Line { winner, .. } => Some(*winner),
            GameEnd::Resigned { loser } | GameEnd::Time { loser } | GameEnd::Forfeit { loser } => {
                Some(loser.other())
            }
            GameEnd::Draw => None,
        }
    }
}

/// A finished game: how it ended, where its record was saved, the sound that announces it.
#[derive(Clone, Debug)]
pub struct Finished {
    pub end: GameEnd,
    pub record: Option<PathBuf>,
    pub sound: Sfx,
}

static NEXT_GAME_ID: AtomicU64 = AtomicU64::new(1);

#[derive(Resource, Debug)]
pub struct Session {
    /// Unique per game in this run; AI results carry it so stale ones are dropped.
    pub id: u64,
    pub game: AnyGame,
    pub opponent: Opponent,
    /// The person's side against the AI (unused between two people).
    pub human: Side,
    pub seed: u64,
    /// Date of the game's start, for the record.
    pub started: String,
    pub resigned: Option<Side>,
    /// The side whose external engine forfeited.
    pub forfeited: Option<Side>,
    /// What that engine did wrong (a `fault-` message: "did not answer within 7.0 s"), for
    /// the result, the match's list of games and the record.
    pub forfeit_reason: Option<Msg>,
    /// The whole sentence of the forfeit ("Crasher 1 did not answer within 7.0 s, and
    /// forfeits the game."), in English for the record's comment.
    pub forfeit_message: Option<Msg>,
    /// The external engine playing the AI's side, when the opponent is one (its process
    /// lives as long as the session holds it).
    pub engine: Option<EngineSeat>,
    /// In an engine match, the player in the person's seat (`human`'s side): no person
    /// plays, both sides are searched, nothing is autosaved or counted in the statistics.
    pub autoplay: Option<MatchPlayer>,
    /// An engine match stopped in this game: nobody moves any more and the game is not
    /// recorded.
    pub halted: bool,
    /// Both players' time, when the game has a clock.
    pub clock: Option<GameClock>,
    /// Whose clock ran out (the game is over).
    pub flagged: Option<Side>,
    /// The last machine move's time as measured from its position sent to its answer
    /// read, with the ply it made: what the clock charges for it (`run_clock`).
    pub machine_time: Option<(usize, Duration)>,
    /// The AI's last search, for the side panel.
    pub last_search: Option<SearchInfo>,
    /// The move list shows the position after this many moves instead of the game's.
    pub looking: Option<usize>,
    /// The position's evaluation from the AI's side at this ply, when no search of the AI's
    /// speaks of the position on the board (the evaluation bar).
    pub position_eval: Option<(usize, Outlook)>,
    /// Resign was pressed once: the next Resign confirms, any other action cancels.
    pub resign_armed: bool,
    pub hint: Option<Move>,
    /// One line for the player: why a click did nothing, a hint, a save error.
    pub status: Option<Msg>,
    pub finished: Option<Finished>,
    /// The tournament opening while it runs (`None` before normal play or without one).
    pub opening: Option<Box<dyn OpeningPhase>>,
    /// The person's player in the opening (`Side::First`: the one who started as the first
    /// colour); `human` is the colour they hold.
    pub human_player: Side,
    /// Stones the opening put on the board: Undo never takes them back.
    pub opening_stones: usize,
    /// The opening as it was played, once it is over (the record's comment, the panel's
    /// line of decisions).
    pub opening_played: Option<Box<dyn OpeningPhase>>,
    /// The setup options the opening came from (a rematch plays it again).
    pub opening_options: Option<Options>,
    /// An online game's seat here (the other player is at another computer).
    pub online: Option<OnlineSeat>,
}

impl Session {
    /// A placeholder before the first game: the first game's defaults.
    pub fn idle(games: &Games) -> Session {
        let kind = games.chosen(&SetupChoice::default());
        let game = kind.def().new_game(&kind.options(&SetupChoice::default()));
        Session::new(game, Opponent::Person, Side::First, 0)
    }

    pub fn new(game: AnyGame, opponent: Opponent, human: Side, seed: u64) -> Session {
        Session {
            id: NEXT_GAME_ID.fetch_add(1, Ordering::Relaxed),
            game,
            opponent,
            human,
            seed,
            started: timestamp().date,
            resigned: None,
            forfeited: None,
            forfeit_reason: None,
            forfeit_message: None,
            engine: None,
            autoplay: None,
            halted: false,
            clock: None,
            flagged: None,
            machine_time: None,
            last_search: None,
            looking: None,
            position_eval: None,
            resign_armed: false,
            hint: None,
            status: None,
            finished: None,
            opening: None,
            human_player: human,
            opening_stones: 0,
            opening_played: None,
            opening_options: None,
            online: None,
        }
    }

    /// A new game from the setup screen's choices (the colour choice names the first and the
    /// second player), with `engines` the ones added in Settings.
    pub fn from_setup(setup: &SetupChoice, games: &Games, engines: &[EngineEntry]) -> Session {
        let kind = games.chosen(setup);
        let options = kind.options(setup);
        let game = kind.def().new_game(&options);
        let engine = kind.engine(setup, engines, &options);
        // An engine sits where the strongest level would: the evaluation bar and the
        // turn logic treat it as the AI; the names and the record name the engine.
        let level = match &engine {
            Some(_) => kind.def().levels().last().copied(),
            None => kind.level(kind.opponent(setup)),
        };
        let human = match setup.colour {
            ColourChoice::Black => Side::First,
            ColourChoice::White => Side::Second,
            ColourChoice::Random if rand::random_bool(0.5) => Side::First,
            ColourChoice::Random => Side::Second,
        };
        let opponent = level.map_or(Opponent::Person, Opponent::Ai);
        let mut session = Session::new(game, opponent, human, rand::random());
        session.clock = GameClock::new(setup.clock);
        let clocked = session.clock.is_some();
        session.engine =
            engine.map(|e| EngineSeat::new(e.shown_name(engines), e.game_spec(clocked)));
        session.begin_opening(kind.def().opening(&options), options);
        session.warm_up_engines();
        session
    }

    /// The same players again on a fresh board, sides swapped (so the other one starts).
    pub fn rematch(&self) -> Session {
        // With an opening the players swap roles in it; the colours follow from it.
        let human = match self.opening_options {
            Some(_) => self.human_player.other(),
            None => self.human.other(),
        };
        let mut session = Session::new(self.game.fresh(), self.opponent, human, rand::random());
        // The same engine process plays on (its START begins the new game).
        session.engine = self.engine.clone();
        session.clock = self.clock.as_ref().and_then(|c| GameClock::new(c.control));
        if let Some(options) = &self.opening_options {
            let phase = self.game.kind().def().opening(options);
            session.begin_opening(phase, options.clone());
        }
        session
    }

    /// The autosaved unfinished game as a session to play on (Continue).
    pub fn from_saved(saved: Saved) -> Session {
        let opponent = saved.level.map_or(Opponent::Person, Opponent::Ai);
        let mut session = Session::new(saved.game, opponent, saved.human, saved.seed);
        if !saved.started.is_empty() {
            session.started = saved.started;
        }
        session
    }

    pub fn ai_level(&self) -> Option<AnyLevel> {
        match self.opponent {
            Opponent::Ai(level) => Some(level),
            Opponent::Person => None,
        }
    }

    pub fn end(&self) -> Option<GameEnd> {
        if let Some(loser) = self.forfeited {
            return Some(GameEnd::Forfeit { loser });
        }
        if let Some(loser) = self.resigned {
            return Some(GameEnd::Resigned { loser });
        }
        if let Some(loser) = self.flagged {
            return Some(GameEnd::Time { loser });
        }
        match self.game.standing() {
            // An agreed draw, or a game the server ended with nobody left to play it.
            Standing::Ongoing if self.online_over() => Some(GameEnd::Draw),
            Standing::Ongoing => None,
            Standing::Won { winner, line } => Some(GameEnd::Line { winner, line }),
            Standing::Draw => Some(GameEnd::Draw),
        }
    }

    pub fn is_ongoing(&self) -> bool {
        !self.halted
            && self.resigned.is_none()
            && self.forfeited.is_none()
            && self.flagged.is_none()
            && !self.game.is_over()
            && !self.online_over()
    }

    pub fn is_ai_turn(&self) -> bool {
        if let Some(phase) = &self.opening {
            // In an engine match both players are the AI's.
            return self.is_ongoing()
                && self.ai_level().is_some()
                && (self.autoplay.is_some() || phase.actor() != Some(self.human_player));
        }
        self.is_ongoing()
            && (self.autoplay.is_some()
                || (self.ai_level().is_some() && self.game.to_move() != self.human))
    }

    pub fn is_person_turn(&self) -> bool {
        self.is_ongoing() && !self.is_ai_turn() && !self.is_remote_turn()
    }

    /// Takes back moves for the person: against the AI back to the person's previous turn
    /// (two plies, or one while the AI is thinking about its reply); between people one ply.
    /// Returns the number of plies taken back.
    pub fn undo_for_person(&mut self) -> usize {
        if self.in_opening() {
            return self.undo_opening();
        }
        // The stones of a tournament opening stay.
        let floor = self.opening_stones;
        if self.game.ply() <= floor {
            return 0;
        }
        if self.ai_level().is_none() {
            return usize::from(self.game.undo().is_some());
        }
        // Nothing of the person's to take back (e.g. only the AI's opening move).
        if !(floor..self.game.ply()).any(|i| Side::of_ply(i) == self.human) {
            return 0;
        }
        let mut n = 0;
        while self.game.ply() > floor
            && let Some(side) = self.game.undo()
        {
            n += 1;
            if side == self.human {
                break;
            }
        }
        n
    }

    /// Replays undone moves: against the AI up to the person's next turn, else one ply.
    pub fn redo_for_person(&mut self) -> usize {
        let mut n = 0;
        while self.game.redo() {
            n += 1;
            if self.ai_level().is_none() || self.game.to_move() == self.human || self.game.is_over()
            {
                break;
            }
        }
        n
    }

    /// Seed for the search at the current ply: reproducible per game, different per move.
    fn search_seed(&self) -> u64 {
        self.seed ^ (self.game.ply() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn request(&self, purpose: JobKind, level: AnyLevel, backend: &AiBackend) -> AiRequest {
        AiRequest {
            game: self.game.clone(),
            search: SearchRequest {
                level,
                seed: self.search_seed(),
                time_scale: backend.time_scale,
                // Only the AI's own move is on its clock; hints and evaluations are not.
                clock: self
                    .clock
                    .as_ref()
                    .filter(|_| purpose == JobKind::Move)
                    .map(|c| c.budget(self.game.to_move().index(), Instant::now())),
            },
            purpose,
            // The engine plays the AI's moves and gives the hints (asked for the person's
            // side: the client sends it the position again); the evaluation bar stays ours.
            external: match purpose {
                JobKind::Move => self.engine_of(self.game.to_move()).cloned(),
                JobKind::Hint => self.engine.clone(),
                JobKind::Evaluate => None,
            },
        }
    }

    pub fn saved(&self) -> Saved {
        Saved {
            game: self.game.clone(),
            level: self.ai_level(),
            human: self.human,
            seed: self.seed,
            started: self.started.clone(),
        }
    }

    /// Shows the position after `n` moves, or the game again from its own ply on.
    fn look(&mut self, n: usize) {
        let ply = self.game.ply();
        if n >= ply && self.looking.is_none() {
            return; // already the game
        }
        self.looking = (n < ply).then_some(n);
        self.status = self
            .looking
            .map(|n| Msg::key("status-looking").with("shown", n).with("ply", ply));
    }

    /// The position on show: the game's, or an earlier one picked in the move list.
    pub fn shown_position(&self) -> AnyGame {
        let Some(n) = self.looking.filter(|&n| n < self.game.ply()) else {
            return self.game.clone();
        };
        let mut position = self.game.fresh();
        for (side, mv) in self.game.placed().into_iter().take(n) {
            if position.place(side, mv).is_err() {
                break;
            }
        }
        position
    }

    /// The status line in English, empty when there is none (the tests read it).
    pub fn status_text(&self) -> String {
        self.status.as_ref().map(Msg::english).unwrap_or_default()
    }
}

/// The autosaved unfinished game of `kind` as a session to play on (Continue); `None` when
/// there is none or it does not restore (then it was moved aside and `notices` says so).
/// An engine's game goes on against that engine if it is still in `engines` and its file
/// is there; else against the level it stood in for, and the status line says so.
pub fn session_from_autosave(
    paths: &Paths,
    kind: GameKind,
    notices: &mut Notices,
    engines: &[EngineEntry],
) -> Option<Session> {
    let mut session = files::load_autosave(paths, kind, notices).map(Session::from_saved)?;
    if let Some(saved) = files::load_engine(paths, kind, notices) {
        match engines.iter().find(|e| e.path == saved.path && e.present()) {
            Some(entry) => {
                let clocked = session.clock.is_some();
                let spec = entry.game_spec(clocked);
                session.engine = Some(EngineSeat::new(entry.shown_name(engines), spec));
            }
            None => {
                // Said in the game's status line, where the player goes next (the title's
                // notices are left behind), and logged.
                let gone = Msg::key("notice-engine-gone").with("name", saved.name);
                warn!("{}", gone.english());
                session.status = Some(gone);
            }
        }
    }
    session.clock = files::load_clock(paths, kind, notices);
    session.warm_up_engines();
    if let Some(saved) = files::load_opening(paths, kind, notices) {
        session.restore_opening(saved, notices);
    }
    Some(session)
}

fn placed_sound(game: &AnyGame, sfx: &mut MessageWriter<Sfx>) {
    if game.kind().clicks_when_placed() {
        sfx.write(Sfx::Stone);
    }
}

#[cfg(test)]
mod tests;

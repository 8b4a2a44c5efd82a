//! Engine matches: two players (the game's levels, external engines) play a number of games
//! from the game's balanced openings, each opening twice with colours swapped, or from the
//! empty board with a tournament opening rule, each player opening every other game; on a
//! clock. Every game is an ordinary session whose both sides are searched
//! (`Session::autoplay`), so the board, the clock, the opening, the forfeits and the records
//! are the game's own; the match keeps the score, starts the next game after a short look at
//! the last one, and stops when asked.

use super::*;
use crate::engine::elo::Wdl;
use crate::gui::flow::MatchAction;
use crate::gui::frames::FrameRequests;
use crate::gui::kind::AnyGame;
use crate::gui::persist::{MatchChoice, PlayerChoice, TimeControl};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<EngineMatch>()
        .add_systems(
            OnExit(Screen::Match),
            (
                leave_match,
                end_engine,
                crate::gui::job::cancel_jobs::<OpeningWorker>,
            ),
        )
        .add_observer(on_match_action);
}

/// The options an engine match of `kind` plays: the setup's rows, with the match's own
/// opening rule ([`MatchChoice::opening`]) in place of New game's.
pub fn match_options(kind: GameKind, setup: &SetupChoice) -> Options {
    let mut options = kind.options(setup);
    let def = kind.def();
    let row = def
        .opening_key()
        .and_then(|key| def.setup_rows().into_iter().find(|r| r.key == key));
    if let Some(row) = row {
        let chosen = setup.engine_match.opening.get(kind.id()).copied();
        options.insert(row.key.to_string(), row.sanitize(chosen));
    }
    options
}

/// A player of an engine match: a level, or an external engine (searched in that level's
/// place, as against a person).
#[derive(Clone, Debug)]
pub struct MatchPlayer {
    pub level: AnyLevel,
    pub engine: Option<EngineSeat>,
}

/// The two players as `kind` plays them: a choice it cannot make (a level it lacks, an
/// engine in a game without engines, an engine since removed) stands for its strongest
/// level, so Connect Four after a Gomoku match against an engine has a player in each seat.
/// The stored choice is kept: back in Gomoku the engine is chosen again.
pub fn effective_players(
    choice: &MatchChoice,
    kind: GameKind,
    engines: &[EngineEntry],
) -> [PlayerChoice; 2] {
    let levels = kind.def().levels();
    let strongest = levels.last().map_or(1, |l| l.number());
    choice.players.clone().map(|player| match player {
        PlayerChoice::Level(n) if kind.level(n).is_some() => player,
        // The strongest it has below a stronger one it lacks.
        PlayerChoice::Level(n) => PlayerChoice::Level(
            levels
                .iter()
                .map(|l| l.number())
                .filter(|&m| m < n)
                .max()
                .unwrap_or(strongest),
        ),
        PlayerChoice::Engine(ref path)
            if kind.engines().is_some() && engines.iter().any(|e| &e.path == path) =>
        {
            player
        }
        PlayerChoice::Engine(_) => PlayerChoice::Level(strongest),
    })
}

impl MatchPlayer {
    /// The player `choice` names for `kind` with `options`: `None` when the level does not
    /// exist or the engine cannot play these options (missing, rule or size refused).
    pub fn chosen(
        kind: GameKind,
        choice: &PlayerChoice,
        engines: &[EngineEntry],
        options: &Options,
        clocked: bool,
    ) -> Option<MatchPlayer> {
        match choice {
            PlayerChoice::Level(n) => kind.level(*n).map(|level| MatchPlayer {
                level,
                engine: None,
            }),
            PlayerChoice::Engine(path) => {
                let entry = engines
                    .iter()
                    .find(|e| &e.path == path && kind.engine_can_play(e, options))?;
                Some(MatchPlayer {
                    level: kind.def().levels().last().copied()?,
                    engine: Some(EngineSeat::new(
                        entry.shown_name(engines),
                        entry.game_spec(clocked),
                    )),
                })
            }
        }
    }

    /// "Club (AI)", or the engine's name.
    pub fn name(&self) -> Msg {
        match &self.engine {
            Some(e) => Msg::key("player-engine").with("name", e.name.clone()),
            None => Msg::key("player-ai").with("level", self.level.title()),
        }
    }

    /// The name without "(AI)": the score line's.
    pub fn short_name(&self) -> Msg {
        match &self.engine {
            Some(e) => Msg::verbatim(e.name.clone()),
            None => self.level.title(),
        }
    }
}

/// One finished game of a match.
#[derive(Clone, Debug)]
pub struct MatchGame {
    /// Whether the first player (A) had the first colour (in a tournament opening, the one
    /// its choices gave A).
    pub a_first: bool,
    /// In a tournament opening, the player who opened it (its first role): 0 (A), 1 (B).
    pub opener: Option<usize>,
    /// The winner's player: 0 (A), 1 (B), `None` for a draw.
    pub winner: Option<usize>,
    /// How it ended (a line, on time, a forfeit, ...), in the game's colours.
    pub end: GameEnd,
    /// In a forfeit: what the engine did wrong (a `fault-` message).
    pub forfeit: Option<Msg>,
    /// Where its record was saved.
    pub record: Option<PathBuf>,
}

/// A match being played (or just played).
pub struct MatchRun {
    pub kind: GameKind,
    pub options: Options,
    pub clock: TimeControl,
    /// A and B.
    pub players: [MatchPlayer; 2],
    /// Games in all.
    pub total: usize,
    pub games: Vec<MatchGame>,
    /// Picks the openings (the same seed, the same openings).
    pub seed: u64,
    /// The session of the game on the board.
    current: u64,
    /// The last session whose result is counted.
    counted: u64,
    /// Stopped before its last game.
    pub stopped: bool,
    /// When the next game starts (the finished one stays on show until then).
    next_at: Option<Instant>,
    /// How long a finished game stays on the board.
    pub pause: Duration,
}

impl MatchRun {
    /// A match from the setup's choices; `None` when a player cannot play (its message).
    pub fn from_choice(
        kind: GameKind,
        options: Options,
        choice: &MatchChoice,
        engines: &[EngineEntry],
        seed: u64,
    ) -> Result<MatchRun, Msg> {
        let chosen = effective_players(choice, kind, engines);
        let player = |i: usize| {
            let clocked = choice.clock != TimeControl::NoClock;
            MatchPlayer::chosen(kind, &chosen[i], engines, &options, clocked)
                .ok_or_else(|| Msg::key("match-player-cannot").with("player", i + 1))
        };
        let players = [player(0)?, player(1)?];
        Ok(MatchRun {
            kind,
            options,
            clock: choice.clock,
            players,
            total: choice.games.max(1) as usize,
            games: Vec::new(),
            seed,
            current: 0,
            counted: 0,
            stopped: false,
            next_at: None,
            pause: Duration::from_millis(1500),
        })
    }

    /// The same match again, from its first game (engines keep their processes).
    pub fn restart(&mut self) {
        self.games.clear();
        self.stopped = false;
        self.next_at = None;
    }

    /// Whether player A starts game `index` (A starts, then they alternate): with the first
    /// colour, or in a tournament opening in its first role (whose choices give the colours).
    pub fn a_first(index: usize) -> bool {
        index.is_multiple_of(2)
    }

    /// The session of game `index`: its pair's balanced opening on the board, A and B in
    /// their colours; or with an opening rule the empty board and the rule's opening, A or B
    /// in its first role.
    pub fn session(&mut self, index: usize) -> Session {
        let def = self.kind.def();
        let phase = def.opening(&self.options);
        let start: AnyGame = match phase {
            Some(_) => def.new_game(&self.options),
            None => def.match_opening(&self.options, index / 2, self.seed),
        };
        let [a, b] = &self.players;
        let (first, second) = if MatchRun::a_first(index) {
            (a, b)
        } else {
            (b, a)
        };
        let stones = start.ply();
        // The person's seat is the first colour's (the opening's first player's), played
        // by `autoplay`.
        let mut session = Session::new(
            start,
            Opponent::Ai(second.level),
            Side::First,
            self.seed ^ (index as u64).wrapping_mul(0x2545_f491_4f6c_dd1d),
        );
        session.autoplay = Some(first.clone());
        session.engine = second.engine.clone();
        session.opening_stones = stones;
        session.clock = GameClock::new(self.clock);
        // As a normal game's: both players act in it by themselves (`run_opening_ai`).
        session.begin_opening(phase, self.options.clone());
        session.warm_up_engines();
        self.current = session.id;
        session
    }

    /// A's wins, draws and losses so far.
    pub fn score(&self) -> Wdl {
        let mut wdl = Wdl::default();
        for game in &self.games {
            match game.winner {
                Some(0) => wdl.wins += 1,
                Some(_) => wdl.losses += 1,
                None => wdl.draws += 1,
            }
        }
        wdl
    }

    /// The players of game `index` as they sat: the first colour's, then the second's (a
    /// finished game's as its opening left them).
    pub fn seated(&self, index: usize) -> [&MatchPlayer; 2] {
        let [a, b] = &self.players;
        let a_first = self
            .games
            .get(index)
            .map_or(MatchRun::a_first(index), |g| g.a_first);
        if a_first { [a, b] } else { [b, a] }
    }

    /// Games lost on time and by forfeit, in the whole match.
    pub fn faults(&self) -> (usize, usize) {
        let count = |f: fn(&GameEnd) -> bool| self.games.iter().filter(|g| f(&g.end)).count();
        (
            count(|e| matches!(e, GameEnd::Time { .. })),
            count(|e| matches!(e, GameEnd::Forfeit { .. })),
        )
    }

    /// Every game played, or stopped.
    pub fn is_over(&self) -> bool {
        self.stopped || self.games.len() >= self.total
    }

    /// The number (from 1) of the game on the board.
    pub fn game_number(&self) -> usize {
        (self.games.len() + 1).min(self.total)
    }
}

/// The engine match, while its screen is up.
#[derive(Resource, Default)]
pub struct EngineMatch {
    pub run: Option<MatchRun>,
}

/// Counts a finished game and starts the next one after a pause.
pub(super) fn run_match(
    mut matches: ResMut<EngineMatch>,
    mut session: ResMut<Session>,
    mut frames: ResMut<FrameRequests>,
) {
    let Some(run) = matches.run.as_mut() else {
        return;
    };
    let now = Instant::now();
    if let Some(finished) = &session.finished
        && session.id == run.current
        && run.counted != run.current
        && !run.stopped
    {
        run.counted = run.current;
        // A sat in the person's seat (`autoplay`) in the games A starts; that seat's colour
        // is the one an opening's choices left it (`Session::human`).
        let a_seated = MatchRun::a_first(run.games.len());
        let a_first = (session.human == Side::First) == a_seated;
        let winner = finished.end.winner().map(|side| {
            // Player A holds the first colour in A-first games.
            usize::from((side == Side::First) != a_first)
        });
        // Its first role was the person's seat's (`Session::human_player`).
        let opener = (session.opening.is_some() || session.opening_played.is_some())
            .then_some(usize::from(!a_seated));
        run.games.push(MatchGame {
            a_first,
            opener,
            winner,
            end: finished.end.clone(),
            forfeit: session.forfeited.and(session.forfeit_reason.clone()),
            record: finished.record.clone(),
        });
        if !run.is_over() {
            run.next_at = Some(now + run.pause);
        }
    }
    if let Some(at) = run.next_at {
        if now >= at {
            run.next_at = None;
            let index = run.games.len();
            *session = run.session(index);
        } else {
            frames.within(at - now);
        }
    }
}

/// Stop and Again (Menu is the screen's).
fn on_match_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut matches: ResMut<EngineMatch>,
    mut session: ResMut<Session>,
    mut worker: ResMut<AiWorker>,
    mut opening_worker: ResMut<OpeningWorker>,
) {
    let Action::Match(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Match {
        return;
    }
    let Some(run) = matches.run.as_mut() else {
        return;
    };
    match action {
        MatchAction::Stop => {
            if run.is_over() {
                return;
            }
            worker.cancel();
            opening_worker.cancel();
            run.stopped = true;
            run.next_at = None;
            if session.id == run.current && session.finished.is_none() {
                session.halted = true;
                session.status = Some(Msg::key("match-stopped-game"));
            }
        }
        MatchAction::Again => {
            if !run.is_over() {
                return;
            }
            worker.cancel();
            opening_worker.cancel();
            run.restart();
            *session = run.session(0);
        }
        MatchAction::Menu => {
            worker.cancel();
            opening_worker.cancel();
        }
    }
}

/// Leaving the match's screen ends it.
fn leave_match(mut matches: ResMut<EngineMatch>, mut session: ResMut<Session>) {
    matches.run = None;
    if session.autoplay.is_some() && session.finished.is_none() {
        session.halted = true;
    }
}

//! The game being played: who plays which colour, moves, undo/redo for a person, hints,
//! resignation, the AI's turn, autosave after every move and what happens when a game ends
//! (SGF saved, statistics counted, result screen).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::prelude::*;

use super::ai_task::{AiBackend, AiMoved, AiRequest, AiWorker, HintReady, JobKind, SearchInfo};
use super::audio::Sfx;
use super::persist::{self, Autosave, ColourChoice, Paths, SetupChoice, Stats, timestamp};
use super::records;
use super::screens::{Action, PlayAction, Screen};
use crate::engine::ai::Level;
use crate::engine::{Game, MoveError, Outcome, Pos, Stone};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Session::idle())
        .add_observer(on_play_action)
        .add_systems(
            Update,
            (
                start_ai_turn.run_if(in_state(Screen::Playing)),
                apply_ai_moves,
                apply_hints,
                settle.run_if(in_state(Screen::Playing)),
            )
                .chain()
                .in_set(SessionSystems),
        );
}

/// The session's systems; screens that show the game run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct SessionSystems;

/// Who sits opposite the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Ai(Level),
    /// A second person at the same computer.
    Person,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub enum GameEnd {
    Five { winner: Stone, line: Vec<Pos> },
    Resigned { loser: Stone },
    Draw,
}

impl GameEnd {
    pub fn winner(&self) -> Option<Stone> {
        match self {
            GameEnd::Five { winner, .. } => Some(*winner),
            GameEnd::Resigned { loser } => Some(loser.opponent()),
            GameEnd::Draw => None,
        }
    }
}

/// The end of a game as the person against the AI sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PersonResult {
    Won,
    Lost,
    Draw,
}

/// A finished game: how it ended and where its record was saved.
#[derive(Clone, Debug)]
pub struct Finished {
    pub end: GameEnd,
    pub record: Option<PathBuf>,
}

static NEXT_GAME_ID: AtomicU64 = AtomicU64::new(1);

#[derive(Resource, Debug)]
pub struct Session {
    /// Unique per game in this run; AI results carry it so stale ones are dropped.
    pub id: u64,
    pub game: Game,
    pub opponent: Opponent,
    /// The person's colour against the AI (unused between two people).
    pub human: Stone,
    pub seed: u64,
    /// SGF date of the game's start.
    pub started: String,
    pub resigned: Option<Stone>,
    /// The AI's last search, for the side panel.
    pub last_search: Option<SearchInfo>,
    /// Resign was pressed once: the next Resign confirms, any other action cancels.
    pub resign_armed: bool,
    pub hint: Option<Pos>,
    /// One line for the player: why a click did nothing, a hint, a save error.
    pub status: String,
    pub finished: Option<Finished>,
}

impl Session {
    /// A placeholder before the first game.
    pub fn idle() -> Session {
        Session::new(
            Game::new(15, Default::default()).expect("15 is a valid size"),
            Opponent::Person,
            Stone::Black,
            0,
        )
    }

    pub fn new(game: Game, opponent: Opponent, human: Stone, seed: u64) -> Session {
        Session {
            id: NEXT_GAME_ID.fetch_add(1, Ordering::Relaxed),
            game,
            opponent,
            human,
            seed,
            started: timestamp().date,
            resigned: None,
            last_search: None,
            resign_armed: false,
            hint: None,
            status: String::new(),
            finished: None,
        }
    }

    /// A new game from the setup screen's choices.
    pub fn from_setup(setup: &SetupChoice) -> Session {
        let game = Game::new(setup.size, setup.rule())
            .unwrap_or_else(|_| Game::new(15, setup.rule()).expect("15 is a valid size"));
        let human = match setup.colour {
            ColourChoice::Black => Stone::Black,
            ColourChoice::White => Stone::White,
            ColourChoice::Random => {
                if rand::random_bool(0.5) {
                    Stone::Black
                } else {
                    Stone::White
                }
            }
        };
        let opponent = setup.level().map_or(Opponent::Person, Opponent::Ai);
        Session::new(game, opponent, human, rand::random())
    }

    /// The same players again on a fresh board, colours swapped.
    pub fn rematch(&self) -> Session {
        let game = Game::new(self.game.size(), self.game.rule()).expect("size was valid");
        Session::new(game, self.opponent, self.human.opponent(), rand::random())
    }

    pub fn ai_level(&self) -> Option<Level> {
        match self.opponent {
            Opponent::Ai(level) => Some(level),
            Opponent::Person => None,
        }
    }

    pub fn end(&self) -> Option<GameEnd> {
        if let Some(loser) = self.resigned {
            return Some(GameEnd::Resigned { loser });
        }
        match self.game.outcome() {
            Outcome::Ongoing => None,
            Outcome::Win { winner, line } => Some(GameEnd::Five {
                winner: *winner,
                line: line.clone(),
            }),
            Outcome::Draw => Some(GameEnd::Draw),
        }
    }

    pub fn is_ongoing(&self) -> bool {
        self.resigned.is_none() && !self.game.outcome().is_over()
    }

    pub fn is_ai_turn(&self) -> bool {
        self.is_ongoing() && self.ai_level().is_some() && self.game.to_move() != self.human
    }

    pub fn is_person_turn(&self) -> bool {
        self.is_ongoing() && !self.is_ai_turn()
    }

    /// Name shown for a colour: "You" / "Expert (AI)" against the AI, the colour otherwise.
    pub fn player_name(&self, stone: Stone) -> String {
        match self.opponent {
            Opponent::Ai(level) if stone != self.human => format!("{} (AI)", level.name()),
            Opponent::Ai(_) => "You".into(),
            Opponent::Person => stone.name().into(),
        }
    }

    /// The person's view of an end against the AI; `None` between two people.
    pub fn person_result(&self, end: &GameEnd) -> Option<PersonResult> {
        self.ai_level()?;
        Some(match end.winner() {
            None => PersonResult::Draw,
            Some(w) if w == self.human => PersonResult::Won,
            Some(_) => PersonResult::Lost,
        })
    }

    /// Takes back moves for the person: against the AI back to the person's previous turn
    /// (two plies, or one while the AI is thinking about its reply); between people one ply.
    /// Returns the number of plies taken back.
    pub fn undo_for_person(&mut self) -> usize {
        if self.ai_level().is_none() {
            return usize::from(self.game.undo().is_some());
        }
        // Nothing of the person's to take back (e.g. only the AI's opening move).
        if !self.game.history().iter().any(|m| m.stone == self.human) {
            return 0;
        }
        let mut n = 0;
        while let Some(mv) = self.game.undo() {
            n += 1;
            if mv.stone == self.human {
                break;
            }
        }
        n
    }

    /// Replays undone moves: against the AI up to the person's next turn, else one ply.
    pub fn redo_for_person(&mut self) -> usize {
        let mut n = 0;
        while self.game.redo().is_some() {
            n += 1;
            if self.ai_level().is_none()
                || self.game.to_move() == self.human
                || self.game.outcome().is_over()
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

    pub fn autosave(&self) -> Autosave {
        Autosave::from_game(
            &self.game,
            self.ai_level(),
            self.human,
            self.seed,
            &self.started,
        )
    }

    /// SGF player names.
    fn record_names(&self) -> (String, String) {
        let name = |stone: Stone| match self.opponent {
            Opponent::Ai(level) if stone != self.human => format!("Gomoku AI ({})", level.name()),
            Opponent::Ai(_) => "Player".to_string(),
            Opponent::Person => format!("Player {}", stone.index() + 1),
        };
        (name(Stone::Black), name(Stone::White))
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

/// The autosaved unfinished game as a session to play on (Continue); `None` when there is
/// none or it does not restore (then it was moved aside and `notices` says so).
pub fn session_from_autosave(paths: &Paths, notices: &mut persist::Notices) -> Option<Session> {
    let (save, game, level, human) = persist::load_autosave(paths, notices)?;
    let mut session = Session::new(
        game,
        level.map_or(Opponent::Person, Opponent::Ai),
        human,
        save.seed,
    );
    if !save.started.is_empty() {
        session.started = save.started;
    }
    Some(session)
}

#[allow(clippy::too_many_arguments)]
fn on_play_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut worker: ResMut<AiWorker>,
    backend: Res<AiBackend>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Play(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::Playing {
        return;
    }
    let session = &mut *session;
    let confirmed = resign_confirmed(action, &mut session.resign_armed, &mut session.status);
    match *action {
        PlayAction::Place(pos) => {
            if !session.is_ongoing() {
                return;
            }
            if session.is_ai_turn() {
                session.status = "Wait for the AI's move.".into();
                sfx.write(Sfx::Illegal);
                return;
            }
            match session.game.check_move(pos) {
                Err(e) => {
                    let size = session.game.size();
                    session.status = explain(&e, size);
                    sfx.write(Sfx::Illegal);
                }
                Ok(()) => {
                    if worker.kind() == Some(JobKind::Hint) {
                        worker.cancel();
                    }
                    // check_move said yes, so this cannot fail.
                    let _ = session.game.play(pos);
                    session.hint = None;
                    session.status.clear();
                    sfx.write(Sfx::Stone);
                }
            }
        }
        PlayAction::Undo => {
            if session.finished.is_some() {
                return;
            }
            // A search for the position being taken back is pointless now.
            worker.cancel();
            let undone = session.undo_for_person();
            session.hint = None;
            // The last search was about a position that is gone.
            session.last_search = None;
            session.status = if undone == 0 {
                "Nothing to undo.".into()
            } else {
                String::new()
            };
        }
        PlayAction::Redo => {
            if session.finished.is_some() {
                return;
            }
            if worker.kind() == Some(JobKind::Move) {
                session.status = "Wait for the AI's move.".into();
                return;
            }
            worker.cancel();
            let redone = session.redo_for_person();
            session.hint = None;
            session.last_search = None;
            if redone == 0 {
                session.status = "Nothing to redo.".into();
            } else {
                session.status.clear();
                sfx.write(Sfx::Stone);
            }
        }
        PlayAction::Hint => {
            if !session.is_person_turn() {
                session.status = "A hint is for your own turn.".into();
                return;
            }
            if worker.is_busy() {
                return;
            }
            let request = AiRequest {
                level: Level::Expert,
                game: session.game.clone(),
                seed: session.search_seed(),
                time_scale: backend.time_scale,
            };
            worker.start(JobKind::Hint, session.id, request, &backend);
            session.hint = None;
            session.status = "Looking for a good move…".into();
        }
        PlayAction::Resign => {
            if !session.is_ongoing() {
                return;
            }
            if !confirmed {
                return; // asked first: one click must not end a game
            }
            session.hint = None;
            worker.cancel();
            let loser = match session.opponent {
                Opponent::Ai(_) => session.human,
                Opponent::Person => session.game.to_move(),
            };
            session.resigned = Some(loser);
        }
        PlayAction::Menu => {
            worker.cancel();
            next.set(Screen::Title);
        }
    }
}

/// Starts the AI's search when it is its turn and none runs for this position.
fn start_ai_turn(session: Res<Session>, mut worker: ResMut<AiWorker>, backend: Res<AiBackend>) {
    if !session.is_ai_turn() {
        return;
    }
    if worker.current() == Some((JobKind::Move, session.id, session.game.ply())) {
        return;
    }
    let Some(level) = session.ai_level() else {
        return;
    };
    let request = AiRequest {
        level,
        game: session.game.clone(),
        seed: session.search_seed(),
        time_scale: backend.time_scale,
    };
    worker.start(JobKind::Move, session.id, request, &backend);
}

/// The one place an AI move is put on the board. Results for another game, another ply or a
/// screen other than Playing are stale and dropped.
fn apply_ai_moves(
    mut moved: MessageReader<AiMoved>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
    mut sfx: MessageWriter<Sfx>,
) {
    for msg in moved.read() {
        if *screen.get() != Screen::Playing
            || msg.game_id != session.id
            || msg.ply != session.game.ply()
            || !session.is_ai_turn()
        {
            debug!(
                "dropping a stale AI result (game {}, ply {})",
                msg.game_id, msg.ply
            );
            continue;
        }
        // Levels that do not search report depth 0: nothing to show for them.
        session.last_search = (msg.info.depth > 0).then(|| msg.info.clone());
        let ai = session.game.to_move();
        match msg.mv.map(|p| session.game.play(p).map(|_| ())) {
            Some(Ok(())) => {
                sfx.write(Sfx::Stone);
            }
            Some(Err(e)) => {
                // An engine bug; the game must go on, so the AI forfeits.
                warn!("the AI chose an illegal move: {e}");
                session.status = format!("The AI chose an illegal move ({e}) and resigns.");
                session.resigned = Some(ai);
            }
            None => {
                // Only possible with no legal move left, which the rules make a draw first.
                warn!("the AI found no move");
                session.resigned = Some(ai);
            }
        }
    }
}

fn apply_hints(
    mut hints: MessageReader<HintReady>,
    screen: Res<State<Screen>>,
    mut session: ResMut<Session>,
) {
    for msg in hints.read() {
        if *screen.get() != Screen::Playing
            || msg.game_id != session.id
            || msg.ply != session.game.ply()
            || !session.is_person_turn()
        {
            continue;
        }
        let size = session.game.size();
        session.hint = msg.mv;
        session.status = match msg.mv {
            Some(p) => format!("Hint: {} (Expert, {})", p.to_human(size), msg.info.score),
            None => "No hint: there is no legal move.".into(),
        };
    }
}

/// After moves: autosave the unfinished game, or finish an ended one.
#[allow(clippy::too_many_arguments)]
fn settle(
    mut session: ResMut<Session>,
    mut worker: ResMut<AiWorker>,
    paths: Res<Paths>,
    mut stats: ResMut<Stats>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
    mut last_saved: Local<Option<(u64, usize, usize)>>,
) {
    if session.finished.is_some() {
        return;
    }
    if let Some(end) = session.end() {
        worker.cancel();
        finish(&mut session, end, &paths, &mut stats, &mut sfx);
        next.set(Screen::Result);
        return;
    }
    let key = (
        session.id,
        session.game.ply(),
        session.game.redo_stack().len(),
    );
    if *last_saved == Some(key) {
        return;
    }
    *last_saved = Some(key);
    if session.game.ply() == 0 && session.game.redo_stack().is_empty() {
        // Nothing worth continuing.
        persist::remove_autosave(&paths);
        return;
    }
    if let Err(e) = persist::write_ron(&paths.autosave_file(), &session.autosave()) {
        warn!("autosave failed: {e}");
        session.status = format!("Could not autosave: {e}");
    }
}

/// Saves the record, counts the result, removes the autosave and plays the end sound.
fn finish(
    session: &mut Session,
    end: GameEnd,
    paths: &Paths,
    stats: &mut Stats,
    sfx: &mut MessageWriter<Sfx>,
) {
    let (black, white) = session.record_names();
    let record = records::finished_record(
        &session.game,
        &black,
        &white,
        &session.started,
        session.resigned,
    );
    let who = match session.opponent {
        Opponent::Ai(level) => level.name().to_ascii_lowercase(),
        Opponent::Person => "two-players".into(),
    };
    let dir = paths.games_dir();
    let stamp = timestamp().file;
    let mut path = dir.join(format!("{stamp}-{who}.sgf"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stamp}-{who}-{n}.sgf"));
        n += 1;
    }
    let saved = match records::save_sgf(&path, &record) {
        Ok(()) => {
            info!("game saved to {}", path.display());
            Some(path)
        }
        Err(e) => {
            warn!("could not save the game record: {e}");
            session.status = format!("Could not save the game: {e}");
            None
        }
    };
    let person = session.person_result(&end);
    match (session.opponent, person) {
        (Opponent::Ai(level), Some(result)) => {
            let tally = stats.levels.entry(level.number()).or_default();
            match result {
                PersonResult::Won => tally.wins += 1,
                PersonResult::Lost => tally.losses += 1,
                PersonResult::Draw => tally.draws += 1,
            }
        }
        _ => stats.two_player_games += 1,
    }
    if let Err(e) = persist::write_ron(&paths.stats_file(), &*stats) {
        warn!("could not save statistics: {e}");
    }
    persist::remove_autosave(paths);
    sfx.write(match (person, end.winner()) {
        (Some(PersonResult::Won), _) => Sfx::Win,
        (Some(PersonResult::Lost), _) => Sfx::Loss,
        (Some(PersonResult::Draw), _) | (_, None) => Sfx::Draw,
        (None, Some(_)) => Sfx::Win,
    });
    session.finished = Some(Finished { end, record: saved });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rule;

    fn p(s: &str) -> Pos {
        Pos::from_human(s, 15).unwrap()
    }

    #[test]
    fn undo_against_the_ai_returns_to_the_persons_turn() {
        let game = Game::new(15, Rule::Freestyle).unwrap();
        let mut s = Session::new(game, Opponent::Ai(Level::Club), Stone::Black, 1);
        for m in ["h8", "h9", "i8", "i9"] {
            s.game.play(p(m)).unwrap();
        }
        assert_eq!(s.undo_for_person(), 2);
        assert_eq!(s.game.ply(), 2);
        // While the AI thinks (person just moved) one ply comes back.
        s.game.play(p("j8")).unwrap();
        assert_eq!(s.undo_for_person(), 1);
        assert_eq!(s.game.to_move(), Stone::Black);
        // Redo goes forward to the person's next turn.
        assert_eq!(s.redo_for_person(), 1);
        assert!(s.is_ai_turn());
    }

    #[test]
    fn undo_never_hands_the_first_move_back_to_the_ai() {
        let game = Game::new(15, Rule::Freestyle).unwrap();
        let mut s = Session::new(game, Opponent::Ai(Level::Club), Stone::White, 1);
        s.game.play(p("h8")).unwrap();
        assert_eq!(s.undo_for_person(), 0);
        assert_eq!(s.game.ply(), 1);
    }

    #[test]
    fn two_people_undo_one_ply() {
        let game = Game::new(15, Rule::Freestyle).unwrap();
        let mut s = Session::new(game, Opponent::Person, Stone::Black, 1);
        s.game.play(p("h8")).unwrap();
        s.game.play(p("h9")).unwrap();
        assert_eq!(s.undo_for_person(), 1);
        assert_eq!(s.redo_for_person(), 1);
        assert_eq!(s.game.ply(), 2);
    }
}

/// Resigning takes two presses: the first asks (in the status line), the second confirms;
/// any other action in between cancels. Returns whether this press confirms. Shared by both
/// games' sessions.
pub fn resign_confirmed(action: &PlayAction, armed: &mut bool, status: &mut String) -> bool {
    if !matches!(action, PlayAction::Resign) {
        if *armed {
            *armed = false;
            status.clear();
        }
        return false;
    }
    if *armed {
        *armed = false;
        return true;
    }
    *armed = true;
    *status = "Resign this game? Press Resign (Ctrl+R) again to confirm; any other action cancels."
        .into();
    false
}

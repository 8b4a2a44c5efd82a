//! The Connect Four game being played, as `gui::session` is for Gomoku: who plays which
//! side, dropping discs, undo/redo by turns, hints, resignation, the AI's turn, autosave after
//! every move and the end of a game (record saved, statistics counted, result screen once
//! the last disc has landed).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use bevy::prelude::*;

use super::ai_task::{AiRequest, C4AiMoved, C4Backend, C4HintReady, C4Worker, JobKind, SearchInfo};
use super::board::FallAnimation;
use super::files::{self, C4Autosave, C4Record, C4Stats, redo_line};
use super::{describe_score, level_name, player_name, player_of_ply};
use crate::engine::connect4::{Cell, Game, Level, MoveError, Outcome, Player};
use crate::gui::audio::Sfx;
use crate::gui::persist::{self, ColourChoice, Notices, Paths, SetupChoice, timestamp};
use crate::gui::screens::{Action, PlayAction, Screen};
use crate::gui::session::PersonResult;
use crate::gui::session::resign_confirmed;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(C4Session::idle())
        .add_observer(on_play_action)
        .add_observer(on_drop)
        .add_systems(
            Update,
            (
                start_ai_turn.run_if(in_state(Screen::ConnectFour)),
                apply_ai_moves,
                apply_hints,
                settle.run_if(in_state(Screen::ConnectFour)),
            )
                .chain()
                .in_set(C4SessionSystems),
        );
}

/// The session's systems; the screens that show the game run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct C4SessionSystems;

/// The person drops a disc in a 0-based column (board clicks, keys, tests, the demo).
#[derive(Event, Clone, Copy, Debug, PartialEq, Eq)]
pub struct DropDisc(pub usize);

/// Who sits opposite the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    Ai(Level),
    /// A second person at the same computer.
    Person,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Four { winner: Player, four: [Cell; 4] },
    Resigned { loser: Player },
    Draw,
}

impl GameEnd {
    pub fn winner(&self) -> Option<Player> {
        match *self {
            GameEnd::Four { winner, .. } => Some(winner),
            GameEnd::Resigned { loser } => Some(loser.other()),
            GameEnd::Draw => None,
        }
    }
}

/// A finished game: how it ended, where its record went and the sound that announces it.
#[derive(Clone, Debug)]
pub struct Finished {
    pub end: GameEnd,
    pub record: Option<PathBuf>,
    pub sound: Sfx,
}

/// A hint for the person: the column to drop in (the status line says what it leads to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hint {
    pub column: usize,
}

static NEXT_GAME_ID: AtomicU64 = AtomicU64::new(1);

#[derive(Resource, Debug)]
pub struct C4Session {
    /// Unique per game in this run; AI results carry it so stale ones are dropped.
    pub id: u64,
    pub game: Game,
    pub opponent: Opponent,
    /// The person's side against the AI (unused between two people).
    pub human: Player,
    pub seed: u64,
    /// Date of the game's start, for the record.
    pub started: String,
    pub resigned: Option<Player>,
    /// The AI's last search, for the side panel.
    pub last_search: Option<SearchInfo>,
    /// Resign was pressed once: the next Resign confirms, any other action cancels.
    pub resign_armed: bool,
    pub hint: Option<Hint>,
    /// One line for the player: why a click did nothing, a hint, a save error.
    pub status: String,
    pub finished: Option<Finished>,
}

impl C4Session {
    /// A placeholder before the first game.
    pub fn idle() -> C4Session {
        C4Session::new(
            Game::new(Default::default()),
            Opponent::Person,
            Player::First,
            0,
        )
    }

    pub fn new(game: Game, opponent: Opponent, human: Player, seed: u64) -> C4Session {
        C4Session {
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

    /// A new game from the setup screen's choices ("Black" = the first player, Red).
    pub fn from_setup(setup: &SetupChoice) -> C4Session {
        let c4 = setup.connect4.clone().sanitized();
        let human = match setup.colour {
            ColourChoice::Black => Player::First,
            ColourChoice::White => Player::Second,
            ColourChoice::Random => {
                if rand::random_bool(0.5) {
                    Player::First
                } else {
                    Player::Second
                }
            }
        };
        let opponent = c4.level().map_or(Opponent::Person, Opponent::Ai);
        C4Session::new(Game::new(c4.size()), opponent, human, rand::random())
    }

    /// The same players again on an empty board, sides swapped (so the other one starts).
    pub fn rematch(&self) -> C4Session {
        C4Session::new(
            Game::new(self.game.size()),
            self.opponent,
            self.human.other(),
            rand::random(),
        )
    }

    pub fn ai_level(&self) -> Option<Level> {
        match self.opponent {
            Opponent::Ai(level) => Some(level),
            Opponent::Person => None,
        }
    }

    pub fn ply(&self) -> usize {
        self.game.moves().len()
    }

    pub fn end(&self) -> Option<GameEnd> {
        if let Some(loser) = self.resigned {
            return Some(GameEnd::Resigned { loser });
        }
        match self.game.outcome() {
            Outcome::Ongoing => None,
            Outcome::Win { player, four } => Some(GameEnd::Four {
                winner: player,
                four,
            }),
            Outcome::Draw => Some(GameEnd::Draw),
        }
    }

    pub fn is_ongoing(&self) -> bool {
        self.resigned.is_none() && !self.game.is_over()
    }

    pub fn is_ai_turn(&self) -> bool {
        self.is_ongoing() && self.ai_level().is_some() && self.game.side_to_move() != self.human
    }

    pub fn is_person_turn(&self) -> bool {
        self.is_ongoing() && !self.is_ai_turn()
    }

    /// Name shown for a side: "You" / "Club (AI)" against the AI, the colour otherwise.
    pub fn player_name(&self, player: Player) -> String {
        match self.opponent {
            Opponent::Ai(level) if player != self.human => format!("{} (AI)", level_name(level)),
            Opponent::Ai(_) => "You".into(),
            Opponent::Person => player_name(player).into(),
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
        let person_moved = (0..self.ply()).any(|i| player_of_ply(i) == self.human);
        if !person_moved {
            return 0;
        }
        let mut n = 0;
        while self.game.undo().is_some() {
            n += 1;
            // After an undo, the side to move is the one who made the move taken back.
            if self.game.side_to_move() == self.human {
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
                || self.game.side_to_move() == self.human
                || self.game.is_over()
            {
                break;
            }
        }
        n
    }

    /// Seed for the search at the current ply: reproducible per game, different per move.
    fn search_seed(&self) -> u64 {
        self.seed ^ (self.ply() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    pub fn autosave(&self) -> C4Autosave {
        C4Autosave::from_game(
            &self.game,
            self.ai_level(),
            self.human,
            self.seed,
            &self.started,
        )
    }

    /// Player names for the record.
    pub fn record_names(&self) -> (String, String) {
        let name = |player: Player| match self.opponent {
            Opponent::Ai(level) if player != self.human => {
                format!("Connect Four AI ({})", level_name(level))
            }
            Opponent::Ai(_) => "Player".to_string(),
            Opponent::Person => format!("Player {}", player_name(player)),
        };
        (name(Player::First), name(Player::Second))
    }

    pub fn record(&self) -> C4Record {
        let (red, yellow) = self.record_names();
        C4Record::from_game(&self.game, &red, &yellow, &self.started, self.resigned)
    }
}

/// Why a drop did nothing, in the player's words.
pub fn explain(error: &MoveError) -> String {
    match *error {
        MoveError::ColumnFull { column, .. } => format!("Column {column} is full."),
        MoveError::OutOfRange { column, .. } => format!("There is no column {column}."),
        MoveError::GameOver { .. } => "The game is over.".into(),
        ref other => other.to_string(),
    }
}

/// The autosaved unfinished game as a session to play on (Continue); `None` when there is
/// none or it does not restore (then it was moved aside and `notices` says so).
pub fn session_from_autosave(paths: &Paths, notices: &mut Notices) -> Option<C4Session> {
    let (save, game, level, human) = files::load_autosave(paths, notices)?;
    let mut session = C4Session::new(
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

fn on_drop(
    drop: On<DropDisc>,
    screen: Res<State<Screen>>,
    mut session: ResMut<C4Session>,
    mut worker: ResMut<C4Worker>,
    mut sfx: MessageWriter<Sfx>,
) {
    if *screen.get() != Screen::ConnectFour || !session.is_ongoing() {
        return;
    }
    // A move answers "resign?" with no.
    session.resign_armed = false;
    if session.is_ai_turn() {
        session.status = "Wait for the AI's move.".into();
        sfx.write(Sfx::Illegal);
        return;
    }
    match session.game.play(drop.0) {
        Ok(_) => {
            if worker.kind() == Some(JobKind::Hint) {
                worker.cancel();
            }
            session.hint = None;
            session.status.clear();
            // The landing sound comes from the board when the disc lands.
        }
        Err(e) => {
            session.status = explain(&e);
            sfx.write(Sfx::Illegal);
        }
    }
}

fn on_play_action(
    action: On<Action>,
    screen: Res<State<Screen>>,
    mut session: ResMut<C4Session>,
    mut worker: ResMut<C4Worker>,
    backend: Res<C4Backend>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Action::Play(action) = &*action else {
        return;
    };
    if *screen.get() != Screen::ConnectFour {
        return;
    }
    let session = &mut *session;
    let confirmed = resign_confirmed(action, &mut session.resign_armed, &mut session.status);
    match action {
        // Gomoku's placement; Connect Four drops with `DropDisc`.
        PlayAction::Place(_) => {}
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
            session.status = if redone == 0 {
                "Nothing to redo.".into()
            } else {
                String::new()
            };
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
                level: Level::Perfect,
                game: session.game.clone(),
                seed: session.search_seed(),
                limits: backend.limits,
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
                Opponent::Person => session.game.side_to_move(),
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
fn start_ai_turn(session: Res<C4Session>, mut worker: ResMut<C4Worker>, backend: Res<C4Backend>) {
    if !session.is_ai_turn() {
        return;
    }
    if worker.current() == Some((JobKind::Move, session.id, session.ply())) {
        return;
    }
    let Some(level) = session.ai_level() else {
        return;
    };
    let request = AiRequest {
        level,
        game: session.game.clone(),
        seed: session.search_seed(),
        limits: backend.limits,
    };
    worker.start(JobKind::Move, session.id, request, &backend);
}

/// The one place an AI move is played. Results for another game, another ply or a screen
/// other than the game's are stale and dropped.
fn apply_ai_moves(
    mut moved: MessageReader<C4AiMoved>,
    screen: Res<State<Screen>>,
    mut session: ResMut<C4Session>,
) {
    for msg in moved.read() {
        if *screen.get() != Screen::ConnectFour
            || msg.game_id != session.id
            || msg.ply != session.ply()
            || !session.is_ai_turn()
        {
            debug!(
                "dropping a stale Connect Four AI result (game {}, ply {})",
                msg.game_id, msg.ply
            );
            continue;
        }
        session.last_search = Some(msg.info.clone());
        let ai = session.game.side_to_move();
        let played = msg
            .result
            .map_err(|e| e.to_string())
            .and_then(|choice| session.game.play(choice.column).map_err(|e| e.to_string()));
        if let Err(e) = played {
            // An engine bug; the game must go on, so the AI forfeits.
            warn!("the Connect Four AI failed to move: {e}");
            session.status = format!("The AI could not move ({e}) and resigns.");
            session.resigned = Some(ai);
        }
    }
}

fn apply_hints(
    mut hints: MessageReader<C4HintReady>,
    screen: Res<State<Screen>>,
    mut session: ResMut<C4Session>,
) {
    for msg in hints.read() {
        if *screen.get() != Screen::ConnectFour
            || msg.game_id != session.id
            || msg.ply != session.ply()
            || !session.is_person_turn()
        {
            continue;
        }
        match msg.result {
            Ok(choice) => {
                session.hint = Some(Hint {
                    column: choice.column,
                });
                let outlook = choice
                    .score
                    .map(|s| {
                        format!(
                            " ({} with best play)",
                            describe_score(s, msg.info.cells, msg.info.moves_played)
                        )
                    })
                    .unwrap_or_default();
                session.status = format!("Hint: column {}{outlook}", choice.column + 1);
            }
            Err(_) => session.status = "No hint: there is no legal move.".into(),
        }
    }
}

/// After moves: autosave the unfinished game, or finish an ended one and show the result
/// once its last disc has landed.
#[allow(clippy::too_many_arguments)]
fn settle(
    mut session: ResMut<C4Session>,
    mut worker: ResMut<C4Worker>,
    paths: Res<Paths>,
    mut stats: ResMut<C4Stats>,
    anim: Res<FallAnimation>,
    mut sfx: MessageWriter<Sfx>,
    mut next: ResMut<NextState<Screen>>,
    mut last_saved: Local<Option<(u64, usize, usize)>>,
) {
    if let Some(finished) = &session.finished {
        if anim.settled_on(&session.game) {
            sfx.write(finished.sound);
            next.set(Screen::ConnectFourResult);
        }
        return;
    }
    if let Some(end) = session.end() {
        worker.cancel();
        // Saved at once, so quitting during the last fall loses nothing.
        finish(&mut session, end, &paths, &mut stats);
        return;
    }
    let key = (session.id, session.ply(), redo_line(&session.game).len());
    if *last_saved == Some(key) {
        return;
    }
    *last_saved = Some(key);
    if key.1 == 0 && key.2 == 0 {
        // Nothing worth continuing.
        files::remove_autosave(&paths);
        return;
    }
    if let Err(e) = persist::write_ron(&files::autosave_file(&paths), &session.autosave()) {
        warn!("Connect Four autosave failed: {e}");
        session.status = format!("Could not autosave: {e}");
    }
}

/// Saves the record, counts the result and removes the autosave.
fn finish(session: &mut C4Session, end: GameEnd, paths: &Paths, stats: &mut C4Stats) {
    let record = session.record();
    let who = match session.opponent {
        Opponent::Ai(level) => level_name(level).to_ascii_lowercase(),
        Opponent::Person => "two-players".into(),
    };
    let dir = paths.games_dir();
    let stamp = timestamp().file;
    let ext = files::RECORD_EXT;
    let mut path = dir.join(format!("{stamp}-connect4-{who}.{ext}"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{stamp}-connect4-{who}-{n}.{ext}"));
        n += 1;
    }
    let saved = match files::save_record(&path, &record) {
        Ok(()) => {
            info!("Connect Four game saved to {}", path.display());
            Some(path)
        }
        Err(e) => {
            warn!("could not save the Connect Four record: {e}");
            session.status = format!("Could not save the game: {e}");
            None
        }
    };
    let person = session.person_result(&end);
    match (session.opponent, person) {
        (Opponent::Ai(level), Some(result)) => {
            let tally = stats.tally_mut(level);
            match result {
                PersonResult::Won => tally.wins += 1,
                PersonResult::Lost => tally.losses += 1,
                PersonResult::Draw => tally.draws += 1,
            }
        }
        _ => stats.two_player_games += 1,
    }
    if let Err(e) = persist::write_ron(&files::stats_file(paths), &*stats) {
        warn!("could not save Connect Four statistics: {e}");
    }
    files::remove_autosave(paths);
    let sound = match (person, end.winner()) {
        (Some(PersonResult::Won), _) | (None, Some(_)) => Sfx::Win,
        (Some(PersonResult::Lost), _) => Sfx::Loss,
        (Some(PersonResult::Draw), _) | (None, None) => Sfx::Draw,
    };
    session.finished = Some(Finished {
        end,
        record: saved,
        sound,
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::connect4::BoardSize;

    fn session(opponent: Opponent, human: Player) -> C4Session {
        C4Session::new(Game::new(BoardSize::STANDARD), opponent, human, 1)
    }

    #[test]
    fn undo_against_the_ai_returns_to_the_persons_turn() {
        let mut s = session(Opponent::Ai(Level::Club), Player::First);
        for c in [3, 3, 4, 4] {
            s.game.play(c).unwrap();
        }
        assert_eq!(s.undo_for_person(), 2);
        assert_eq!(s.ply(), 2);
        // While the AI thinks (the person just moved) one ply comes back.
        s.game.play(2).unwrap();
        assert_eq!(s.undo_for_person(), 1);
        assert_eq!(s.game.side_to_move(), Player::First);
        // Redo goes forward to the person's next turn.
        assert_eq!(s.redo_for_person(), 1);
        assert!(s.is_ai_turn());
    }

    #[test]
    fn undo_never_hands_the_first_move_back_to_the_ai() {
        let mut s = session(Opponent::Ai(Level::Casual), Player::Second);
        s.game.play(3).unwrap();
        assert_eq!(s.undo_for_person(), 0);
        assert_eq!(s.ply(), 1);
    }

    #[test]
    fn two_people_undo_one_ply_and_resigning_names_the_loser() {
        let mut s = session(Opponent::Person, Player::First);
        s.game.play(3).unwrap();
        s.game.play(3).unwrap();
        assert_eq!(s.undo_for_person(), 1);
        assert_eq!(s.redo_for_person(), 1);
        assert_eq!(s.ply(), 2);
        s.resigned = Some(Player::First);
        assert_eq!(
            s.end().and_then(|e| e.winner()),
            Some(Player::Second),
            "the other side wins"
        );
    }

    #[test]
    fn full_column_is_explained() {
        let mut g = Game::new(BoardSize::STANDARD);
        for _ in 0..6 {
            g.play(0).unwrap();
        }
        let e = g.play(0).unwrap_err();
        assert_eq!(explain(&e), "Column 1 is full.");
        assert_eq!(explain(&g.play(9).unwrap_err()), "There is no column 10.");
    }
}

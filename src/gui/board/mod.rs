//! The boards: the only part of the app that differs per game beyond `gui::kind`, each in
//! its own folder ([`gomoku`], [`connect4`]) and drawn with UI nodes so it takes part in the
//! layout next to the side panel.
//!
//! Boards are views. Screens say what to show in the [`Shown`] resource; the board of the
//! shown game turns it into its own view and entities, says when the picture has caught up
//! with a [`BoardSettled`] message (a Connect Four disc may still be falling), and its input
//! turns mouse and keys into one [`PlayAction::Place`](crate::gui::flow::PlayAction). A
//! board area is spawned for a game ([`BoardArea`]); the game's board fills it. Nothing
//! below the boards (session, kind) knows they exist.

pub mod connect4;
pub mod gomoku;
pub mod input;

use std::collections::HashMap;

use bevy::prelude::*;

use super::kind::{AnyGame, GameKind, Move, Side, Verdict};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Shown>()
        .init_resource::<ShownStatus>()
        .init_resource::<Allowed>()
        .init_resource::<ShownMarks>()
        .init_resource::<BoardMetrics>()
        .init_resource::<BoardLooks>()
        .init_resource::<LastSettled>()
        .add_message::<BoardSettled>()
        .add_message::<BoardStep>()
        .add_message::<BoardStepDone>()
        .add_systems(Update, settle_without_board.in_set(BoardSystems))
        .add_systems(Update, note_settled.after(BoardSystems));
}

/// A scripted run's step that only the shown game's board can take (`script::Op::Board`),
/// sent every frame until the board answers with [`BoardStepDone`].
#[derive(Message, Clone, Debug)]
pub struct BoardStep {
    pub name: &'static str,
    pub shot: Option<&'static str>,
}

/// The board took the step: the screenshot to take now, and whether it paused the clock
/// (to be resumed once the screenshot is saved).
#[derive(Message, Clone, Debug)]
pub struct BoardStepDone {
    pub shot: Option<&'static str>,
    pub paused_clock: bool,
}

/// The last [`BoardSettled`]: what the picture has caught up with.
#[derive(Resource, Default, Debug)]
pub struct LastSettled(pub Option<BoardSettled>);

impl LastSettled {
    /// Nothing is in motion on the board: it shows `shown`'s position at rest.
    pub fn is_settled(&self, shown: &Shown) -> bool {
        self.0
            .as_ref()
            .is_some_and(|s| s.key == shown.key && s.position == shown.position())
    }
}

fn note_settled(mut settled: MessageReader<BoardSettled>, mut last: ResMut<LastSettled>) {
    if let Some(s) = settled.read().last() {
        last.0 = Some(*s);
    }
}

/// A game with no board of its own (a test's) is drawn by nobody: it settles at once.
fn settle_without_board(
    shown: Res<Shown>,
    looks: Res<BoardLooks>,
    mut settled: MessageWriter<BoardSettled>,
) {
    let Some(game) = shown.game.as_ref() else {
        return;
    };
    if shown.is_changed() && !looks.has(game.kind()) {
        settled.write(BoardSettled {
            key: shown.key,
            position: shown.position(),
        });
    }
}

/// The boards' systems: after the screens wrote [`Shown`], before the panels read the board.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct BoardSystems;

/// Which game a view shows: a different one is put up at once, without falling discs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ViewKey {
    #[default]
    None,
    Session(u64),
    Replay(u64),
}

/// What the screen on show puts on the board.
#[derive(Resource, Default, Clone, Debug)]
pub struct Shown {
    pub key: ViewKey,
    pub game: Option<AnyGame>,
    /// The person may move now (hover ghost, clicks).
    pub interactive: bool,
    pub hint: Option<Move>,
    /// The game's marks for the side to move (Renju: Black's forbidden points).
    pub marks: bool,
    /// Number the pieces whatever the setting says.
    pub numbers: bool,
    /// A line of moves to show as lettered ghost pieces (the review's best line), and who
    /// plays its first move (`None`: the side to move).
    pub line: Vec<Move>,
    pub line_by: Option<Side>,
    /// Candidate moves for the side to move, numbered ghosts of its colour (analysis).
    pub candidates: Vec<Move>,
    /// The game's threat overlay (the analysis board).
    pub overlay: bool,
}

/// How the game on show stands, beside [`Shown`] so that a search starting or ending does
/// not make the boards rebuild the position (only the game screen sets it; it stays for the
/// result screen, and the other screens clear it).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ShownStatus {
    /// The game's end as the person sees it (a win, a loss, a draw), once it is over.
    pub end: Option<Verdict>,
    /// An engine searches in this game (the AI's move or a hint): animations rest, so the
    /// frames they would draw leave the CPU to the search.
    pub busy: bool,
}

impl Shown {
    /// Identifies the position on show, for [`BoardSettled`].
    pub fn position(&self) -> u64 {
        self.game.as_ref().map_or(0, |g| g.key())
    }

    /// Replaces what is shown only when it differs, so boards redraw only on a change.
    pub fn set(shown: &mut ResMut<Shown>, new: Shown) {
        let same = shown.key == new.key
            && shown.position() == new.position()
            && shown.game.as_ref().map(|g| g.kind()) == new.game.as_ref().map(|g| g.kind())
            && shown.interactive == new.interactive
            && shown.hint == new.hint
            && shown.marks == new.marks
            && shown.numbers == new.numbers
            && shown.line == new.line
            && shown.line_by == new.line_by
            && shown.candidates == new.candidates
            && shown.overlay == new.overlay;
        if !same {
            **shown = new;
        }
    }
}

/// Marks over [`Shown`]'s position that only the puzzle trainer puts there, kept apart so
/// the other screens need not name them; the trainer's screen clears them when it is left.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct ShownMarks {
    /// Where to look (a hint's area): two opposite corners, both inside it.
    pub hint_area: Option<(Move, Move)>,
    /// The opponent's answer that refutes the person's move, in a colour of its own (not
    /// the hint's): the last move on the board (a defence) or, when [`Shown::line`] starts
    /// with it, the first move to come (a counter-win).
    pub refute: Option<Move>,
}

impl ShownMarks {
    /// Replaces the marks only when they differ, so boards redraw only on a change.
    pub fn set(marks: &mut ResMut<ShownMarks>, new: ShownMarks) {
        if **marks != new {
            **marks = new;
        }
    }
}

/// Where a rule narrows the points a click may take on view `key` (a tournament opening's
/// central square, its offers to pick from); beside [`Shown`] so that the screens without
/// openings need not know it. Boards use it only while `key` is the shown view's.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Allowed {
    pub key: ViewKey,
    /// The area the next piece must go in, drawn on the board (empty: none).
    pub area: Vec<Move>,
    /// The only points a click may take now (empty: any the game allows).
    pub targets: Vec<Move>,
}

impl Allowed {
    /// What applies to `shown`: nothing narrows another view.
    pub fn for_view(&self, shown: &Shown) -> (&[Move], &[Move]) {
        if self.key == shown.key {
            (self.area.as_slice(), self.targets.as_slice())
        } else {
            Default::default()
        }
    }
}

/// The board shows `position` of view `key` and nothing moves on it any more.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardSettled {
    pub key: ViewKey,
    pub position: u64,
}

/// Each board's look for the panels: the colour of a side's pieces (turn icons).
#[derive(Resource, Default)]
pub struct BoardLooks(HashMap<&'static str, fn(Side) -> Color>);

impl BoardLooks {
    pub fn add(&mut self, game: &'static str, piece_color: fn(Side) -> Color) {
        self.0.insert(game, piece_color);
    }

    /// Whether the game has a board.
    pub fn has(&self, kind: GameKind) -> bool {
        self.0.contains_key(kind.id())
    }

    pub fn piece_color(&self, kind: GameKind, side: Side) -> Color {
        match self.0.get(kind.id()) {
            Some(color) => color(side),
            // A game without a board (tests): light and dark.
            None => [Color::BLACK, Color::WHITE][side.index()],
        }
    }
}

/// The spot (a point, a column) under the mouse, if it is over a board.
#[derive(Resource, Debug, PartialEq, Eq, Clone, Copy)]
pub struct Hover<T>(pub Option<T>);

impl<T> Default for Hover<T> {
    fn default() -> Self {
        Hover(None)
    }
}

/// The keyboard's spot; shown once an arrow key is used, hidden when the mouse moves.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor<T> {
    pub at: T,
    pub visible: bool,
}

/// Side of the board in logical pixels (for text that scales with the cells).
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq)]
pub struct BoardMetrics {
    pub side: f32,
}

/// The space the board is fitted into, made for one game: that game's board fills it.
#[derive(Component)]
pub struct BoardArea {
    pub game: &'static str,
}

/// Spawns the board area (filling the space left of the side panel) for `kind`'s board.
pub fn spawn_board_area(parent: &mut ChildSpawnerCommands, kind: GameKind) {
    parent.spawn((
        Name::new("Board area"),
        BoardArea { game: kind.id() },
        Node {
            flex_grow: 1.0,
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
    ));
}

/// Orders `set` (systems that spawn, despawn or restyle UI nodes in `PostUpdate`) before
/// Bevy's UI systems of the frame. `UiSystems::Stack` and visibility propagation are not
/// ordered after `UiSystems::Prepare`, so without this a rebuilt layer can miss the frame's
/// draw order and not be drawn in that frame (a flicker on every rebuild).
pub fn before_ui_frame(app: &mut App, set: impl SystemSet) {
    app.configure_sets(
        PostUpdate,
        set.before(bevy::ui::UiSystems::Prepare)
            .before(bevy::ui::UiSystems::Stack)
            .before(bevy::camera::visibility::VisibilitySystems::VisibilityPropagate),
    );
}

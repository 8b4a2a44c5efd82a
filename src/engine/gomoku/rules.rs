//! Win conditions of the three rule sets and Renju's forbidden moves for Black.

use std::fmt;

use super::board::Board;
use super::pos::{DIRECTIONS, Pos, Stone};

/// Which Gomoku rules are in force.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub enum Rule {
    /// Five or more in a row wins, for both sides.
    #[default]
    Freestyle,
    /// Exactly five wins; six or more does not (Gomocup's "exact five").
    Standard,
    /// White wins with five or more; Black only with exactly five, and Black may not play
    /// an overline, a double four or a double three.
    Renju,
}

impl Rule {
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The name used in menus and in SGF `RU[]`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "Freestyle",
            Rule::Standard => "Standard",
            Rule::Renju => "Renju",
        }
    }

    /// Reads a rule name as written by [`Rule::name`] (case-insensitive), plus common aliases.
    pub fn from_name(name: &str) -> Option<Rule> {
        match name.trim().to_ascii_lowercase().as_str() {
            "freestyle" | "free" | "gomoku" => Some(Rule::Freestyle),
            "standard" | "exact" | "exactfive" | "exact five" | "exactly five" => {
                Some(Rule::Standard)
            }
            "renju" => Some(Rule::Renju),
            _ => None,
        }
    }

    /// Does a run of `len` stones of `stone` win under this rule?
    #[inline]
    pub fn run_wins(self, len: usize, stone: Stone) -> bool {
        match (self, stone) {
            (Rule::Freestyle, _) | (Rule::Renju, Stone::White) => len >= 5,
            (Rule::Standard, _) | (Rule::Renju, Stone::Black) => len == 5,
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The kinds of forbidden move for Black under Renju.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Forbidden {
    Overline,
    DoubleFour,
    DoubleThree,
}

impl Forbidden {
    pub fn describe(self) -> &'static str {
        match self {
            Forbidden::Overline => "overline (six or more)",
            Forbidden::DoubleFour => "double four",
            Forbidden::DoubleThree => "double three",
        }
    }
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// If `stone` at `pos` (placed already, or treated as placed) completes a winning line under
/// `rule`, the cells of that line in order.
pub fn winning_line(board: &Board, pos: Pos, stone: Stone, rule: Rule) -> Option<Vec<Pos>> {
    let size = board.size();
    for (dx, dy) in DIRECTIONS {
        let (len, first, _) = board.run_through(pos, dx, dy, stone);
        if rule.run_wins(len, stone) {
            return Some(
                (0..len as i32)
                    .filter_map(|i| first.offset(dx, dy, i, size))
                    .collect(),
            );
        }
    }
    None
}

/// Deepest nesting of the false-three check. Real positions need two or three levels; the cap
/// only bounds pathological constructions.
const MAX_FORBID_DEPTH: u32 = 12;

/// Cell codes of a line window.
const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const OTHER: u8 = 2; // a white stone or off the board: both block Black.

/// Radius of the line window around the point under test: enough to see a five and the cells
/// that would turn it into an overline.
const R: i32 = 5;
const W: usize = (2 * R + 1) as usize;
const C: usize = R as usize;

fn line_window(board: &Board, pos: Pos, dx: i32, dy: i32) -> [u8; W] {
    let mut w = [OTHER; W];
    for (i, cell) in w.iter_mut().enumerate() {
        if let Some(p) = pos.offset(dx, dy, i as i32 - R, board.size()) {
            *cell = match board.get(p) {
                None => EMPTY,
                Some(Stone::Black) => BLACK,
                Some(Stone::White) => OTHER,
            };
        }
    }
    w
}

/// First and last index of the black run through index `i` of a window.
fn run_bounds(w: &[u8; W], i: usize) -> (usize, usize) {
    let mut a = i;
    while a > 0 && w[a - 1] == BLACK {
        a -= 1;
    }
    let mut b = i;
    while b + 1 < W && w[b + 1] == BLACK {
        b += 1;
    }
    (a, b)
}

/// Number of fours through the centre (a black stone) of the window: points where one more
/// black stone makes exactly five containing the centre. A straight four counts once; two
/// separate five-points on one line (`x.xxx.x`) count twice.
fn fours_in_window(w: &mut [u8; W]) -> u32 {
    let mut points = [0usize; 2];
    let mut n = 0usize;
    for q in C - 4..=C + 4 {
        if w[q] != EMPTY {
            continue;
        }
        w[q] = BLACK;
        let (a, b) = run_bounds(w, q);
        w[q] = EMPTY;
        if b - a + 1 == 5 && a <= C && C <= b {
            if n < 2 {
                points[n] = q;
            }
            n += 1;
        }
    }
    match n {
        0 => 0,
        // Both five-points of a straight four lie five apart with the four between them.
        2 if points[1] - points[0] == 5 => 1,
        n => n as u32,
    }
}

/// The empty points whose black stone would turn the line through the centre into a
/// straight four (`.xxxx.`, each end making exactly five) that contains the centre.
fn straight_four_points(w: &mut [u8; W]) -> impl Iterator<Item = i32> {
    let mut out = [0i32; 6];
    let mut n = 0;
    for q in C - 3..=C + 3 {
        if w[q] != EMPTY {
            continue;
        }
        w[q] = BLACK;
        let (a, b) = run_bounds(w, q);
        let straight = b - a + 1 == 4
            && a <= C
            && C <= b
            && w[a - 1] == EMPTY
            && w[b + 1] == EMPTY
            && w[a - 2] != BLACK
            && w[b + 2] != BLACK;
        w[q] = EMPTY;
        if straight {
            out[n] = q as i32 - R;
            n += 1;
        }
    }
    out.into_iter().take(n)
}

/// Cheap necessary condition for a forbidden point: every forbidden shape needs at least
/// four other black stones within five cells along the point's lines.
fn may_be_forbidden(board: &Board, pos: Pos) -> bool {
    let mut count = 0;
    for (dx, dy) in DIRECTIONS {
        for s in -R..=R {
            if s != 0
                && let Some(p) = pos.offset(dx, dy, s, board.size())
                && board.get(p) == Some(Stone::Black)
            {
                count += 1;
            }
        }
    }
    count >= 4
}

/// Why Black may not play at the empty point `pos` under Renju, or `None` when the move is
/// allowed. A move that makes exactly five is always allowed. Threes are real threes only
/// when they can become a straight four by a move that is itself allowed (checked
/// recursively), so false threes do not make a double three.
pub fn forbidden(board: &Board, pos: Pos) -> Option<Forbidden> {
    if !board.is_empty_at(pos) || !may_be_forbidden(board, pos) {
        return None;
    }
    let mut scratch = board.clone();
    forbidden_rec(&mut scratch, pos, 0)
}

/// [`forbidden`] on a board the caller lends, without copying it (the search's hot path).
/// The board is left as it was.
pub fn forbidden_in_place(board: &mut Board, pos: Pos) -> Option<Forbidden> {
    if !board.is_empty_at(pos) || !may_be_forbidden(board, pos) {
        return None;
    }
    forbidden_rec(board, pos, 0)
}

/// Every point where Black may not play under Renju, in board order.
pub fn forbidden_points(board: &Board) -> Vec<(Pos, Forbidden)> {
    let mut scratch = board.clone();
    board
        .empty_points()
        .filter(|&p| may_be_forbidden(board, p))
        .filter_map(|p| forbidden_rec(&mut scratch, p, 0).map(|f| (p, f)))
        .collect()
}

fn forbidden_rec(board: &mut Board, pos: Pos, depth: u32) -> Option<Forbidden> {
    board.place(pos, Stone::Black);
    let result = classify_placed(board, pos, depth);
    board.remove(pos);
    result
}

/// Classifies the black stone just placed at `pos`.
fn classify_placed(board: &mut Board, pos: Pos, depth: u32) -> Option<Forbidden> {
    let mut windows = [[0u8; W]; 4];
    let mut overline = false;
    for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
        windows[d] = line_window(board, pos, dx, dy);
        let (a, b) = run_bounds(&windows[d], C);
        match b - a + 1 {
            5 => return None,
            n if n > 5 => overline = true,
            _ => {}
        }
    }
    if overline {
        return Some(Forbidden::Overline);
    }
    let fours: u32 = windows.iter_mut().map(fours_in_window).sum();
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    if depth >= MAX_FORBID_DEPTH {
        return None;
    }
    let mut threes = 0;
    for (d, (dx, dy)) in DIRECTIONS.into_iter().enumerate() {
        let points: Vec<i32> = straight_four_points(&mut windows[d]).collect();
        let real_three = points.into_iter().any(|s| {
            let q = pos
                .offset(dx, dy, s, board.size())
                .expect("window cell inside the board");
            forbidden_rec(board, q, depth + 1).is_none()
        });
        if real_three {
            threes += 1;
            if threes >= 2 {
                return Some(Forbidden::DoubleThree);
            }
        }
    }
    None
}

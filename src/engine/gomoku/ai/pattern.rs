//! Line shapes, the classic taxonomy: what one more stone at an empty point makes in one
//! line (five, open four, four, open three, closed three, open two, ...) and what the four
//! lines through the point make together (four-three, double four, double three, ...).
//!
//! A line is seen through a window of five cells each side of the point. Each neighbour is
//! empty, ours, or blocked (opponent stone or off the board), so a window is a base-3 number
//! of ten digits, and every shape is a table lookup. The tables are built once by a small
//! dynamic programme over windows with more stones first.

use std::sync::OnceLock;

use super::eval_table::{EvalTable, TABLES, waiting_set};

/// Shape of one line through an empty point if we put a stone there, weakest first.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pattern {
    /// No five can ever pass through the point in this line.
    Dead = 0,
    /// The stone would make six or more (no win under exact-five rules).
    Overline,
    Block1,
    Flex1,
    /// Closed two: can become a closed three.
    Block2,
    /// Open two: can become an open three.
    Flex2,
    /// Closed three: can become a four.
    Block3,
    /// Open three: can become a straight four.
    Flex3,
    /// Four: one point left to make five.
    Block4,
    /// Open four, or two separate five points in one line.
    Flex4,
    Five,
}

pub const PATTERN_COUNT: usize = 11;

impl Pattern {
    #[inline]
    fn from_u8(v: u8) -> Pattern {
        use Pattern::*;
        static ALL: [Pattern; PATTERN_COUNT] = [
            Dead, Overline, Block1, Flex1, Block2, Flex2, Block3, Flex3, Block4, Flex4, Five,
        ];
        ALL[v as usize]
    }

    /// The shape one stone weaker: what a line is if one more stone turns it into `self`.
    fn weaker(self) -> Pattern {
        use Pattern::*;
        match self {
            Five | Overline | Dead => Dead,
            Flex4 => Flex3,
            Block4 => Block3,
            Flex3 => Flex2,
            Block3 => Block2,
            Flex2 => Flex1,
            Block2 => Block1,
            Flex1 | Block1 => Dead,
        }
    }
}

/// What the four lines through a point make together, weakest first.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Combo {
    None = 0,
    /// A point Black may not play under Renju (set by the board, not by the table).
    Forbidden,
    Flex2,
    Block3,
    DoubleFlex2,
    Block3Plus,
    Flex3,
    Flex3Plus,
    /// Double three.
    DoubleFlex3,
    Block4,
    Block4Plus,
    /// Four-three: a four and an open three at once, wins unless the four is answered with
    /// a four.
    Block4Flex3,
    /// Open four or double four: wins next move.
    Flex4,
    Five,
}

pub const COMBO_COUNT: usize = 14;

impl Combo {
    /// Makes a four (or better) somewhere: a VCF move.
    #[inline]
    pub fn is_four(self) -> bool {
        self >= Combo::Block4
    }

    /// Makes an open three (or better): a VCT move.
    #[inline]
    pub fn is_three_or_four(self) -> bool {
        matches!(self, Combo::Flex3 | Combo::Flex3Plus | Combo::DoubleFlex3) || self.is_four()
    }
}

/// Line tables: one where five or more wins, one where only exactly five does.
pub struct Tables {
    /// `[exact as usize][key]`
    lines: [Vec<u8>; 2],
    /// `[evaluation set][((p0 * 11 + p1) * 11 + p2) * 11 + p3]` -> packed (combo, value,
    /// may be forbidden, evaluation shares): one small table keeps the hot lookups in
    /// cache. The set is the point colour's (`eval_table::table_index`).
    combos: [Vec<u64>; 4],
    /// `[exact][combo index]` -> move-picker score of the point for the mover and for the
    /// opponent (`move_table`).
    moves: [Vec<[i16; 2]>; 2],
}

#[derive(Copy, Clone, Debug, Default)]
pub struct ComboEntry {
    pub combo: u8,
    /// Heuristic worth of the point for the side that would play it: move ordering, where
    /// urgent points must stand far above the rest.
    pub value: i16,
    /// The point's share of the static evaluation, `[0]` for the side to move and `[1]` for
    /// the other: smoother than `value`, since a threat on the board is often answered at
    /// once and must not swing the score by thousands.
    pub eval: [i16; 2],
    /// Black under Renju must check the point exactly.
    pub suspicious: bool,
}

/// 3^10 windows of the ten neighbours.
pub const KEY_COUNT: usize = 59_049;

/// Powers of three by neighbour slot: offsets -5..-1 are slots 0..4, +1..+5 slots 5..9.
pub const POW3: [u32; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];

#[inline]
pub fn slot_of(offset: i32) -> usize {
    if offset < 0 {
        (offset + 5) as usize
    } else {
        (offset + 4) as usize
    }
}

/// Key of a window where every neighbour off the board is blocked and the rest empty.
pub fn edge_key(before: usize, after: usize) -> u32 {
    let mut key = 0;
    for off in 1..=5i32 {
        if off as usize > before {
            key += 2 * POW3[slot_of(-off)];
        }
        if off as usize > after {
            key += 2 * POW3[slot_of(off)];
        }
    }
    key
}

const EMPTY: u8 = 0;
const MINE: u8 = 1;

fn decode(key: usize) -> [u8; 11] {
    let mut cells = [0u8; 11];
    for off in -5..=5i32 {
        if off == 0 {
            cells[5] = MINE;
            continue;
        }
        let slot = slot_of(off);
        cells[(off + 5) as usize] = ((key / POW3[slot] as usize) % 3) as u8;
    }
    cells
}

/// Length of the run of our stones through index `i`, and whether it contains index 5.
fn run_len(cells: &[u8; 11], i: usize) -> (usize, bool) {
    let mut a = i;
    while a > 0 && cells[a - 1] == MINE {
        a -= 1;
    }
    let mut b = i;
    while b < 10 && cells[b + 1] == MINE {
        b += 1;
    }
    (b - a + 1, a <= 5 && 5 <= b)
}

fn classify(key: usize, exact: bool, memo: &mut [u8]) -> Pattern {
    if memo[key] != u8::MAX {
        return Pattern::from_u8(memo[key]);
    }
    let cells = decode(key);
    let wins = |len: usize| if exact { len == 5 } else { len >= 5 };
    let (len, _) = run_len(&cells, 5);
    let result = if wins(len) {
        Pattern::Five
    } else if len >= 5 {
        Pattern::Overline
    } else {
        // Five points: empty cells whose stone makes a winning run through the centre.
        let mut fives = 0;
        for i in 1..10 {
            if cells[i] != EMPTY {
                continue;
            }
            let mut c = cells;
            c[i] = MINE;
            let (l, through) = run_len(&c, i);
            if through && wins(l) {
                fives += 1;
            }
        }
        match fives {
            0 => {
                let mut best = Pattern::Dead;
                // A five through the centre lies within four cells of it.
                for off in -4..=4i32 {
                    if off == 0 || cells[(off + 5) as usize] != EMPTY {
                        continue;
                    }
                    let child = key + POW3[slot_of(off)] as usize;
                    let p = classify(child, exact, memo).weaker();
                    if p > best {
                        best = p;
                    }
                }
                best
            }
            1 => Pattern::Block4,
            _ => Pattern::Flex4,
        }
    };
    memo[key] = result as u8;
    result
}

fn combine(p: [Pattern; 4]) -> ComboEntry {
    let mut n = [0u32; PATTERN_COUNT];
    for &x in &p {
        n[x as usize] += 1;
    }
    use Pattern as P;
    let fours = n[P::Block4 as usize];
    let flex3 = n[P::Flex3 as usize];
    let minor = n[P::Block3 as usize] + n[P::Flex2 as usize];
    let combo = if n[P::Five as usize] > 0 {
        Combo::Five
    } else if n[P::Flex4 as usize] > 0 || fours >= 2 {
        Combo::Flex4
    } else if fours == 1 && flex3 > 0 {
        Combo::Block4Flex3
    } else if fours == 1 && minor > 0 {
        Combo::Block4Plus
    } else if fours == 1 {
        Combo::Block4
    } else if flex3 >= 2 {
        Combo::DoubleFlex3
    } else if flex3 == 1 && minor > 0 {
        Combo::Flex3Plus
    } else if flex3 == 1 {
        Combo::Flex3
    } else if n[P::Block3 as usize] >= 1 && minor >= 2 {
        Combo::Block3Plus
    } else if n[P::Flex2 as usize] >= 2 {
        Combo::DoubleFlex2
    } else if n[P::Block3 as usize] >= 1 {
        Combo::Block3
    } else if n[P::Flex2 as usize] >= 1 {
        Combo::Flex2
    } else {
        Combo::None
    };
    const LINE: [i32; PATTERN_COUNT] = [0, 0, 1, 3, 6, 14, 20, 45, 55, 200, 1000];
    const BONUS: [i32; COMBO_COUNT] = [0, 0, 0, 0, 10, 15, 0, 30, 400, 0, 60, 700, 1500, 8000];
    let value = p.iter().map(|&x| LINE[x as usize]).sum::<i32>() + BONUS[combo as usize];
    let suspicious = n[P::Overline as usize] > 0
        || n[P::Flex4 as usize] > 0
        || fours + n[P::Flex4 as usize] >= 2
        || flex3 >= 2;
    ComboEntry {
        combo: combo as u8,
        value: value.min(i16::MAX as i32) as i16,
        eval: [0; 2],
        suspicious: suspicious && combo != Combo::Five,
    }
}

/// A point's evaluation shares from the sets of its colour (`[to move, waiting]`, see
/// `eval_table::waiting_set`).
fn point_eval(p: [Pattern; 4], combo: u8, t: [&EvalTable; 2]) -> [i16; 2] {
    [0, 1].map(|k| {
        let v = p.iter().map(|&x| t[k].line[k][x as usize]).sum::<i32>()
            + t[k].combo[k][combo as usize]
            + t[k].pcode[k][pcode(p)] as i32;
        v.clamp(i16::MIN as i32, i16::MAX as i32) as i16
    })
}

fn build() -> Tables {
    let mut lines: [Vec<u8>; 2] = [vec![0; KEY_COUNT], vec![0; KEY_COUNT]];
    for (e, table) in lines.iter_mut().enumerate() {
        let mut memo = vec![u8::MAX; KEY_COUNT];
        for (key, slot) in table.iter_mut().enumerate() {
            *slot = classify(key, e == 1, &mut memo) as u8;
        }
    }
    const N: usize = PATTERN_COUNT;
    let combos = std::array::from_fn(|v| {
        let sets = [TABLES[v], TABLES[waiting_set(v)]];
        let mut table = vec![0; N * N * N * N];
        for (i, slot) in table.iter_mut().enumerate() {
            let ps = [i / (N * N * N), (i / (N * N)) % N, (i / N) % N, i % N];
            let ps = ps.map(|v| Pattern::from_u8(v as u8));
            let mut e = combine(ps);
            e.eval = point_eval(ps, e.combo, sets);
            *slot = e.combo as u64
                | (e.suspicious as u64) << 8
                | (e.value as u16 as u64) << 16
                | (e.eval[0] as u16 as u64) << 32
                | (e.eval[1] as u16 as u64) << 48;
        }
        table
    });
    let moves = [0, 1].map(|_| {
        (0..N * N * N * N)
            .map(|i| {
                let ps = [i / (N * N * N), (i / (N * N)) % N, (i / N) % N, i % N];
                let ps = ps.map(|v| Pattern::from_u8(v as u8));
                let combo = combine(ps).combo as usize;
                let t = &super::move_table::MOVE;
                [0, 1].map(|k| {
                    let v =
                        ps.iter().map(|&x| t.line[k][x as usize]).sum::<i32>() + t.combo[k][combo];
                    v.clamp(i16::MIN as i32, i16::MAX as i32) as i16
                })
            })
            .collect()
    });
    Tables {
        lines,
        combos,
        moves,
    }
}

/// The shared tables (built on first use, a few milliseconds).
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

impl Tables {
    #[inline]
    pub fn line(&self, exact: bool, key: u32) -> Pattern {
        Pattern::from_u8(self.lines[exact as usize][key as usize])
    }

    #[inline]
    pub fn combo(&self, set: usize, p: [Pattern; 4]) -> ComboEntry {
        self.combo_at(set, combo_index(p))
    }

    /// Move-picker score of the point with combo index `i`: `[0]` for the mover, `[1]` for
    /// the opponent whose shape it is.
    #[inline]
    pub fn move_score_at(&self, exact: bool, i: usize) -> [i16; 2] {
        self.moves[exact as usize][i]
    }

    /// The combo of the four patterns whose [`combo_index`] is `i`, with the evaluation
    /// shares of set `set` (`eval_table::table_index` of the point's colour).
    #[inline]
    pub fn combo_at(&self, set: usize, i: usize) -> ComboEntry {
        let v = self.combos[set][i];
        ComboEntry {
            combo: v as u8,
            value: (v >> 16) as u16 as i16,
            eval: [(v >> 32) as u16 as i16, (v >> 48) as u16 as i16],
            suspicious: v & (1 << 8) != 0,
        }
    }
}

/// Weight of direction `d`'s pattern in a [`combo_index`].
pub const COMBO_WEIGHT: [i32; 4] = [1331, 121, 11, 1];

/// Index of four line patterns in the combo table.
#[inline]
pub fn combo_index(p: [Pattern; 4]) -> usize {
    p.iter()
        .zip(COMBO_WEIGHT)
        .map(|(&x, w)| x as usize * w as usize)
        .sum()
}

/// Sorted four-pattern combinations (multisets of 4 of the 11 patterns): the evaluation's
/// finest per-point class, independent of which direction holds which pattern. The table
/// module owns the sizes so that it imports nothing.
pub use super::eval_table::{PCODE_COUNT, THREAT_MASKS};

/// The index in `0..PCODE_COUNT` of the multiset of four line patterns.
pub fn pcode(p: [Pattern; 4]) -> usize {
    pcode_at(combo_index(p))
}

/// [`pcode`] of the patterns with this [`combo_index`].
#[inline]
pub fn pcode_at(cidx: usize) -> usize {
    static MAP: OnceLock<Vec<u16>> = OnceLock::new();
    let map = MAP.get_or_init(|| {
        const N: usize = PATTERN_COUNT;
        let mut ids = std::collections::HashMap::new();
        let mut map = vec![0u16; N * N * N * N];
        for (i, slot) in map.iter_mut().enumerate() {
            let mut ps = [i / (N * N * N), (i / (N * N)) % N, (i / N) % N, i % N];
            ps.sort_unstable();
            let next = ids.len() as u16;
            *slot = *ids.entry(ps).or_insert(next);
        }
        debug_assert_eq!(ids.len(), PCODE_COUNT);
        map
    });
    map[cidx] as usize
}

/// Threat classes of a position, as the evaluation's threat table indexes them: which
/// kinds of threat points the side to move (`me`) and the other side have. `count(k, c)`
/// is the number of points where side `k` (0 to move, 1 not) makes combo `c`: 9 bits,
/// [`THREAT_MASKS`] values.
pub fn threat_mask(count: impl Fn(usize, Combo) -> u32) -> usize {
    use Combo::*;
    let has = |k: usize, cs: &[Combo]| cs.iter().any(|&c| count(k, c) > 0) as usize;
    has(0, &[Block4Plus])
        | has(0, &[Block4]) << 1
        | has(0, &[Flex3Plus, DoubleFlex3]) << 2
        | has(0, &[Flex3]) << 3
        | has(1, &[Flex4]) << 4
        | has(1, &[Block4Flex3, Block4Plus]) << 5
        | has(1, &[Block4]) << 6
        | has(1, &[Flex3Plus, DoubleFlex3]) << 7
        | has(1, &[Flex3]) << 8
}

/// Inverse of `combo as u8`.
#[inline]
pub fn combo_from_u8(v: u8) -> Combo {
    use Combo::*;
    static ALL: [Combo; COMBO_COUNT] = [
        None,
        Forbidden,
        Flex2,
        Block3,
        DoubleFlex2,
        Block3Plus,
        Flex3,
        Flex3Plus,
        DoubleFlex3,
        Block4,
        Block4Plus,
        Block4Flex3,
        Flex4,
        Five,
    ];
    ALL[v as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Key of a window written as 11 chars: `x` ours, `o` blocked, `.` empty, `*` the point.
    fn key(s: &str) -> u32 {
        assert_eq!(s.len(), 11);
        let mut k = 0;
        for (i, c) in s.chars().enumerate() {
            let off = i as i32 - 5;
            let v = match c {
                '*' => continue,
                'x' => 1,
                'o' => 2,
                _ => 0,
            };
            k += v * POW3[slot_of(off)];
        }
        k
    }

    #[test]
    fn pcode_names_each_multiset_of_four_patterns_once() {
        use Pattern::*;
        let all: Vec<Pattern> = (0..PATTERN_COUNT as u8).map(Pattern::from_u8).collect();
        let mut codes = std::collections::HashSet::new();
        for &a in &all {
            for &b in &all {
                for &c in &all {
                    for &d in &all {
                        let code = pcode([a, b, c, d]);
                        assert!(code < PCODE_COUNT);
                        // The order of the directions does not matter...
                        assert_eq!(code, pcode([d, c, b, a]));
                        assert_eq!(code, pcode([b, d, a, c]));
                        codes.insert(code);
                    }
                }
            }
        }
        // ...and every multiset has its own code.
        assert_eq!(codes.len(), PCODE_COUNT);
        assert_ne!(
            pcode([Flex3, Flex3, Dead, Dead]),
            pcode([Flex3, Block3, Dead, Dead])
        );
    }

    #[test]
    fn taxonomy() {
        let t = tables();
        use Pattern::*;
        let cases = [
            ("...xx*xx...", Five, Five),
            ("..xxx*xx...", Five, Overline),
            ("....x*xx...", Flex4, Flex4),
            ("...ox*xx...", Block4, Block4),
            ("..x.x*x.x..", Flex4, Flex4), // two five points in one line
            ("....x*x....", Flex3, Flex3),
            ("...x.*x....", Flex3, Flex3),
            ("...ox*x....", Block3, Block3),
            ("..x.x*x.o..", Block4, Block4),
            (".....*x....", Flex2, Flex2),
            ("....o*x....", Block2, Block2),
            ("....o*...o.", Dead, Dead),
            ("oxxx.*.....", Block4, Block4),
            ("xxx.x*.....", Block4, Block2),
            (".xxx.*.....", Block4, Block4),
        ];
        for (s, free, exact) in cases {
            assert_eq!(t.line(false, key(s)), free, "freestyle {s}");
            assert_eq!(t.line(true, key(s)), exact, "exact {s}");
        }
    }

    #[test]
    fn combos() {
        let t = tables();
        use Pattern::*;
        let c = |p: [Pattern; 4]| Combo::try_from_u8(t.combo(0, p).combo);
        assert_eq!(c([Block4, Flex3, Dead, Dead]), Combo::Block4Flex3);
        assert_eq!(c([Block4, Block4, Dead, Dead]), Combo::Flex4);
        assert_eq!(c([Flex3, Flex3, Dead, Block1]), Combo::DoubleFlex3);
        assert_eq!(c([Five, Flex3, Dead, Dead]), Combo::Five);
        assert!(t.combo(0, [Flex3, Flex3, Dead, Dead]).suspicious);
        assert!(!t.combo(0, [Flex3, Block3, Dead, Dead]).suspicious);
    }

    impl Combo {
        fn try_from_u8(v: u8) -> Combo {
            combo_from_u8(v)
        }
    }
}

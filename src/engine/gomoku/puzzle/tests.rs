use std::time::Instant;

use super::*;
use crate::engine::puzzle::{
    Hint, HintLevel, LineError, PuzzleSet, check_try, hint, parse, prove, solution_line,
};

const GOMOKU: &str = include_str!("../../../../assets/puzzles/gomoku.txt");
const CONNECT4: &str = include_str!("../../../../assets/puzzles/connect4.txt");

fn pt(s: &str) -> Pos {
    Pos::from_human(s, 15).unwrap()
}

/// Black: a closed three h8 i8 j8 (White at g8) and two k9 k10 above k8: k8 is a
/// four-three, the only four that wins. White's other stones are far away.
fn four_three() -> Game {
    let moves = ["h8", "g8", "i8", "a1", "j8", "a3", "k9", "a5", "k10", "c1"];
    let moves: Vec<Pos> = moves
        .iter()
        .map(|m| Pos::from_human(m, 15).unwrap())
        .collect();
    Game::from_moves(15, Rule::Freestyle, &moves).unwrap()
}

/// Proves every shipped Gomoku puzzle on two threads: the tree against every defence, the
/// first move's uniqueness, the figures and the grade. The file holds Gomoku's puzzles only,
/// and Gomoku's reader passes over every block of Connect Four's file.
#[test]
fn every_shipped_puzzle_is_proven() {
    let start = Instant::now();
    let gomoku = parse::<Variant>(GOMOKU).unwrap_or_else(|e| panic!("gomoku.txt: {e}"));
    assert!(gomoku.puzzles.len() >= 500, "{}", gomoku.puzzles.len());
    assert_eq!(gomoku.others, 0);
    let other = parse::<Variant>(CONNECT4).unwrap();
    assert!(other.puzzles.is_empty() && other.others > 0, "{other:?}");
    for rule in Rule::ALL {
        let n = gomoku
            .puzzles
            .iter()
            .filter(|p| p.game == Variant { rule, size: 15 })
            .count();
        assert!(n >= 100, "{rule}: {n}");
    }
    assert!(gomoku.puzzles.iter().any(|p| p.forbidden));
    assert!(gomoku.puzzles.iter().any(|p| p.kind == Kind::Vcf));
    assert!(gomoku.puzzles.iter().any(|p| p.kind == Kind::Vct));
    let all = &gomoku.puzzles;
    let failures: Vec<String> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|k| {
                s.spawn(move || {
                    all.iter()
                        .skip(k)
                        .step_by(2)
                        .filter_map(|p| prove(p).err().map(|e| format!("{}: {e}", p.id)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
    eprintln!("{} puzzles proven in {:.1?}", all.len(), start.elapsed());
}

/// The shipped file is exactly what the writer produces from what the reader reads (so it
/// round-trips), and a set survives writing and reading.
#[test]
fn the_format_round_trips() {
    crate::engine::puzzle::tests::round_trip::<Variant>(GOMOKU);
    let p = from_gomoku(&four_three(), "mine").unwrap();
    let set = PuzzleSet::new(vec![p]);
    assert_eq!(parse(&set.to_text(&["a comment".into()])).unwrap(), set);
}

#[test]
fn bad_input_names_the_line() {
    let good = PuzzleSet::new(vec![from_gomoku(&four_three(), "mine").unwrap()]).to_text(&[]);
    let lines: Vec<&str> = good.lines().collect();
    let line_of = |key: &str| lines.iter().position(|l| l.starts_with(key)).unwrap() + 1;
    let with = |key: &str, value: &str| -> String {
        lines
            .iter()
            .map(|l| {
                if l.starts_with(key) {
                    format!("{key} {value}")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let cases: Vec<(String, usize, &str)> = vec![
        ("".into(), 1, "no `puzzles"),
        ("puzzle x\n".into(), 1, "must start with"),
        ("puzzles 9\n".into(), 1, "version 9 is not supported"),
        (with("kind", "vcx"), line_of("kind"), "kind `vcx`"),
        (
            with("game", "gomoku pente 15"),
            line_of("game"),
            "rule `pente`",
        ),
        (
            with("position", "h8 h8"),
            line_of("position"),
            "position: move 2",
        ),
        (with("position", "h8 z99"), line_of("position"), "z99"),
        (with("difficulty", "7"), line_of("difficulty"), "not 1 to 5"),
        (with("rating", "12"), line_of("rating"), "does not match"),
        (
            with("forbidden", "maybe"),
            line_of("forbidden"),
            "yes` or `no",
        ),
        (
            with("solution", "k8(l8 k11"),
            line_of("solution"),
            "not closed",
        ),
        (
            with("solution", "k8(l8 k11))"),
            line_of("solution"),
            "after the end",
        ),
        (
            with("solution", "k8"),
            line_of("solution"),
            "does not win at once",
        ),
        (
            with("solution", "h8"),
            line_of("solution"),
            "cannot be played",
        ),
        (
            format!("{good}\ncolour red"),
            lines.len() + 2,
            "unknown key `colour`",
        ),
        (
            format!("{good}\npuzzle mine\n"),
            lines.len() + 2,
            "used twice",
        ),
        (
            good.replace("difficulty", "# no difficulty"),
            line_of("puzzle mine"),
            "no `difficulty` line",
        ),
    ];
    for (text, line, words) in cases {
        let e = parse::<Variant>(&text).expect_err(words);
        assert_eq!(e.line, line, "{e}");
        assert!(e.to_string().contains(words), "{e} / {words}");
    }
    // Another game's block is passed over, not read: Gomoku's reader keeps its own puzzle.
    let other = format!("{good}\npuzzle theirs\ngame chess 8x8\nposition e4\n");
    let set = parse::<Variant>(&other).unwrap();
    assert_eq!((set.puzzles.len(), set.others), (1, 1));
    let e = parse::<Variant>(&format!("{good}\npuzzle theirs\nposition e4\n")).unwrap_err();
    assert!(e.to_string().contains("no `game` line"), "{e}");
}

#[test]
fn a_hand_made_four_three_is_tried_hinted_and_solved() {
    let game = four_three();
    let p = from_gomoku(&game, "mine").expect("a unique win by fours");
    assert_eq!(p.kind, Kind::Vcf);
    assert_eq!(p.solution.mv, pt("k8"));
    assert_eq!(p.solution.depth(), 3);
    prove(&p).unwrap();
    // The example of docs/puzzles.md.
    let text = PuzzleSet::new(vec![p.clone()]).to_text(&[]);
    assert!(text.contains("solution k8(l8 k11(k12 k7))\n"), "{text}");
    assert!(
        text.contains("difficulty 1\nrating 1075\ntries 1\n"),
        "{text}"
    );
    // The right move: White must block the four at l8.
    assert_eq!(
        check_try(&p, &[], pt("k8")),
        Ok(TryResult::Correct { reply: pt("l8") })
    );
    // The other four is met at k8, which kills the three as well.
    assert_eq!(
        check_try(&p, &[], pt("l8")),
        Ok(TryResult::Wrong(Refutation::Defence(pt("k8"))))
    );
    // A quiet move: White takes the key point.
    assert_eq!(
        check_try(&p, &[], pt("a15")),
        Ok(TryResult::Wrong(Refutation::Defence(pt("k8"))))
    );
    assert!(matches!(
        check_try(&p, &[], pt("h8")),
        Ok(TryResult::Wrong(Refutation::Illegal(_)))
    ));
    // Hints: an area holding k8, then k8.
    let Ok(Hint::Area { from: a, to: b }) = hint(&p, &[], HintLevel::Area) else {
        panic!("an area");
    };
    let k8 = Pos::from_human("k8", 15).unwrap();
    assert!((a.x..=b.x).contains(&k8.x) && (a.y..=b.y).contains(&k8.y));
    assert_eq!((b.x - a.x, b.y - a.y), (4, 4));
    assert_eq!(hint(&p, &[], HintLevel::Move), Ok(Hint::Move(pt("k8"))));
    // The main line to the five, played through check_try.
    let main = solution_line(&p, &[]).unwrap();
    assert_eq!(main.len(), 5);
    let mut line = Vec::new();
    for pair in main.chunks(2) {
        let r = check_try(&p, &line, pair[0]).unwrap();
        if pair.len() == 2 {
            assert_eq!(r, TryResult::Correct { reply: pair[1] });
            line.extend_from_slice(pair);
        } else {
            assert_eq!(r, TryResult::Solved);
        }
    }
    // After k8 l8 the other end of the open four wins too.
    let open_four = main[2];
    let other = if open_four == pt("k11") {
        pt("k7")
    } else {
        pt("k11")
    };
    assert_eq!(
        check_try(&p, &main[..2], other),
        Ok(TryResult::AlsoWins { main: open_four })
    );
    assert_eq!(
        check_try(&p, &[pt("a15")], pt("k8")),
        Err(LineError::DefenderToMove)
    );
    assert_eq!(
        check_try(&p, &[pt("k8"), pt("a15")], pt("k11")),
        Err(LineError::NotInSolution { index: 1 })
    );
}

#[test]
fn positions_without_a_unique_win_make_no_puzzle() {
    // The empty board, and a position where Black has an open four point already.
    assert_eq!(
        from_gomoku(&Game::new(15, Rule::Freestyle).unwrap(), "x"),
        None
    );
    let moves: Vec<Pos> = ["h8", "a1", "i8", "a3", "j8", "a5"]
        .iter()
        .map(|m| Pos::from_human(m, 15).unwrap())
        .collect();
    let g = Game::from_moves(15, Rule::Freestyle, &moves).unwrap();
    assert_eq!(
        from_gomoku(&g, "x"),
        None,
        "an open three: g8 and k8 both win"
    );
}

/// A broken tree fails the proof: a missing defence, and a leaf that does not win.
#[test]
fn the_proof_catches_a_missing_defence() {
    let mut p = from_gomoku(&four_three(), "mine").unwrap();
    prove(&p).unwrap();
    // Replace the open four after k8 l8 by a quiet move: White's blocks of the three are
    // then unanswered.
    p.solution.replies[0].next.mv = pt("a15");
    assert!(prove(&p).is_err());
    // A defence left out of a tree: White's block l8 after k8 is replaced by a move that
    // does not stop the four, so l8 itself is not covered... unless it loses at once (it
    // does: k7 or k11 then makes an open four). Cut the open four instead:
    let mut q = from_gomoku(&four_three(), "mine").unwrap();
    q.solution.replies[0].next.replies.clear();
    let e = prove(&q).unwrap_err();
    assert!(e.reason.contains("without a five"), "{e}");
    // A shipped win by threes with two defences at its first threat, one left out.
    let set = parse::<Variant>(GOMOKU).unwrap();
    let mut r = set
        .puzzles
        .into_iter()
        .find(|p| p.kind == Kind::Vct && p.solution.replies.len() >= 2)
        .expect("a VCT puzzle with two defences");
    let gone = r.solution.replies.pop().unwrap();
    let e = prove(&r).unwrap_err();
    let d = gone.mv;
    assert!(
        e.reason
            .contains(&format!("the defence {} is not answered", d.to_human(15))),
        "{e}"
    );
}

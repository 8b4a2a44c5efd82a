//! Opening book: file format and its errors, a book built by the library's builder checked
//! against the solver (including mirrored lookups), the shipped 7x6 book's consistency, and
//! instant opening moves from it.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use gomoku::engine::connect4::book_build::{build, enumerate};
use gomoku::engine::connect4::solver::win_now_score;
use gomoku::engine::connect4::{
    Ai, BoardSize, BookError, Level, Limits, OpeningBook, Position, Solver, Source,
};
use rand::SeedableRng;
use rand::rngs::StdRng;

fn pos(moves: &str) -> Position {
    Position::from_moves(BoardSize::STANDARD, moves).unwrap_or_else(|e| panic!("{moves}: {e}"))
}

#[test]
fn format_round_trip() {
    let entries = vec![(5u64, 3i8), (1, -2), (1 << 40, 0), (300, 18)];
    let book = OpeningBook::from_entries(BoardSize::STANDARD, 4, entries);
    assert_eq!(book.len(), 4);
    let bytes = book.to_bytes();
    assert_eq!(OpeningBook::from_bytes(&bytes).unwrap(), book);
    assert_eq!(&bytes[..4], b"C4BK");
}

#[test]
fn format_errors_say_what_and_where() {
    let book = OpeningBook::from_entries(BoardSize::STANDARD, 4, vec![(5, 3), (300, -2)]);
    let good = book.to_bytes();

    assert!(matches!(
        OpeningBook::from_bytes(&good[..5]),
        Err(BookError::TooShort { len: 5 })
    ));
    let mut bad = good.clone();
    bad[0] = b'X';
    assert!(matches!(
        OpeningBook::from_bytes(&bad),
        Err(BookError::BadMagic)
    ));
    let mut bad = good.clone();
    bad[4] = 9;
    assert!(matches!(
        OpeningBook::from_bytes(&bad),
        Err(BookError::UnsupportedVersion { version: 9 })
    ));
    let mut bad = good.clone();
    bad[5] = 12;
    assert!(matches!(
        OpeningBook::from_bytes(&bad),
        Err(BookError::InvalidSize { .. })
    ));
    assert!(matches!(
        OpeningBook::from_bytes(&good[..good.len() - 1]),
        Err(BookError::Truncated { entry: 1, .. })
    ));
    let mut bad = good.clone();
    bad.push(0);
    assert!(matches!(
        OpeningBook::from_bytes(&bad),
        Err(BookError::TrailingBytes { .. })
    ));
    // Entry 0 is key 5 (one byte) then its score byte.
    let mut bad = good.clone();
    bad[13] = 100u8;
    let err = OpeningBook::from_bytes(&bad).unwrap_err();
    assert!(
        matches!(
            err,
            BookError::BadScore {
                entry: 0,
                offset: 13,
                score: 100
            }
        ),
        "{err}"
    );
    assert!(err.to_string().contains("entry 0"), "{err}");
    // A zero delta repeats a key.
    let mut bad = good.clone();
    bad[14] = 0;
    bad.truncate(16);
    assert!(matches!(
        OpeningBook::from_bytes(&bad),
        Err(BookError::BadKey { entry: 1, .. })
    ));
    assert!(matches!(
        OpeningBook::load("/nonexistent/book.c4b"),
        Err(BookError::Io { .. })
    ));
}

#[test]
fn built_book_matches_the_solver_including_mirrors() {
    // A middle-game root keeps the build to a fraction of a second.
    let root = pos("5554224333234511764415115");
    let depth = 3;
    let mut solver = Solver::with_table_bits(BoardSize::STANDARD, 20);
    let mut cache = HashMap::new();
    let mut solved = 0;
    let book = build(&root, depth, &mut solver, &mut cache, |_| solved += 1);
    assert!(solved > 0);
    assert_eq!(book.max_ply(), root.moves_played() + depth + 1);

    let mut fresh = Solver::with_table_bits(BoardSize::STANDARD, 20);
    let levels = enumerate(&root, depth);
    let mut checked = 0;
    for p in levels.iter().flatten() {
        let expected = fresh.solve(p);
        assert_eq!(book.get(p), Some(expected), "ply {}", p.moves_played());
        checked += 1;
    }
    // Mirrored move strings find the same entries.
    let mirror = |s: &str| -> String {
        s.chars()
            .map(|c| char::from(b'0' + 8 - (c as u8 - b'0')))
            .collect()
    };
    let root_moves = "5554224333234511764415115";
    for extra in ["", "1", "4", "7", "12", "66"] {
        let moves = format!("{root_moves}{extra}");
        let (Ok(p), Ok(m)) = (
            Position::from_moves(BoardSize::STANDARD, &moves),
            Position::from_moves(BoardSize::STANDARD, &mirror(&moves)),
        ) else {
            continue;
        };
        assert_eq!(book.get(&p), book.get(&m), "{moves}");
        assert_eq!(book.get(&m), Some(fresh.solve(&m)), "{moves}");
        checked += 1;
    }
    // Each deepest position has a best reply entry reaching its score.
    for p in &levels[depth] {
        let score = book.get(p).unwrap();
        let reply = (0..7).filter(|&c| p.can_play(c)).any(|c| {
            if p.is_winning_move(c) {
                return win_now_score(p) == score;
            }
            let mut child = *p;
            child.try_play(c).is_ok() && book.get(&child) == Some(-score)
        });
        assert!(
            reply || p.is_full(),
            "no best reply at ply {}",
            p.moves_played()
        );
        checked += 1;
    }
    assert!(checked > 20, "{checked}");

    // A solver using the book gives the same scores on positions around it.
    let mut with_book = Solver::with_table_bits(BoardSize::STANDARD, 20);
    with_book.set_book(Some(std::sync::Arc::new(book.clone())));
    for p in levels.iter().flatten().step_by(7) {
        assert_eq!(with_book.solve(p), fresh.solve(p));
        assert_eq!(with_book.best_move(p), fresh.best_move(p));
    }

    // Resuming from the cache solves nothing again and gives the same book.
    let mut again = 0;
    let rebuilt = build(&root, depth, &mut solver, &mut cache, |_| again += 1);
    assert_eq!(again, 0);
    assert_eq!(rebuilt, book);
}

#[test]
fn shipped_book_is_consistent() {
    let book = OpeningBook::standard().expect("assets/connect4/book-7x6.c4b loads");
    assert_eq!(book.size(), BoardSize::STANDARD);
    assert!(book.max_ply() >= 1, "{}", book.max_ply());
    let depth = book.max_ply() - 1;
    for p in enumerate(&Position::new(BoardSize::STANDARD), depth)
        .iter()
        .flatten()
    {
        let score = book
            .get(p)
            .unwrap_or_else(|| panic!("missing entry at ply {}", p.moves_played()));
        let best = (0..7)
            .filter(|&c| p.can_play(c))
            .filter_map(|c| {
                if p.is_winning_move(c) {
                    return Some(win_now_score(p));
                }
                let mut child = *p;
                child.try_play(c).ok()?;
                book.get(&child).map(|s| -s)
            })
            .max();
        assert_eq!(best, Some(score), "ply {}", p.moves_played());
    }
    // Loading from a file gives the same book.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/connect4/book-7x6.c4b");
    assert_eq!(&OpeningBook::load(path).unwrap(), book.as_ref());
}

/// Re-solves the shipped book's deepest entries: minutes per entry, hence ignored by default
/// (`cargo test --release --no-default-features --test connect4_book -- --ignored`).
#[test]
#[ignore = "re-solves the shipped book: about 15 minutes; run with --ignored"]
fn shipped_book_matches_the_solver() {
    let book = OpeningBook::standard().expect("book loads");
    let depth = book.max_ply() - 1;
    let mut solver = Solver::new(BoardSize::STANDARD);
    for p in &enumerate(&Position::new(BoardSize::STANDARD), depth)[depth] {
        assert_eq!(
            book.get(p),
            Some(solver.solve(p)),
            "ply {}",
            p.moves_played()
        );
    }
}

#[test]
fn opening_moves_come_from_the_book_instantly() {
    let size = BoardSize::STANDARD;
    let book = OpeningBook::standard().expect("book loads");
    let mut ai = Ai::new(size);
    let stop = AtomicBool::new(false);
    let mut rng = StdRng::seed_from_u64(0);
    // Every position the book covers, up to mirror images.
    let depth = book.max_ply() - 1;
    for p in enumerate(&Position::new(size), depth).iter().flatten() {
        // From the book, so no search at all: instant by construction on any machine.
        let c = ai
            .choose_move(Level::Perfect, p, &Limits::default(), &mut rng, &stop)
            .unwrap();
        assert_eq!(c.source, Source::Book, "ply {}", p.moves_played());
        assert_eq!(c.score, book.get(p), "ply {}", p.moves_played());
    }
    // The first move of the game is the centre (the only winning one).
    let c = ai
        .choose_move(
            Level::Perfect,
            &Position::new(size),
            &Limits::default(),
            &mut rng,
            &stop,
        )
        .unwrap();
    assert_eq!(c.column, 3);
}

//! Game records: SGF and PSQ round trips, hand-written and real-world files, a corpus of
//! malformed files with the error each must give, and random mutations that must never panic.

use std::fs;
use std::path::{Path, PathBuf};

use gomoku::engine::gomoku::{Game, MoveError, Outcome, Pos, Rule, Stone};
use gomoku::engine::record::{
    self, Format, GameRecord, MAX_RECORD_BYTES, RecordError, RecordMove, RecordResult, WinBy,
};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

/// Plays random legal moves near the stones already down, so games are dense enough to end
/// in fives now and then.
fn random_game(rng: &mut StdRng, size: usize, rule: Rule, max_moves: usize) -> Game {
    let mut game = Game::new(size, rule).unwrap();
    let c = (size / 2) as i32;
    let (mut lx, mut ly) = (c, c);
    while game.ply() < max_moves && !game.outcome().is_over() {
        let mut played = false;
        for _ in 0..50 {
            let x = (lx + rng.random_range(-2..=2)).clamp(0, size as i32 - 1);
            let y = (ly + rng.random_range(-2..=2)).clamp(0, size as i32 - 1);
            let p = Pos::new(x as u8, y as u8);
            if game.play(p).is_ok() {
                (lx, ly) = (x, y);
                played = true;
                break;
            }
        }
        if !played {
            break;
        }
    }
    game
}

fn hard_text(rng: &mut StdRng) -> String {
    const PIECES: [&str; 9] = [
        "plain",
        "]",
        "\\",
        "\\]",
        "a:b",
        "line\nbreak",
        "crlf\r\nline",
        "Žluťoučký kůň 五目",
        "(;B[aa])",
    ];
    (0..rng.random_range(1..5))
        .map(|_| PIECES[rng.random_range(0..PIECES.len())])
        .collect::<Vec<_>>()
        .join(" ")
}

mod malformed;

#[test]
fn sgf_round_trips_random_games_with_metadata_and_escapes() {
    let mut rng = StdRng::seed_from_u64(20240517);
    let mut finished = 0;
    for i in 0..36 {
        let rule = Rule::ALL[i % 3];
        let size = [15, 19, 7, 25][i % 4];
        let game = random_game(&mut rng, size, rule, 120);
        if game.outcome().is_over() {
            finished += 1;
        }
        let mut rec = GameRecord::from_game(&game, "Black ] player", "White \\ player");
        rec.date = Some("2024-05-17".to_string());
        rec.comment = Some(hard_text(&mut rng));
        if rec.result.is_none() && i % 2 == 0 {
            rec.result = Some(RecordResult::Win {
                winner: Stone::White,
                by: WinBy::Resignation,
            });
        }
        for m in rec.moves.iter_mut() {
            if rng.random_range(0..4) == 0 {
                m.comment = Some(hard_text(&mut rng));
            }
        }
        let text = rec.to_sgf().unwrap();
        let back = GameRecord::from_sgf(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, rec, "{text}");
        assert_eq!(back.to_game().unwrap().history(), game.history());
        // And through bytes, as a file would be read.
        assert_eq!(record::parse(text.as_bytes()).unwrap(), rec);
    }
    assert!(
        finished > 0,
        "no random game ended; the test lost its won games"
    );
}

#[test]
fn sgf_round_trip_renju_win_with_all_results() {
    // Black makes exactly five on row 8 while White plays elsewhere.
    let moves = [
        (7, 7),
        (2, 9),
        (8, 7),
        (3, 9),
        (6, 7),
        (4, 9),
        (5, 7),
        (12, 9),
        (9, 7),
    ];
    let moves: Vec<Pos> = moves.iter().map(|&(x, y)| Pos::new(x, y)).collect();
    let game = Game::from_moves(15, Rule::Renju, &moves).unwrap();
    assert!(matches!(
        game.outcome(),
        Outcome::Win {
            winner: Stone::Black,
            ..
        }
    ));
    let mut rec = GameRecord::from_game(&game, "Kim", "Lee");
    assert_eq!(
        rec.result,
        Some(RecordResult::Win {
            winner: Stone::Black,
            by: WinBy::Unspecified
        })
    );
    rec.moves[4].comment = Some("open three ] \\ ok".into());
    for result in [
        RecordResult::Win {
            winner: Stone::Black,
            by: WinBy::Unspecified,
        },
        RecordResult::Win {
            winner: Stone::White,
            by: WinBy::Time,
        },
        RecordResult::Win {
            winner: Stone::Black,
            by: WinBy::Forfeit,
        },
        RecordResult::Draw,
        RecordResult::Void,
        RecordResult::Unknown,
    ] {
        rec.result = Some(result);
        let text = rec.to_sgf().unwrap();
        assert!(text.contains("RU[Renju]") && text.contains("GM[4]") && text.contains("FF[4]"));
        assert!(
            text.contains(";B[hh]"),
            "x,y map to letters directly: {text}"
        );
        assert_eq!(GameRecord::from_sgf(&text).unwrap(), rec);
    }
    assert_eq!(
        RecordResult::from_sgf("W+Resign"),
        Some(RecordResult::Win {
            winner: Stone::White,
            by: WinBy::Resignation
        })
    );
    assert_eq!(RecordResult::from_sgf("0"), Some(RecordResult::Draw));
    assert_eq!(RecordResult::from_sgf("B+3.5"), None);
}

#[test]
fn setup_stones_keep_their_order_and_turn() {
    // Out-of-alternation stones, as `Game::place` allows: B, B, W, B then normal moves.
    let mut game = Game::new(15, Rule::Freestyle).unwrap();
    for (x, y, s) in [
        (7, 7, Stone::Black),
        (9, 9, Stone::Black),
        (8, 8, Stone::White),
        (3, 3, Stone::Black),
    ] {
        game.place(Pos::new(x, y), s).unwrap();
    }
    game.play(Pos::new(1, 1)).unwrap();
    game.play(Pos::new(2, 2)).unwrap();
    // B B W B W B: everything after the last double move alternates, so only the first
    // stone is setup.
    let rec = GameRecord::from_game(&game, "", "");
    assert_eq!(rec.setup, vec![(Pos::new(7, 7), Stone::Black)]);
    assert_eq!(rec.moves.len(), 5);
    assert_eq!(rec.moves[0].stone, Stone::Black);
    let text = rec.to_sgf().unwrap();
    let back = GameRecord::from_sgf(&text).unwrap();
    assert_eq!(back, rec, "{text}");
    assert_eq!(back.to_game().unwrap().history(), game.history());

    // Setup only: the side with fewer stones moves next.
    let mut opening = GameRecord::new(15, Rule::Standard);
    opening.setup = vec![
        (Pos::new(7, 7), Stone::Black),
        (Pos::new(8, 8), Stone::Black),
        (Pos::new(7, 8), Stone::White),
    ];
    assert_eq!(opening.to_game().unwrap().to_move(), Stone::White);
}

#[test]
fn reads_hand_written_renju_sgf() {
    let rec = record::load(&data_dir().join("good/renju_commented.sgf")).unwrap();
    assert_eq!(rec.size, 15);
    assert_eq!(rec.rule, Rule::Renju);
    assert_eq!(rec.black, "Kim ] \"the wall\" Lee");
    assert_eq!(rec.white, "Ana\\Bo");
    assert_eq!(rec.date.as_deref(), Some("2024-05-17"));
    assert_eq!(
        rec.result,
        Some(RecordResult::Win {
            winner: Stone::Black,
            by: WinBy::Unspecified
        })
    );
    assert_eq!(
        rec.comment.as_deref(),
        Some(
            "A hand-written Renju game. This soft line break disappears; \
             the escaped bracket ] stays.\nSecond line kept."
        )
    );
    // Main line only: the side variation W[jh] B[aa] is skipped.
    assert_eq!(rec.moves.len(), 9);
    assert_eq!(rec.moves[0].pos, Pos::new(7, 7));
    assert_eq!(rec.moves[0].comment.as_deref(), Some("Centre opening"));
    assert_eq!(
        rec.moves[4].comment.as_deref(),
        Some("An open three \\ a backslash")
    );
    assert_eq!(rec.moves[7].pos, Pos::new(12, 9));
    assert_eq!(rec.moves[8].pos, Pos::from_human("j8", 15).unwrap());
    let game = rec.to_game().unwrap();
    assert!(matches!(
        game.outcome(),
        Outcome::Win {
            winner: Stone::Black,
            ..
        }
    ));
    // Reading what we write gives the same record back.
    assert_eq!(GameRecord::from_sgf(&rec.to_sgf().unwrap()).unwrap(), rec);
}

#[test]
fn reads_setup_opening_sgf() {
    let rec = record::load(&data_dir().join("good/setup_opening.sgf")).unwrap();
    assert_eq!(rec.rule, Rule::Standard);
    assert_eq!(
        rec.setup,
        vec![
            (Pos::new(7, 7), Stone::Black),
            (Pos::new(8, 9), Stone::Black),
            (Pos::new(8, 8), Stone::White),
        ]
    );
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.moves[0].stone, Stone::White);
    let game = rec.to_game().unwrap();
    assert_eq!(game.ply(), 6);
    assert_eq!(game.to_move(), Stone::Black);
}

#[test]
fn reads_real_piskvork_file_and_round_trips_psq() {
    let path = data_dir().join("good/piskvork_20x20.psq");
    let rec = record::load(&path).unwrap();
    assert_eq!(rec.size, 20);
    assert_eq!(rec.rule, Rule::Freestyle);
    assert_eq!(rec.moves.len(), 37);
    assert_eq!(rec.black, "pbrain-embryo21_s.exe");
    assert_eq!(rec.white, "pbrain-rapfi.exe");
    assert_eq!(rec.moves[0].pos, Pos::new(9, 8));
    assert_eq!(rec.moves[0].time_ms, Some(0));
    assert!(rec.moves.iter().all(|m| m.time_ms.is_some()));
    for (i, m) in rec.moves.iter().enumerate() {
        let expected = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        assert_eq!(m.stone, expected);
    }
    let text = rec.to_psq().unwrap();
    assert!(text.starts_with("Piskvorky 20x20, "));
    assert!(text.ends_with("-1\n"));
    assert_eq!(GameRecord::from_psq(&text, Rule::Freestyle).unwrap(), rec);
    assert_eq!(Format::detect(text.as_bytes()), Some(Format::Psq));

    // Random games: PSQ keeps positions, colours and names; times become 0.
    let mut rng = StdRng::seed_from_u64(99);
    for i in 0..12 {
        let rule = [Rule::Freestyle, Rule::Renju][i % 2];
        let game = random_game(&mut rng, [15, 20, 9][i % 3], rule, 100);
        let rec = GameRecord::from_game(&game, "Alpha", "Beta 2");
        let back = GameRecord::from_psq(&rec.to_psq().unwrap(), rule).unwrap();
        assert_eq!(back.to_game().unwrap().history(), game.history());
        assert_eq!(
            (back.black.as_str(), back.white.as_str()),
            ("Alpha", "Beta 2")
        );
        assert!(back.moves.iter().all(|m| m.time_ms == Some(0)));
    }
}

#[test]
fn psq_first_player_flag_and_end_section() {
    // Flag 1: player 1 (the second name) moved first, so it is Black.
    let text = "Piskvorky 15x15, 3:0, 1\r\n8,8,10\r\n9,9,20\r\nhuman.exe\r\npbrain-x.exe\r\n-1\r\n";
    let rec = GameRecord::from_psq(text, Rule::Freestyle).unwrap();
    assert_eq!(rec.black, "pbrain-x.exe");
    assert_eq!(rec.white, "human.exe");
    assert_eq!(rec.moves[1].time_ms, Some(20));
    // Liberal after the moves: blank lines, an end code, anything else.
    let text = "Piskvorky 15x15, 0:0, 0\n8,8,0\n\n-1\n1,Freestyle\nwhatever\n";
    let rec = GameRecord::from_psq(text, Rule::Freestyle).unwrap();
    assert_eq!(rec.moves.len(), 1);
    assert_eq!(rec.black, "");
    // No end section at all.
    let rec = GameRecord::from_psq("Piskvorky 15x15, 0:0, 0\n8,8,0", Rule::Freestyle).unwrap();
    assert_eq!(rec.moves.len(), 1);
    // Setup stones are written as the first moves.
    let mut opening = GameRecord::new(15, Rule::Freestyle);
    opening.setup = vec![
        (Pos::new(7, 7), Stone::Black),
        (Pos::new(8, 8), Stone::Black),
        (Pos::new(7, 8), Stone::White),
    ];
    opening
        .moves
        .push(RecordMove::new(Pos::new(1, 1), Stone::White));
    let back = GameRecord::from_psq(&opening.to_psq().unwrap(), Rule::Freestyle).unwrap();
    assert_eq!(back.moves.len(), 4);
    assert_eq!(
        back.to_game().unwrap().board(),
        opening.to_game().unwrap().board()
    );
    // Two white setup stones and no black ones cannot alternate.
    opening.setup = vec![
        (Pos::new(7, 7), Stone::White),
        (Pos::new(8, 8), Stone::White),
    ];
    opening.moves.clear();
    assert!(matches!(
        opening.to_psq(),
        Err(RecordError::Unrepresentable { .. })
    ));
}

#[test]
fn to_game_reports_rule_breaking_moves_by_number() {
    let mut rec = GameRecord::new(15, Rule::Freestyle);
    rec.moves = vec![
        RecordMove::new(Pos::new(7, 7), Stone::Black),
        RecordMove::new(Pos::new(7, 7), Stone::White),
    ];
    let e = rec.to_game().unwrap_err();
    assert!(matches!(
        e,
        RecordError::IllegalMove {
            number: 2,
            error: MoveError::Occupied { .. },
            ..
        }
    ));
    assert!(e.to_string().contains("move 2 (White h8)"), "{e}");
    // Off the board: no panic while naming the point.
    rec.moves[1].pos = Pos::new(200, 3);
    let e = rec.to_game().unwrap_err();
    assert!(e.to_string().contains("200,3"), "{e}");
    rec.size = 40;
    assert_eq!(
        rec.to_game().unwrap_err(),
        RecordError::InvalidSize { size: 40 }
    );
    assert!(rec.to_sgf().is_err() && rec.to_psq().is_err());
}

#[test]
fn save_atomic_and_load_detect_the_format() {
    let dir = std::env::temp_dir().join(format!("gomoku-records-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    let game = random_game(&mut rng, 15, Rule::Renju, 40);
    let rec = GameRecord::from_game(&game, "Me", "Engine");
    for format in [Format::Sgf, Format::Psq] {
        // The extension is deliberately misleading: loading goes by content.
        let path = dir.join("game.txt");
        record::save(&path, &rec, format).unwrap();
        let back = record::load(&path).unwrap();
        assert_eq!(back.to_game().unwrap().history(), game.history());
        // Overwriting replaces the file whole.
        record::save_atomic(&path, b"(;GM[4]SZ[9];B[ee])").unwrap();
        assert_eq!(record::load(&path).unwrap().size, 9);
    }
    assert_eq!(Format::from_path(Path::new("x/y.SGF")), Some(Format::Sgf));
    // No temporary files are left behind.
    let names: Vec<_> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("game.txt")]);
    // Failures name the path.
    let missing = dir.join("no/such/dir/game.sgf");
    let e = record::save_atomic(&missing, b"x").unwrap_err();
    assert!(matches!(e, RecordError::Io { .. }) && e.to_string().contains("game.sgf"));
    let e = record::load(&dir.join("absent.sgf")).unwrap_err();
    assert!(matches!(e, RecordError::Io { .. }));
    // Oversized files are refused before parsing.
    let big = dir.join("big.sgf");
    fs::write(&big, vec![b' '; MAX_RECORD_BYTES + 1]).unwrap();
    assert_eq!(
        record::load(&big).unwrap_err(),
        RecordError::TooLarge {
            limit: MAX_RECORD_BYTES
        }
    );
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sgf_keeps_clock_times_and_thinking_times() {
    let mut rec = GameRecord::new(15, Rule::Freestyle);
    for (i, m) in ["h8", "i9", "h9"].iter().enumerate() {
        let stone = [Stone::Black, Stone::White][i % 2];
        let mut mv = RecordMove::new(Pos::from_human(m, 15).unwrap(), stone);
        mv.time_ms = Some(1500 * (i as u32 + 1));
        mv.time_left_ms = Some(178_500 - 1000 * i as u32);
        rec.moves.push(mv);
    }
    rec.moves[2].comment = Some("a fine move".into());
    let text = rec.to_sgf().unwrap();
    assert!(text.contains(";B[hh]BL[178.5]C[time 1.5 s]"), "{text}");
    assert!(text.contains("WL[177.5]"), "{text}");
    let back = GameRecord::from_sgf(&text).unwrap();
    let times: Vec<_> = back
        .moves
        .iter()
        .map(|m| (m.time_ms, m.time_left_ms))
        .collect();
    assert_eq!(
        times,
        vec![
            (Some(1500), Some(178_500)),
            (Some(3000), Some(177_500)),
            (Some(4500), Some(176_500))
        ]
    );
    assert_eq!(
        back.moves[2].comment.as_deref(),
        Some("time 4.5 s\na fine move")
    );
    // Written again, the same text: the time line is not added twice.
    assert_eq!(back.to_sgf().unwrap(), text);
    // A time left that is not a number is an error naming the property.
    let bad = text.replace("BL[178.5]", "BL[soon]");
    let e = GameRecord::from_sgf(&bad).unwrap_err().to_string();
    assert!(e.contains("BL") && e.contains("soon"), "{e}");
}

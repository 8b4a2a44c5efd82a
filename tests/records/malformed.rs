//! Broken files: a corpus with the error each must give, huge inputs, random mutations.

use super::*;

/// The variant of an error, for the corpus table.
fn kind(e: &RecordError) -> &'static str {
    match e {
        RecordError::Io { .. } => "Io",
        RecordError::TooLarge { .. } => "TooLarge",
        RecordError::Empty => "Empty",
        RecordError::NotUtf8 { .. } => "NotUtf8",
        RecordError::UnknownFormat => "UnknownFormat",
        RecordError::Syntax { .. } => "Syntax",
        RecordError::Truncated { .. } => "Truncated",
        RecordError::Unterminated { .. } => "Unterminated",
        RecordError::TooDeep { .. } => "TooDeep",
        RecordError::BadProperty { .. } => "BadProperty",
        RecordError::BadPoint { .. } => "BadPoint",
        RecordError::OffBoard { .. } => "OffBoard",
        RecordError::BadSize { .. } => "BadSize",
        RecordError::NotGomoku { .. } => "NotGomoku",
        RecordError::UnknownRule { .. } => "UnknownRule",
        RecordError::Unsupported { .. } => "Unsupported",
        RecordError::PsqHeader { .. } => "PsqHeader",
        RecordError::PsqMove { .. } => "PsqMove",
        RecordError::PsqOffBoard { .. } => "PsqOffBoard",
        RecordError::InvalidSize { .. } => "InvalidSize",
        RecordError::IllegalSetup { .. } => "IllegalSetup",
        RecordError::IllegalMove { .. } => "IllegalMove",
        RecordError::OutOfTurn { .. } => "OutOfTurn",
        RecordError::Unrepresentable { .. } => "Unrepresentable",
    }
}

/// Every file in `bad/`, the error it must give and a piece of the message that says what
/// and where.
const BAD: &[(&str, &str, &str)] = &[
    ("truncated.sgf", "Truncated", "line 1"),
    (
        "unterminated_value.sgf",
        "Unterminated",
        "property C at byte 25",
    ),
    ("unbalanced_bracket.sgf", "Syntax", "unexpected ']'"),
    (
        "unbalanced_paren.sgf",
        "Syntax",
        "unexpected ')' after the end",
    ),
    ("bad_point.sgf", "BadPoint", "property B at byte 20"),
    (
        "pass_move.sgf",
        "BadPoint",
        "property W at byte 26, line 1: an empty value (a pass)",
    ),
    ("off_board.sgf", "OffBoard", "'pp' is off the 15x15"),
    ("occupied.sgf", "IllegalMove", "move 3 (Black i7, byte 31"),
    ("forbidden_renju.sgf", "IllegalMove", "move 9 (Black h8"),
    ("after_win.sgf", "IllegalMove", "move 10 (White e15"),
    ("gm1.sgf", "NotGomoku", "property GM"),
    ("sz30.sgf", "BadSize", "property SZ"),
    ("sz_nonsquare.sgf", "BadSize", "not square"),
    ("bad_ru.sgf", "UnknownRule", "'Chess'"),
    ("empty.sgf", "Empty", "empty"),
    ("whitespace_only.sgf", "Empty", "empty"),
    ("deep_nesting.sgf", "TooDeep", "1000 levels"),
    (
        "node_after_variation.sgf",
        "Syntax",
        "cannot follow a variation",
    ),
    ("empty_tree.sgf", "Syntax", "must begin with a node"),
    ("both_colours.sgf", "BadProperty", "property W at byte 24"),
    ("out_of_turn.sgf", "OutOfTurn", "move 2"),
    ("bad_result.sgf", "BadProperty", "property RE"),
    (
        "duplicate_property.sgf",
        "BadProperty",
        "property PB at byte 25",
    ),
    (
        "setup_occupied.sgf",
        "IllegalSetup",
        "setup stone 3 (White h8",
    ),
    ("remove_stones.sgf", "Unsupported", "property AE"),
    ("setup_after_moves.sgf", "Unsupported", "property AB"),
    ("missing_value.sgf", "Syntax", "property B has no value"),
    ("not_sgf.txt", "UnknownFormat", "not a game record"),
    ("garbage.bin", "NotUtf8", "byte 0"),
    ("latin1_comment.sgf", "NotUtf8", "byte 23"),
    ("bad_header.psq", "PsqHeader", "line 1"),
    ("bad_header_word.psq", "PsqHeader", "line 1"),
    ("psq_nonsquare.psq", "PsqHeader", "20x15 is not square"),
    ("psq_size_too_big.psq", "PsqHeader", "size 30"),
    ("bad_line.psq", "PsqMove", "line 3"),
    ("psq_two_fields.psq", "PsqMove", "line 3"),
    ("psq_negative_time.psq", "PsqMove", "line 3"),
    ("psq_off_board.psq", "PsqOffBoard", "line 3"),
    ("psq_zero_coordinate.psq", "PsqOffBoard", "line 3"),
    (
        "psq_occupied.psq",
        "IllegalMove",
        "move 3 (Black h8, line 4)",
    ),
];

#[test]
fn malformed_corpus_gives_the_expected_errors() {
    let dir = data_dir().join("bad");
    let mut files: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert!(files.len() >= 20);
    // Collect every mismatch so one run shows them all.
    let mut failures = Vec::new();
    for name in &files {
        let Some(&(_, expected, fragment)) = BAD.iter().find(|(n, _, _)| n == name) else {
            failures.push(format!("{name} is in the corpus but not in the table"));
            continue;
        };
        let e = match record::load(&dir.join(name)) {
            Ok(rec) => {
                failures.push(format!("{name} was accepted: {rec:?}"));
                continue;
            }
            Err(e) => e,
        };
        let message = e.to_string();
        if kind(&e) != expected || !message.contains(fragment) {
            failures.push(format!(
                "{name}: got {} '{message}', expected {expected} with '{fragment}'",
                kind(&e)
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    for (name, _, _) in BAD {
        assert!(files.iter().any(|f| f == name), "{name} is missing");
    }
}

#[test]
fn huge_and_pathological_inputs_are_errors_not_crashes() {
    // Over the size limit.
    let big = vec![b'('; MAX_RECORD_BYTES + 1];
    assert!(matches!(
        record::parse(&big),
        Err(RecordError::TooLarge { .. })
    ));
    // A main line of half a million empty nodes: no recursion, so no stack overflow.
    let chain = format!("(;GM[4]{})", ";".repeat(500_000));
    let rec = GameRecord::from_sgf(&chain).unwrap();
    assert!(rec.moves.is_empty());
    // Deep nesting is refused at the cap.
    let deep = format!("(;{}", "(;".repeat(400_000));
    assert!(matches!(
        GameRecord::from_sgf(&deep),
        Err(RecordError::TooDeep { .. })
    ));
    // Many side variations are skipped, whatever they hold.
    let wide = format!("(;GM[4];B[hh](;W[ii]){})", "(;W[zz]C[\\]])".repeat(20_000));
    assert_eq!(GameRecord::from_sgf(&wide).unwrap().moves.len(), 2);
    // A giant value is reported briefly.
    let long = format!("(;GM[4];B[{}])", "q".repeat(500_000));
    let e = GameRecord::from_sgf(&long).unwrap_err();
    assert!(e.to_string().len() < 300, "{e}");
}

/// Applies one random edit.
fn mutate(rng: &mut StdRng, data: &mut Vec<u8>) {
    const SPECIAL: &[u8] = b"()[];\\:\n\r,-0123456789abhzBWAE \xff\xc3";
    if data.is_empty() {
        data.push(SPECIAL[rng.random_range(0..SPECIAL.len())]);
        return;
    }
    let i = rng.random_range(0..data.len());
    match rng.random_range(0..7) {
        0 => data.truncate(i),
        1 => data[i] = rng.random_range(0..=255u8),
        2 => data[i] = SPECIAL[rng.random_range(0..SPECIAL.len())],
        3 => data.insert(i, SPECIAL[rng.random_range(0..SPECIAL.len())]),
        4 => {
            let j = rng.random_range(i..=data.len().min(i + 8));
            data.drain(i..j);
        }
        5 => {
            let j = rng.random_range(i..=data.len().min(i + 16));
            let chunk: Vec<u8> = data[i..j].to_vec();
            let at = rng.random_range(0..=data.len());
            data.splice(at..at, chunk);
        }
        _ => {
            let j = rng.random_range(0..data.len());
            data.swap(i, j);
        }
    }
}

#[test]
fn random_mutations_never_panic() {
    let mut rng = StdRng::seed_from_u64(0x5EED);
    let mut seeds: Vec<Vec<u8>> = [
        "renju_commented.sgf",
        "setup_opening.sgf",
        "piskvork_20x20.psq",
    ]
    .iter()
    .map(|n| fs::read(data_dir().join("good").join(n)).unwrap())
    .collect();
    for i in 0..4 {
        let rule = Rule::ALL[i % 3];
        let game = random_game(&mut rng, 15, rule, 60);
        let mut rec = GameRecord::from_game(&game, "A]b", "C\\d");
        rec.comment = Some(hard_text(&mut rng));
        seeds.push(rec.to_sgf().unwrap().into_bytes());
        seeds.push(rec.to_psq().unwrap().into_bytes());
    }
    let mut accepted = 0;
    for round in 0..12_000 {
        let mut data = seeds[round % seeds.len()].clone();
        for _ in 0..rng.random_range(1..4) {
            mutate(&mut rng, &mut data);
        }
        if let Ok(rec) = record::parse(&data) {
            accepted += 1;
            // Whatever is accepted must replay and survive a write and re-read.
            let game = rec.to_game().expect("accepted records replay");
            let back = GameRecord::from_sgf(&rec.to_sgf().unwrap()).unwrap();
            assert_eq!(back.to_game().unwrap().history(), game.history());
            if let Ok(psq) = rec.to_psq() {
                GameRecord::from_psq(&psq, rec.rule).unwrap();
            }
        }
    }
    // Some mutations (inside comments, times) keep the file valid.
    assert!(accepted > 0);

    // Token soup: random sequences of SGF pieces reach grammar states byte edits rarely do.
    const TOKENS: &[&str] = &[
        "(",
        ")",
        ";",
        "(;",
        "B[hh]",
        "W[ii]",
        "B[jj]",
        "W[hh]",
        "AB[aa:cc]",
        "AW[dd]",
        "AE[aa]",
        "C[x\\]y]",
        "C[\\\n]",
        "SZ[9]",
        "SZ[15:15]",
        "GM[4]",
        "GM[1]",
        "RU[Renju]",
        "RU[x]",
        "RE[W+R]",
        "PB[a]",
        "B[]",
        "B[zz]",
        "B[Hh]",
        "[",
        "]",
        "\\",
        " \n",
        "CoP[q]",
    ];
    for _ in 0..6000 {
        let mut text = String::from("(;GM[4]");
        for _ in 0..rng.random_range(0..40) {
            text.push_str(TOKENS[rng.random_range(0..TOKENS.len())]);
        }
        if rng.random_range(0..2) == 0 {
            text.push(')');
        }
        if let Ok(rec) = GameRecord::from_sgf(&text) {
            let again = GameRecord::from_sgf(&rec.to_sgf().unwrap()).unwrap();
            assert_eq!(
                again.to_game().unwrap().history(),
                rec.to_game().unwrap().history()
            );
        }
    }
}

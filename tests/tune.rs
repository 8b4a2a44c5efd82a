//! The `tune` tool end to end on a few games: `gen` is reproducible and records the
//! four-pattern counts, `fit --pcodes --threats` lowers the loss and writes a table file of
//! the engine's shape, a malformed data file is refused with its line, and `policygen`'s
//! positions replay as legal games with their results, and `policylabel` searches them again
//! (with `--rank`, scored candidates that `policytrain --rank-temp` trains on).

use std::path::PathBuf;
use std::process::Command;

fn tune(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tune"))
        .args(args)
        .output()
        .expect("tune runs")
}

/// `tune` with the words of `fixed` and then `rest` (file paths, which may hold spaces).
fn tune_words(fixed: &str, rest: &[&str]) -> std::process::Output {
    let mut args: Vec<&str> = fixed.split_whitespace().collect();
    args.extend(rest);
    tune(&args)
}

/// A run's output, once it has succeeded (else its output and errors).
fn ok(run: std::process::Output) -> String {
    let text = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    text
}

/// A file in a folder of `test`'s own: the tests run at once, and one removing its folder
/// must not take another's files with it.
fn scratch(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gomoku-tune-test-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The loss figures of a `fit` line such as "  before: loss 0.53990 (held out 0.54623)".
fn loss_after(out: &str, label: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with(label))
        .unwrap_or_else(|| panic!("no '{label}' line in:\n{out}"));
    let at = line.find("loss ").expect("a loss figure") + 5;
    line[at..]
        .split_whitespace()
        .next()
        .unwrap()
        .trim_end_matches(',')
        .parse()
        .unwrap()
}

#[test]
fn gen_is_reproducible_and_fit_writes_a_better_table() {
    let a = scratch("gen", "a.txt");
    let b = scratch("gen", "b.txt");
    for out in [&a, &b] {
        let o = tune(&[
            "gen",
            "--games",
            "16",
            "--nodes",
            "400",
            "--seed",
            "5",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "same seed, same file"
    );
    // Each line: game, result, 2 x 25 counts, then per side a count and (pcode, count) pairs.
    let first: Vec<u32> = text
        .lines()
        .next()
        .expect("some positions")
        .split_whitespace()
        .skip(2)
        .map(|t| t.parse().unwrap())
        .collect();
    let n0 = first[50] as usize;
    assert!(
        n0 > 0,
        "the side to move's four-pattern counts are recorded"
    );
    let n1 = first[51 + 2 * n0] as usize;
    assert_eq!(first.len(), 52 + 2 * n0 + 2 * n1);

    let table = scratch("gen", "eval_table.rs");
    let o = tune(&[
        "fit",
        "--data",
        a.to_str().unwrap(),
        "--iters",
        "200",
        "--pcodes",
        "--threats",
        "--min-count",
        "3",
        "--write",
        table.to_str().unwrap(),
    ]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        loss_after(&out, "after") < loss_after(&out, "before"),
        "the fit lowers the training loss:\n{out}"
    );
    let written = std::fs::read_to_string(&table).unwrap();
    for part in [
        "pub const TABLE: EvalTable",
        "line: [[",
        "combo: [[",
        "pcode: [",
        "threat: [",
    ] {
        assert!(written.contains(part), "{part} missing from the table file");
    }
    assert!(
        written.contains("--pcodes --threats"),
        "the command is recorded"
    );
    let _ = std::fs::remove_dir_all(a.parent().unwrap());
}

#[test]
fn a_malformed_data_file_is_refused_with_its_line() {
    let bad = scratch("bad", "bad.txt");
    let mut row = vec!["0".to_string(), "1".to_string()];
    row.extend(std::iter::repeat_n("0".to_string(), 50));
    // Says three pcodes follow, gives one.
    row.extend(["3", "7", "1"].map(String::from));
    std::fs::write(&bad, format!("{}\n", row.join(" "))).unwrap();
    let o = tune(&["fit", "--data", bad.to_str().unwrap(), "--iters", "1"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 1") && err.contains("end early"), "{err}");
    assert!(!o.status.success());
    let _ = std::fs::remove_file(&bad);
}

/// `gen --rule renju --all` (data format 2): a header, every position from the 7th move with
/// its rule, colour, search score and quiet flag; `fit --rule --colour` keeps only the quiet
/// positions of that rule and colour, and refuses those flags on a format 1 file.
#[test]
fn gen_all_writes_format_2_and_fit_filters_by_rule_and_colour() {
    let data = scratch("all", "renju-all.txt");
    let o = tune(&[
        "gen",
        "--games",
        "8",
        "--nodes",
        "400",
        "--seed",
        "9",
        "--rule",
        "renju",
        "--all",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&data).unwrap();
    let mut lines = text.lines();
    assert!(
        lines.next().unwrap().starts_with("# tune gen 2"),
        "the header"
    );
    let rows: Vec<Vec<i64>> = lines
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.parse::<f64>().unwrap() as i64)
                .collect()
        })
        .collect();
    assert!(rows.len() > 20, "{} positions", rows.len());
    // Renju is rule 2; both colours move; quiet and non-quiet positions both kept.
    assert!(rows.iter().all(|r| r[2] == 2));
    assert!(rows.iter().any(|r| r[3] == 0) && rows.iter().any(|r| r[3] == 1));
    assert!(rows.iter().any(|r| r[5] == 1) && rows.iter().any(|r| r[5] == 0));
    // A search score near +-20000 is a proven result; it agrees with the game's result.
    for r in rows.iter().filter(|r| r[4].abs() > 19_000) {
        let won = r[4] > 0;
        assert_eq!(
            r[1] == 1,
            won,
            "a proven win or loss is the game's result: {:?}",
            &r[..6]
        );
    }
    let black_quiet = rows.iter().filter(|r| r[3] == 0 && r[5] == 1).count();
    let fit = |extra: &[&str]| {
        let mut args = vec!["fit", "--data", data.to_str().unwrap(), "--iters", "5"];
        args.extend_from_slice(extra);
        tune(&args)
    };
    let o = fit(&["--rule", "renju", "--colour", "black", "--per-game", "1000"]);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        out.contains(&format!("tune fit: {black_quiet} positions")),
        "only Black's quiet positions ({black_quiet}):\n{out}"
    );
    // No freestyle positions in a Renju file.
    let o = fit(&["--rule", "freestyle"]);
    assert!(!o.status.success());
    // The flags need format 2.
    let old = scratch("all", "format1.txt");
    let o = tune(&[
        "gen",
        "--games",
        "2",
        "--nodes",
        "200",
        "--seed",
        "3",
        "--out",
        old.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = tune(&["fit", "--data", old.to_str().unwrap(), "--colour", "white"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("format 2"));
}

/// `movegen --cutoffs` writes nodes from inside the searches (more than one a move, each
/// with its cut-off move among its candidates), reproducibly, and `movefit` fits them.
#[test]
fn movegen_cutoffs_records_nodes_inside_the_search_for_movefit() {
    // A folder of its own: the other tests remove theirs when done, in parallel.
    let dir = std::env::temp_dir().join(format!("gomoku-tune-cutoffs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b, roots) = (
        dir.join("cut-a.txt"),
        dir.join("cut-b.txt"),
        dir.join("roots.txt"),
    );
    let base = ["movegen", "--games", "2", "--nodes", "3000", "--seed", "5"];
    for (out, cutoffs) in [(&a, true), (&b, true), (&roots, false)] {
        let mut args = base.to_vec();
        args.extend(["--rule", "freestyle", "--out", out.to_str().unwrap()]);
        if cutoffs {
            args.push("--cutoffs");
        }
        let o = tune(&args);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "not reproducible"
    );
    let rows = text.lines().count();
    let moves = std::fs::read_to_string(&roots).unwrap().lines().count();
    assert!(
        moves > 0 && rows > moves,
        "{rows} cut-off nodes for {moves} moves"
    );
    for line in text.lines() {
        let v: Vec<usize> = line
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert!(v[1] < v[2] && v.len() == 3 + 4 * v[2], "{line}");
    }
    let o = tune(&["movefit", "--data", a.to_str().unwrap(), "--iters", "50"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        loss_after(&out, "after") < loss_after(&out, "before"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `policygen` is reproducible whatever its threads, and every line replays: its moves are
/// a legal game from the empty board, one more each line of a game, the search's move is
/// legal there, and the result is the game's for the side to move (opposite for the two
/// sides, the same for a side all game).
#[test]
fn policygen_positions_replay_with_their_results() {
    use gomoku::engine::gomoku::{Game, Pos, Rule};
    let a = scratch("policy", "policy-a.txt");
    let b = scratch("policy", "policy-b.txt");
    for (out, threads) in [(&a, "1"), (&b, "2")] {
        let run = tune(&[
            "policygen",
            "--games",
            "3",
            "--nodes",
            "400",
            "--seed",
            "5",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let text = std::fs::read_to_string(&a).unwrap();
    assert_eq!(
        text,
        std::fs::read_to_string(&b).unwrap(),
        "threads change nothing"
    );
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("# tune policygen 1"));
    let mut last: Option<(u64, usize, i64)> = None;
    let mut count = 0;
    for line in lines {
        let v: Vec<i64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        let (game, rule, ply, best, result) = (v[0] as u64, v[1], v[2] as usize, v[3], v[5]);
        assert_eq!(v.len(), 6 + ply, "{line}");
        assert!([-1, 0, 1].contains(&result), "{line}");
        let mut g = Game::new(15, Rule::ALL[rule as usize]).unwrap();
        for &m in &v[6..] {
            g.play(Pos::from_index(m as usize, 15))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        assert!(
            g.check_move(Pos::from_index(best as usize, 15)).is_ok(),
            "{line}"
        );
        if let Some((pg, pply, presult)) = last
            && pg == game
        {
            assert_eq!(ply, pply + 1, "one move more: {line}");
            assert_eq!(result, -presult, "the other side's result: {line}");
        }
        last = Some((game, ply, result));
        count += 1;
    }
    assert!(count > 10, "{count} positions");
    let _ = std::fs::remove_dir_all(a.parent().unwrap());
}

/// The figures of a `policytrain` epoch line: training loss, held-out loss.
fn epoch_figures(line: &str) -> (f64, f64) {
    let v: Vec<&str> = line.split_whitespace().collect();
    (v[2].parse().unwrap(), v[3].parse().unwrap())
}

/// `policytrain` on policygen data: the positions are read (duplicates under symmetry left
/// out), the tables' figures are printed for comparison, training learns the search's
/// moves (on a dozen games the training loss falls far below the uniform policy's; the
/// held-out figures need real data: docs/benchmarks/history.md), a file of the engine's
/// format is written, and a line that is not a game is refused with its line number.
#[test]
fn policytrain_learns_the_search_s_moves_and_writes_a_policy() {
    use gomoku::engine::gomoku::ai::policy::{FloatPolicy, Policy};
    let data = scratch("policytrain", "policy.txt");
    let out = scratch("policytrain", "policy.bin");
    let run = tune(&[
        "policygen",
        "--games",
        "12",
        "--nodes",
        "300",
        "--seed",
        "2",
        "--threads",
        "2",
        "--out",
        data.to_str().unwrap(),
    ]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let o = tune(&[
        "policytrain",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--epochs",
        "6",
        "--batch",
        "32",
        "--lr",
        "0.01",
        "--threads",
        "2",
    ]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        text.contains("pattern tables (today's order) on held-out: top-1"),
        "{text}"
    );
    let uniform: f64 = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("uniform policy: held-out loss "))
        .expect("the uniform policy's loss")
        .parse()
        .unwrap();
    let epochs: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(epochs.len(), 6, "{text}");
    let (first, _) = epoch_figures(epochs[0]);
    let (last, held) = epoch_figures(epochs[5]);
    assert!(
        last < first && last < uniform / 2.0,
        "{first} {last} {uniform}: {text}"
    );
    assert!(held.is_finite(), "{text}");
    let policy = FloatPolicy::from_bytes(&std::fs::read(&out).unwrap()).unwrap();
    assert!(policy.params.iter().all(|v| v.is_finite()));
    // The engine reads it: the trainer keeps every parameter in the integer range.
    Policy::quantize(&policy, "policy.bin").unwrap();
    // `--init` with no epochs measures a policy file on the data and writes nothing: the
    // written policy has the last epoch's held-out figures.
    let unwritten = scratch("policytrain", "unwritten.bin");
    let (d, u, f) = (data.to_str(), unwritten.to_str(), out.to_str());
    let (d, u, f) = (d.unwrap(), u.unwrap(), f.unwrap());
    let o = tune_words(
        "policytrain --epochs 0",
        &["--data", d, "--out", u, "--init", f],
    );
    let measured = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{measured}");
    let line = measured
        .lines()
        .find(|l| l.contains(" on held-out: loss "))
        .unwrap_or_else(|| panic!("no measure of the file: {measured}"));
    let last: Vec<&str> = epochs[5].split_whitespace().collect();
    assert!(
        line.contains(&format!(
            "loss {}, top-1 {}, top-3 {} ",
            last[3], last[4], last[5]
        )),
        "{line} against {}",
        epochs[5]
    );
    assert!(!unwritten.exists());
    // And its search reduces by it (`GOMOKU_POLICY`): other node counts to a fixed depth
    // than with no policy, the same on a second run; a rule's own variable wins over it.
    let nodes = |vars: &[(&str, &std::ffi::OsStr)]| {
        let mut bench = Command::new(env!("CARGO_BIN_EXE_bench"));
        // The time cap only guards against a hang: bench's default (10 s a position, and
        // the root VCF's share of it) cut searches short on a loaded machine, and the node
        // counts of two runs differed.
        bench.args([
            "--speed-only",
            "--depth",
            "9",
            "--positions",
            "3",
            "--time",
            "3600",
        ]);
        for rule in ["", "_FREESTYLE", "_STANDARD", "_RENJU"] {
            bench.env_remove(format!("GOMOKU_POLICY{rule}"));
        }
        bench.envs(vars.iter().copied());
        let o = bench.output().expect("bench runs");
        let text = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(o.status.success(), "{text}");
        let total = text.lines().find_map(|l| l.trim().strip_prefix("total: "));
        let total = total.unwrap_or_else(|| panic!("no total: {text}"));
        total.split(' ').next().unwrap().to_string()
    };
    let file = out.as_os_str();
    let none = std::ffi::OsStr::new("none");
    let with = nodes(&[("GOMOKU_POLICY", file)]);
    let without = nodes(&[("GOMOKU_POLICY", none)]);
    assert_ne!(with, without, "the policy changes nothing");
    assert_eq!(
        with,
        nodes(&[("GOMOKU_POLICY", file)]),
        "the same search twice"
    );
    // bench's positions are freestyle ones.
    assert_eq!(
        without,
        nodes(&[("GOMOKU_POLICY", file), ("GOMOKU_POLICY_FREESTYLE", none)])
    );
    assert_eq!(
        with,
        nodes(&[("GOMOKU_POLICY", none), ("GOMOKU_POLICY_FREESTYLE", file)])
    );
    assert_eq!(
        without,
        nodes(&[("GOMOKU_POLICY", none), ("GOMOKU_POLICY_RENJU", file)])
    );

    // A broken line says which.
    let mut lines: Vec<String> = std::fs::read_to_string(&data)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    lines[3] = "0 0 2 112 5 1 112".into();
    std::fs::write(&data, lines.join("\n")).unwrap();
    let o = tune(&[
        "policytrain",
        "--data",
        data.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 4") && err.contains("ply moves"), "{err}");
    let _ = std::fs::remove_dir_all(data.parent().unwrap());
}

/// `policylabel` searches a policygen file's positions again: at policygen's own node count
/// it gives back the same file (the same searches, a game's positions in order through one
/// engine); deeper, it keeps every line's game, moves and result, gives legal moves, and
/// `--games` keeps the first games only. A line that is not a position is refused with its
/// line number.
#[test]
fn policylabel_relabels_positions_and_keeps_their_games() {
    use gomoku::engine::gomoku::{Game, Pos, Rule};
    let data = scratch("policylabel", "data.txt");
    let same = scratch("policylabel", "same.txt");
    let deep = scratch("policylabel", "deep.txt");
    let (d, same_path, deep_path) = (data.to_str(), same.to_str(), deep.to_str());
    let (d, same_path, deep_path) = (d.unwrap(), same_path.unwrap(), deep_path.unwrap());
    ok(tune_words(
        "policygen --games 3 --nodes 400 --seed 9 --out",
        &[d],
    ));
    ok(tune_words(
        "policylabel --nodes 400 --threads 2",
        &["--data", d, "--out", same_path],
    ));
    let text = std::fs::read_to_string(&data).unwrap();
    assert_eq!(text, std::fs::read_to_string(&same).unwrap());
    ok(tune_words(
        "policylabel --nodes 3000 --games 2",
        &["--data", d, "--out", deep_path],
    ));
    let first_two: Vec<&str> = text
        .lines()
        .skip(1)
        .filter(|l| l.starts_with("0 ") || l.starts_with("1 "))
        .collect();
    let relabelled = std::fs::read_to_string(&deep).unwrap();
    let mut lines = relabelled.lines();
    assert!(lines.next().unwrap().starts_with("# tune policygen 1"));
    let relabelled: Vec<&str> = lines.collect();
    assert_eq!(
        relabelled.len(),
        first_two.len(),
        "the first two games' positions"
    );
    let mut changed = 0;
    for (new, old) in relabelled.iter().zip(&first_two) {
        let (n, o): (Vec<i64>, Vec<i64>) = (
            new.split(' ').map(|w| w.parse().unwrap()).collect(),
            old.split(' ').map(|w| w.parse().unwrap()).collect(),
        );
        assert_eq!(n[..3], o[..3], "game, rule, ply: {new}");
        assert_eq!(n[5..], o[5..], "result and moves: {new}");
        changed += usize::from(n[3] != o[3]);
        let mut g = Game::new(15, Rule::ALL[n[1] as usize]).unwrap();
        for &m in &n[6..] {
            g.play(Pos::from_index(m as usize, 15)).unwrap();
        }
        assert!(
            g.check_move(Pos::from_index(n[3] as usize, 15)).is_ok(),
            "{new}"
        );
    }
    assert!(changed > 0, "a deeper search changes some moves");
    let bad = scratch("policylabel", "bad.txt");
    // Ply 2 with one move.
    let header = text.lines().next().unwrap();
    std::fs::write(&bad, format!("{header}\n0 0 2 5 0 1 112\n")).unwrap();
    let run = tune(&[
        "policylabel",
        "--data",
        bad.to_str().unwrap(),
        "--out",
        deep_path,
    ]);
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("line 2"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&deep).unwrap().lines().count(),
        first_two.len() + 1,
        "the last output is left whole"
    );
    let _ = std::fs::remove_dir_all(data.parent().unwrap());
}

/// `policylabel --rank` gives each position scored candidates (the ranking target): the
/// search's move first, each a legal move of the position, at most `--rank` of them, the
/// rest of the line as without it; `policytrain --rank-temp` trains on them; a ranked line
/// whose pairs do not match its count is refused with its line number.
#[test]
fn policylabel_ranks_candidates_and_policytrain_trains_on_them() {
    use gomoku::engine::gomoku::{Game, Pos, Rule};
    let data = scratch("policyrank", "data.txt");
    let ranked = scratch("policyrank", "ranked.txt");
    let out = scratch("policyrank", "policy.bin");
    let (d, r, o) = (data.to_str(), ranked.to_str(), out.to_str());
    let (d, r, o) = (d.unwrap(), r.unwrap(), o.unwrap());
    ok(tune_words(
        "policygen --games 6 --nodes 400 --seed 4 --threads 2 --out",
        &[d],
    ));
    ok(tune_words(
        "policylabel --nodes 400 --rank 4 --rank-nodes 150 --threads 2",
        &["--data", d, "--out", r],
    ));
    let plain = std::fs::read_to_string(&data).unwrap();
    let text = std::fs::read_to_string(&ranked).unwrap();
    let mut lines = text.lines();
    assert!(lines.next().unwrap().starts_with("# tune policygen 2"));
    let lines: Vec<&str> = lines.collect();
    let plain: Vec<&str> = plain.lines().skip(1).collect();
    assert_eq!(lines.len(), plain.len());
    // The first position is searched before any candidate: its line is the plain one's.
    assert!(
        lines[0].starts_with(&format!("{} ", plain[0])),
        "{}",
        lines[0]
    );
    let mut scored_total = 0;
    for (line, old) in lines.iter().zip(&plain) {
        let n: Vec<i64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        let o: Vec<i64> = old.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(n[..3], o[..3], "game, rule, ply: {line}");
        let end = 6 + n[2] as usize;
        assert_eq!(n[5..end], o[5..], "result and moves: {line}");
        let k = n[end] as usize;
        assert!((1..=4).contains(&k), "{line}");
        let pairs: Vec<&[i64]> = n[end + 1..].chunks(2).collect();
        assert_eq!(pairs.len(), k, "{line}");
        assert_eq!(pairs[0][0], n[3], "the search's move first: {line}");
        let mut g = Game::new(15, Rule::ALL[n[1] as usize]).unwrap();
        for &m in &n[6..end] {
            g.play(Pos::from_index(m as usize, 15)).unwrap();
        }
        let mut seen = std::collections::HashSet::new();
        for p in &pairs {
            assert!(seen.insert(p[0]), "a move twice: {line}");
            assert!(
                g.check_move(Pos::from_index(p[0] as usize, 15)).is_ok(),
                "{line}"
            );
            assert!(p[1].abs() <= 20_000, "{line}");
        }
        scored_total += k;
    }
    assert!(
        scored_total > 2 * lines.len(),
        "most positions have several candidates"
    );
    let text = ok(tune_words(
        "policytrain --epochs 3 --batch 32 --lr 0.01 --rank-temp 100",
        &["--data", r, "--out", o],
    ));
    let count: usize = text
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("ranking target (--rank-temp 100) on ")
        })
        .unwrap_or_else(|| panic!("no ranking line: {text}"))
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(count > 0, "{text}");
    let epochs: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(epochs.len(), 3, "{text}");
    let (first, _) = epoch_figures(epochs[0]);
    let (last, _) = epoch_figures(epochs[2]);
    assert!(last < first, "{text}");
    let bad = scratch("policyrank", "bad.txt");
    let header = std::fs::read_to_string(&ranked).unwrap();
    let header = header.lines().next().unwrap();
    // A bad data line: the trainer refuses it (exit 2); its error, which names the line.
    let refused = |line: &str| {
        std::fs::write(&bad, format!("{header}\n{line}\n")).unwrap();
        let run = tune_words(
            "policytrain --rank-temp 100",
            &["--data", bad.to_str().unwrap(), "--out", o],
        );
        assert_eq!(run.status.code(), Some(2), "{line}");
        let err = String::from_utf8_lossy(&run.stderr).into_owned();
        assert!(err.contains("line 2"), "{err}");
        err
    };
    // Two candidates announced, one given.
    let err = refused("0 0 1 113 5 1 112 2 113 5");
    assert!(err.contains("move-score pairs"), "{err}");
    // A line too short for its fixed fields is refused the same way.
    refused("0 0");
    // A count no line could hold is refused the same way, not overflowed.
    refused("0 0 1 113 5 1 112 9223372036854775807 113 5");
    let _ = std::fs::remove_dir_all(data.parent().unwrap());
}

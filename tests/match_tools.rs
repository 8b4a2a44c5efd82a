//! The match runner's arithmetic and files: Elo with its margin, the SPRT, openings files
//! (values checked against an independent calculation of the same formulas).

use gomoku::engine::gomoku::Pos;
use gomoku::protocol::matches::{Sprt, SprtState, Wdl, elo_of, parse_openings, score_of};

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn elo_and_margin() {
    assert!(close(elo_of(0.5), 0.0, 1e-9));
    assert!(close(elo_of(0.75), 190.8485, 1e-3));
    assert!(close(score_of(190.8485), 0.75, 1e-6));
    let r = Wdl {
        wins: 30,
        draws: 0,
        losses: 10,
    };
    assert_eq!(r.games(), 40);
    let (elo, margin) = r.elo().unwrap();
    assert!(close(elo, 190.85, 0.01), "{elo}");
    assert!(close(margin, 135.58, 0.01), "{margin}");
    let r = Wdl {
        wins: 52,
        draws: 10,
        losses: 38,
    };
    assert!(close(r.score(), 0.57, 1e-9));
    let (elo, margin) = r.elo().unwrap();
    assert!(
        close(elo, 48.96, 0.01) && close(margin, 66.00, 0.01),
        "{elo} {margin}"
    );
    // A clean sweep has no finite estimate.
    let sweep = Wdl {
        wins: 5,
        draws: 0,
        losses: 0,
    };
    assert_eq!(sweep.elo(), None);
    // One win and one loss bound nothing: the interval reaches a score of 0 and of 1, and
    // the even score is +0 (printed "+0", not "-0").
    let even = Wdl {
        wins: 1,
        draws: 0,
        losses: 1,
    };
    let (elo, margin) = even.elo().unwrap();
    assert_eq!(format!("{elo:+.0}"), "+0");
    assert!(margin.is_infinite(), "{margin}");
}

#[test]
fn sprt_llr_bounds_and_decisions() {
    let sprt = Sprt::parse("0,50").unwrap();
    assert_eq!((sprt.alpha, sprt.beta), (0.05, 0.05));
    let (lo, hi) = sprt.bounds();
    assert!(close(lo, -2.9444, 1e-4) && close(hi, 2.9444, 1e-4));
    let strong = Wdl {
        wins: 30,
        draws: 0,
        losses: 10,
    };
    assert!(close(sprt.llr(&strong), 3.2666, 1e-3));
    assert_eq!(sprt.state(&strong), SprtState::AcceptH1);
    let even = Wdl {
        wins: 10,
        draws: 20,
        losses: 10,
    };
    assert!(close(sprt.llr(&even), -0.8171, 1e-3));
    assert_eq!(sprt.state(&even), SprtState::Continue);
    let weak = Wdl {
        wins: 10,
        draws: 0,
        losses: 30,
    };
    assert_eq!(sprt.state(&weak), SprtState::AcceptH0);
    assert_eq!(sprt.llr(&Wdl::default()), 0.0);
    // A lucky start decides nothing: its LLR is past the bound, the games too few.
    let lucky = Wdl {
        wins: 7,
        draws: 1,
        losses: 0,
    };
    assert!(sprt.llr(&lucky) > hi, "{}", sprt.llr(&lucky));
    assert_eq!(sprt.state(&lucky), SprtState::Continue);
    let custom = Sprt::parse("-10, 10, 0.1, 0.2").unwrap();
    assert_eq!(
        (custom.elo0, custom.elo1, custom.alpha, custom.beta),
        (-10.0, 10.0, 0.1, 0.2)
    );
    for bad in ["50", "50,0", "0,50,0.7,0.05", "a,b", "0,50,0.05"] {
        assert!(Sprt::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn openings_files() {
    let text = "# comment\n\nh8 i9 j8   # trailing comment\n7,7 8,8\n";
    let o = parse_openings(text, 15).unwrap();
    assert_eq!(o.len(), 2);
    assert_eq!(o[0], vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 7)]);
    assert_eq!(o[1], vec![Pos::new(7, 7), Pos::new(8, 8)]);
    let e = parse_openings("h8 i9\nh8 z99\n", 15).unwrap_err();
    assert_eq!(e.line, 2);
    assert!(e.to_string().starts_with("line 2: 'z99'"), "{e}");
    let e = parse_openings("h8 i9 h8\n", 15).unwrap_err();
    assert_eq!(e.to_string(), "line 1: 'h8' is played twice");
    let e = parse_openings("15,3\n", 15).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(parse_openings("# nothing\n", 15).is_err());
}

#[test]
fn the_shipped_openings_are_playable_under_every_rule() {
    for (text, want) in [
        (include_str!("../assets/openings/balanced-15.txt"), 120),
        (include_str!("../assets/openings/balanced-200.txt"), 200),
    ] {
        let openings = parse_openings(text, 15).unwrap();
        assert_eq!(openings.len(), want);
        for rule in gomoku::engine::gomoku::Rule::ALL {
            for o in &openings {
                let g = gomoku::engine::gomoku::Game::from_moves(15, rule, o).unwrap();
                assert!(!g.outcome().is_over());
            }
        }
    }
}

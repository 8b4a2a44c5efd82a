//! The opening rules step by step, their errors, undo and the text form (the AI: ai_tests.rs).

use super::*;
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::Pos;

pub(super) fn p(text: &str) -> Pos {
    Pos::from_human(text, 15).unwrap()
}

pub(super) fn new(rule: Rule, opening: OpeningRule) -> Opening {
    Opening::new(15, rule, opening).unwrap()
}

/// Plays `script` (action texts; `swap`/`stay` allowed), checking each is legal.
pub(super) fn run(o: &mut Opening, script: &str) {
    for t in script.split_whitespace() {
        let a = o.parse_action(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        o.apply(a)
            .unwrap_or_else(|e| panic!("{t} at {:?}: {e}", o.step()));
    }
}

fn place(player: Player, stone: Stone, area: Option<u8>) -> Step {
    Step::Place {
        player,
        stone,
        area,
    }
}

fn choose(player: Player, options: &[Choice]) -> Step {
    Step::ChooseColour {
        player,
        options: options.to_vec(),
    }
}

const COLOUR: [Choice; 2] = [Choice::TakeBlack, Choice::TakeWhite];
use Player::{First, Second};
use Stone::{Black, White};

#[test]
fn names_and_rules() {
    for o in OpeningRule::ALL {
        assert_eq!(OpeningRule::from_name(o.name()), Some(o));
        assert_eq!(OpeningRule::from_name(&o.name().to_uppercase()), Some(o));
    }
    assert_eq!(
        OpeningRule::from_name("soosorv 8"),
        Some(OpeningRule::Soosorv8)
    );
    assert_eq!(OpeningRule::from_name("swap3"), None);
    assert!(OpeningRule::Swap2.applies_to(Rule::Standard));
    assert!(!OpeningRule::Swap2.applies_to(Rule::Renju));
    assert!(OpeningRule::Taraguchi10.applies_to(Rule::Renju));
    assert!(matches!(
        Opening::new(15, Rule::Freestyle, OpeningRule::Yamaguchi),
        Err(OpeningError::RuleMismatch { .. })
    ));
    assert!(matches!(
        Opening::new(7, Rule::Renju, OpeningRule::Taraguchi10),
        Err(OpeningError::BoardTooSmall { min: 9, .. })
    ));
    assert!(matches!(
        Opening::new(3, Rule::Freestyle, OpeningRule::Swap),
        Err(OpeningError::Size(_))
    ));
    let none = new(Rule::Renju, OpeningRule::None);
    assert!(none.is_done());
    assert_eq!(none.game().to_move(), Black);
}

#[test]
fn swap_both_choices() {
    for (choice, black) in [("black", Second), ("white", First)] {
        let mut o = new(Rule::Freestyle, OpeningRule::Swap);
        assert_eq!(o.step(), place(First, Black, None));
        run(&mut o, "a1 o15 h8");
        assert_eq!(o.step(), choose(Second, &COLOUR));
        run(&mut o, choice);
        assert!(o.is_done());
        assert_eq!(o.black(), black);
        assert_eq!(o.game().to_move(), White);
        assert_eq!(o.game().ply(), 3);
    }
    // `swap` is relative to the chooser: the second player is the tentative White.
    let mut o = new(Rule::Standard, OpeningRule::Swap);
    run(&mut o, "h8 h9 i9 swap");
    assert_eq!(o.black(), Second);
}

#[test]
fn swap2_every_branch() {
    let three = "h8 h9 j9";
    let mut o = new(Rule::Standard, OpeningRule::Swap2);
    run(&mut o, three);
    let all = [Choice::TakeBlack, Choice::TakeWhite, Choice::PlaceTwo];
    assert_eq!(o.step(), choose(Second, &all));
    for (script, black, ply) in [
        ("black", Second, 3),
        ("white", First, 3),
        ("two g7 j8 black", First, 5),
        ("two g7 j8 white", Second, 5),
    ] {
        let mut o = new(Rule::Freestyle, OpeningRule::Swap2);
        run(&mut o, three);
        run(&mut o, script);
        assert!(o.is_done(), "{script}");
        assert_eq!(o.black(), black, "{script}");
        assert_eq!(o.game().ply(), ply);
        assert_eq!(o.game().to_move(), White, "{script}");
    }
    let mut o = new(Rule::Freestyle, OpeningRule::Swap2);
    run(&mut o, three);
    run(&mut o, "two");
    assert_eq!(o.step(), place(Second, White, None));
    run(&mut o, "g7");
    assert_eq!(o.step(), place(Second, Black, None));
    run(&mut o, "j8");
    assert_eq!(o.step(), choose(First, &COLOUR));
    let g = o.into_game();
    assert_eq!(g.history()[4].stone, Black);
}

#[test]
fn yamaguchi_steps() {
    let mut o = new(Rule::Renju, OpeningRule::Yamaguchi);
    assert_eq!(o.step(), place(First, Black, Some(0)));
    run(&mut o, "h8");
    assert_eq!(o.step(), place(First, White, Some(1)));
    run(&mut o, "i9");
    assert_eq!(o.step(), place(First, Black, Some(2)));
    run(&mut o, "j8");
    assert_eq!(canonical_opening(o.game()), Some((16, "Kosei")));
    assert_eq!(
        o.step(),
        Step::Declare {
            player: First,
            min: 1,
            max: 12
        }
    );
    run(&mut o, "n=2");
    assert_eq!(o.step(), choose(Second, &COLOUR));
    run(&mut o, "swap");
    assert_eq!(o.black(), Second);
    assert_eq!(o.step(), place(First, White, None));
    run(&mut o, "a1");
    assert_eq!(
        o.step(),
        Step::Offer {
            player: Second,
            remaining: 2
        }
    );
    run(&mut o, "offer:i8");
    assert_eq!(o.offers(), &[p("i8")]);
    assert_eq!(o.game().ply(), 4, "offers are not stones");
    assert_eq!(
        o.step(),
        Step::Offer {
            player: Second,
            remaining: 1
        }
    );
    run(&mut o, "offer:g9");
    assert_eq!(o.step(), Step::Pick { player: First });
    run(&mut o, "pick:g9");
    assert!(o.is_done());
    assert!(o.offers().is_empty());
    assert_eq!(o.game().ply(), 5);
    assert_eq!(o.game().history()[4].pos, p("g9"));
    assert_eq!(o.game().to_move(), White);
    assert_eq!(o.black(), Second);
}

#[test]
fn soosorv8_steps() {
    let mut o = new(Rule::Renju, OpeningRule::Soosorv8);
    run(&mut o, "h8 h9 h10");
    assert_eq!(canonical_opening(o.game()), Some((1, "Kansei")));
    assert_eq!(o.step(), choose(Second, &COLOUR));
    run(&mut o, "stay");
    assert_eq!(o.black(), First);
    assert_eq!(o.step(), place(Second, White, None));
    run(&mut o, "i10");
    assert_eq!(
        o.step(),
        Step::Declare {
            player: Second,
            min: 1,
            max: 8
        }
    );
    run(&mut o, "n=3");
    assert_eq!(o.step(), choose(First, &COLOUR));
    run(&mut o, "white");
    assert_eq!(o.black(), Second);
    assert_eq!(
        o.step(),
        Step::Offer {
            player: Second,
            remaining: 3
        }
    );
    run(&mut o, "offer:g9 offer:g10 offer:j9");
    assert_eq!(o.step(), Step::Pick { player: First });
    run(&mut o, "pick:g10");
    assert!(o.is_done());
    assert_eq!(o.game().to_move(), White);
}

#[test]
fn taraguchi10_both_choices() {
    let mut o = new(Rule::Renju, OpeningRule::Taraguchi10);
    assert_eq!(o.step(), place(First, Black, Some(0)));
    run(&mut o, "h8");
    assert_eq!(o.step(), choose(Second, &COLOUR));
    run(&mut o, "swap");
    // The first player now holds White and places move 2.
    assert_eq!(o.step(), place(First, White, Some(1)));
    run(&mut o, "h9");
    assert_eq!(o.step(), choose(Second, &COLOUR));
    run(&mut o, "stay");
    assert_eq!(o.step(), place(Second, Black, Some(2)));
    run(&mut o, "j10");
    assert_eq!(o.step(), choose(First, &COLOUR));
    run(&mut o, "stay");
    assert_eq!(o.step(), place(First, White, Some(3)));
    run(&mut o, "k11");
    let five = [Choice::TakeBlack, Choice::TakeWhite, Choice::OfferFifths];
    assert_eq!(o.step(), choose(Second, &five));
    let base = o.clone();
    // Choice 1: keep, a fifth within 9x9, the last swap.
    run(&mut o, "black");
    assert_eq!(o.step(), place(Second, Black, Some(4)));
    run(&mut o, "l12");
    assert_eq!(o.step(), choose(First, &COLOUR));
    run(&mut o, "swap");
    assert!(o.is_done());
    assert_eq!(o.black(), First);
    assert_eq!(o.game().to_move(), White);
    // Choice 1 after a swap at move 4: the new Black places, no offers.
    let mut o = base.clone();
    run(&mut o, "swap");
    assert_eq!(o.step(), place(First, Black, Some(4)));
    // Choice 2: ten offers, then White's pick, no swap.
    let mut o = base;
    run(&mut o, "offers");
    for (i, t) in [
        "g7", "g8", "g9", "g10", "g11", "h7", "h10", "h11", "i7", "i8",
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(
            o.step(),
            Step::Offer {
                player: Second,
                remaining: 10 - i as u8
            }
        );
        run(&mut o, &format!("offer:{t}"));
    }
    assert_eq!(o.step(), Step::Pick { player: First });
    run(&mut o, "pick:h10");
    assert!(o.is_done());
    assert_eq!(o.black(), Second);
    assert_eq!(o.game().to_move(), White);
    assert_eq!(o.game().ply(), 5);
}

/// The area a placing step gives out is the one its check applies: every point inside is
/// allowed, every empty point outside refused as off the area.
#[test]
fn the_area_given_out_is_the_one_checked() {
    let mut o = new(Rule::Renju, OpeningRule::Taraguchi10);
    let mut seen = Vec::new();
    for script in ["h8 swap", "h9 stay", "j10 stay", "k11 black", ""] {
        let area = o
            .area()
            .expect("each of moves 1-5 is kept to a central square");
        assert_eq!(area.centre, p("h8"));
        assert_eq!(area.points().count(), area.side() * area.side());
        for y in 0..15 {
            for x in 0..15 {
                let at = Pos::new(x, y);
                if o.game().board().get(at).is_some() {
                    continue;
                }
                let legal = o.legal(&Action::Place(at));
                if area.contains(at) {
                    assert!(area.points().any(|q| q == at));
                    assert!(legal.is_ok(), "{}: {legal:?}", at.to_human(15));
                } else {
                    assert!(
                        matches!(legal, Err(OpeningError::OffArea { .. })),
                        "{}: {legal:?}",
                        at.to_human(15)
                    );
                }
            }
        }
        seen.push(area.side());
        run(&mut o, script);
    }
    assert_eq!(seen, [1, 3, 5, 7, 9]);
    // A choice keeps nothing to an area; Swap2 places anywhere.
    run(&mut o, "l12");
    assert_eq!(o.area(), None);
    assert_eq!(new(Rule::Freestyle, OpeningRule::Swap2).area(), None);
}

#[test]
fn illegal_actions_are_refused_with_their_reason() {
    let mut o = new(Rule::Renju, OpeningRule::Yamaguchi);
    let e = o.apply(Action::Place(p("h9"))).unwrap_err();
    assert_eq!(
        e,
        OpeningError::OffArea {
            at: "h9".into(),
            area: 0
        }
    );
    assert!(e.to_string().contains("centre"), "{e}");
    assert!(matches!(
        o.apply(Action::Choose(Choice::TakeBlack)),
        Err(OpeningError::WrongStep { .. })
    ));
    run(&mut o, "h8");
    let e = o.apply(Action::Place(p("j10"))).unwrap_err();
    assert_eq!(e.to_string(), "j10 is outside the central 3x3 square");
    assert!(matches!(
        o.apply(Action::Place(p("h8"))),
        Err(OpeningError::Illegal { .. })
    ));
    run(&mut o, "h9 h10");
    let e = o.apply(Action::Declare(13)).unwrap_err();
    assert_eq!(
        e,
        OpeningError::DeclarationOutOfRange {
            n: 13,
            min: 1,
            max: 12
        }
    );
    assert!(o.apply(Action::Declare(0)).is_err());
    run(&mut o, "n=3");
    let e = o.apply(Action::Choose(Choice::PlaceTwo)).unwrap_err();
    assert!(matches!(e, OpeningError::NotAnOption { .. }), "{e}");
    run(&mut o, "stay");
    // Move 4 on the axis of the Kansei shape keeps the mirror symmetry.
    run(&mut o, "h11");
    assert_eq!(position_symmetries(o.game()).len(), 2);
    run(&mut o, "offer:g9");
    let e = o.apply(Action::Offer(p("i9"))).unwrap_err();
    assert_eq!(
        e,
        OpeningError::SymmetricOffer {
            at: "i9".into(),
            to: "g9".into()
        }
    );
    assert!(e.to_string().contains("symmetric"), "{e}");
    assert_eq!(
        o.apply(Action::Offer(p("g9"))),
        Err(OpeningError::AlreadyOffered { at: "g9".into() })
    );
    assert!(matches!(
        o.apply(Action::Offer(p("h9"))),
        Err(OpeningError::Illegal { .. })
    ));
    run(&mut o, "offer:g8 offer:h7");
    let e = o.apply(Action::Pick(p("i9"))).unwrap_err();
    assert_eq!(e, OpeningError::NotOffered { at: "i9".into() });
    assert_eq!(e.to_string(), "i9 is not one of the offers");
    run(&mut o, "pick:g8");
    assert_eq!(o.apply(Action::Place(p("a1"))), Err(OpeningError::Finished));
    // A refused action leaves everything as it was.
    assert_eq!(o.actions().len(), 10);
}

#[test]
fn undo_restores_the_previous_step_exactly() {
    let scripts: [(Rule, OpeningRule, &str); 5] = [
        (Rule::Freestyle, OpeningRule::Swap, "h8 h9 j9 swap"),
        (
            Rule::Freestyle,
            OpeningRule::Swap2,
            "h8 h9 j9 two g7 j8 white",
        ),
        (
            Rule::Renju,
            OpeningRule::Yamaguchi,
            "h8 h9 i8 n=2 swap k10 offer:g9 offer:g7 pick:g7",
        ),
        (
            Rule::Renju,
            OpeningRule::Soosorv8,
            "h8 i9 j7 stay a1 n=2 swap offer:j8 offer:g9 pick:g9",
        ),
        (
            Rule::Renju,
            OpeningRule::Taraguchi10,
            "h8 swap h9 stay i10 swap g11 black k12 swap",
        ),
    ];
    for (rule, opening, script) in scripts {
        let mut o = new(rule, opening);
        let mut before = Vec::new();
        for t in script.split_whitespace() {
            before.push((o.step(), o.black(), o.offers().to_vec(), o.game().hash()));
            run(&mut o, t);
        }
        assert!(o.is_done(), "{script}");
        while let Some(a) = o.undo() {
            let (step, black, offers, hash) = before.pop().unwrap();
            assert_eq!(o.step(), step, "{script}: undo {a:?}");
            assert_eq!(o.black(), black);
            assert_eq!(o.offers(), offers.as_slice());
            assert_eq!(o.game().hash(), hash);
        }
        assert!(before.is_empty());
        assert_eq!(o.undo(), None);
    }
}

#[test]
fn text_form_round_trips() {
    let actions = [
        Action::Place(p("h8")),
        Action::Place(p("a15")),
        Action::Choose(Choice::TakeBlack),
        Action::Choose(Choice::TakeWhite),
        Action::Choose(Choice::PlaceTwo),
        Action::Choose(Choice::OfferFifths),
        Action::Declare(4),
        Action::Declare(12),
        Action::Offer(p("h10")),
        Action::Pick(p("o1")),
    ];
    for a in actions {
        let t = a.text(15);
        assert_eq!(Action::parse(&t, 15), Ok(a), "{t}");
        assert_eq!(Action::parse(&t.to_uppercase(), 15), Ok(a), "{t}");
    }
    assert_eq!(Action::Offer(p("h10")).text(15), "offer:h10");
    assert_eq!(Action::Declare(4).text(15), "n=4");
    for bad in [
        "", "z99", "n=", "n=x", "n=1000", "offer:", "pick:q1", "swapp", "h0",
    ] {
        let e = Action::parse(bad, 15).unwrap_err();
        assert!(matches!(e, OpeningError::Parse { .. }), "{bad}: {e}");
        assert!(e.to_string().starts_with('\''), "{e}");
    }
    // `swap` needs a colour choice to mean something.
    assert!(
        new(Rule::Freestyle, OpeningRule::Swap)
            .parse_action("swap")
            .is_err()
    );
    // A record replays; a bad one says which action failed.
    let o = Opening::from_actions(
        15,
        Rule::Freestyle,
        OpeningRule::Swap2,
        &[
            Action::Place(p("h8")),
            Action::Place(p("h9")),
            Action::Place(p("h8")),
        ],
    );
    let e = o.unwrap_err();
    assert!(matches!(e, OpeningError::Replay { index: 2, .. }));
    assert_eq!(
        e.to_string(),
        "opening action 3: h8 is already taken by Black"
    );
}

#[test]
fn canonical_openings_in_every_orientation() {
    let mut seen = std::collections::BTreeSet::new();
    for o in CANONICAL_OPENINGS {
        let [a, b, c] = o.stones(15);
        for g in Symmetry::ALL {
            let stones: Vec<Pos> = [a, b, c].iter().map(|&q| g.apply(q, 15).unwrap()).collect();
            let game = Game::from_moves(15, Rule::Renju, &stones).unwrap();
            assert_eq!(canonical_opening(&game), Some((o.number, o.name)));
        }
        seen.insert(o.number);
    }
    assert_eq!(seen.len(), 26);
    // Every legal three-stone start is one of the 26.
    let c = p("h8");
    let mut count = 0;
    for w in Game::new(15, Rule::Renju).unwrap().board().empty_points() {
        for b in Game::new(15, Rule::Renju).unwrap().board().empty_points() {
            let d = |q: Pos| q.x.abs_diff(c.x).max(q.y.abs_diff(c.y));
            if d(w) != 1 || d(b) > 2 || b == w || b == c {
                continue;
            }
            let game = Game::from_moves(15, Rule::Renju, &[c, w, b]).unwrap();
            assert!(canonical_opening(&game).is_some());
            count += 1;
        }
    }
    assert_eq!(count, 184);
    let off = Game::from_moves(15, Rule::Renju, &[p("h8"), p("h10"), p("i8")]).unwrap();
    assert_eq!(canonical_opening(&off), None);
    assert_eq!(
        CANONICAL_OPENINGS[3].stones(15),
        [p("h8"), p("h9"), p("i9")],
        "4D Kagetsu"
    );
}

//! The session's rules of play, per game: turns, undo by turns, names.

use super::*;
use crate::engine::connect4 as c4;
use crate::engine::gomoku::ai::Level;
use crate::engine::gomoku::{Game, Pos, Rule};
use crate::gui::kind::connect4::{any_level as c4_level, col};
use crate::gui::kind::gomoku::{any_level, point};

fn gomoku(opponent: Opponent, human: Side) -> Session {
    let game = AnyGame::new(Game::new(15, Rule::Freestyle).unwrap());
    Session::new(game, opponent, human, 1)
}

fn connect4(opponent: Opponent, human: Side) -> Session {
    let game = AnyGame::new(c4::Game::new(c4::BoardSize::STANDARD));
    Session::new(game, opponent, human, 1)
}

fn p(s: &str) -> Move {
    point(Pos::from_human(s, 15).unwrap())
}

#[test]
fn undo_against_the_ai_returns_to_the_persons_turn() {
    let gomoku_ai = Opponent::Ai(any_level(Level::Club));
    let c4_ai = Opponent::Ai(c4_level(c4::Level::Club));
    let cases = [
        (
            gomoku(gomoku_ai, Side::First),
            [p("h8"), p("h9"), p("i8"), p("i9"), p("j8")],
        ),
        (connect4(c4_ai, Side::First), [3, 3, 4, 4, 2].map(col)),
    ];
    for (mut s, moves) in cases {
        for &m in &moves[..4] {
            s.game.play(m).unwrap();
        }
        assert_eq!(s.undo_for_person(), 2);
        assert_eq!(s.game.ply(), 2);
        // While the AI thinks (the person just moved) one ply comes back.
        s.game.play(moves[4]).unwrap();
        assert_eq!(s.undo_for_person(), 1);
        assert_eq!(s.game.to_move(), Side::First);
        // Redo goes forward to the person's next turn.
        assert_eq!(s.redo_for_person(), 1);
        assert!(s.is_ai_turn());
    }
}

#[test]
fn undo_never_hands_the_first_move_back_to_the_ai() {
    let mut s = gomoku(Opponent::Ai(any_level(Level::Club)), Side::Second);
    s.game.play(p("h8")).unwrap();
    assert_eq!(s.undo_for_person(), 0);
    assert_eq!(s.game.ply(), 1);
    let mut s = connect4(Opponent::Ai(c4_level(c4::Level::Casual)), Side::Second);
    s.game.play(col(3)).unwrap();
    assert_eq!(s.undo_for_person(), 0);
}

#[test]
fn two_people_undo_one_ply_and_resigning_names_the_loser() {
    for mut s in [
        gomoku(Opponent::Person, Side::First),
        connect4(Opponent::Person, Side::First),
    ] {
        let moves = if s.game.kind().id() == crate::gui::kind::gomoku::ID {
            [p("h8"), p("h9")]
        } else {
            [col(3); 2]
        };
        for m in moves {
            s.game.play(m).unwrap();
        }
        assert_eq!(s.undo_for_person(), 1);
        assert_eq!(s.redo_for_person(), 1);
        assert_eq!(s.game.ply(), 2);
        s.resigned = Some(Side::First);
        assert_eq!(s.end().and_then(|e| e.winner()), Some(Side::Second));
    }
}

#[test]
fn record_names_say_who_played() {
    let s = connect4(Opponent::Ai(c4_level(c4::Level::Club)), Side::Second);
    assert_eq!(s.record_names(), ["Club (AI)", "You"]);
    let s = gomoku(Opponent::Person, Side::First);
    assert_eq!(s.record_names(), ["Player 1", "Player 2"]);
}

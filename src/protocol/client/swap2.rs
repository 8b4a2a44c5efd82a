//! Swap2 through a brain (`SWAP2BOARD`, the Gomocup command, which Rapfi and our own brain
//! answer): its three opening stones, its choice after three stones (play White, take
//! Black, or two stones more) and after five (play White or take Black).

use std::sync::atomic::{AtomicBool, Ordering};

use super::spec::Limit;
use super::{EngineClient, Fault, Refusal, checked_point, position_block, rule_bits};
use crate::engine::gomoku::opening::{Action, Choice, Opening, OpeningRule, Step};
use crate::engine::gomoku::{Game, Pos};
use crate::protocol::shown;

/// What a brain answered to `SWAP2BOARD`, checked against the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Swap2Answer {
    /// To the empty board: the opening's three stones (black, white, black).
    Propose([Pos; 3]),
    /// `SWAP`: it takes Black (the colour that does not move next).
    Swap,
    /// It plays White, with this move.
    Move(Pos),
    /// After three stones: a white and a black stone more; the other player chooses.
    PlaceTwo([Pos; 2]),
}

impl EngineClient {
    /// Asks the brain the Swap2 question of `game` (0, 3 or 5 stones, in the order played:
    /// the first player's black, white, black, then white, black) within `limit`.
    /// `Ok(None)` if `stop` was raised first. A brain that does not know the command
    /// (`UNKNOWN`, `ERROR`) is [`Refusal::Command`]; a wrong answer (the wrong number of
    /// points, a point taken or off the board, `SWAP` to an empty board) is a fault, as a
    /// wrong move is.
    pub fn swap2board(
        &mut self,
        game: &Game,
        limit: Limit,
        stop: &AtomicBool,
        on_message: &mut dyn FnMut(&str),
    ) -> Result<Option<Swap2Answer>, Fault> {
        self.settle_owed()?;
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        // Its own game for the opening's board and rule: the stones come in the block.
        self.start_game(game.size(), rule_bits(game.rule()))?;
        let command = if self.swap2_fields {
            position_block("SWAP2BOARD", game)
        } else {
            let mut command = String::from("SWAP2BOARD");
            for m in game.history() {
                command.push_str(&format!("\n{},{}", m.pos.x, m.pos.y));
            }
            command.push_str("\nDONE");
            command
        };
        let allowed = self.prepare_ask(limit)?;
        let Some((reply, _)) = self.ask(&command, allowed, stop, on_message)? else {
            return Ok(None);
        };
        // Whatever it answered, its board is not one `known` describes: BOARD next time.
        self.in_step = false;
        let upper = reply.trim().to_ascii_uppercase();
        if upper.starts_with("UNKNOWN") || upper.starts_with("ERROR") {
            if !game.history().is_empty() && !self.swap2_fields {
                // Rapfi reads the stones as BOARD lines and refuses the Gomocup form (an
                // ERROR for each line): asked once more in that form, by a fresh process.
                self.end(std::time::Duration::ZERO);
                self.swap2_fields = true;
                return self.swap2board(game, limit, stop, on_message);
            }
            return Err(self.fault(Fault::Refused {
                what: Refusal::Command("SWAP2BOARD"),
                reply: shown(&reply),
            }));
        }
        match read_answer(&reply, game) {
            Ok(answer) => Ok(Some(answer)),
            Err(fault) => Err(self.fault(fault)),
        }
    }
}

impl EngineClient {
    /// The brain's actions at this step of a Swap or Swap2 opening, asked with `SWAP2BOARD`:
    /// its three stones (Swap's and Swap2's first step), its colour choice after three
    /// stones (Swap2's may be two stones more) and after five. `Ok(None)`: the rule or the
    /// step has no such question, or `stop` was raised. `SWAP` takes Black; a move takes
    /// White (the move itself is asked again as the game's first move after the opening).
    /// An answer the rule does not allow (two more stones in Swap) is a fault.
    pub fn opening_actions(
        &mut self,
        opening: &Opening,
        limit: Limit,
        stop: &AtomicBool,
    ) -> Result<Option<Vec<Action>>, Fault> {
        let rule = opening.opening_rule();
        let stones = opening.game().ply();
        let asked = match opening.step() {
            Step::Place { .. } => stones == 0,
            Step::ChooseColour { .. } => stones == 3 || stones == 5,
            _ => false,
        };
        if !matches!(rule, OpeningRule::Swap | OpeningRule::Swap2) || !asked {
            return Ok(None);
        }
        let Some(answer) = self.swap2board(opening.game(), limit, stop, &mut |_| {})? else {
            return Ok(None);
        };
        let actions = match answer {
            Swap2Answer::Propose(three) => three.map(Action::Place).to_vec(),
            Swap2Answer::Swap => vec![Action::Choose(Choice::TakeBlack)],
            Swap2Answer::Move(_) => vec![Action::Choose(Choice::TakeWhite)],
            Swap2Answer::PlaceTwo([a, b]) => vec![
                Action::Choose(Choice::PlaceTwo),
                Action::Place(a),
                Action::Place(b),
            ],
        };
        let mut trial = opening.clone();
        for &a in &actions {
            if let Err(e) = trial.apply(a) {
                return Err(self.fault(Fault::NotAMove(format!(
                    "{} ({} allows no {}: {e})",
                    a.text(opening.size()),
                    rule.name(),
                    a.kind()
                ))));
            }
        }
        Ok(Some(actions))
    }
}

/// The reply to `SWAP2BOARD` on `game`'s stones, each point checked in the order it would
/// be played.
fn read_answer(reply: &str, game: &Game) -> Result<Swap2Answer, Fault> {
    let stones = game.history().len();
    let words: Vec<&str> = reply.split_whitespace().collect();
    if stones > 0 && words.len() == 1 && words[0].eq_ignore_ascii_case("SWAP") {
        return Ok(Swap2Answer::Swap);
    }
    let wanted = match stones {
        0 => "three stones",
        3 => "SWAP, a move or two stones",
        _ => "SWAP or a move",
    };
    let fits = match stones {
        0 => words.len() == 3,
        3 => matches!(words.len(), 1 | 2),
        _ => words.len() == 1,
    };
    if !fits {
        return Err(Fault::NotAMove(format!(
            "{} (SWAP2BOARD with {stones} stones wants {wanted})",
            shown(reply)
        )));
    }
    let mut after = game.clone();
    let mut points = Vec::new();
    for word in words {
        let p = checked_point(word, &after)?;
        after
            .play(p)
            .map_err(|e| Fault::NotAMove(format!("{}: {e}", shown(reply))))?;
        points.push(p);
    }
    Ok(match points[..] {
        [a, b, c] => Swap2Answer::Propose([a, b, c]),
        [a, b] => Swap2Answer::PlaceTwo([a, b]),
        [a] => Swap2Answer::Move(a),
        _ => unreachable!("counted above"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::Rule;

    fn game(points: &[(u8, u8)]) -> Game {
        let moves: Vec<Pos> = points.iter().map(|&(x, y)| Pos::new(x, y)).collect();
        Game::from_moves(15, Rule::Freestyle, &moves).unwrap()
    }

    #[test]
    fn answers_are_read_by_the_number_of_stones_and_checked() {
        let empty = game(&[]);
        assert_eq!(
            read_answer("7,7 8,8 6,8", &empty).unwrap(),
            Swap2Answer::Propose([Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 8)])
        );
        let three = game(&[(7, 7), (8, 8), (6, 8)]);
        assert_eq!(read_answer(" swap ", &three).unwrap(), Swap2Answer::Swap);
        assert_eq!(
            read_answer("9,9", &three).unwrap(),
            Swap2Answer::Move(Pos::new(9, 9))
        );
        assert_eq!(
            read_answer("9,9 5,5", &three).unwrap(),
            Swap2Answer::PlaceTwo([Pos::new(9, 9), Pos::new(5, 5)])
        );
        let five = game(&[(7, 7), (8, 8), (6, 8), (9, 9), (5, 5)]);
        assert_eq!(read_answer("SWAP", &five).unwrap(), Swap2Answer::Swap);
        assert_eq!(
            read_answer("4,4", &five).unwrap(),
            Swap2Answer::Move(Pos::new(4, 4))
        );

        // Wrong answers, each a fault that says what was wanted or what is wrong.
        let wrong = |reply: &str, g: &Game| read_answer(reply, g).unwrap_err().to_string();
        assert!(wrong("SWAP", &empty).contains("three stones"));
        assert!(wrong("7,7 8,8", &empty).contains("three stones"));
        assert!(wrong("1,1 2,2", &five).contains("SWAP or a move"));
        assert!(wrong("1,1 2,2 3,3", &three).contains("two stones"));
        assert!(
            wrong("7,7", &three).contains("not allowed"),
            "a taken point"
        );
        assert!(
            wrong("7,7 7,7 1,1", &empty).contains("not allowed"),
            "twice"
        );
        assert!(wrong("15,3", &three).contains("15,3"), "off the board");
        assert!(wrong("pass", &three).contains("pass"));
    }
}

//! The opening state machine: the steps of each rule (docs/opening-rules.md, table 6.2),
//! checked actions, and undo by replaying the action list.

use super::action::{Action, OpeningError};
use super::symmetry::symmetric_partner;
use super::{Area, Choice, OpeningRule, Player, Step};
use crate::engine::gomoku::game::Game;
use crate::engine::gomoku::pos::{Pos, Stone};
use crate::engine::gomoku::rules::Rule;

/// Fifth-move offers a Yamaguchi first player may declare.
/// UNCONFIRMED (docs/opening-rules.md 3.1): no RIF text bounds N; 1..=12 follows
/// AbstractPlay's implementation.
pub const YAMAGUCHI_OFFERS: (u8, u8) = (1, 12);
/// Soosorv-8: the White holder declares 1 to 8 offers.
pub const SOOSORV_OFFERS: (u8, u8) = (1, 8);
/// Taraguchi-10: choice 2 is always ten offers.
pub const TARAGUCHI_OFFERS: u8 = 10;

/// An opening in progress (or finished) over a [`Game`].
#[derive(Clone, Debug)]
pub struct Opening {
    opening: OpeningRule,
    game: Game,
    actions: Vec<Action>,
    black: Player,
    declared: Option<u8>,
    offers: Vec<Pos>,
    /// Colour choices made so far.
    choices: Vec<Choice>,
    step: Step,
}

impl Opening {
    /// An empty board of `size` under `rule`, at the first step of `opening`.
    pub fn new(size: usize, rule: Rule, opening: OpeningRule) -> Result<Opening, OpeningError> {
        if !opening.applies_to(rule) {
            return Err(OpeningError::RuleMismatch { opening, rule });
        }
        let game = Game::new(size, rule).map_err(OpeningError::Size)?;
        if size < opening.min_size() {
            return Err(OpeningError::BoardTooSmall {
                opening,
                size,
                min: opening.min_size(),
            });
        }
        let mut o = Opening {
            opening,
            game,
            actions: Vec::new(),
            black: Player::First,
            declared: None,
            offers: Vec::new(),
            choices: Vec::new(),
            step: Step::Done,
        };
        o.step = o.compute_step();
        Ok(o)
    }

    /// Replays `actions` from the start; the first illegal one is reported with its index.
    pub fn from_actions(
        size: usize,
        rule: Rule,
        opening: OpeningRule,
        actions: &[Action],
    ) -> Result<Opening, OpeningError> {
        let mut o = Opening::new(size, rule, opening)?;
        for (index, &a) in actions.iter().enumerate() {
            o.apply(a).map_err(|e| OpeningError::Replay {
                index,
                error: Box::new(e),
            })?;
        }
        Ok(o)
    }

    pub fn opening_rule(&self) -> OpeningRule {
        self.opening
    }

    pub fn rule(&self) -> Rule {
        self.game.rule()
    }

    pub fn size(&self) -> usize {
        self.game.size()
    }

    /// What comes next and who does it.
    pub fn step(&self) -> Step {
        self.step.clone()
    }

    pub fn is_done(&self) -> bool {
        self.step == Step::Done
    }

    /// Every action so far, first to last.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The stones so far (pending offers are not on it).
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game once the opening is over, with the side to move that plays next.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The fifth-move offers standing now.
    pub fn offers(&self) -> &[Pos] {
        &self.offers
    }

    /// The number of offers declared, once declared.
    pub fn declared(&self) -> Option<u8> {
        self.declared
    }

    /// Who holds Black now.
    pub fn black(&self) -> Player {
        self.black
    }

    /// Who holds `stone` now.
    pub fn holder(&self, stone: Stone) -> Player {
        match stone {
            Stone::Black => self.black,
            Stone::White => self.black.other(),
        }
    }

    /// The colour `player` holds now.
    pub fn colour_of(&self, player: Player) -> Stone {
        if player == self.black {
            Stone::Black
        } else {
            Stone::White
        }
    }

    /// The centre point of the board (the areas are measured from it).
    pub fn centre(&self) -> Pos {
        let c = (self.size() / 2) as u8;
        Pos::new(c, c)
    }

    /// Chebyshev distance of `pos` from the centre.
    pub fn distance(&self, pos: Pos) -> u8 {
        let c = self.centre();
        pos.x.abs_diff(c.x).max(pos.y.abs_diff(c.y))
    }

    /// The central square of `radius` (0: the centre point).
    pub fn area_of(&self, radius: u8) -> Area {
        Area {
            centre: self.centre(),
            radius,
        }
    }

    /// The square the stone of this step must go in, when the step keeps it to one (the
    /// same area [`Opening::legal`] checks).
    pub fn area(&self) -> Option<Area> {
        match self.step {
            Step::Place { area: Some(r), .. } => Some(self.area_of(r)),
            _ => None,
        }
    }

    /// Reads an action's text for the current step: as [`Action::parse`], plus `swap`
    /// (the chooser takes the colour they do not hold) and `stay`/`keep` (they keep theirs).
    pub fn parse_action(&self, text: &str) -> Result<Action, OpeningError> {
        let word = text.trim().to_ascii_lowercase();
        if let Step::ChooseColour { player, .. } = &self.step {
            let mine = self.colour_of(*player);
            let take = |s: Stone| match s {
                Stone::Black => Action::Choose(Choice::TakeBlack),
                Stone::White => Action::Choose(Choice::TakeWhite),
            };
            match word.as_str() {
                "swap" => return Ok(take(mine.opponent())),
                "stay" | "keep" | "noswap" => return Ok(take(mine)),
                _ => {}
            }
        }
        Action::parse(text, self.size())
    }

    /// Whether `action` may be taken now, and if not, why.
    pub fn legal(&self, action: &Action) -> Result<(), OpeningError> {
        let at = |p: Pos| p.to_human(self.size());
        let wrong = || OpeningError::WrongStep {
            expected: self.step.kind(),
            got: action.kind(),
        };
        match (&self.step, *action) {
            (Step::Done, _) => Err(OpeningError::Finished),
            (Step::Place { stone, area, .. }, Action::Place(p)) => {
                self.game
                    .check_placement(p, *stone)
                    .map_err(|error| OpeningError::Illegal { at: at(p), error })?;
                match area {
                    Some(a) if !self.area_of(*a).contains(p) => Err(OpeningError::OffArea {
                        at: at(p),
                        area: *a,
                    }),
                    _ => Ok(()),
                }
            }
            (Step::ChooseColour { options, .. }, Action::Choose(c)) => {
                if options.contains(&c) {
                    Ok(())
                } else {
                    Err(OpeningError::NotAnOption {
                        choice: c,
                        options: options.clone(),
                    })
                }
            }
            (Step::Declare { min, max, .. }, Action::Declare(n)) => {
                if (*min..=*max).contains(&n) {
                    Ok(())
                } else {
                    Err(OpeningError::DeclarationOutOfRange {
                        n,
                        min: *min,
                        max: *max,
                    })
                }
            }
            (Step::Offer { .. }, Action::Offer(p)) => {
                self.game
                    .check_placement(p, Stone::Black)
                    .map_err(|error| OpeningError::Illegal { at: at(p), error })?;
                if self.offers.contains(&p) {
                    return Err(OpeningError::AlreadyOffered { at: at(p) });
                }
                match symmetric_partner(&self.game, p, &self.offers) {
                    Some(q) => Err(OpeningError::SymmetricOffer {
                        at: at(p),
                        to: at(q),
                    }),
                    None => Ok(()),
                }
            }
            (Step::Pick { .. }, Action::Pick(p)) => {
                if self.offers.contains(&p) {
                    Ok(())
                } else {
                    Err(OpeningError::NotOffered { at: at(p) })
                }
            }
            _ => Err(wrong()),
        }
    }

    /// Takes `action` if it is legal; otherwise nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<(), OpeningError> {
        self.legal(&action)?;
        let player = self.step.player().unwrap_or(Player::First);
        match action {
            Action::Place(p) => {
                // Legal by the check above: the colour alternates from Black.
                let size = self.size();
                self.game.play(p).map_err(|error| OpeningError::Illegal {
                    at: p.to_human(size),
                    error,
                })?;
            }
            Action::Choose(c) => {
                match c {
                    Choice::TakeBlack => self.black = player,
                    Choice::TakeWhite => self.black = player.other(),
                    Choice::PlaceTwo => {}
                    // The chooser holds Black and keeps it.
                    Choice::OfferFifths => self.declared = Some(TARAGUCHI_OFFERS),
                }
                self.choices.push(c);
            }
            Action::Declare(n) => self.declared = Some(n),
            Action::Offer(p) => self.offers.push(p),
            Action::Pick(p) => {
                let size = self.size();
                self.game.play(p).map_err(|error| OpeningError::Illegal {
                    at: p.to_human(size),
                    error,
                })?;
                self.offers.clear();
            }
        }
        self.actions.push(action);
        self.step = self.compute_step();
        Ok(())
    }

    /// Takes back the last action (rebuilding the opening from the others).
    pub fn undo(&mut self) -> Option<Action> {
        let last = *self.actions.last()?;
        let keep = &self.actions[..self.actions.len() - 1];
        // Every kept action was legal in this order, so the replay cannot fail.
        let rebuilt = Opening::from_actions(self.size(), self.rule(), self.opening, keep).ok()?;
        *self = rebuilt;
        Some(last)
    }

    fn picked(&self) -> bool {
        self.actions.iter().any(|a| matches!(a, Action::Pick(_)))
    }

    /// The step the actions so far lead to (docs/opening-rules.md, 6.2).
    fn compute_step(&self) -> Step {
        let n = self.game.ply();
        let chosen = self.choices.len();
        let to_move = self.game.to_move();
        let place = |player: Player, area: Option<u8>| Step::Place {
            player,
            stone: to_move,
            area,
        };
        let choose = |player: Player, options: &[Choice]| Step::ChooseColour {
            player,
            options: options.to_vec(),
        };
        const COLOUR: [Choice; 2] = [Choice::TakeBlack, Choice::TakeWhite];
        let black = self.black;
        let white = black.other();
        let offers_left = |declared: u8| declared.saturating_sub(self.offers.len() as u8);
        let offer_or_pick = |declared: u8| match offers_left(declared) {
            0 => Step::Pick { player: white },
            remaining => Step::Offer {
                player: black,
                remaining,
            },
        };
        match self.opening {
            OpeningRule::None => Step::Done,
            OpeningRule::Swap => match (n, chosen) {
                (0..=2, _) => place(Player::First, None),
                (3, 0) => choose(Player::Second, &COLOUR),
                _ => Step::Done,
            },
            OpeningRule::Swap2 => match (n, chosen) {
                (0..=2, _) => place(Player::First, None),
                (3, 0) => choose(
                    Player::Second,
                    &[Choice::TakeBlack, Choice::TakeWhite, Choice::PlaceTwo],
                ),
                (3 | 4, 1) if self.choices[0] == Choice::PlaceTwo => place(Player::Second, None),
                (5, 1) => choose(Player::First, &COLOUR),
                _ => Step::Done,
            },
            OpeningRule::Yamaguchi => match n {
                0..=2 => place(Player::First, Some(n as u8)),
                3 => match (self.declared, chosen) {
                    (None, _) => Step::Declare {
                        player: Player::First,
                        min: YAMAGUCHI_OFFERS.0,
                        max: YAMAGUCHI_OFFERS.1,
                    },
                    (Some(_), 0) => choose(Player::Second, &COLOUR),
                    _ => place(white, None),
                },
                4 => offer_or_pick(self.declared.unwrap_or(1)),
                _ => Step::Done,
            },
            OpeningRule::Soosorv8 => match n {
                0..=2 => place(Player::First, Some(n as u8)),
                3 if chosen == 0 => choose(Player::Second, &COLOUR),
                3 => place(white, None),
                4 => match (self.declared, chosen) {
                    (None, _) => Step::Declare {
                        player: white,
                        min: SOOSORV_OFFERS.0,
                        max: SOOSORV_OFFERS.1,
                    },
                    (Some(_), 1) => choose(black, &COLOUR),
                    (Some(d), _) => offer_or_pick(d),
                },
                _ => Step::Done,
            },
            OpeningRule::Taraguchi10 => {
                let offering = self.choices.get(3) == Some(&Choice::OfferFifths);
                match (n, chosen) {
                    // Moves 1-4, each in its central square, then a swap point.
                    (0..=3, c) if c == n => place(self.holder(to_move), Some(n as u8)),
                    (1..=3, c) if c + 1 == n => choose(self.holder(to_move), &COLOUR),
                    // After move 4 the Black holder swaps, keeps and places the fifth, or
                    // keeps and offers ten. UNCONFIRMED (docs/opening-rules.md 3.3, an
                    // interpretation shared with AbstractPlay): after a swap here the new
                    // Black may only place a single fifth in the 9x9, not offer ten.
                    (4, 3) => choose(
                        black,
                        &[Choice::TakeBlack, Choice::TakeWhite, Choice::OfferFifths],
                    ),
                    (4, 4) if offering => offer_or_pick(TARAGUCHI_OFFERS),
                    (4, 4) => place(black, Some(4)),
                    (5, 4) if !self.picked() => choose(white, &COLOUR),
                    _ => Step::Done,
                }
            }
        }
    }
}

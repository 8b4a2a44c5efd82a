//! Who plays what: the level or the external engine at each side (an engine match's player
//! in the person's seat), the engines at the table and their warm-up, the players' names as
//! play, the result and the record say them, and the person's view of the end.

use super::*;

impl Session {
    /// The level searching for `side` (the AI's, or in an engine match the player in the
    /// person's seat); `None` for a person.
    pub fn level_of(&self, side: Side) -> Option<AnyLevel> {
        match &self.autoplay {
            Some(player) if side == self.human => Some(player.level),
            _ if side == self.human => None,
            _ => self.ai_level(),
        }
    }

    /// The external engines at the table.
    pub fn engines(&self) -> impl Iterator<Item = &EngineSeat> {
        [
            self.engine.as_ref(),
            self.autoplay.as_ref().and_then(|p| p.engine.as_ref()),
        ]
        .into_iter()
        .flatten()
    }

    /// Starts the engines at the table before the game's clock runs.
    pub fn warm_up_engines(&self) {
        for seat in self.engines() {
            let Some(engines) = self.game.kind().engines() else {
                continue;
            };
            let game = self.game.clone();
            seat.warm_up(move |seat| engines.prepare(&game, seat));
        }
    }

    /// Whether an engine at the table is still starting (the clock waits).
    pub fn engines_warming(&self) -> bool {
        self.engines().any(EngineSeat::is_warming)
    }

    /// The external engine playing `side`, if one does.
    pub fn engine_of(&self, side: Side) -> Option<&EngineSeat> {
        if side == self.human {
            self.autoplay.as_ref().and_then(|p| p.engine.as_ref())
        } else {
            self.engine.as_ref()
        }
    }

    /// A player's name, the same in play, on the result screen and (in English) in the
    /// record and so in the replay: "You", "Club (AI)", or between two people "Player 1".
    pub fn player_name(&self, side: Side) -> Msg {
        if let Some(online) = &self.online {
            // Names go with the seats; `side` is a colour.
            let seat = self.seat_colour(side);
            let name = online.names[seat.index()].clone();
            return match online.seat {
                Some(mine) if mine == seat => Msg::key("player-online-you").with("name", name),
                _ => Msg::verbatim(name),
            };
        }
        if let Some(player) = self.autoplay.as_ref().filter(|_| side == self.human) {
            return player.name();
        }
        match self.opponent {
            Opponent::Ai(_) if side != self.human && self.engine.is_some() => {
                let name = self
                    .engine
                    .as_ref()
                    .map_or(String::new(), |e| e.name.clone());
                Msg::key("player-engine").with("name", name)
            }
            Opponent::Ai(level) if side != self.human => {
                Msg::key("player-ai").with("level", level.title())
            }
            Opponent::Ai(_) => Msg::key("player-you"),
            // Between people a name goes with the player, who may change colour in an
            // opening: `human` is the colour the first-named player holds.
            Opponent::Person => {
                let player = if side == self.human {
                    self.human_player
                } else {
                    self.human_player.other()
                };
                self.game.kind().def().two_player_name(player)
            }
        }
    }

    /// The person's view of an end against the AI; `None` between two people.
    pub fn person_result(&self, end: &GameEnd) -> Option<Verdict> {
        if self.autoplay.is_some() {
            return None;
        }
        if let Some(online) = &self.online {
            let seat = online.seat?;
            return Some(match end.winner() {
                None => Verdict::Draw,
                Some(w) if self.seat_colour(w) == seat => Verdict::Win,
                Some(_) => Verdict::Loss,
            });
        }
        self.ai_level()?;
        Some(match end.winner() {
            None => Verdict::Draw,
            Some(w) if w == self.human => Verdict::Win,
            Some(_) => Verdict::Loss,
        })
    }

    /// What the person sees at the end of the game: their win, loss or draw against the AI;
    /// between people a win (someone won) or a draw.
    pub fn end_verdict(&self, end: &GameEnd) -> Verdict {
        match self.person_result(end) {
            Some(verdict) => verdict,
            None if end.winner().is_some() => Verdict::Win,
            None => Verdict::Draw,
        }
    }

    /// The names as the record keeps them: in English, whatever the player reads.
    pub fn record_names(&self) -> [String; 2] {
        // Online, the names the players gave (`PB`, `PW`), on both computers alike.
        if let Some(online) = &self.online {
            return [Side::First, Side::Second]
                .map(|colour| online.names[self.seat_colour(colour).index()].clone());
        }
        [
            self.player_name(Side::First).english(),
            self.player_name(Side::Second).english(),
        ]
    }
}

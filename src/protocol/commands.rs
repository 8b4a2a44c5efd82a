//! The one-line commands: game set-up (`START`, `RECTSTART`, `RESTART`), moves (`BEGIN`,
//! `TURN`, `TAKEBACK`, `PLAY`), `SHOWFORBID` and `INFO`.

use super::*;

/// The rule a Gomocup `INFO rule` bitmask asks for, and a note on the bits we cannot honour.
/// Bits: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
pub fn rule_from_bits(bits: u64) -> (Rule, Option<String>) {
    let rule = if bits & 4 != 0 {
        Rule::Renju
    } else if bits & 1 != 0 {
        Rule::Standard
    } else {
        Rule::Freestyle
    };
    let mut unsupported = Vec::new();
    if bits & 2 != 0 {
        unsupported.push("continuous game (2)".to_string());
    }
    if bits & 8 != 0 {
        unsupported.push("caro (8)".to_string());
    }
    if bits & !15 != 0 {
        unsupported.push(format!("unknown bits {}", bits & !15));
    }
    let note = (!unsupported.is_empty()).then(|| {
        format!(
            "rule {bits}: {} not supported, playing {}",
            unsupported.join(", "),
            rule.name()
        )
    });
    (rule, note)
}

impl<T: Thinker> Brain<T> {
    pub(super) fn no_args(&self, cmd: &str, args: &str, out: &mut impl Write) -> bool {
        if args.is_empty() {
            true
        } else {
            error(
                out,
                &format!("{cmd} takes no arguments, got '{}'", shown(args)),
            );
            false
        }
    }

    /// The current game, or an `ERROR` when there is none.
    pub(super) fn need_game(&self, out: &mut impl Write) -> bool {
        if self.game.is_none() {
            error(out, "no board yet: send START first");
        }
        self.game.is_some()
    }

    pub(super) fn new_game(&mut self, size: usize, out: &mut impl Write) {
        match Game::new(size, self.rule) {
            Ok(g) => {
                self.game = Some(g);
                self.me = None;
                // `time_left` is kept: some managers send it before START.
                self.engine.clear();
                emit(out, "OK");
            }
            Err(e) => error(out, &e.to_string()),
        }
    }

    pub(super) fn cmd_start(&mut self, args: &str, out: &mut impl Write) {
        match parse_count(args) {
            Some(n) if (MIN_SIZE as u64..=MAX_SIZE as u64).contains(&n) => {
                self.new_game(n as usize, out)
            }
            Some(n) => error(
                out,
                &format!("unsupported board size {n}: use {MIN_SIZE} to {MAX_SIZE}"),
            ),
            None => error(
                out,
                &format!("START needs a board size, got '{}'", shown(args)),
            ),
        }
    }

    pub(super) fn cmd_rectstart(&mut self, args: &str, out: &mut impl Write) {
        let parsed = args
            .split_once(',')
            .and_then(|(w, h)| Some((parse_count(w)?, parse_count(h)?)));
        match parsed {
            Some((w, h)) if w != h => error(
                out,
                &format!("rectangular boards are not supported ({w}x{h})"),
            ),
            Some((n, _)) => self.cmd_start(&n.to_string(), out),
            None => error(
                out,
                &format!("RECTSTART needs width,height, got '{}'", shown(args)),
            ),
        }
    }

    pub(super) fn cmd_restart(&mut self, args: &str, out: &mut impl Write) {
        if !self.no_args("RESTART", args, out) || !self.need_game(out) {
            return;
        }
        let size = self.game.as_ref().map_or(MIN_SIZE, Game::size);
        self.new_game(size, out);
    }

    pub(super) fn cmd_begin(&mut self, args: &str, received: Instant, out: &mut impl Write) {
        if !self.no_args("BEGIN", args, out) || !self.need_game(out) {
            return;
        }
        if self
            .game
            .as_ref()
            .is_some_and(|g| g.board().stone_count() > 0)
        {
            error(out, "BEGIN needs an empty board (use BOARD for a position)");
            return;
        }
        let saved = self.me.replace(Stone::Black);
        if !self.think_and_play(received, out) {
            self.me = saved;
        }
    }

    pub(super) fn cmd_turn(&mut self, args: &str, received: Instant, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pos = match parse_pos(args, game.size()) {
            Ok(p) => p,
            Err(e) => return error(out, &format!("TURN: {e}")),
        };
        // The opponent's stone, even out of alternation (the manager is the referee).
        let saved = (game.clone(), self.me);
        let theirs = self.me.map_or(game.to_move(), Stone::opponent);
        if let Err(e) = game.place(pos, theirs) {
            return error(out, &format!("TURN: {e}"));
        }
        self.me = Some(theirs.opponent());
        // No answer (their move ended the game): the command is rejected as a whole.
        if !self.think_and_play(received, out) {
            (self.game, self.me) = (Some(saved.0), saved.1);
        }
    }

    pub(super) fn cmd_takeback(&mut self, args: &str, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pos = match parse_pos(args, game.size()) {
            Ok(p) => p,
            Err(e) => return error(out, &format!("TAKEBACK: {e}")),
        };
        match game.last_move() {
            Some(m) if m.pos == pos => {
                game.undo();
                emit(out, "OK");
            }
            Some(m) => error(
                out,
                &format!(
                    "TAKEBACK {}: only the last move ({}) can be taken back",
                    pos.to_gomocup(),
                    m.pos.to_gomocup()
                ),
            ),
            None => error(out, "TAKEBACK: the board is empty"),
        }
    }

    pub(super) fn cmd_play(&mut self, args: &str, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let pos = match parse_pos(args, game.size()) {
            Ok(p) => p,
            Err(e) => return error(out, &format!("PLAY: {e}")),
        };
        let ours = self.me.unwrap_or(game.to_move());
        if let Err(e) = game.place(pos, ours) {
            return error(out, &format!("PLAY: {e}"));
        }
        self.me = Some(ours);
        emit(out, &pos.to_gomocup());
    }

    pub(super) fn cmd_showforbid(&mut self, out: &mut impl Write) {
        if !self.need_game(out) {
            return;
        }
        let mut line = String::from("FORBID ");
        if let Some(g) = self.game.as_ref() {
            for (p, _) in g.forbidden_points() {
                let _ = write!(line, "{:02}{:02}", p.x, p.y);
            }
        }
        line.push('.');
        emit(out, &line);
    }

    pub(super) fn cmd_info(&mut self, args: &str, out: &mut impl Write) {
        let (key, value) = match args.split_once(char::is_whitespace) {
            Some((k, v)) => (k.to_ascii_lowercase(), v.trim()),
            None => (args.to_ascii_lowercase(), ""),
        };
        if key.is_empty() {
            return error(out, "INFO needs a key and a value");
        }
        let numeric = matches!(
            key.as_str(),
            "timeout_turn"
                | "timeout_match"
                | "time_left"
                | "max_memory"
                | "game_type"
                | "rule"
                | "thread_num"
        );
        if !numeric {
            if key == "folder" {
                self.folder = Some(value.to_string());
            }
            // Other keys (evaluate, ...) are optional and ignored.
            return;
        }
        // Times may come negative when a clock has run out: treat as zero.
        let number = if let Some(rest) = value.strip_prefix('-') {
            parse_count(rest).map(|_| 0i64)
        } else {
            parse_count(value).map(|v| v.min(i64::MAX as u64) as i64)
        };
        let Some(v) = number else {
            return error(
                out,
                &format!("INFO {key}: '{}' is not a whole number", shown(value)),
            );
        };
        match key.as_str() {
            "timeout_turn" => self.timeout_turn = Some(ms(v)),
            "timeout_match" => self.timeout_match = Some(ms(v)),
            "time_left" => self.time_left = Some(ms(v)),
            "game_type" => self.game_type = Some(v),
            // More threads than cores only slow each other down.
            "thread_num" => self.threads = v.clamp(0, 256) as u32,
            "max_memory" => {
                // 0 means no limit. Otherwise keep the table within half of the limit,
                // leaving the rest for the process itself.
                let bytes = if v == 0 {
                    DEFAULT_HASH_BYTES
                } else {
                    usize::try_from(v / 2)
                        .unwrap_or(usize::MAX)
                        .min(MAX_HASH_BYTES)
                };
                if bytes != self.hash_bytes {
                    self.hash_bytes = bytes;
                    self.engine.resize_hash(bytes);
                }
            }
            "rule" => self.set_rule(v as u64, out),
            _ => {}
        }
    }

    pub(super) fn set_rule(&mut self, bits: u64, out: &mut impl Write) {
        let (rule, note) = rule_from_bits(bits);
        if let Some(note) = note {
            emit(out, &format!("MESSAGE {note}"));
        }
        self.rule = rule;
        // The game in progress follows too, replayed under the new rule when it can be.
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if game.rule() == rule {
            return;
        }
        let stones: Vec<(Pos, Stone)> = game.history().iter().map(|m| (m.pos, m.stone)).collect();
        match Game::set_up(game.size(), rule, &stones) {
            Ok(mut g) => {
                g.set_to_move(game.to_move());
                self.game = Some(g);
            }
            Err(e) => emit(
                out,
                &format!(
                    "MESSAGE the current position stays under {} ({e}); {} from the next game",
                    game.rule().name(),
                    rule.name()
                ),
            ),
        }
    }
}

//! Multi-line blocks (`BOARD`, `YXBOARD`, `SWAP2BOARD` ... `DONE`): reading their lines,
//! and the position they describe.

use super::*;

/// Which multi-line block is being read (all end with `DONE`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum BlockKind {
    Board,
    YxBoard,
    Swap2,
}

impl BlockKind {
    pub(super) fn name(self) -> &'static str {
        match self {
            BlockKind::Board => "BOARD",
            BlockKind::YxBoard => "YXBOARD",
            BlockKind::Swap2 => "SWAP2BOARD",
        }
    }
}

/// One line of a block: a point (`None` for Yixin's `-1,-1` pass) and its field code.
#[derive(Copy, Clone, Debug)]
pub(super) struct Entry {
    pub(super) pos: Option<Pos>,
    pub(super) field: u8,
}

/// A block being read. Errors are kept until `DONE` so the manager, which waits for one
/// answer after `DONE`, gets exactly one.
#[derive(Debug)]
pub(super) struct Block {
    pub(super) kind: BlockKind,
    pub(super) entries: Vec<Entry>,
    pub(super) error: Option<String>,
}

impl<T: Thinker> Brain<T> {
    pub(super) fn open_block(&mut self, kind: BlockKind, args: &str, out: &mut impl Write) {
        if !self.no_args(kind.name(), args, out) || !self.need_game(out) {
            return;
        }
        self.block = Some(Block {
            kind,
            entries: Vec::new(),
            error: None,
        });
    }

    /// Records one line of a block, or the first thing wrong with it.
    pub(super) fn block_line(&mut self, line: &str) {
        let size = self.game.as_ref().map_or(MIN_SIZE, Game::size);
        let Some(block) = self.block.as_mut() else {
            return;
        };
        if block.error.is_some() {
            return;
        }
        let n = block.entries.len() + 1;
        let parts: Vec<&str> = line.split(',').map(str::trim).collect();
        let parsed = match (block.kind, parts.as_slice()) {
            (BlockKind::Swap2, [x, y]) => Ok((x, y, "0")),
            // Rapfi's form, the BOARD line's: the colours still come from the order.
            (BlockKind::Swap2, [x, y, "1" | "2"]) => Ok((x, y, "0")),
            (BlockKind::Board | BlockKind::YxBoard, [x, y, f]) => Ok((x, y, *f)),
            (BlockKind::Swap2, _) => Err(format!(
                "line {n} '{}' is not x,y or x,y,field",
                shown(line)
            )),
            _ => Err(format!("line {n} '{}' is not x,y,field", shown(line))),
        };
        let entry = parsed.and_then(|(x, y, f)| {
            let field = match f {
                "0" if block.kind == BlockKind::Swap2 => 0,
                "1" => 1,
                "2" => 2,
                "3" => 3,
                _ => return Err(format!("line {n}: field '{}' is not 1, 2 or 3", shown(f))),
            };
            // Yixin marks a pass as -1,-1.
            if *x == "-1" && *y == "-1" && block.kind != BlockKind::Swap2 {
                return Ok(Entry { pos: None, field });
            }
            let pos = parse_pos(&format!("{x},{y}"), size).map_err(|e| format!("line {n}: {e}"))?;
            Ok(Entry {
                pos: Some(pos),
                field,
            })
        });
        match entry {
            Ok(e) if block.entries.len() < size * size + 8 => block.entries.push(e),
            Ok(_) => block.error = Some(format!("more than {} lines", size * size + 8)),
            Err(e) => block.error = Some(e),
        }
    }

    pub(super) fn finish_block(&mut self, received: Instant, out: &mut impl Write) -> Control {
        let Some(block) = self.block.take() else {
            return Control::Continue;
        };
        if let Some(e) = block.error {
            error(out, &format!("{}: {e}", block.kind.name()));
            return Control::Continue;
        }
        match block.kind {
            BlockKind::Board | BlockKind::YxBoard => {
                let markers = block.entries.iter().filter(|e| e.field == 3).count();
                match self.position_from(&block.entries) {
                    Ok((game, me)) => {
                        if markers > 0 {
                            emit(
                                out,
                                &format!(
                                    "MESSAGE ignored {markers} continuous-game marker stone(s) (field 3)"
                                ),
                            );
                        }
                        let saved = (self.game.replace(game), self.me.replace(me));
                        if block.kind == BlockKind::Board && !self.think_and_play(received, out) {
                            (self.game, self.me) = saved;
                        }
                    }
                    Err(e) => error(out, &format!("{}: {e}", block.kind.name())),
                }
            }
            BlockKind::Swap2 => self.swap2(&block.entries, received, out),
        }
        Control::Continue
    }

    /// The position of a `BOARD`/`YXBOARD` block (own = 1, opponent = 2), with us to move.
    pub(super) fn position_from(&self, entries: &[Entry]) -> Result<(Game, Stone), String> {
        let Some(old) = self.game.as_ref() else {
            return Err("no board yet: send START first".into());
        };
        let rule = old.rule();
        let own = entries
            .iter()
            .filter(|e| e.field == 1 && e.pos.is_some())
            .count();
        let theirs = entries
            .iter()
            .filter(|e| e.field == 2 && e.pos.is_some())
            .count();
        let me = match entries.iter().find(|e| e.field == 1 || e.field == 2) {
            // Renju managers list stones in move order, passes included: the first is Black.
            Some(first) if rule == Rule::Renju => {
                if first.field == 1 {
                    Stone::Black
                } else {
                    Stone::White
                }
            }
            // Otherwise counts decide: Black moves with equal counts, White is one behind.
            _ if theirs > own => Stone::White,
            _ => Stone::Black,
        };
        let stones: Vec<(Pos, Stone)> = entries
            .iter()
            .filter_map(|e| {
                let p = e.pos?;
                match e.field {
                    1 => Some((p, me)),
                    2 => Some((p, me.opponent())),
                    _ => None,
                }
            })
            .collect();
        // A board is a set of stones: any order, no forbidden check on them (see set_up).
        let mut game = Game::set_up(old.size(), rule, &stones).map_err(|e| e.to_string())?;
        game.set_to_move(me);
        Ok((game, me))
    }
}

//! The tournament opening in the session: the AI's actions in it, each on a background
//! [`Job`] (one decision at a time, never blocking a frame), and what happens when the
//! opening ends (`Session::sync_opening`, `undo_opening`), and the person's actions in it.

use super::*;
use crate::gui::audio::Sfx;
use crate::gui::job::{Job, Jobs, NICE_WAITED};
use crate::gui::kind::OpeningPhase;
use crate::gui::msg::Msg;

/// What an opening decision answers: the game and the opening's actions when it started.
type Stamp = (u64, Vec<String>);
/// The opening after the AI's action, or why it could not act.
type Decided = Result<Box<dyn OpeningPhase>, Failure>;

/// Why the AI's side took no action in the opening.
#[derive(Debug)]
enum Failure {
    /// The built-in AI could not act (a bug; for the log).
    Bug(String),
    /// The external engine answered the opening's question wrongly: its fault, in the
    /// player's words.
    Fault(Msg),
}

/// At most one decision of the AI's in an opening at a time.
#[derive(Resource, Default)]
pub struct OpeningWorker {
    job: Option<Job<Stamp, Decided>>,
}

impl OpeningWorker {
    pub fn cancel(&mut self) {
        if let Some(mut job) = self.job.take() {
            job.cancel();
        }
    }

    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }
}

impl Jobs for OpeningWorker {
    fn cancel_all(&mut self) {
        self.cancel();
    }
}

/// Applies the AI's finished decision (a stale one, for another game or another state of
/// the opening, is dropped), then starts the next one when the AI's player is to act.
pub(super) fn run_opening_ai(
    mut session: ResMut<Session>,
    mut worker: ResMut<OpeningWorker>,
    mut sfx: MessageWriter<Sfx>,
) {
    let finished = worker
        .bypass_change_detection()
        .job
        .as_mut()
        .and_then(|job| job.poll());
    if let Some(result) = finished {
        let stamp = worker
            .job
            .take()
            .map(|job| job.stamp().clone())
            .unwrap_or_default();
        let current = session.id == stamp.0
            && session.is_ai_turn()
            && session
                .opening
                .as_ref()
                .is_some_and(|o| o.texts() == stamp.1);
        if current {
            apply(
                &mut session,
                result.map_err(Failure::Bug).and_then(|r| r),
                &mut sfx,
            );
        } else {
            debug!("dropping a stale opening decision (game {})", stamp.0);
        }
    }
    if !session.is_ai_turn() {
        return;
    }
    let Some(phase) = session.opening.as_ref() else {
        return;
    };
    // The acting player's level and engine (in an engine match either player's).
    let Some((level, engine)) = phase.actor().and_then(|p| session.opening_seat(p)) else {
        return;
    };
    let engine = engine.cloned();
    let texts = phase.texts();
    if worker
        .job
        .as_ref()
        .is_some_and(|j| *j.stamp() == (session.id, texts.clone()))
    {
        return;
    }
    let seed = session.seed ^ (texts.len() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut trial = phase.boxed_clone();
    worker.cancel();
    worker.job = Some(Job::spawn(
        "opening ai",
        NICE_WAITED,
        (session.id, texts),
        (),
        move |ctx| {
            // An external engine answers the rule's questions itself where the protocol
            // asks them; Master acts for it where it does not.
            if let Some(seat) = &engine {
                match trial.engine_step(seat, ctx.stop) {
                    Ok(true) => return Ok(trial),
                    Ok(false) => {}
                    Err(why) => return Err(Failure::Fault(why)),
                }
            }
            trial
                .ai_step(level, seed, ctx.stop)
                .map(|()| trial)
                .map_err(Failure::Bug)
        },
    ));
}

fn apply(session: &mut Session, result: Decided, sfx: &mut MessageWriter<Sfx>) {
    // The colour of the player who was to act (the AI's, or in an engine match either).
    let actor = session
        .opening
        .as_ref()
        .and_then(|o| o.actor())
        .map_or(session.human.other(), |p| session.player_colour(p));
    match result {
        Ok(phase) => {
            let stones = session.game.ply();
            session.opening = Some(phase);
            session.status = None;
            session.sync_opening();
            if session.game.ply() > stones {
                placed_sound(&session.game, sfx);
            }
        }
        Err(Failure::Bug(e)) => {
            // An engine bug: the game must go on, so the AI forfeits.
            warn!("the AI could not act in the opening: {e}");
            session.status = Some(Msg::key("status-ai-failed").with("error", e));
            session.resigned = Some(actor);
        }
        Err(Failure::Fault(why)) => {
            // As a wrong move does: the engine forfeits, its reason on the result.
            session.forfeited = Some(actor);
            session.forfeit_reason = Some(why);
        }
    }
}

impl Session {
    /// The level and the external engine (if one plays it) acting for the opening's
    /// `player` where the AI does: the AI's player, or in an engine match either; `None`
    /// for a person.
    pub fn opening_seat(&self, player: Side) -> Option<(AnyLevel, Option<&EngineSeat>)> {
        match &self.autoplay {
            Some(own) if player == self.human_player => Some((own.level, own.engine.as_ref())),
            _ if player == self.human_player => None,
            _ => Some((self.ai_level()?, self.engine.as_ref())),
        }
    }

    /// The colour the opening's `player` holds now.
    pub fn player_colour(&self, player: Side) -> Side {
        if player == self.human_player {
            self.human
        } else {
            self.human.other()
        }
    }

    /// Starts the game with `phase`, the tournament opening of `options` (none: normal play).
    pub(super) fn begin_opening(&mut self, phase: Option<Box<dyn OpeningPhase>>, options: Options) {
        let Some(phase) = phase else {
            return;
        };
        self.human_player = self.human;
        self.opening = Some(phase);
        self.opening_options = Some(options);
        self.sync_opening();
    }

    /// Keeps the game equal to the opening's position and the person's colour to the
    /// opening's; once the opening is over, normal play starts from its position.
    pub fn sync_opening(&mut self) {
        let Some(phase) = self.opening.as_ref() else {
            return;
        };
        self.game = phase.position();
        self.human = if phase.first_holder() == self.human_player {
            Side::First
        } else {
            Side::Second
        };
        if !phase.is_done() {
            return;
        }
        self.opening_stones = self.game.ply();
        self.opening_played = self.opening.take();
        let moves: Vec<u32> = self.game.moves().iter().map(|m| m.0).collect();
        if let Some(clock) = self.clock.as_mut() {
            clock.begin_after(&moves);
        }
    }

    /// Takes back opening actions for the person: between people one, against the AI back
    /// to the person's previous action (none when the person has not acted yet).
    pub fn undo_opening(&mut self) -> usize {
        let against_ai = self.ai_level().is_some();
        let Some(phase) = self.opening.as_mut() else {
            return 0;
        };
        if !against_ai {
            let n = usize::from(phase.undo());
            self.sync_opening();
            return n;
        }
        let mut trial = phase.boxed_clone();
        let mut n = 0;
        loop {
            if !trial.undo() {
                return 0;
            }
            n += 1;
            if trial.actor() == Some(self.human_player) {
                break;
            }
        }
        self.opening = Some(trial);
        self.sync_opening();
        n
    }

    /// The record's comment about the opening, once it is over.
    pub fn opening_comment(&self) -> Option<String> {
        self.opening_played.as_ref().map(|o| o.record_comment())
    }

    /// The opening (running or played) as the autosave keeps it.
    pub fn saved_opening(&self) -> Option<SavedOpening> {
        let phase = self.opening.as_ref().or(self.opening_played.as_ref())?;
        Some(SavedOpening {
            options: self.opening_options.clone()?,
            actions: phase.texts(),
            first_player: self.human_player == Side::First,
        })
    }

    /// Continue: the autosaved opening played again. A running one goes on where it was; a
    /// finished one keeps its stones from Undo and its line in the record. One that does not
    /// fit the saved game is dropped with a notice (the game itself goes on).
    pub fn restore_opening(&mut self, saved: SavedOpening, notices: &mut Notices) {
        let def = self.game.kind().def();
        let rebuilt = def
            .opening(&saved.options)
            .ok_or("notice-opening-none")
            .and_then(|mut phase| {
                for text in &saved.actions {
                    phase.replay(text).map_err(|_| "notice-opening-action")?;
                }
                Ok(phase)
            });
        let fits = |phase: &dyn OpeningPhase| {
            let stones = phase.position().placed();
            let game = self.game.placed();
            // A running opening is the whole game; a finished one its beginning.
            if phase.is_done() {
                game.len() >= stones.len() && game[..stones.len()] == stones[..]
            } else {
                game == stones
            }
        };
        let phase = match rebuilt {
            Ok(phase) if fits(&*phase) => phase,
            Ok(_) => {
                return notices.push(Msg::key("notice-opening-misfit"));
            }
            // Why, as a message key.
            Err(why) => return notices.push(Msg::key(why)),
        };
        self.human_player = if saved.first_player {
            Side::First
        } else {
            Side::Second
        };
        self.opening_options = Some(saved.options);
        if phase.is_done() {
            self.opening_stones = phase.position().ply();
            self.opening_played = Some(phase);
        } else {
            self.opening = Some(phase);
            self.sync_opening();
        }
    }

    /// The opening's decisions that put no stone, in one line with the players' names:
    /// "Swap2 · Master places two more stones · You take White".
    pub fn opening_line(&self) -> Option<Msg> {
        let phase = self.opening.as_ref().or(self.opening_played.as_ref())?;
        let person = matches!(self.opponent, Opponent::Ai(_)) && self.autoplay.is_none();
        Some(crate::gui::kind::opening_line(
            &**phase,
            |player| match (self.opponent, self.opening_seat(player)) {
                // Online, players are seats: their names.
                _ if self.online.is_some() => self.player_name(self.seat_colour(player)),
                (Opponent::Ai(_), None) => Msg::key("player-you"),
                // An engine asked in the protocol's words decided for itself.
                (Opponent::Ai(_), Some((_, Some(engine))))
                    if phase.engine_asked() && !engine.refused_opening() =>
                {
                    self.player_name(self.player_colour(player))
                }
                // The level, or Master acting for an engine.
                (Opponent::Ai(_), Some((level, _))) => level.title(),
                (Opponent::Person, _) => self.game.kind().def().two_player_name(player),
            },
            |player| person && player == self.human_player,
        ))
    }

    /// Whether a tournament opening is being played.
    pub fn in_opening(&self) -> bool {
        self.opening.is_some()
    }

    /// The status line's words in the opening when nothing else is said: the prompt to the
    /// player to act, or what the AI is doing.
    pub fn opening_prompt(&self) -> Option<Msg> {
        let phase = self.opening.as_ref()?;
        let actor = phase.actor()?;
        if let Some(online) = &self.online {
            return Some(if online.seat == Some(actor) {
                phase.prompt()
            } else {
                Msg::key("status-player-prompt")
                    .with("player", online.names[actor.index()].clone())
                    .with("prompt", phase.prompt())
            });
        }
        Some(match (self.opponent, self.opening_seat(actor)) {
            // The AI's player, or in an engine match either.
            (Opponent::Ai(_), Some((level, _))) => {
                let key = if phase.options().is_empty() {
                    "status-ai-placing"
                } else {
                    "status-ai-choosing"
                };
                Msg::key(key).with("level", level.title())
            }
            (Opponent::Ai(_), None) => phase.prompt(),
            (Opponent::Person, _) => Msg::key("status-player-prompt")
                .with("player", self.game.kind().def().two_player_name(actor))
                .with("prompt", phase.prompt()),
        })
    }
}

/// The person's action in the opening (a board click or a choice button): refused with the
/// rule's words, or taken; the game follows the opening's position.
pub(super) fn opening_action(
    session: &mut Session,
    sfx: &mut MessageWriter<Sfx>,
    act: impl FnOnce(&mut dyn OpeningPhase) -> Result<(), Msg>,
) {
    if !session.is_ongoing() {
        return;
    }
    if session.is_ai_turn() {
        session.status = Some(Msg::key("status-wait-ai"));
        sfx.write(Sfx::Illegal);
        return;
    }
    let Some(phase) = session.opening.as_mut() else {
        return;
    };
    let stones = session.game.ply();
    match act(&mut **phase) {
        Err(why) => {
            session.status = Some(why);
            sfx.write(Sfx::Illegal);
        }
        Ok(()) => {
            session.status = None;
            session.sync_opening();
            if session.game.ply() > stones {
                placed_sound(&session.game, sfx);
            }
        }
    }
}

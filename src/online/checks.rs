//! The checks of what a client sends: a message parsed with an error that says where, the
//! protocol version, a host's settings and a player's name.

use super::protocol::{
    ClientMsg, ClockSetting, ErrorCode, GameKind, MAX_CLOCK_MINUTES, MAX_INCREMENT_SECONDS,
    MAX_NAME_CHARS, PROTOCOL_VERSION, ProtoError, Settings,
};
use crate::engine::gomoku::opening::OpeningRule;

/// Reads one client message, with an error that says what was wrong and where: the line and
/// column of broken JSON, or the message type whose fields did not fit.
pub fn parse_client(text: &str) -> Result<ClientMsg, ProtoError> {
    let bad = |message: String| ProtoError::new(ErrorCode::BadMessage, message);
    // JSON first, for a position in the text; serde_json bounds the nesting depth.
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        bad(format!(
            "not JSON at line {} column {}: {e}",
            e.line(),
            e.column()
        ))
    })?;
    let kind = match value.get("type") {
        Some(serde_json::Value::String(kind)) => kind.clone(),
        Some(_) => return Err(bad("the \"type\" field must be a string".into())),
        None => {
            return Err(bad(
                "a message is a JSON object with a \"type\" field".into()
            ));
        }
    };
    serde_json::from_value(value).map_err(|e| bad(format!("{kind} message: {e}")))
}

/// The check of a `hello`'s version.
pub fn check_version(version: u32) -> Result<(), ProtoError> {
    if version == PROTOCOL_VERSION {
        Ok(())
    } else {
        Err(ProtoError::new(
            ErrorCode::UnsupportedVersion,
            format!(
                "this server speaks protocol version {PROTOCOL_VERSION}; the client sent version \
                 {version}"
            ),
        ))
    }
}

/// The Gomoku boards an online game is played on: the game's own three.
pub const BOARD_SIZES: [u32; 3] = [13, 15, 19];

/// Checks a host's settings before a game is made of them.
pub fn check_settings(settings: &Settings) -> Result<(), ProtoError> {
    if let GameKind::Gomoku { size, .. } = settings.kind
        && !BOARD_SIZES.contains(&size)
    {
        return Err(ProtoError::new(
            ErrorCode::BadSettings,
            format!("settings.kind.size: {size} is not a board size here (13, 15 or 19)"),
        ));
    }
    let opening = settings.opening.rule();
    match settings.kind {
        GameKind::Gomoku { rule, size } => {
            let engine_rule = rule.rule();
            if !opening.applies_to(engine_rule) {
                return Err(ProtoError::new(
                    ErrorCode::BadSettings,
                    format!(
                        "settings.opening: {} is not an opening of {}",
                        opening.name(),
                        engine_rule.name()
                    ),
                ));
            }
            if (size as usize) < opening.min_size() {
                return Err(ProtoError::new(
                    ErrorCode::BadSettings,
                    format!(
                        "settings.opening: {} needs a board of at least {}",
                        opening.name(),
                        opening.min_size()
                    ),
                ));
            }
        }
        GameKind::Connect4 if opening != OpeningRule::None => {
            return Err(ProtoError::new(
                ErrorCode::BadSettings,
                "settings.opening: Connect Four has no opening rules",
            ));
        }
        GameKind::Connect4 => {}
    }
    if let ClockSetting::Fischer {
        minutes,
        increment_seconds,
    } = settings.clock
    {
        if !(1..=MAX_CLOCK_MINUTES).contains(&minutes) {
            return Err(ProtoError::new(
                ErrorCode::BadSettings,
                format!("settings.clock.minutes: {minutes} is outside 1..={MAX_CLOCK_MINUTES}"),
            ));
        }
        if increment_seconds > MAX_INCREMENT_SECONDS {
            return Err(ProtoError::new(
                ErrorCode::BadSettings,
                format!(
                    "settings.clock.increment_seconds: {increment_seconds} is over \
                     {MAX_INCREMENT_SECONDS}"
                ),
            ));
        }
    }
    Ok(())
}

/// A player's name, trimmed; empty or too long names and control characters are refused.
pub fn check_name(name: &str) -> Result<String, ProtoError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(ProtoError::new(
            ErrorCode::BadSettings,
            format!("name: must be 1 to {MAX_NAME_CHARS} characters"),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(ProtoError::new(
            ErrorCode::BadSettings,
            "name: control characters are not allowed",
        ));
    }
    Ok(name.to_string())
}

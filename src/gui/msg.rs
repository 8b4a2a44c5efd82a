//! Text to show, not yet in a language: a catalog key with its variables. The game layers
//! (`kind`, `session`, `puzzles`) describe what to say as a [`Msg`] and never hold words of
//! their own; the screens turn it into the language in use with [`I18n::msg`], so a notice
//! or a status line already on screen follows a change of language too.
//!
//! [`I18n::msg`]: super::i18n::I18n::msg
//!
//! A module of its own (below `persist` and `i18n`, which both speak it).

use std::borrow::Cow;

/// Something to say.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// The catalog's message `key` with these variables.
    Key(Cow<'static, str>, Vec<(&'static str, Arg)>),
    /// Text that is the same in every language: a coordinate ("h8"), a file's name, a
    /// player's own name, or the English detail of an engine or system error (the engine's
    /// text stays English).
    Verbatim(String),
    /// The parts in order with `separator` between them (a line of decisions "A · B").
    Join(Vec<Msg>, &'static str),
}

/// A message variable: a number (Fluent picks the plural form and formats it per language)
/// or text (itself a message, translated before it is put in).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Num(f64),
    /// A number shown with exactly this many decimals ("0.50 s").
    Fixed(f64, usize),
    Text(Msg),
}

impl Arg {
    /// `value` rounded to `digits` decimals, always showing them.
    pub fn fixed(value: f64, digits: usize) -> Arg {
        let scale = 10f64.powi(digits as i32);
        Arg::Fixed((value * scale).round() / scale, digits)
    }
}

impl Msg {
    /// The message `key` with no variables.
    pub fn key(key: impl Into<Cow<'static, str>>) -> Msg {
        Msg::Key(key.into(), Vec::new())
    }

    /// Text shown as it is, in every language.
    pub fn verbatim(text: impl Into<String>) -> Msg {
        Msg::Verbatim(text.into())
    }

    /// This message with one more variable: `Msg::key("moves").with("n", 3)`.
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        if let Msg::Key(_, args) = &mut self {
            args.push((name, value.into()));
        }
        self
    }

    /// The catalog key, for messages that are one (tests and logs).
    pub fn key_name(&self) -> Option<&str> {
        match self {
            Msg::Key(key, _) => Some(key),
            _ => None,
        }
    }
}

impl From<String> for Msg {
    /// A `String` is verbatim text: an engine's or the system's error, a name.
    fn from(text: String) -> Msg {
        Msg::Verbatim(text)
    }
}

impl From<Msg> for Arg {
    fn from(msg: Msg) -> Arg {
        Arg::Text(msg)
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(Msg::Verbatim(text))
    }
}

impl From<&String> for Arg {
    fn from(text: &String) -> Arg {
        Arg::Text(Msg::Verbatim(text.clone()))
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Num(n as f64)
            }
        }
    )*};
}
number_arg!(i32, i64, u8, u16, u32, u64, usize, f64);

impl From<f32> for Arg {
    /// By its shortest decimal form, so 0.4f32 shows as 0.4, not 0.4000000059604645.
    fn from(n: f32) -> Arg {
        Arg::Num(n.to_string().parse().unwrap_or(n as f64))
    }
}

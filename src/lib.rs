pub mod engine;
#[cfg(feature = "gui")]
pub mod gui;
pub mod online;
pub mod protocol;

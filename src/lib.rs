pub mod engine;
pub mod protocol;

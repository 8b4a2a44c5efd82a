//! Gomoku's benchmarks in the running game: `--bench-frames` (frame pacing while the AI
//! searches) and `--bench-cpu` (the game's CPU use idle and beside the AI, and the AI's speed
//! in the game).

pub mod cpu;
pub mod frames;

pub use cpu::CpuBenchPlugin;
pub use frames::{FrameBenchPlugin, bench_home, frame_stats};

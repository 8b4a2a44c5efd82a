//! The desktop game; everything is in `gomoku::gui`.

fn main() -> bevy::app::AppExit {
    // Mesa's software renderer (llvmpipe, used where there is no GPU) draws with a thread per
    // core and would take the AI's core for every frame; one thread draws this board fast
    // enough. A GPU driver ignores the variable; a user's own setting wins.
    if std::env::var_os("LP_NUM_THREADS").is_none() {
        // SAFETY: at the very start of main, before any other thread exists.
        unsafe { std::env::set_var("LP_NUM_THREADS", "1") };
    }
    gomoku::gui::run()
}

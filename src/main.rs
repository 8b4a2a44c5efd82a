//! The desktop game; everything is in `gomoku::gui`.

fn main() -> bevy::app::AppExit {
    gomoku::gui::run()
}

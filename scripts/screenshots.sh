#!/usr/bin/env bash
# Runs the real game under a virtual X display with `--demo`: it plays two scripted games and
# saves screenshots of the menu, setup, a stone caught mid-drop, a game in progress with a
# hint on the classic and the dark board, a loss, the replay, its review, the side panel below the board
# in a narrow window, a win with its confetti and the settings into docs/screenshots/ (or
# the folder given as $1), then exits; then the same in Simplified Chinese ($1/zh-Hans) and
# Japanese ($1/ja).
#
# Also the smoke test of scripts/test.sh: fails when the game exits non-zero, panics, logs
# an ERROR (Bevy reports conflicting queries and missing resources only at run time) or a
# line of ICU4X's (its notices must stay silenced), or leaves a screenshot missing or empty.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-docs/screenshots}
source scripts/lib/screenshots-common.sh

shots=(menu.png setup.png placing.png playing.png playing-dark.png loss.png replay.png
  review.png clock.png narrow.png win.png settings.png analysis.png swap2.png puzzle.png
  puzzle-refuted.png puzzle-solved.png)
# One run per language: English into $out, then Simplified Chinese and Japanese (whose
# fonts and lengths differ most) into $out/zh-Hans and $out/ja. The language comes from
# GOMOKU_LANG, as a player's system locale would choose it.
run_demo() {
  local lang=$1 dir=$2
  mkdir -p "$dir"
  for s in "${shots[@]}"; do rm -f "$dir/$s"; done
  rm -rf "$home"/*
  local status=0
  # Bevy picks the llvmpipe software Vulkan driver under Xvfb; audio has no device and only
  # warns. `timeout` guards against a hang (the demo also has its own time limit). The
  # screen is taller than the 1200x780 window so the narrow (780x1100) screenshot fits. It
  # runs in the scratch folder: the game reads nothing from the working directory.
  (cd "$home" && GOMOKU_HOME="$home" GOMOKU_LANG="$lang" RUST_BACKTRACE=1 timeout 900 \
    xvfb-run -a -s "-screen 0 1280x1200x24" "$bin" --demo "$dir") >"$log" 2>&1 || status=$?
  check_run "screenshots ($lang)" "$status" "$dir" "panicked|ERROR|no message |ICU4X" \
    "panics, errors or missing messages"
}

run_demo en "$out"
run_demo zh-Hans "$out/zh-Hans"
run_demo ja "$out/ja"
echo "screenshots: ${#shots[@]} screenshots in each of $out, $out/zh-Hans and $out/ja"

#!/usr/bin/env bash
# Connect Four's part of the smoke test, like scripts/screenshots.sh: runs the real game under
# a virtual X display with `--demo-game connect4`, which plays a scripted game against the Perfect
# level, then a few moves between two people on 7 x 7, and saves c4-setup, c4-playing,
# c4-result, c4-replay, c4-review, c4-falling, c4-two-players and c4-load screenshots into the folder
# given as $1 (default /tmp/c4shots), then exits.
#
# Fails when the game exits non-zero, panics, logs an ERROR, or leaves a screenshot missing
# or empty.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-/tmp/c4shots}
mkdir -p "$out"
target_dir=${CARGO_TARGET_DIR:-target}

# $GOMOKU_BIN: a game already built elsewhere (the test command passes the one it extracted
# from the Debian package); otherwise the development build.
if [ -n "${GOMOKU_BIN:-}" ]; then
  scripts/ensure-deps.sh xvfb
  bin=$(realpath "$GOMOKU_BIN")
else
  scripts/ensure-deps.sh build xvfb
  cargo build --features tools --bin gomoku
  bin=$(realpath "$target_dir/debug/gomoku")
fi
out=$(realpath "$out")

# The demo's files (settings, autosave, saved games) stay out of the user's folders.
home=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$home" "$log"' EXIT

shots=(c4-setup.png c4-playing.png c4-result.png c4-replay.png c4-review.png c4-falling.png
  c4-two-players.png c4-load.png)
for s in "${shots[@]}"; do rm -f "$out/$s"; done

status=0
(cd "$home" && GOMOKU_HOME="$home" RUST_BACKTRACE=1 timeout 600 \
  xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --demo-game connect4 "$out") >"$log" 2>&1 || status=$?

fail=0
if [ "$status" -ne 0 ]; then
  echo "screenshots-connect4: the game exited with status $status" >&2
  fail=1
fi
if grep -nE "panicked|ERROR" "$log" >&2; then
  echo "screenshots-connect4: the log above has panics or errors" >&2
  fail=1
fi
for s in "${shots[@]}"; do
  if [ ! -s "$out/$s" ]; then
    echo "screenshots-connect4: $out/$s is missing" >&2
    fail=1
  fi
done
if [ "$fail" -ne 0 ]; then
  echo "---- last lines of the game's log ----" >&2
  tail -n 40 "$log" >&2
  exit 1
fi
echo "screenshots-connect4: ${#shots[@]} screenshots in $out"

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
source scripts/lib/screenshots-common.sh

shots=(c4-setup.png c4-playing.png c4-result.png c4-replay.png c4-review.png c4-falling.png
  c4-two-players.png c4-load.png)
for s in "${shots[@]}"; do rm -f "$out/$s"; done

status=0
(cd "$home" && GOMOKU_HOME="$home" RUST_BACKTRACE=1 timeout 600 \
  xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --demo-game connect4 "$out") >"$log" 2>&1 || status=$?
check_run screenshots-connect4 "$status" "$out" "panicked|ERROR" "panics or errors"
echo "screenshots-connect4: ${#shots[@]} screenshots in $out"

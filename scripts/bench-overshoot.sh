#!/usr/bin/env bash
# How far past its time limit Master answers when the machine is busy: two busy loops on
# the cores (as another program would), the search at the game's lowered priority (nice 10,
# as the game's AI thread runs). Prints `bench --overshoot`'s table.
# Usage: scripts/bench-overshoot.sh [--positions N] [--scale-percent P]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --no-default-features --features tools --bin bench
busy=()
for _ in 1 2; do
  yes > /dev/null &
  busy+=($!)
done
trap 'kill "${busy[@]}" 2>/dev/null || true' EXIT
nice -n 10 "${CARGO_TARGET_DIR:-target}/release/bench" --overshoot "$@"

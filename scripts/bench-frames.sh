#!/usr/bin/env bash
# Frame pacing while the AI searches: runs the real game under a virtual X display with
# `--bench-frames` (an Expert-vs-Expert game with every effect on, then its review; see
# src/gui/demo/bench.rs) and
# prints median / p99 / max of each frame's work (main-thread update plus rendering) for
# frames while a search runs, idle frames and frames while the game is reviewed, and the
# intervals between frames for reference. The figures are recorded in
# BENCHMARKS.md, "Frame pacing while the AI thinks".
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${CARGO_TARGET_DIR:-target}
scripts/ensure-deps.sh build xvfb
cargo build --features tools --bin gomoku
bin="$target_dir/debug/gomoku"

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "load before: $(cut -d" " -f1-3 /proc/loadavg)"
GOMOKU_HOME="$home" timeout 900 xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --bench-frames \
  2>&1 | grep -E "frame-bench: |AdapterInfo|panicked|ERROR"

#!/usr/bin/env bash
# The game's CPU use and the AI's speed inside it: runs the real game under a virtual X
# display with `--bench-cpu` (see src/gui/demo/cpu.rs), which prints the process's CPU use
# over 20 s on the settled menu, while the AI searches the `bench` binary's eight positions
# in a game, and over 20 s on the settled game screen waiting for the player, and the AI's
# nodes per second in the game. Then runs `bench` (the engine alone, no window) on the same
# positions with the same limits, before and after the game, and prints the ratio.
# The figures are recorded in BENCHMARKS.md, "CPU use".
#
# GOMOKU_CONTINUOUS_FRAMES=1 scripts/bench-cpu.sh measures the old continuous drawing.
set -euo pipefail
cd "$(dirname "$0")/.."

target_dir=${CARGO_TARGET_DIR:-target}
scripts/ensure-deps.sh build xvfb
cargo build --features tools --bin gomoku
cargo build --release --no-default-features --features tools --bin bench
bin="$target_dir/debug/gomoku"
bench_args=(--depth 12 --positions 8 --time 4 --speed-only)

home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"

engine_bench() {
  "$target_dir/release/bench" "${bench_args[@]}" | grep "total:" | sed 's/^ */bench: /'
}

echo "load before: $(cut -d" " -f1-3 /proc/loadavg)"
before=$(engine_bench)
echo "$before (before the game)"
game=$(GOMOKU_HOME="$home" timeout 600 xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --bench-cpu \
  2>&1 | grep -E "bench-cpu: |panicked|ERROR" || true)
echo "$game"
after=$(engine_bench)
echo "$after (after the game)"
echo "load after: $(cut -d" " -f1-3 /proc/loadavg)"

rate() { grep -o '= [0-9]* k nodes/s' | grep -o '[0-9]*' | head -1; }
in_game=$(echo "$game" | grep "AI in game" | rate || true)
b1=$(echo "$before" | rate)
b2=$(echo "$after" | rate)
if [[ -n "$in_game" && -n "$b1" && -n "$b2" ]]; then
  awk -v g="$in_game" -v a="$b1" -v b="$b2" 'BEGIN {
    m = (a + b) / 2
    printf "AI in game / bench: %d / %d k nodes/s = %.1f%% (target >= 95%%)\n", g, m, 100 * g / m
  }'
else
  echo "no AI figures (the game did not finish its run)" >&2
  exit 1
fi

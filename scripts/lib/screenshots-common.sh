# What scripts/screenshots.sh and scripts/screenshots-connect4.sh share, sourced by both from
# the repository root (under their `set -euo pipefail`) once they have set $out to the folder
# for the screenshots: makes $out and turns it into a full path, sets $bin to the game to
# run, and makes a scratch home ($home) and log ($log) removed on exit. Then, once the
# caller has set $shots and run the game into $log, `check_run` judges that run.

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

# check_run WHO STATUS DIR PATTERN WHAT: exits 1, with the last lines of $log, when the game
# exited with STATUS other than 0, when $log has a line matching PATTERN (WHAT names such
# lines for the message), or when a screenshot of $shots is missing or empty in DIR. WHO
# begins each message.
check_run() {
  local who=$1 status=$2 dir=$3 pattern=$4 what=$5
  local fail=0 s
  if [ "$status" -ne 0 ]; then
    echo "$who: the game exited with status $status" >&2
    fail=1
  fi
  if grep -nE "$pattern" "$log" >&2; then
    echo "$who: the log above has $what" >&2
    fail=1
  fi
  for s in "${shots[@]}"; do
    if [ ! -s "$dir/$s" ]; then
      echo "$who: $dir/$s is missing" >&2
      fail=1
    fi
  done
  if [ "$fail" -ne 0 ]; then
    echo "---- last lines of the game's log ----" >&2
    tail -n 40 "$log" >&2
    exit 1
  fi
}

#!/usr/bin/env bash
# Two real games on two virtual displays play each other online, driven as players drive
# them (xdotool: keys and clicks): Ana hosts on her own computer (the embedded server) and
# Ben joins with the code, then the same through a standalone gomoku-server. Screenshots of
# both screens go into docs/screenshots/online/ (or the folder given as $1).
#
# A by-hand check (issue 60), not part of the test command: it needs xdotool and
# ImageMagick's `import` (scripts/ensure-deps.sh does not install them).
#   apt-get install xvfb xdotool imagemagick
#   GOMOKU_BIN=... GOMOKU_SERVER_BIN=... scripts/screenshots-online.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-docs/screenshots/online}
target=${CARGO_TARGET_DIR:-target}
bin=${GOMOKU_BIN:-$target/debug/gomoku}
server_bin=${GOMOKU_SERVER_BIN:-$target/debug/gomoku-server}
bin=$(realpath "$bin")
server_bin=$(realpath "$server_bin")
for tool in Xvfb xdotool import python3; do
  command -v "$tool" >/dev/null || { echo "screenshots-online: $tool is missing" >&2; exit 1; }
done
mkdir -p "$out"
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The board's geometry in the default window (1200x780 at the top left of a 1280x800
# screen), measured on its screenshots: the pixel of a1 and the step between lines.
A1_X=${A1_X:-0}
A1_Y=${A1_Y:-0}
STEP=${STEP:-0}

start_display() { # number
  Xvfb ":$1" -screen 0 1280x800x24 >/dev/null 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$1" ] && return; sleep 0.1; done
  echo "screenshots-online: display :$1 did not start" >&2
  exit 1
}

start_game() { # display home log
  mkdir -p "$2"
  (cd "$2" && DISPLAY=":$1" GOMOKU_HOME="$2" GOMOKU_LANG=en exec "$bin") >"$3" 2>&1 &
  pids+=($!)
  for _ in $(seq 120); do
    DISPLAY=":$1" xdotool search --onlyvisible --name '^Gomoku$' >/dev/null 2>&1 && break
    sleep 0.5
  done
  DISPLAY=":$1" xdotool search --onlyvisible --name '^Gomoku$' >/dev/null || {
    echo "screenshots-online: the game on :$1 shows no window; its log:" >&2
    tail -20 "$3" >&2
    exit 1
  }
  sleep 3
}

key() { # display keys...
  local d=$1
  shift
  DISPLAY=":$d" xdotool key --delay 120 "$@"
  sleep 0.6
}

typed() { # display text
  DISPLAY=":$1" xdotool type --delay 80 "$2"
  sleep 0.4
}

# A click on a board point in human notation ("h8"): columns a.. (no i skipped), rows
# from the bottom.
click_point() { # display point size
  local d=$1 p=$2 size=$3
  local col=$(($(printf '%d' "'${p:0:1}") - 97)) row=${p:1}
  local x=$((A1_X + col * STEP)) y=$((A1_Y - (row - 1) * STEP))
  DISPLAY=":$d" xdotool mousemove "$x" "$y" click 1
  sleep 0.8
}

shot() { # display name
  DISPLAY=":$1" import -window root "$out/$2"
  echo "screenshots-online: $out/$2"
}

code_of() { # sqlite file
  python3 - "$1" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT code FROM games ORDER BY created_ms DESC LIMIT 1").fetchone()[0])
EOF
}

# One game: Ana (display 91) hosts here or on the server at $server, Ben (display 92) joins
# at $server with the code; they play to Ana's five. $tag names the screenshots.
play_game() { # tag server data-file host-key
  local tag=$1 server=$2 data=$3 host_key=$4
  key 91 o
  key 91 Tab ctrl+a BackSpace BackSpace BackSpace BackSpace BackSpace
  typed 91 Ana
  if [ "$host_key" = server ]; then
    key 91 Tab
    for _ in $(seq 30); do key 91 BackSpace; done
    typed 91 "$server"
  fi
  key 91 Return
  sleep 2
  shot 91 "$tag-host-lobby.png"
  local code
  code=$(code_of "$data")
  key 92 o
  key 92 Tab
  typed 92 Ben
  key 92 Tab
  for _ in $(seq 30); do key 92 BackSpace; done
  typed 92 "$server"
  key 92 Tab
  typed 92 "$code"
  shot 92 "$tag-guest-join.png"
  key 92 Return
  sleep 3
  local ana=(h8 i8 j8 k8 l8) ben=(h9 i9 j9 k9)
  for i in 0 1 2 3; do
    click_point 91 "${ana[$i]}" 15
    click_point 92 "${ben[$i]}" 15
    [ "$i" = 2 ] && { shot 91 "$tag-host-playing.png"; shot 92 "$tag-guest-playing.png"; }
  done
  click_point 91 "${ana[4]}" 15
  sleep 3
  shot 91 "$tag-host-result.png"
  shot 92 "$tag-guest-result.png"
  key 91 Escape
  key 92 Escape
}

start_display 91
start_display 92
start_game 91 "$work/ana" "$work/ana.log"
start_game 92 "$work/ben" "$work/ben.log"
shot 91 measure.png
if [ "$STEP" = 0 ]; then
  echo "screenshots-online: set A1_X, A1_Y and STEP from $out/measure.png" >&2
  exit 0
fi

play_game embedded 127.0.0.1:7627 "$work/ana/data/online/games.sqlite3" here

"$server_bin" --data "$work/server" --listen 127.0.0.1:7700 >"$work/server.log" 2>&1 &
pids+=($!)
sleep 1
play_game standalone 127.0.0.1:7700 "$work/server/games.sqlite3" server
rm -f "$out/measure.png"
echo "screenshots-online: done; logs were in $work"

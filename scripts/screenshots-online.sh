#!/usr/bin/env bash
# Two real games on two virtual displays play each other online, driven as players drive
# them (xdotool: keys and clicks): Ana hosts freestyle on her own computer (the embedded
# server) and Ben joins with the code, to Ana's five; then Ana hosts Swap2 with a 3 + 2
# clock on a standalone gomoku-server over TLS (wss://, the tests' certificate, which both
# games trust through SSL_CERT_FILE), Ben joins, each takes their role in the opening, and
# Ben (Black, as Ana chose White) wins; both press Rematch, and the next game opens with
# the seats swapped, Ben proposing. Screenshots of both screens go into
# docs/screenshots/online/ (or the folder given as $1); the records are checked.
#
# A by-hand check (issue 60), not part of the test command:
#   apt-get install xvfb xdotool imagemagick
#   cargo build --bins && scripts/screenshots-online.sh
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-docs/screenshots/online}
target=${CARGO_TARGET_DIR:-target}
bin=$(realpath "${GOMOKU_BIN:-$target/debug/gomoku}")
server_bin=$(realpath "${GOMOKU_SERVER_BIN:-$target/debug/gomoku-server}")
for tool in Xvfb xdotool import convert python3; do
  command -v "$tool" >/dev/null || { echo "screenshots-online: $tool is missing" >&2; exit 1; }
done
mkdir -p "$out"
tls=$(realpath tests/data/tls)
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The board in the window the game opens on a 1280x800 screen (1200x720 at the top left),
# measured on its screenshots: the pixel of a1 and the step between lines.
A1_X=141
A1_Y=665
STEP=43.64

start_display() { # number
  Xvfb ":$1" -screen 0 1280x800x24 >/dev/null 2>&1 &
  pids+=($!)
  for _ in $(seq 50); do [ -e "/tmp/.X11-unix/X$1" ] && return; sleep 0.1; done
  echo "screenshots-online: display :$1 did not start" >&2
  exit 1
}

window() { DISPLAY=":$1" xdotool search --onlyvisible --name '^Gomoku$' 2>/dev/null | head -1; }

start_game() { # display home
  mkdir -p "$2"
  (cd "$2" && DISPLAY=":$1" GOMOKU_HOME="$2" GOMOKU_LANG=en SSL_CERT_FILE="$tls/ca.pem" exec "$bin") \
    >"$2.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 120); do [ -n "$(window "$1")" ] && break; sleep 0.5; done
  [ -n "$(window "$1")" ] || { echo "screenshots-online: no window on :$1" >&2; tail "$2.log" >&2; exit 1; }
  sleep 3
}

# Without a window manager nothing has the keyboard until it is given.
key() { # display keys...
  local d=$1
  shift
  DISPLAY=":$d" xdotool windowfocus --sync "$(window "$d")"
  DISPLAY=":$d" xdotool key --delay 100 "$@"
  sleep 0.6
}

typed() { # display text
  DISPLAY=":$1" xdotool windowfocus --sync "$(window "$1")"
  DISPLAY=":$1" xdotool type --delay 80 "$2"
  sleep 0.4
}

# A click where the pointer is already: the first event into a window only moves it.
click() { # display x y
  DISPLAY=":$1" xdotool mousemove "$2" "$3"
  sleep 0.3
  DISPLAY=":$1" xdotool click 1
  sleep 0.7
}

# A stone on a board point in human notation ("h8"): columns from a, rows from the bottom.
point() { # display point
  local col=$(($(printf '%d' "'${2:0:1}") - 97)) row=${2:1}
  read -r x y < <(python3 -c "print(round($A1_X + $col * $STEP), round($A1_Y - ($row - 1) * $STEP))")
  DISPLAY=":$1" xdotool mousemove "$x" "$y" click 1
  sleep 0.9
}

shot() { # display name
  DISPLAY=":$1" import -window root "$work/shot.png"
  convert "$work/shot.png" -crop 1200x720+0+0 +repage -strip "$out/$2.png"
  echo "screenshots-online: $out/$2.png"
}

code_of() { # sqlite file
  python3 - "$1" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("SELECT code FROM games ORDER BY created_ms DESC LIMIT 1").fetchone()[0])
EOF
}

clear_field() { # display
  for _ in $(seq 30); do DISPLAY=":$1" xdotool key BackSpace; done
}

start_display 91
start_display 92
start_game 91 "$work/ana"
start_game 92 "$work/ben"

# 1. Through Ana's own server: she types her name and presses Enter (Host here).
key 91 o
key 91 Tab
typed 91 Ana
key 91 Return
sleep 2
shot 91 embedded-host-lobby
code=$(code_of "$work/ana/data/online/games.sqlite3")
key 92 o
key 92 Tab
typed 92 Ben
key 92 Tab
typed 92 127.0.0.1
key 92 Tab
typed 92 "$code"
shot 92 embedded-guest-join
key 92 Return
sleep 3
for pair in "h8 h9" "i8 i9" "j8 j9"; do
  set -- $pair
  point 91 "$1"
  point 92 "$2"
done
shot 92 embedded-guest-playing
point 91 k8
point 92 k9
point 91 l8
sleep 3
shot 91 embedded-host-result
shot 92 embedded-guest-result
key 91 Escape
key 92 Escape

# 2. Through a standalone server over TLS: Swap2 with a 3 + 2 clock, Ana in the first seat.
"$server_bin" --data "$work/server" --listen 127.0.0.1:7700 \
  --tls-cert "$tls/server.pem" --tls-key "$tls/server.key" >"$work/server.log" 2>&1 &
pids+=($!)
sleep 1
key 91 o
click 91 689 336 # Opening: Swap2
click 91 625 490 # Clock: 3 + 2
key 91 Tab Tab
clear_field 91
typed 91 wss://127.0.0.1:7700
key 91 Return # on the server field with no code: Host on the server
sleep 2
shot 91 standalone-host-lobby
code=$(code_of "$work/server/games.sqlite3")
key 92 o
key 92 Tab Tab
clear_field 92
typed 92 wss://127.0.0.1:7700
key 92 Tab
clear_field 92
typed 92 "$code"
shot 92 standalone-guest-join
key 92 Return
sleep 3
for p in h8 i9 g9; do point 91 "$p"; done
shot 92 standalone-guest-choice
key 92 3 # Place two more stones
point 92 j7
point 92 f7
shot 91 standalone-host-choice
key 91 2 # Play White
sleep 1.5
shot 92 standalone-guest-after-opening
for pair in "a1 c11" "a3 d11" "a5 e11" "a7 f11" "a9 g11"; do
  set -- $pair
  point 91 "$1"
  point 92 "$2"
done
sleep 3
shot 91 standalone-host-result
shot 92 standalone-guest-result

# Both records, and the server's, name Ben Black and keep the opening.
ana=$(ls -t "$work"/ana/data/games/*-online.sgf | head -1)
ben=$(ls -t "$work"/ben/data/games/*-online.sgf | head -1)
for sgf in "$ana" "$ben"; do
  grep -q 'PB\[Ben\]PW\[Ana\]' "$sgf" && grep -q 'RE\[B+\]' "$sgf" &&
    grep -q 'Opening: Swap2; h8 i9 g9 two j7 f7 white' "$sgf" ||
    { echo "screenshots-online: $sgf is not the game played" >&2; cat "$sgf" >&2; exit 1; }
done
grep -q 'listening on wss://' "$work/server.log" ||
  { echo "screenshots-online: the server did not serve TLS" >&2; exit 1; }

# 3. The rematch: Ana asks, Ben sees it and agrees; the seats swap, so Ben proposes.
key 91 n
sleep 1.5
shot 92 rematch-guest-asked
key 92 n
sleep 3
shot 92 rematch-guest-proposes
shot 91 rematch-host-waits
seats=$(python3 - "$work/server/games.sqlite3" <<'EOF'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
code = db.execute("SELECT code FROM games ORDER BY created_ms DESC LIMIT 1").fetchone()[0]
print(" ".join(n for (n,) in db.execute("SELECT name FROM seats WHERE code = ? ORDER BY seat", (code,))))
EOF
)
[ "$seats" = "Ben Ana" ] ||
  { echo "screenshots-online: the rematch's seats are '$seats', not Ben then Ana" >&2; exit 1; }
echo "screenshots-online: done; both records name Ben Black, with the opening's line; the rematch seats Ben first"

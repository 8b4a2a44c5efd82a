#!/usr/bin/env bash
# Synthesises the game's sound effects with sox into assets/sounds/*.ogg.
# The .ogg files are committed; run this only to change them. Needs sox with Ogg Vorbis
# support (Debian: apt-get install -y sox libsox-fmt-all).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v sox >/dev/null 2>&1; then
  echo "make-sounds: sox is missing (Debian: apt-get install -y sox libsox-fmt-all)" >&2
  exit 1
fi

out=assets/sounds
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# Everything is mono 44.1 kHz; -V1 keeps sox quiet except for real failures, and -R
# (repeatable) fixes the noise generator's seed so running this again gives the same files.
S=(sox -R -V1 -r 44100 -c 1)

# A stone on wood: a band-passed noise click over a short low knock. Three variants (pitch
# and length differ a little) so a run of moves does not sound mechanical.
stone() { # name knock_hz click_centre_hz length_s
  local name=$1 knock=$2 centre=$3 len=$4
  "${S[@]}" -n "$tmp/knock.wav" synth "$len" sine "$knock" fade h 0.001 "$len" "$(awk "BEGIN{print $len - 0.004}")" gain -6
  "${S[@]}" -n "$tmp/click.wav" synth 0.035 whitenoise band "$centre" 900 fade h 0.0005 0.035 0.032 gain -2
  "${S[@]}" -m "$tmp/knock.wav" "$tmp/click.wav" "$out/$name.ogg" highpass 90 reverb 12 30 20 norm -3
}
stone stone1 190 2300 0.11
stone stone2 175 2000 0.12
stone stone3 205 2600 0.10

# Interface: a soft click for buttons and a barely audible tick for hover.
"${S[@]}" -n "$out/ui_click.ogg" synth 0.03 sine 1150 fade h 0.001 0.03 0.027 norm -8
"${S[@]}" -n "$out/hover.ogg" synth 0.014 sine 2100 fade h 0.001 0.014 0.012 norm -20

# Illegal move: a dull low double thud.
"${S[@]}" -n "$tmp/t1.wav" synth 0.09 sine 120 fade h 0.002 0.09 0.08
"${S[@]}" -n "$tmp/t2.wav" synth 0.12 sine 95 fade h 0.002 0.12 0.11
"${S[@]}" -n "$tmp/gap.wav" trim 0 0.03
"${S[@]}" "$tmp/t1.wav" "$tmp/gap.wav" "$tmp/t2.wav" "$out/illegal.ogg" overdrive 6 norm -4

# Plucked notes for the jingles.
note() { # file note length_s
  "${S[@]}" -n "$1" synth "$3" pluck "$2" fade h 0.002 "$3" "$(awk "BEGIN{print $3 * 0.6}")"
}

# Win: a rising major arpeggio ending on a held octave.
note "$tmp/w1.wav" C5 0.13
note "$tmp/w2.wav" E5 0.13
note "$tmp/w3.wav" G5 0.13
note "$tmp/w4.wav" C6 0.55
"${S[@]}" "$tmp/w1.wav" "$tmp/w2.wav" "$tmp/w3.wav" "$tmp/w4.wav" "$out/win.ogg" pad 0 0.3 reverb 40 norm -3

# Loss: a slow falling minor line.
note "$tmp/l1.wav" G4 0.28
note "$tmp/l2.wav" Eb4 0.28
note "$tmp/l3.wav" C4 0.7
"${S[@]}" "$tmp/l1.wav" "$tmp/l2.wav" "$tmp/l3.wav" "$out/loss.ogg" lowpass 2500 pad 0 0.3 reverb 40 norm -4

# Draw: two even notes, neither up nor down.
note "$tmp/d1.wav" E4 0.3
note "$tmp/d2.wav" E4 0.5
"${S[@]}" "$tmp/d1.wav" "$tmp/d2.wav" "$out/draw.ogg" pad 0 0.3 reverb 30 norm -5

# Ambient loop (the music channel, off by default): a soft A-major pad whose partials beat
# slowly against slightly detuned twins, and a few plucked notes. It must loop without a
# seam: every frequency completes a whole number of cycles in the 24 s loop (multiples of
# 1/24 Hz), the tremolo period (6 s) divides it, no note sounds across the loop point, and
# the filter and reverb run over two copies so the kept second copy starts with the first
# one's tail.
len=24
pad=()
for f in 110 110.0833 165 165.0833 220 277.5 330; do
  "${S[@]}" -n "$tmp/pad-$f.wav" synth "$len" sine "$f" gain -14
  pad+=("$tmp/pad-$f.wav")
done
"${S[@]}" -m "${pad[@]}" "$tmp/pad.wav" tremolo 0.1666667 35
melody=()
for n in "0.6 E4" "5.5 A4" "9 B4" "13.5 C#5" "18 E5" "21 A4"; do
  set -- $n
  note "$tmp/n-$2.wav" "$2" 2.8
  "${S[@]}" "$tmp/n-$2.wav" "$tmp/m-$2.wav" gain -10 pad "$1" "$(awk "BEGIN{print $len - $1 - 2.8}")"
  melody+=("$tmp/m-$2.wav")
done
"${S[@]}" -m "${melody[@]}" "$tmp/melody.wav"
"${S[@]}" -m "$tmp/pad.wav" "$tmp/melody.wav" "$tmp/once.wav"
# Filters have state too: they run over both copies, like the reverb.
"${S[@]}" "$tmp/once.wav" "$tmp/once.wav" "$tmp/twice.wav" lowpass 1200 reverb 60 50 80
"${S[@]}" "$tmp/twice.wav" -C 2 "$out/ambient.ogg" trim "$len" "$len" norm -8

ls -l "$out"

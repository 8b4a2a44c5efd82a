#!/usr/bin/env bash
# Builds the Debian package (cargo-deb; its metadata is [package.metadata.deb] in Cargo.toml):
# the game and pbrain-gomoku in /usr/games with their manual pages, the desktop entry, the
# icons, the AppStream metainfo, the changelog and the licences of the fonts and sounds.
# Installs what is missing first (the build libraries, dpkg-dev for the package's library
# dependencies, cargo-deb itself). scripts/check-package.sh checks the result (and lintian).
#
# Usage: scripts/package.sh [--out DIR] [--profile PROFILE] [--no-build] [--fast]
#   By default it builds the game as players get it: the release profile (optimised, thin
#   LTO, one code-generation unit, stripped by cargo-deb) with the default features, so
#   without the developers' tools. --profile dev --no-build packages the binaries
#   `cargo test --features tools` already built (the test command's packaging check): it
#   stops if one is missing. --fast compresses at xz's fastest level (a bigger file, made in
#   seconds). Prints the .deb's path and size.
set -euo pipefail
cd "$(dirname "$0")/.."

out=target/debian
profile=release
build=1
fast=0
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --profile) profile=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    --fast) fast=1; shift ;;
    -h|--help) sed -n 2,14p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

scripts/ensure-deps.sh build package
# cargo-deb, pinned: a version that builds with Rust 1.95.
cargo_deb_version=3.8.0
if [ "$(cargo deb --version 2>/dev/null | awk '{print $2}')" != "$cargo_deb_version" ]; then
  echo "package.sh: installing cargo-deb $cargo_deb_version"
  cargo install --quiet --locked --version "$cargo_deb_version" cargo-deb
fi

# --no-build: cargo-deb takes the binaries from the profile's folder as they are.
if [ "$build" -eq 0 ]; then
  case "$profile" in
    dev|test) profile_dir=debug ;;
    bench) profile_dir=release ;;
    *) profile_dir=$profile ;;
  esac
  bin_dir="${CARGO_TARGET_DIR:-target}/$profile_dir"
  for bin in gomoku pbrain-gomoku; do
    [ -x "$bin_dir/$bin" ] || {
      echo "package.sh: --no-build, but $bin_dir/$bin is missing: build it first" \
        "(cargo test --features tools builds both into target/debug/)" >&2
      exit 1
    }
  done
fi

mkdir -p "$out"
# --strip: cargo-deb keeps the symbols otherwise (a 316 MB game instead of 59 MB).
args=(--profile "$profile" --output "$out" --strip --quiet)
[ "$build" -eq 0 ] && args+=(--no-build)
[ "$fast" -eq 1 ] && args+=(--fast)
# The release build leaves the tools out (default features); the test command's dev build
# was made with them, and cargo-deb only copies its binaries.
deb=$(cargo deb "${args[@]}" --locked)
deb=${deb##*$'\n'}
[ -f "$deb" ] || { echo "package.sh: cargo deb made no package ($deb)" >&2; exit 1; }

# cargo-deb runs dpkg-shlibdeps on each binary alone and keeps every minimum version it finds
# (Depends: libc6 (>= 2.34), libc6 (>= 2.35)); keep each library once, at its highest minimum
# (what dpkg-shlibdeps says for both binaries together), and repack if that changes Depends.
depends=$(dpkg-deb -f "$deb" Depends)
declare -A min=()
names=()
IFS=',' read -ra entries <<<"$depends"
for entry in "${entries[@]}"; do
  entry=${entry#"${entry%%[! ]*}"} entry=${entry%"${entry##*[! ]}"} # trimmed
  # Only `lib` and `lib (>= version)` are merged; anything else stays as it is.
  if [[ "$entry" =~ ^([^ |]+)( \(\>= ([^\)]+)\))?$ ]]; then
    name=${BASH_REMATCH[1]} version=${BASH_REMATCH[3]}
  else
    name=$entry version=
  fi
  if [ -z "${min[$name]+set}" ]; then
    names+=("$name")
    min[$name]=$entry
  elif [ -n "$version" ]; then
    old=
    [[ "${min[$name]}" =~ \(\>=\ ([^\)]+)\)$ ]] && old=${BASH_REMATCH[1]}
    if [ -z "$old" ] || dpkg --compare-versions "$version" gt "$old"; then
      min[$name]=$entry
    fi
  fi
done
merged=$(for name in "${names[@]}"; do echo "${min[$name]}"; done | paste -sd, | sed 's/,/, /g')
if [ "$merged" != "$depends" ]; then
  repack=$(mktemp -d)
  dpkg-deb -R "$deb" "$repack/pkg"
  sed -i "s/^Depends: .*/Depends: $merged/" "$repack/pkg/DEBIAN/control"
  dpkg-deb --root-owner-group -Zxz -z"$([ "$fast" -eq 1 ] && echo 1 || echo 6)" \
    -b "$repack/pkg" "$deb" >/dev/null
  rm -rf "$repack"
fi
size=$(du -k "$deb" | cut -f1)
echo "package.sh: $deb ($((size / 1024)).$(((size % 1024) * 10 / 1024)) MiB, profile $profile)"

#!/usr/bin/env bash
# Runs every test: formatting, the engine alone (no Bevy) and the player's build linted,
# everything with the game (clippy's lints, -D warnings, on each of those builds), then the Debian
# package built from that build, and the game extracted from it under a virtual display as a
# smoke test. Installs missing system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-deps.sh build xvfb package

echo "== formatting (cargo fmt --check)"
# rustup's minimal profile leaves rustfmt and clippy out.
for tool in fmt clippy; do
  if ! cargo "$tool" --version >/dev/null 2>&1 && command -v rustup >/dev/null 2>&1; then
    rustup component add "$([ "$tool" = fmt ] && echo rustfmt || echo clippy)"
  fi
done
cargo fmt --all --check

# Clippy lints while the tests build, not in a `cargo clippy` of its own: that one checks
# every dependency again in check mode (Bevy's metadata, ~10 minutes on a busy machine from
# nothing) next to the build the tests need anyway. This is how `cargo clippy` itself works
# (clippy-driver as the wrapper of this package's crates, its arguments in CLIPPY_ARGS),
# with cargo building instead of checking: the same lints, `-D warnings`, every target the
# tests build (library, binaries, tests, examples, with and without cfg(test)).
lint() {
  RUSTC_WORKSPACE_WRAPPER="$(command -v clippy-driver)" \
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" "$@"
}
command -v clippy-driver >/dev/null || { echo "test.sh: clippy-driver not found (rustup component add clippy)" >&2; exit 1; }

# The two builds before the last only lint and show that they build: this package's own
# crates go unoptimised there (its dependencies, Bevy included, keep the dev profile, so they
# are built once for all three). The engine's tests run once, in the last build, which has
# them all with the tools and the game.
quick=(--config profile.dev.package.gomoku.opt-level=0 --config profile.dev.package.gomoku.codegen-units=16)

echo "== the engine without Bevy: lints (cargo build --no-default-features --features tools --all-targets)"
lint cargo build "${quick[@]}" --no-default-features --features tools --all-targets

echo "== the game as a player builds it (cargo build --bins, no tools): lints"
# What scripts/play.sh builds; its dependencies are the ones the next step uses.
lint cargo build "${quick[@]}" --bins

echo "== everything with the game: lints and tests (cargo test --features tools)"
lint cargo test --features tools

echo "== the Debian package, from the build the tests made (scripts/package.sh, check-package.sh)"
# The released package is built with the release profile (scripts/package.sh alone); a second
# full build of Bevy would not fit the test command's time, so this packages the dev build the
# tests already made and checks the package's layout, validators, dependencies and lintian.
# `cargo test --features tools` has built gomoku and pbrain-gomoku into target/debug/ for the
# integration tests (with the tools: the smoke test drives the game with `--demo`), and
# package.sh --no-build takes those binaries and stops if one is missing.
pkg=$(mktemp -d)
scripts/package.sh --no-build --profile dev --fast --out "$pkg"
scripts/check-package.sh "$pkg"/gomoku_*.deb "$pkg/root"

echo "== smoke test: the packaged game under Xvfb, run from a folder outside the repository"
# Into a scratch folder: the committed screenshots in docs/ change only on purpose.
shots=$(mktemp -d)
export GOMOKU_BIN="$pkg/root/usr/games/gomoku"
scripts/screenshots.sh "$shots"
scripts/screenshots-connect4.sh "$shots"
rm -rf "$shots" "$pkg"

#!/usr/bin/env bash
# Runs every test: formatting and lints, the engine alone (no Bevy), then everything with the
# game, then the Debian package built from that build, and the game extracted from it under a
# virtual display as a smoke test. Installs missing system packages first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-deps.sh build xvfb package

echo "== formatting and lints (cargo fmt --check, cargo clippy -D warnings)"
# rustup's minimal profile leaves these two out.
for tool in fmt clippy; do
  if ! cargo "$tool" --version >/dev/null 2>&1 && command -v rustup >/dev/null 2>&1; then
    rustup component add "$([ "$tool" = fmt ] && echo rustfmt || echo clippy)"
  fi
done
cargo fmt --all --check
cargo clippy --no-default-features --features tools --all-targets -- -D warnings
cargo clippy --all-targets -- -D warnings                    # the game as a player builds it
cargo clippy --features tools --all-targets -- -D warnings

# The tests cover the developers' tools too (feature `tools`).
echo "== engine tests without Bevy (cargo test --no-default-features --features tools)"
cargo test --no-default-features --features tools

echo "== all tests with the game (cargo test --features tools)"
cargo test --features tools

echo "== the Debian package, from the build the tests made (scripts/package.sh, check-package.sh)"
# The released package is built with the release profile (scripts/package.sh alone); a second
# full build of Bevy would not fit the test command's time, so this packages the dev build the
# tests already made and checks the package's layout, validators, dependencies and lintian.
# `cargo test --features tools` has built gomoku and pbrain-gomoku into target/debug/ for the
# integration tests; a `cargo build` here would unify features differently and rebuild Bevy
# (9 minutes), so package.sh --no-build takes those binaries and stops if one is missing.
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

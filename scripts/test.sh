#!/usr/bin/env bash
# Runs every test: formatting and lints, the engine alone (no Bevy), then everything with the
# game, then the real game under a virtual display as a smoke test. Installs missing system
# packages first.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/ensure-deps.sh build xvfb

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

if [ -x scripts/screenshots.sh ]; then
  echo "== smoke test: the real game under Xvfb"
  # Into a scratch folder: the committed screenshots in docs/ change only on purpose.
  shots=$(mktemp -d)
  scripts/screenshots.sh "$shots"
  if [ -x scripts/screenshots-connect4.sh ]; then
    scripts/screenshots-connect4.sh "$shots"
  fi
  rm -rf "$shots"
fi

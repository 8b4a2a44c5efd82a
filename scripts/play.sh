#!/usr/bin/env bash
# Starts the game. Installs missing system packages first; the first build compiles Bevy
# (about 25 minutes on two cores), later starts take seconds. Extra arguments go to the game.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh build
# Same profile as scripts/test.sh, so the two share one build of the dependencies.
exec cargo run --bin gomoku -- "$@"

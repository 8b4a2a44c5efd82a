#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the game needs when they are missing.
# Usage: scripts/ensure-deps.sh [build|xvfb|package]...   (build: libraries Bevy links
# against; xvfb: a virtual display and software Vulkan for the smoke test; package: what
# building and checking the Debian package needs, lintian included).
# As root it runs apt-get; otherwise it prints the exact sudo command and exits 1.
set -euo pipefail

want=()
for group in "$@"; do
  case "$group" in
    build) want+=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev) ;;
    xvfb) want+=(xvfb xauth mesa-vulkan-drivers) ;;
    package) want+=(dpkg-dev desktop-file-utils appstream lintian) ;;
    *) echo "ensure-deps: unknown group '$group' (use build, xvfb or package)" >&2; exit 2 ;;
  esac
done

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "ensure-deps: not a Debian-like system; install the equivalents of: ${want[*]}" >&2
  exit 0
fi

missing=()
for pkg in "${want[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == *"install ok installed"* ]] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "ensure-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "ensure-deps: missing system packages. Run this, then try again:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

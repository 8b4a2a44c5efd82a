#!/usr/bin/env bash
# Checks a Debian package made by scripts/package.sh: extracts it (dpkg-deb -x) into DIR and
# checks what a player's system will use: every file in place, the desktop entry and the
# AppStream metainfo valid (desktop-file-validate, appstreamcli validate), the entry's command
# and icon present in the package, the metainfo's release and the changelog's version the
# version in Cargo.toml, the package's dependencies, lintian clean (no error, no warning), and
# the extracted pbrain-gomoku answering a manager. The test command then runs the extracted
# game (scripts/screenshots.sh with GOMOKU_BIN).
#
# Lintian fails the check on any error or warning. One warning is overridden, in the package
# (packaging/lintian-overrides): initial-upload-closes-no-bugs, as the package is not uploaded
# to Debian and its first changelog entry has no ITP bug to close. Informational tags (I:) are
# printed and accepted; today:
# - hardening-no-fortify-functions: lintian looks for glibc's checked *_chk functions, which
#   only C built with _FORTIFY_SOURCE calls; Rust code has its own bounds checks.
# - no-md5sums-control-file: cargo-deb writes no DEBIAN/md5sums (only debsums and dpkg
#   --verify read it).
# - spelling-error-in-binary dimenion: a message inside a dependency (symphonia's Vorbis
#   decoder), not our text.
#
# Usage: scripts/check-package.sh PACKAGE.deb DIR
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: scripts/check-package.sh PACKAGE.deb DIR" >&2; exit 2; }
deb=$1 root=$2
scripts/ensure-deps.sh package

fail=0
bad() { echo "check-package: $*" >&2; fail=1; }

rm -rf "$root"
mkdir -p "$root"
dpkg-deb -x "$deb" "$root"

id=io.github.gomoku.Gomoku
files=(usr/games/gomoku usr/games/pbrain-gomoku
  usr/share/man/man6/gomoku.6.gz usr/share/man/man6/pbrain-gomoku.6.gz
  "usr/share/applications/$id.desktop" "usr/share/metainfo/$id.metainfo.xml"
  "usr/share/icons/hicolor/scalable/apps/$id.svg"
  usr/share/doc/gomoku/copyright usr/share/doc/gomoku/changelog.Debian.gz
  usr/share/doc/gomoku/PROTOCOL.md usr/share/lintian/overrides/gomoku
  usr/share/doc/gomoku/fonts/OFL-Lato.txt
  usr/share/doc/gomoku/fonts/OFL-NotoSansCJK.txt usr/share/doc/gomoku/sounds/README.md)
for size in 16 24 32 48 64 128 256 512; do
  files+=("usr/share/icons/hicolor/${size}x${size}/apps/$id.png")
done
for f in "${files[@]}"; do
  [ -s "$root/$f" ] || bad "$f is missing from the package"
done
for f in usr/games/gomoku usr/games/pbrain-gomoku; do
  [ -x "$root/$f" ] || bad "$f is not executable"
done

desktop="$root/usr/share/applications/$id.desktop"
metainfo="$root/usr/share/metainfo/$id.metainfo.xml"
desktop-file-validate "$desktop" || bad "the desktop entry does not validate"
appstreamcli validate --no-net --pedantic "$metainfo" || bad "the metainfo does not validate"

# The entry starts a command the package installs, with an icon the package has.
exec_cmd=$(sed -n 's/^Exec=\([^ ]*\).*/\1/p' "$desktop")
[ -x "$root/usr/games/$exec_cmd" ] || bad "the desktop entry's command '$exec_cmd' is not in usr/games"
icon=$(sed -n 's/^Icon=//p' "$desktop")
[ "$icon" = "$id" ] || bad "the desktop entry's icon is '$icon', not $id"

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
grep -q "<release version=\"$version\"" "$metainfo" ||
  bad "the metainfo has no release $version (the version in Cargo.toml)"
[ "$(dpkg-deb -f "$deb" Version)" = "$version-1" ] || bad "the package's version is not $version-1"
changelog_version=$(zcat "$root/usr/share/doc/gomoku/changelog.Debian.gz" |
  dpkg-parsechangelog -l - -S Version || true)
[ "$changelog_version" = "$version-1" ] ||
  bad "the changelog's latest entry is $changelog_version, not $version-1 (packaging/changelog)"
depends=$(dpkg-deb -f "$deb" Depends)
# libwayland-client0 comes from $auto alone (the binary links it): a change that makes Bevy
# open it with dlopen instead must put it back into the hand-written list in Cargo.toml.
for lib in libc6 libasound2 libvulkan1 libxkbcommon-x11-0 libwayland-client0; do
  [[ "$depends" == *"$lib"* ]] || bad "the package does not depend on $lib (Depends: $depends)"
done
dups=$(tr ',' '\n' <<<"$depends" | awk '{print $1}' | sort | uniq -d | xargs)
[ -z "$dups" ] || bad "the package depends twice on $dups (Depends: $depends)"

echo "check-package: lintian $(basename "$deb")"
lintian --fail-on error,warning --display-info --tag-display-limit 0 "$deb" ||
  bad "lintian reports errors or warnings (above)"

# The brain from the package answers a manager from any folder.
about=$(cd "$root" && printf 'ABOUT\nEND\n' | timeout 60 "$root/usr/games/pbrain-gomoku")
[[ "$about" == *'name="'* ]] || bad "pbrain-gomoku answered ABOUT with '$about'"

[ "$fail" -eq 0 ] || exit 1
echo "check-package: $(basename "$deb"): ${#files[@]} files in place, desktop entry and metainfo" \
  "valid, lintian clean, Depends: $depends"

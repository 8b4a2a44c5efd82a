#!/usr/bin/env python3
"""Makes the CJK font subsets the game draws Chinese, Japanese and Korean text with.

For each CJK language of assets/locales/ (zh-Hans, zh-Hant, ja, ko) this takes Noto Sans CJK
in that region's glyph forms (Noto Sans SC, TC, JP, KR: the static Regular cut Google Fonts
publishes, from the npm packages @expo-google-fonts/noto-sans-<region>, pinned below), keeps
only the characters the language's catalog uses plus ASCII and a few punctuation marks, and
writes assets/fonts/NotoSans<REGION>-Regular.ttf with the fonts' licence beside them
(assets/fonts/OFL-NotoSansCJK.txt). The outputs are committed; run this again after a
catalog gains characters (the test `every_character_of_a_language_is_in_its_font` says when).

Needs: python3, npm (the registry's ordinary client) and fontTools' pyftsubset, installed
from PyPI when missing (pinned below). Downloads go to a cache folder
($GOMOKU_FONT_CACHE, default ~/.cache/gomoku-fonts), about 57 MB per region.

Usage: scripts/make-cjk-fonts.py            (all four)
       scripts/make-cjk-fonts.py --check    (fail if a committed subset lacks a character)
"""

import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "assets" / "locales"
FONTS = ROOT / "assets" / "fonts"
CACHE = Path(os.environ.get("GOMOKU_FONT_CACHE", Path.home() / ".cache" / "gomoku-fonts"))

# npm package version (Google Fonts' Noto Sans SC/TC/JP/KR, OFL-1.1) and fontTools version.
PACKAGE_VERSION = "0.4.3"
FONTTOOLS_VERSION = "4.68.0"

# Catalog folder -> (region of the font, the font's file in the npm package).
LANGUAGES = {
    "zh-Hans": "SC",
    "zh-Hant": "TC",
    "ja": "JP",
    "ko": "KR",
}

# Always kept: printable ASCII (numbers, file paths, move names like "h8"), the no-break
# space, and the punctuation the game puts around translated text (middle dot between
# names, minus sign, multiplication sign of "15 × 15", dashes, ellipsis, quotes).
ALWAYS = [chr(c) for c in range(0x20, 0x7F)] + list("\u00a0·−×–—…‘’“”½±")


def catalog_chars(lang: str) -> set:
    """Every character on a catalog's non-comment lines: a superset of what it can show
    (keys and Fluent syntax are ASCII, which is kept anyway)."""
    chars = set()
    for ftl in sorted((LOCALES / lang).glob("*.ftl")):
        for line in ftl.read_text(encoding="utf-8").splitlines():
            if line.lstrip().startswith("#"):
                continue
            chars.update(line)
    return {c for c in chars if not c.isspace() or c == " "}


def ensure_pyftsubset() -> list:
    try:
        import fontTools  # noqa: F401
    except ImportError:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", f"fonttools=={FONTTOOLS_VERSION}"],
            check=True,
        )
    return [sys.executable, "-m", "fontTools.subset"]


def source_font(region: str) -> Path:
    """The full Regular font of a region, downloaded once into the cache."""
    package = f"@expo-google-fonts/noto-sans-{region.lower()}"
    folder = CACHE / f"noto-sans-{region.lower()}-{PACKAGE_VERSION}"
    font = folder / f"NotoSans{region}_400Regular.ttf"
    licence = folder / "LICENSE_FONT"
    if font.exists() and licence.exists():
        return font
    folder.mkdir(parents=True, exist_ok=True)
    out = subprocess.run(
        ["npm", "pack", "--silent", f"{package}@{PACKAGE_VERSION}", "--pack-destination", str(folder)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip().splitlines()[-1]
    tgz = folder / out
    with tarfile.open(tgz) as tar:
        for member in tar.getmembers():
            name = member.name
            if name == f"package/400Regular/NotoSans{region}_400Regular.ttf":
                target = font
            elif name == "package/LICENSE_FONT":
                target = licence
            else:
                continue
            with tar.extractfile(member) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
    tgz.unlink()
    if not font.exists():
        sys.exit(f"make-cjk-fonts: {package}@{PACKAGE_VERSION} has no Regular font")
    return font


def check() -> int:
    from fontTools.ttLib import TTFont

    bad = 0
    for lang, region in LANGUAGES.items():
        path = FONTS / f"NotoSans{region}-Regular.ttf"
        cmap = TTFont(path).getBestCmap()
        missing = sorted(c for c in catalog_chars(lang) | set(ALWAYS) if ord(c) not in cmap)
        if missing:
            bad += 1
            print(f"{path.name} lacks {''.join(missing)!r} ({lang})")
    return 1 if bad else 0


def main() -> int:
    subset = ensure_pyftsubset()
    if "--check" in sys.argv:
        return check()
    FONTS.mkdir(parents=True, exist_ok=True)
    licence = None
    for lang, region in LANGUAGES.items():
        font = source_font(region)
        licence = font.parent / "LICENSE_FONT"
        chars = sorted(catalog_chars(lang) | set(ALWAYS))
        unicodes = ",".join(f"U+{ord(c):04X}" for c in chars)
        out = FONTS / f"NotoSans{region}-Regular.ttf"
        subprocess.run(
            subset
            + [
                str(font),
                f"--unicodes={unicodes}",
                f"--output-file={out}",
                # Kerning and the region's glyph forms; no hinting (the game's text renderer
                # does not use it) and no other tables it does not read.
                "--layout-features=kern,locl,ccmp,liga,palt,vert",
                "--no-hinting",
                "--desubroutinize",
                # Keep the names: the copyright and licence lines travel with the font.
                "--name-IDs=*",
                "--notdef-outline",
            ],
            check=True,
        )
        print(f"{out.relative_to(ROOT)}: {len(chars)} characters, {out.stat().st_size} bytes")
    text = licence.read_text(encoding="utf-8")
    header = (
        "Noto Sans CJK subsets (NotoSansSC-Regular.ttf, NotoSansTC-Regular.ttf,\n"
        "NotoSansJP-Regular.ttf, NotoSansKR-Regular.ttf), made by scripts/make-cjk-fonts.py\n"
        f"from Google Fonts' Noto Sans SC/TC/JP/KR as published in the npm packages\n"
        f"@expo-google-fonts/noto-sans-sc, -tc, -jp, -kr version {PACKAGE_VERSION}.\n\n"
    )
    (FONTS / "OFL-NotoSansCJK.txt").write_text(header + text, encoding="utf-8")
    return check()


if __name__ == "__main__":
    sys.exit(main())

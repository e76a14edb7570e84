#!/usr/bin/env python3
"""Subsets Noto Sans CJK SC to the Chinese characters the UI uses.

Usage: cjk_subset.py NOTO_FONT_DIR OUT_DIR

NOTO_FONT_DIR holds NotoSansCJK-Regular.ttc and NotoSansCJK-Bold.ttc (Debian's fonts-noto-cjk);
OUT_DIR receives cjk-sc-regular.otf and cjk-sc-bold.otf. The characters are every character at or
above U+2E80 (CJK, kana, fullwidth punctuation) in the page's sources: ui/**/*.{js,html,css}
outside ui/tests and ui/dev, and the engine's texts the page shows (ENGINE_TEXTS: the opening
names) — the same set ui/tests/font.test.js checks the fonts against.
"""

import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = pathlib.Path(__file__).resolve().parent.parent
UI = ROOT / "ui"
# Engine sources whose Chinese text the page shows as it comes (the opening explorer's names).
ENGINE_TEXTS = [ROOT / "src" / "study" / "explorer.rs"]
# Index of the Simplified Chinese face in Noto's collections (JP, KR, SC, TC, HK, then Mono).
SC_INDEX = 2
FIRST_CJK = 0x2E80


def ui_sources():
    """The page's own source files, in a stable order."""
    for path in sorted(UI.rglob("*")):
        parts = path.relative_to(UI).parts
        if path.suffix in {".js", ".html", ".css"} and parts[0] not in {"tests", "dev"}:
            yield path
    yield from ENGINE_TEXTS


def ui_cjk_characters():
    """Every CJK (or fullwidth) character the page can show."""
    chars = set()
    for path in ui_sources():
        chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) >= FIRST_CJK)
    return sorted(chars)


FAMILY = "Gomoku CJK SC"


def rename(font, weight):
    """Names the cut-down face apart from the original (a modified version, as the OFL asks)."""
    names = font["name"]
    names.removeNames(nameID=16)
    names.removeNames(nameID=17)
    for record in names.names:
        if record.nameID == 1:
            record.string = FAMILY
        elif record.nameID == 3:
            record.string = f"{FAMILY.replace(' ', '')}-{weight};subset"
        elif record.nameID == 4:
            record.string = f"{FAMILY} {weight}"
        elif record.nameID == 6:
            record.string = f"{FAMILY.replace(' ', '')}-{weight}"
    font["CFF "].cff.fontNames = [f"{FAMILY.replace(' ', '')}-{weight}"]


def subset_face(collection_path, out_path, characters, weight):
    font = TTCollection(str(collection_path)).fonts[SC_INDEX]
    options = subset.Options()
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6, 13, 14]
    options.layout_features = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in characters])
    subsetter.subset(font)
    rename(font, weight)
    # Keep the source's timestamp, so the same package gives the same bytes.
    font.recalcTimestamp = False
    font.save(str(out_path))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    source, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    characters = ui_cjk_characters()
    for weight in ("Regular", "Bold"):
        target = out / f"cjk-sc-{weight.lower()}.otf"
        subset_face(source / f"NotoSansCJK-{weight}.ttc", target, characters, weight)
        print(f"{target}: {len(characters)} characters, {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()

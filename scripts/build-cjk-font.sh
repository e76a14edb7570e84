#!/usr/bin/env bash
# Rebuilds ui/fonts/cjk-sc-{regular,bold}.otf: Noto Sans CJK SC (SIL Open Font License 1.1, from
# Debian's fonts-noto-cjk package) cut down to the Chinese characters the UI uses, so Chinese text
# renders on machines without a CJK font. Run it after adding Chinese text to the UI;
# `node --test ui/tests/` fails while a character is missing. Nothing is installed system-wide
# but python3-fonttools: the font package is only downloaded and unpacked in a temporary folder.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

ensure_packages python3-fonttools
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; fi
(cd "$work" && apt-get download fonts-noto-cjk)
dpkg-deb -x "$work"/fonts-noto-cjk_*.deb "$work/unpacked"
/usr/bin/python3 scripts/cjk_subset.py "$work/unpacked/usr/share/fonts/opentype/noto" ui/fonts

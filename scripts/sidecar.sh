#!/usr/bin/env bash
# Builds the Gomocup engine `pbrain-gomoku` (release) and puts it where the Tauri bundler takes
# it as a sidecar (src-tauri/binaries/pbrain-gomoku-<target triple>), so the installers ship it
# next to the app: /usr/bin/pbrain-gomoku in the .deb and .rpm, beside Gomoku.exe on Windows,
# in Gomoku.app/Contents/MacOS on macOS. Bundles use it through src-tauri/tauri.bundle.conf.json.
#   bash scripts/sidecar.sh              the host's target
#   bash scripts/sidecar.sh universal    macOS: one binary for Apple silicon and Intel (lipo)
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p src-tauri/binaries
exe=""
case "$(uname -s)" in MINGW*|MSYS*|CYGWIN*) exe=".exe" ;; esac

if [ "${1:-}" = "universal" ]; then
  for target in aarch64-apple-darwin x86_64-apple-darwin; do
    cargo build --release -p gomoku --bin pbrain-gomoku --target "$target"
  done
  lipo -create -output src-tauri/binaries/pbrain-gomoku-universal-apple-darwin \
    target/aarch64-apple-darwin/release/pbrain-gomoku target/x86_64-apple-darwin/release/pbrain-gomoku
  ls -l src-tauri/binaries/
  exit 0
fi
host=$(rustc -vV | sed -n 's/^host: //p')
cargo build --release -p gomoku --bin pbrain-gomoku
cp "target/release/pbrain-gomoku$exe" "src-tauri/binaries/pbrain-gomoku-$host$exe"
ls -l src-tauri/binaries/

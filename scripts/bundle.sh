#!/usr/bin/env bash
# Builds the Linux installers (.deb and .rpm) with the Tauri CLI pinned in package.json (an npm
# package with a prebuilt binary), with the Gomocup engine pbrain-gomoku beside the app
# (/usr/bin/pbrain-gomoku; see scripts/sidecar.sh). Output: target/release/bundle/{deb,rpm}/.
# AppImage is not built: its tool is downloaded at build time, which this offline machine cannot do
# (the release workflow builds it on GitHub's runners).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

ensure_rust
ensure_node
ensure_tauri_deps
ensure_packages rpm
[ -x node_modules/.bin/tauri ] || npm ci --no-audit --no-fund
bash scripts/sidecar.sh
npx tauri build --bundles deb,rpm --config src-tauri/tauri.bundle.conf.json
ls -l target/release/bundle/deb/*.deb target/release/bundle/rpm/*.rpm

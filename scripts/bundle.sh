#!/usr/bin/env bash
# Builds the Linux installers (.deb and .rpm) with the Tauri CLI pinned in package.json (an npm
# package with a prebuilt binary). Output: target/release/bundle/{deb,rpm}/.
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
npx tauri build --bundles deb,rpm
ls -l target/release/bundle/deb/*.deb target/release/bundle/rpm/*.rpm

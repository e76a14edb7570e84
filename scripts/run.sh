#!/usr/bin/env bash
# Installs what is missing on a fresh Debian/Ubuntu machine and starts the Gomoku app.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

ensure_rust
ensure_tauri_deps
exec cargo run --release -p gomoku-app

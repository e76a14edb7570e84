#!/usr/bin/env bash
# The soak test: one app process plays GAMES (default 200) fast AI-vs-AI games under Xvfb, with
# analysis mode switched on and off and the evaluation graph computed now and then, and prints
# the app's and WebKit's memory (PSS) every 20 games. Fails on an error, a bad autosave, or
# memory that grows more than 10 % after the first 20 games. Not part of the test command
# (about 5 minutes for 200 games on two cores).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh
ensure_rust
ensure_tauri_deps
ensure_e2e_deps
ensure_tauri_driver
games="${1:-200}"
cargo build -p gomoku-app -p gomoku --bins --features gomoku-app/e2e-hooks
cd tests/e2e
SOAK_GAMES="$games" GOMOKU_E2E_MOVE_MS=40 GOMOKU_E2E_AI_PAUSE_MS=0 \
  xvfb-run -a cargo test --test soak -- --ignored --nocapture --test-threads 1

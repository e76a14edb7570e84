#!/usr/bin/env bash
# Memory and start-up time of the release app against a hello-world Tauri 2 app built here with
# the same Tauri, window size and release profile (scripts/hello-world/), measured in the same
# run under Xvfb (see scripts/footprint.py). A benchmark, not a test: run it on an idle machine.
#   bash scripts/footprint.sh [RUNS]    (default 5 runs of each app)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

ensure_rust
ensure_tauri_deps
ensure_packages xvfb xauth python3
repo=$(pwd)
echo "== building the release app"
cargo build --release -p gomoku-app --features custom-protocol
echo "== building the hello-world app (target/hello-world)"
rm -rf target/hello-world
mkdir -p target/hello-world
cp -r scripts/hello-world/. target/hello-world/
cp -r src-tauri/icons target/hello-world/icons
cp Cargo.lock target/hello-world/Cargo.lock
(cd target/hello-world && CARGO_TARGET_DIR="$repo/target" cargo build --release --features custom-protocol)
echo "== measuring (${1:-5} runs each, 1120x800 windows under Xvfb)"
xvfb-run -a -s "-screen 0 1600x1000x24" /usr/bin/python3 scripts/footprint.py \
  target/release/gomoku-app target/release/hello-tauri "${1:-5}"

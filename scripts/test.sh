#!/usr/bin/env bash
# Runs every test of the project: formatting, lints, the engine's and the shell's tests, the UI's
# pure-module tests, and the end-to-end tests of the real app (WebDriver under Xvfb).
# Installs what a fresh Debian/Ubuntu machine lacks (system packages need root or sudo).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

ensure_rust
ensure_node
ensure_tauri_deps
ensure_e2e_deps
ensure_tauri_driver
ensure_packages python3 python3-yaml

echo "== npm lock file in sync with package.json (what bundle.sh and the release workflow install)"
npm ci --dry-run --ignore-scripts --no-audit --no-fund
echo "== cargo fmt --check"
cargo fmt --all -- --check
cargo fmt --manifest-path tests/e2e/Cargo.toml -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
cargo clippy --manifest-path tests/e2e/Cargo.toml --tests -- -D warnings
echo "== cargo test (engine and shell)"
cargo test --workspace
echo "== node --test (UI modules)"
node --test ui/tests/
echo "== release workflow lint"
/usr/bin/python3 scripts/check_release_workflow.py
echo "== end-to-end tests of the real app (screenshots in target/e2e-screenshots/)"
# The e2e build has the test-only hooks (the engine file dialog answered from an environment
# variable); the shipped app is built without them (bundle.sh, the release workflow).
# One build for the app and `pbrain-gomoku` (the engine tests drive it): one feature resolution,
# so the engine is compiled once for both.
cargo build -p gomoku-app -p gomoku --bins --features gomoku-app/e2e-hooks
(cd tests/e2e && xvfb-run -a cargo test -- --test-threads 1 --nocapture)

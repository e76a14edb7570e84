#!/usr/bin/env bash
# Runs every test of the project: formatting, lints, the engine's tests, the UI's pure-module tests.
# Installs what a fresh Debian/Ubuntu machine lacks (needs root or sudo for system packages).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

ensure_rust
ensure_node

echo "== cargo fmt --check"
cargo fmt --all -- --check
echo "== cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
echo "== cargo test"
cargo test --workspace
if [ -d ui/tests ]; then
  echo "== node --test (UI modules)"
  node --test ui/tests/
fi

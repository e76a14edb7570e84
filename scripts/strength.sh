#!/usr/bin/env bash
# Strength matches (a benchmark, not a test): our levels against the seed engines and against each
# other, freestyle 15x15, the 26 canonical openings with colours swapped, 200 ms per move.
# Usage: scripts/strength.sh [OUT_DIR]   (results: one log per pairing, RESULT lines summarised)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/strength}
mkdir -p "$out"
cargo build --release -p gomoku-lab --bin gomoku
bin=target/release/gomoku
engines=../shared/engines
run() { local name=$1; shift; "$bin" match "$@" --time 200 > "$out/$name.log"; grep RESULT "$out/$name.log"; }
for seed in seed000 seed001 seed003 seed004; do
  run "master-vs-$seed" master "cmd:python3 $engines/$seed.py"
done
for seed in seed000 seed001 seed003 seed004; do
  run "medium-vs-$seed" medium "cmd:python3 $engines/$seed.py"
done
run easy-vs-seed000 easy "cmd:python3 $engines/seed000.py"
run medium-vs-easy medium easy
run hard-vs-medium hard medium
run master-vs-hard master hard

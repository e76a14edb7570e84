#!/usr/bin/env bash
# Remakes the evaluation's weights (src/ai/weights/<rule>.txt) from scratch: self-play records
# played with the hand-set weights, then the fit. Deterministic: the same seed gives the same
# files on any machine (about 30 minutes per rule on 2 cores). Not part of the test command.
# Usage: scripts/train-eval.sh [RULE...]   (default: freestyle renju; standard reuses freestyle's)
# Environment: GAMES (8000 freestyle, 3000 renju, as the embedded files were made), NODES per move
# (10000), SEED (1), THREADS (2).
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${NODES:-10000}
seed=${SEED:-1}
threads=${THREADS:-2}
rules=("${@:-freestyle}")
[ $# -eq 0 ] && rules=(freestyle renju)
cargo build --release --bin gomoku
bin=target/release/gomoku
mkdir -p target/tuning
for rule in "${rules[@]}"; do
  data=target/tuning/$rule.txt
  if [ "$rule" = renju ]; then games=${GAMES:-3000}; else games=${GAMES:-8000}; fi
  "$bin" gen-data --rule "$rule" --games "$games" --nodes "$nodes" --seed "$seed" \
    --threads "$threads" --weights hand --out "$data"
  "$bin" train --rule "$rule" --data "$data" --out "src/ai/weights/$rule.txt"
  if [ "$rule" = freestyle ]; then
    { echo "# The freestyle weights (standard differs only in overlines; measured to serve it, see README)."
      cat src/ai/weights/freestyle.txt; } > src/ai/weights/standard.txt
  fi
done

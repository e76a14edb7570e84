#!/usr/bin/env bash
# Remakes the evaluation's weights (src/ai/weights/<rule>.txt) from scratch in two rounds:
#   1. self-play records played with the hand-set weights (seed SEED), fitted -> round-1 weights;
#   2. self-play records played with the round-1 weights (seed SEED+1), and the fit of both
#      rounds' records together -> the embedded file.
# Deterministic: the same seed gives the same files on any machine (about 30 minutes per round
# and rule on 2 cores). Records and round-1 weights stay in target/tuning/ (not in git).
# Not part of the test command.
# Usage: scripts/train-eval.sh [RULE...]   (default: freestyle renju; standard reuses freestyle's)
# Environment: GAMES (8000 freestyle, 3000 renju per round), NODES per move (10000), SEED (1),
# THREADS (2), ROUNDS (2 for freestyle, 1 for renju: the embedded renju set is round 1's).
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
  if [ "$rule" = renju ]; then games=${GAMES:-3000}; rounds=${ROUNDS:-1}
  else games=${GAMES:-8000}; rounds=${ROUNDS:-2}; fi
  data=""
  weights=hand
  for round in $(seq 1 "$rounds"); do
    records=target/tuning/$rule-r$round.txt
    fitted=target/tuning/$rule-r$round.weights
    [ "$round" = 1 ] && records=target/tuning/$rule.txt
    "$bin" gen-data --rule "$rule" --games "$games" --nodes "$nodes" --seed $((seed + round - 1)) \
      --threads "$threads" --weights "$weights" --out "$records"
    data=${data:+$data,}$records
    "$bin" train --rule "$rule" --data "$data" --out "$fitted"
    weights=$fitted
  done
  cp "$weights" "src/ai/weights/$rule.txt"
  if [ "$rule" = freestyle ]; then
    { echo "# The freestyle weights (standard differs only in overlines; measured to serve it, see README)."
      cat src/ai/weights/freestyle.txt; } > src/ai/weights/standard.txt
  fi
done

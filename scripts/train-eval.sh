#!/usr/bin/env bash
# Remakes the evaluation's weights (src/ai/weights/<rule>.txt) from scratch in two rounds:
#   1. self-play records played with the hand-set weights (seed SEED), fitted -> round-1 weights;
#   2. self-play records played with the round-1 weights (seed SEED+1), and the fit of both
#      rounds' records together -> the embedded file.
#   3, 4, ... (freestyle, when OPPONENT names a Gomocup brain, e.g. ../shared/engines/rapfi/pbrain-rapfi)
#      games of Master at 20 000 nodes, playing with the last round's weights, against that
#      brain at 50 ms a move (seed 18 + round), and the last round's weights refitted to our own
#      searched scores of the positions of all rounds against it so far (--lambda 0, at the last
#      round's scale); the last round's file is the embedded one. These games depend on the brain's clock.
#      Then the network on top of it (src/ai/weights/net-freestyle.txt, see README): 4 000 more
#      such games (seed 61, no network), the network fitted with the weights held.
# Rounds 1-2 are deterministic: the same seed gives the same files on any machine (about 30
# minutes per round and rule on 2 cores; each round against the brain about 45). Records and
# weights of each round stay in target/tuning/ (not in git).
# Not part of the test command.
# Usage: scripts/train-eval.sh [RULE...]   (default: freestyle renju; standard reuses freestyle's)
# Environment: GAMES (8000 freestyle, 3000 renju per round), NODES per move (10000), SEED (1),
# THREADS (2), ROUNDS (2 for freestyle, 1 for renju: the embedded renju set is round 1's),
# OPPONENT (unset: no rounds against it), OPPONENT_ROUNDS (1: round 3 only; rounds 4 and 5 were
# measured and not kept, see README).
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${NODES:-10000}
seed=${SEED:-1}
threads=${THREADS:-2}
rules=("${@:-freestyle}")
[ $# -eq 0 ] && rules=(freestyle renju)
cargo build --release -p gomoku-lab --bin gomoku
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
  if [ "$rule" = freestyle ] && [ -n "${OPPONENT:-}" ]; then
    data=""
    for round in $(seq 3 $((2 + ${OPPONENT_ROUNDS:-1}))); do
      records=target/tuning/$rule-vs-opponent-r$round.txt
      "$bin" gen-data --rule "$rule" --games 5000 --nodes 20000 --seed $((18 + round)) \
        --threads "$threads" --weights "$weights" --opponent "$OPPONENT" --opponent-time 50 \
        --out "$records"
      data=${data:+$data,}$records
      scale=$(sed -n 's/.*; scale \([0-9.]*\) evaluation units.*/\1/p' "$weights")
      "$bin" train --rule "$rule" --data "$data" --prior "$weights" --scale "$scale" \
        --lambda 0 --out target/tuning/$rule-r$round.weights
      weights=target/tuning/$rule-r$round.weights
    done
    # The network on top of the final weights (held as they are): 4 000 more games against the
    # brain, played with those weights and no network (seed 61), scored by our 20 000-node search.
    net_records=target/tuning/$rule-vs-opponent-net.txt
    "$bin" gen-data --rule "$rule" --games 4000 --nodes 20000 --seed 61 --threads "$threads" \
      --weights "$weights" --net none --opponent "$OPPONENT" --opponent-time 50 --out "$net_records"
    "$bin" train --rule "$rule" --data "$net_records" --prior "$weights" --scale 1373.4 --lambda 0 \
      --epochs 15 --rate 0 --output-rate 1 --hidden 8 --input-rate 0.01 \
      --out target/tuning/$rule-net-linear.weights --net-out src/ai/weights/net-$rule.txt
  fi
  cp "$weights" "src/ai/weights/$rule.txt"
  if [ "$rule" = freestyle ]; then
    { echo "# The freestyle weights (standard differs only in overlines; measured to serve it, see README)."
      cat src/ai/weights/freestyle.txt; } > src/ai/weights/standard.txt
  fi
done

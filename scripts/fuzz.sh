#!/usr/bin/env bash
# Coverage-guided fuzzing of the save-file loaders (JSON, .psq, move strings), the pbrain
# protocol session, and the renju forbidden check against the slow reference.
#   bash scripts/fuzz.sh [SECONDS] [TARGET...]   (default: 60 s each, every target)
#   bash scripts/fuzz.sh --runs COUNT [TARGET...]  (COUNT executions each instead of a time)
# Targets: save_json psq move_string protocol renju. libFuzzer via cargo-fuzz on stable Rust
# (`--sanitizer none`: the code is safe Rust, so the findings are panics and failed assertions).
# fuzz/corpus/TARGET holds the kept seeds (hand-made, and minimised finds); what a run discovers
# goes to target/fuzz-corpus/TARGET (outside git) and is reused by the next run. A crash is saved
# under fuzz/artifacts/TARGET/ and the script stops with its name. Not part of the test command.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

ensure_rust
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
limit=(-max_total_time="${1:-60}")
what="${1:-60} s"
if [ "${1:-}" = "--runs" ]; then
  limit=(-runs="$2")
  what="$2 executions"
  shift
fi
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(save_json psq move_string protocol renju)

cargo fuzz build --sanitizer none --release
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for target in "${targets[@]}"; do
  echo "== $target: $what"
  status=0
  mkdir -p "target/fuzz-corpus/$target"
  cargo fuzz run --sanitizer none --release "$target" "target/fuzz-corpus/$target" "fuzz/corpus/$target" -- \
    "${limit[@]}" -print_final_stats=1 -max_len=4096 >"$log" 2>&1 || status=$?
  grep -E "number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss" "$log" || true
  if [ "$status" -ne 0 ]; then
    grep -E "panicked|assertion|SUMMARY|artifact" "$log" | head -20
    echo "== $target FOUND A CRASH (see fuzz/artifacts/$target)"
    exit 1
  fi
done

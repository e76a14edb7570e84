#!/usr/bin/env bash
# A strength match against Rapfi (a benchmark, not a test), as docs/strength-log.md measures: the
# balanced book cut in two halves played side by side, one game at a time each (the machine's two
# cores), colours swapped on every opening.
# Usage: scripts/vs-rapfi.sh TAG BRAIN [RULE] [TIME_MS] [FIRST_N]
#   TAG      names the logs: OUT/TAG-a.log (first half) and OUT/TAG-b.log (second half)
#   BRAIN    the brain's command (an absolute path: copy a build aside before changing the code)
#   RULE     freestyle (default), standard or renju (renju plays the renju book)
#   TIME_MS  milliseconds a move (default 200)
#   FIRST_N  only the book's first N openings (default: all of them; the 1 s runs use 100)
# OUT is target/vs-rapfi unless VS_RAPFI_OUT says otherwise.
# With VS_RAPFI_BASE=/path/to/another-brain the run is an A/B test: BRAIN plays the first half
# beside the base brain on the second, then the halves are swapped, so both brains play the whole
# book on the same machine at the same time; the base's logs are OUT/TAG-base-{a,b}.log, and the
# paired comparison is printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/vs-rapfi.sh TAG BRAIN [RULE] [TIME_MS] [FIRST_N]"
tag=${1:?$usage}
brain=${2:?$usage}
rule=${3:-freestyle}
time_ms=${4:-200}
first=${5:-0}
base=${VS_RAPFI_BASE:-}
out=${VS_RAPFI_OUT:-target/vs-rapfi}
rapfi=$(readlink -f ../shared/engines/rapfi/pbrain-rapfi)
book=../shared/openings/freestyle-balanced.txt
[ "$rule" = renju ] && book=../shared/openings/renju-balanced.txt
mkdir -p "$out"
cargo build --release -p gomoku-lab --bin gomoku
lab=$(readlink -f target/release/gomoku)

# The book without its comments, cut to FIRST_N, in two halves.
openings="$out/$tag-openings.txt"
grep -v '^#' "$book" | grep . > "$openings"
if [ "$first" -gt 0 ]; then
  head -n "$first" "$openings" > "$openings.tmp"
  mv "$openings.tmp" "$openings"
fi
total=$(wc -l < "$openings")
half=$(( (total + 1) / 2 ))
head -n "$half" "$openings" > "$out/$tag-a.openings"
tail -n +"$((half + 1))" "$openings" > "$out/$tag-b.openings"
echo "openings 1-$half in the -a logs, $((half + 1))-$total in the -b logs"

# play BRAIN PART LOG: one half of the book against Rapfi, one game at a time.
play() {
  "$lab" match "cmd:$1" "cmd:$rapfi" --rule "$rule" --time "$time_ms" \
    --openings "$out/$tag-$2.openings" --concurrency 1 > "$3" 2>&1
}

if [ -z "$base" ]; then
  play "$brain" a "$out/$tag-a.log" &
  play "$brain" b "$out/$tag-b.log" &
  wait
  grep RESULT "$out/$tag-a.log" "$out/$tag-b.log"
else
  play "$brain" a "$out/$tag-a.log" &
  play "$base" b "$out/$tag-base-b.log" &
  wait
  play "$brain" b "$out/$tag-b.log" &
  play "$base" a "$out/$tag-base-a.log" &
  wait
  grep RESULT "$out/$tag-a.log" "$out/$tag-b.log" "$out/$tag-base-a.log" "$out/$tag-base-b.log"
  "$lab" compare --base "$out/$tag-base-a.log,$out/$tag-base-b.log@$half" \
    --new "$out/$tag-a.log,$out/$tag-b.log@$half"
fi

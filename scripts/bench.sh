#!/usr/bin/env bash
# Benchmarks apiexplorer against curl and jq on loopback and writes Benchmarks/RESULTS.md.
#   scripts/bench.sh              the binary as shipped (scripts/release.sh), every case, 5 timed runs after a warm-up
#   scripts/bench.sh --quick      debug build, tiny inputs, one run: checks that every case works (not a measurement)
#   scripts/bench.sh --only format,http --runs 3
# Needs tmux for the screen cases, and curl and jq for the reference columns.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8
for argument in "$@"; do
    if [ "$argument" = "--quick" ]; then
        swift build --product apiexplorer
        swift build --product ExplorerBench
        exec .build/debug/ExplorerBench --root "$PWD" "$@"
    fi
done
# The benchmark program is built with the same flags as the shipped binary, so one build serves both; it measures the
# stripped, statically linked binary a user runs.
scripts/release.sh ExplorerBench
APIEXPLORER_BIN="$PWD/.build/dist/apiexplorer" exec .build/release/ExplorerBench --root "$PWD" "$@"

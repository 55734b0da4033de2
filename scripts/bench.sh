#!/usr/bin/env bash
# Benchmarks apiexplorer against curl and jq on loopback and writes Benchmarks/RESULTS.md.
#   scripts/bench.sh              release build, every case, 5 timed runs after a warm-up
#   scripts/bench.sh --quick      tiny inputs, one run: checks that every case works (not a measurement)
#   scripts/bench.sh --only format,http --runs 3
# Needs tmux for the screen cases, and curl and jq for the reference columns.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8
configuration=release
for argument in "$@"; do
    [ "$argument" = "--quick" ] && configuration=debug
done
swift build -c "$configuration" --product apiexplorer
swift build -c "$configuration" --product ExplorerBench
exec ".build/$configuration/ExplorerBench" --root "$PWD" "$@"

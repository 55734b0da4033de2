#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS: scripts/fuzz.sh TARGET SECONDS [extra libFuzzer flags]
#   TARGET is a directory name under Fuzz/Targets (CollectionLoaderFuzz, VariableResolverFuzz, JSONFormatterFuzz, …).
# The targets are built in release mode (FUZZ_CONFIGURATION=debug for a quicker build) with -sanitize=fuzzer,address
# in their own scratch directory (.build/fuzz), so the ordinary build never sees them. The seed corpus Fuzz/Corpus/TARGET is read; new inputs go to
# .build/fuzz-corpus/TARGET; crashes are written to Fuzz/Crashes/TARGET (add each one to Tests/ExplorerCoreTests/FuzzRegressionTests.swift).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer flags]" >&2
    echo "targets: $(ls Fuzz/Targets | tr '\n' ' ')" >&2
    exit 64
fi
target=$1
seconds=$2
shift 2
if [ ! -d "Fuzz/Targets/$target" ]; then
    echo "fuzz.sh: no target '$target'; targets: $(ls Fuzz/Targets | tr '\n' ' ')" >&2
    exit 64
fi

export APIEXPLORER_FUZZ=1
configuration=${FUZZ_CONFIGURATION:-release}
swift build -c "$configuration" --scratch-path .build/fuzz --product "$target" -Xswiftc -sanitize=fuzzer,address 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]' || true
binary=".build/fuzz/$configuration/$target"
[ -x "$binary" ] || { echo "fuzz.sh: build of $target failed" >&2; exit 1; }

corpus=".build/fuzz-corpus/$target"
crashes="Fuzz/Crashes/$target"
mkdir -p "$corpus" "$crashes"
seeds="Fuzz/Corpus/$target"
[ -d "$seeds" ] || seeds=""
# Leaks are not what these targets look for, and Swift's runtime caches would be reported as such.
export ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}"
# A Swift trap is then reported by libFuzzer at once, not after the Swift backtracer (which ASan also trips over).
export SWIFT_BACKTRACE="enable=no"
exec "$binary" "$corpus" $seeds -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$crashes/" -print_final_stats=1 "$@"

#!/usr/bin/env bash
# Builds the apiexplorer binary to ship: release, the Swift runtime and Foundation linked in, stripped.
#   scripts/release.sh            → .build/dist/apiexplorer (stripped) and .build/dist/apiexplorer.debug (its symbols)
# A static Swift runtime saves each command the loading and relocating of a dozen Swift shared libraries (ICU among
# them): about half of a one-shot `send` (Benchmarks/RESULTS.md, issue 27). Debug builds (`swift run`, the tests) stay
# dynamic, which links faster.
set -euo pipefail
cd "$(dirname "$0")/.."
export LANG=C.UTF-8
flags=(-c release --static-swift-stdlib)
# FoundationNetworking links libcurl by name (-lcurl), which needs the development symlink libcurl.so that only
# libcurl4-openssl-dev installs; the runtime library is all the linker needs, so point it at that one instead.
if ! ldconfig -p | grep -q 'libcurl\.so (' ; then
    runtime=$(ldconfig -p | awk '/libcurl\.so\.4 \(.*x86-64|libcurl\.so\.4 \(.*AArch64/ { print $NF; exit }')
    [ -n "$runtime" ] || { echo "release.sh: libcurl.so.4 not found (apt-get install libcurl4)" >&2; exit 1; }
    mkdir -p .build/link
    ln -sf "$runtime" .build/link/libcurl.so
    flags+=(-Xlinker -L"$PWD/.build/link")
fi
for product in apiexplorer "$@"; do
    swift build "${flags[@]}" --product "$product"
done
mkdir -p .build/dist
# Symbols kept beside the binary, and linked from it, so a debugger or perf still finds them.
objcopy --only-keep-debug .build/release/apiexplorer .build/dist/apiexplorer.debug
strip --strip-all -o .build/dist/apiexplorer .build/release/apiexplorer
objcopy --add-gnu-debuglink=.build/dist/apiexplorer.debug .build/dist/apiexplorer
echo "release.sh: .build/dist/apiexplorer, $(( $(stat -c %s .build/dist/apiexplorer) / 1000000 )) MB stripped"

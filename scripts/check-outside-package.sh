#!/usr/bin/env bash
# ExplorerCore is a library a package outside this repository can depend on alone (issue 41). This makes such a
# package in a temporary directory, with its own build directory: an executable whose sources are the README's Swift
# examples (Tests/ExplorerCoreReadmeTests/ReadmeExamples.swift holds every block verbatim) and a main that runs them.
# It fails if building it compiles Yams or GRDB, or if the examples do not work against the demo API on loopback.
# Needs the apiexplorer binary built (swift build) for the demo server.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${APIEXPLORER_BIN:-$root/.build/debug/apiexplorer}
[ -x "$binary" ] || { echo "check-outside-package: build apiexplorer first (swift build)"; exit 1; }
work=$(mktemp -d)
demo=
cleanup() {
    [ -n "$demo" ] && kill "$demo" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
# SwiftPM names a path dependency after its directory.
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
mkdir -p "$work/Sources/ReadmeClient"
cat > "$work/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ReadmeClient",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "$root"),
        // The publisher examples use Combine's operators; on Linux that is OpenCombine, as ExplorerCore's publishers are.
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        .executableTarget(name: "ReadmeClient", dependencies: [
            .product(name: "ExplorerCore", package: "$identity"),
            .product(name: "OpenCombine", package: "OpenCombine", condition: .when(platforms: [.linux])),
        ]),
    ]
)
EOF
cp "$root/Tests/ExplorerCoreReadmeTests/ReadmeExamples.swift" "$work/Sources/ReadmeClient/"
cat > "$work/Sources/ReadmeClient/main.swift" <<'EOF'
import ExplorerCore
import Foundation

// The demo's address comes first; the README's examples then run against it as the README shows them.
guard CommandLine.arguments.count > 1, let demo = URL(string: CommandLine.arguments[1]) else {
    print("usage: ReadmeClient http://127.0.0.1:PORT")
    exit(2)
}
Blog.environments.set(demo, for: "local")
let names = try await userNames()
let user = await loadUser(id: 1)
let missing = await loadUser(id: 999_999)
let created = try await createUser(named: "Grace")
let bearer = try await status(of: demo.appendingPathComponent("bearer"))
print("users: \(names.count), user 1: \(user?.name ?? "none"), user 999999: \(missing?.name ?? "none"), created: \(created.name), bearer: \(bearer)")
guard names.count >= 3, user?.id == 1, missing == nil, created.name == "Grace", bearer == 200 else { exit(1) }
EOF
started=$(date +%s)
swift build --package-path "$work" > "$work/build.log" 2>&1 || true
grep -E '(^|: )error:' "$work/build.log" | head -20 || true
[ -x "$work/.build/debug/ReadmeClient" ] || { echo "check-outside-package: the package did not build"; tail -30 "$work/build.log"; exit 1; }
built=$(( $(date +%s) - started ))
if grep -Eq 'Compiling (Yams|GRDB|SQLite)|/(Yams|GRDB)/' "$work/build.log"; then
    echo "check-outside-package: building against ExplorerCore compiled Yams or GRDB:"
    grep -E 'Compiling (Yams|GRDB)|/(Yams|GRDB)/' "$work/build.log" | head
    exit 1
fi
modules=$(grep -oE 'Compiling [A-Za-z0-9_]+ [^ ]+\.swift' "$work/build.log" | awk '{print $2}' | sort -u | tr '\n' ' ')
"$binary" serve-demo --port 0 > "$work/demo.out" &
demo=$!
for _ in $(seq 1 100); do grep -q 'http://' "$work/demo.out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' "$work/demo.out" | head -1)
[ -n "$url" ] || { echo "check-outside-package: the demo did not start"; exit 1; }
"$work/.build/debug/ReadmeClient" "$url"
echo "check-outside-package: a package depending only on ExplorerCore built in ${built} s without Yams or GRDB (Swift modules compiled: $modules) and ran the README's examples"

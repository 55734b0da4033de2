#!/usr/bin/env bash
# The explorer's shape (issue 25): ExplorerModel is a small shell over components, so it holds at most 12 stored
# properties; its extensions are named after the pane or room they serve, not after a feature; and no file of the
# explorer's app grows past ~400 lines. Prints what breaks a rule and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

app=Sources/ExplorerTUI/App
failed=0

# Stored properties: `var name` or `let name` at the struct's top level with no `{` (a computed one has a body).
stored=$(awk '/^public struct ExplorerModel/ { inside = 1; next } inside && /^}/ { inside = 0 }
    inside && /^    (public )?(var|let) [a-zA-Z]+/ && !/\{/ { print }' "$app/ExplorerModel.swift")
count=$(printf '%s\n' "$stored" | grep -c . || true)
if [ "$count" -gt 12 ]; then
    echo "ExplorerModel has $count stored properties (at most 12):"
    echo "$stored"
    failed=1
fi

# Extensions of the shell are named after what they serve: a pane, the overlays, the session, or the routing of input.
allowed='Tree|Request|Response|Session|Overlays|Routing'
for file in "$app"/ExplorerModel+*.swift; do
    name=$(basename "$file" .swift)
    name=${name#ExplorerModel+}
    if ! [[ "$name" =~ ^($allowed)$ ]]; then
        echo "$file is named after a feature; put its logic in a component, or name it after the pane it serves ($allowed)"
        failed=1
    fi
done

# No file of the app over ~400 lines: a bigger one is a component asking to be split.
while IFS= read -r line; do
    lines=${line%% *}
    file=${line#* }
    if [ "$lines" -gt 420 ]; then
        echo "$file has $lines lines (at most ~400)"
        failed=1
    fi
done < <(find "$app" -name '*.swift' -exec wc -l {} + | grep -v ' total$' | sed 's/^ *//')

# One state directory (issue 41): only StateDirectory reads where it is, so no store can disagree with another.
readers=$(grep -rln --include='*.swift' -e 'XDG_STATE_HOME"' -e 'APIEXPLORER_STATE_DIR"' Sources | grep -v '^Sources/ExplorerWorkspace/State/StateDirectory.swift$' | grep -v '^Sources/TestSupport/' || true)
if [ -n "$readers" ]; then
    echo "These read the state directory's variables themselves; use StateDirectory:"
    echo "$readers"
    failed=1
fi

[ "$failed" -eq 0 ] || exit 1
echo "check-shape: ExplorerModel holds $count stored properties; its files are named after panes; none over ~400 lines"

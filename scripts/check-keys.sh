#!/usr/bin/env bash
# Keys are read in one place: KeyMap binds them to actions (with their help text), and only the text editors
# (TextField, TextArea, the body editor), the Key type's own labels and config spellings, the key map presets and the
# terminal that decodes keys name raw keys.
# Prints every other place that names a raw key and exits 1 when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."

allowed='Sources/ExplorerTUI/App/KeyMap(\+Presets)?\.swift|Sources/ExplorerTUI/Key(\+ConfigName|\+EscapeSequence)?\.swift|Sources/ExplorerTUI/TextField\.swift|Sources/ExplorerTUI/TextArea\.swift|Sources/ExplorerTUI/App/Request/BodyEditor\.swift|Sources/APIExplorer/Terminal/NcursesTerminal\.swift'
# A key written out: Key.up, .character("q"), .control("j"), .alt("b"), .function(1), or a named key compared or
# matched (`case .escape`, `== .enter`, `[.tab, …`). `.pageUp`/`.pageDown` are left out: actions share those names.
pattern='\bKey\.[a-z]|\.(character|control|alt)\("|\.function\([0-9]|(case|==|!=|\[|,|\()\s*\.(escape|enter|tab|backTab|backspace|insert|home|end|up|down|left|right)\b(?!\()'

found=$(grep -rnP "$pattern" Sources/ExplorerTUI Sources/APIExplorer --include='*.swift' \
    | grep -vP "^($allowed):" \
    | grep -vP '^[^:]+:[0-9]+:\s*//' || true)
if [ -n "$found" ]; then
    echo "Raw keys named outside KeyMap and the text editors:"
    echo "$found"
    exit 1
fi
echo "check-keys: outside the text editors every key goes through KeyMap"

#!/usr/bin/env bash
# Makes the README's pictures again from the real explorer: the built binary runs in tmux at a fixed size on a scratch
# copy of the bundled Demo collection (its local environment serves the demo API inside apiexplorer, so nothing leaves
# the machine), keys are sent as a user would type them, each screen is captured with its colours
# (`capture-pane -e`) and ScreenSVG turns it into an SVG.
#
#   scripts/screenshots.sh [OUTPUT_DIRECTORY]     (default docs/images)
#
# APIEXPLORER_BIN and SCREENSVG_BIN name binaries already built; otherwise both are built (debug) first. Config and
# state live in a temporary directory, so your config.yaml, theme, history and cookies change nothing in the pictures.
# Only what varies by nature (the demo API's port, the response time, the load test's latencies) differs between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-docs/images}
columns=120
rows=36

if [ -z "${APIEXPLORER_BIN:-}" ] || [ -z "${SCREENSVG_BIN:-}" ]; then
    swift build --product apiexplorer >&2
    swift build --product ScreenSVG >&2
    products=$(swift build --show-bin-path)
fi
apiexplorer=${APIEXPLORER_BIN:-$products/apiexplorer}
screensvg=${SCREENSVG_BIN:-$products/ScreenSVG}

work=$(mktemp -d "${TMPDIR:-/tmp}/apiexplorer-screenshots.XXXXXX")
socket=apiexplorer-screenshots-$$
session=shots
cleanup() {
    # tmux leaves its socket file behind when the server is killed.
    local socket_path
    socket_path=$(tmux -L "$socket" display-message -p '#{socket_path}' 2>/dev/null || true)
    tmux -L "$socket" kill-server 2>/dev/null || true
    if [ -n "$socket_path" ]; then rm -f "$socket_path"; fi
    rm -rf "$work"
}
trap cleanup EXIT
# A server of its own (-L) and no $TMUX: run from inside tmux, the pictures neither nest in nor touch yours.
unset TMUX

mkdir -p "$work/collections" "$work/config" "$work/state" "$output"
cp -R Collections/Demo "$work/collections/Demo"
printf 'set -g remain-on-exit on\nset -g status off\nset -g default-terminal tmux-256color\n' > "$work/tmux.conf"

# The screen as text (no escapes), for waiting on.
screen() {
    tmux -L "$socket" capture-pane -p -t "$session"
}

# Polls the screen until TEXT is on it; after SECONDS (default 30) prints the screen and fails.
wait_for() {
    local text=$1 deadline=$((SECONDS + ${2:-30})) now
    while now=$(screen) && [[ $now != *"$text"* ]]; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            printf 'screenshots: timed out waiting for "%s"; the screen was:\n%s\n' "$text" "$now" >&2
            exit 1
        fi
        sleep 0.05
    done
}

# Polls the screen until TEXT is no longer on it.
wait_gone() {
    local text=$1 deadline=$((SECONDS + ${2:-30})) now
    while now=$(screen) && [[ $now == *"$text"* ]]; do
        if [ "$SECONDS" -ge "$deadline" ]; then
            printf 'screenshots: timed out waiting for "%s" to go; the screen was:\n%s\n' "$text" "$now" >&2
            exit 1
        fi
        sleep 0.05
    done
}

keys() {
    tmux -L "$socket" send-keys -t "$session" "$@"
}

# Types TEXT literally.
type_text() {
    tmux -L "$socket" send-keys -t "$session" -l "$1"
}

# Saves the screen, colours and all, as OUTPUT/NAME.svg; -N keeps the styled blanks at the ends of lines.
shot() {
    tmux -L "$socket" capture-pane -p -e -N -t "$session" > "$work/$1.ansi"
    "$screensvg" --columns "$columns" --rows "$rows" --output "$output/$1.svg" "$work/$1.ansi"
    echo "screenshots: wrote $output/$1.svg" >&2
}

# The explorer on the scratch Demo, with no history so nothing of an earlier run shows.
command=(env -u APIEXPLORER_CONFIG -u APIEXPLORER_THEME -u APIEXPLORER_STATE_DIR -u COLORTERM -u LC_ALL
    LANG=C.UTF-8 TERM=tmux-256color XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state"
    "$apiexplorer" --collections "$work/collections" --no-history --theme dark)
tmux -L "$socket" -f "$work/tmux.conf" new-session -d -x "$columns" -y "$rows" -s "$session" "$(printf '%q ' "${command[@]}")"

wait_for "env: local"
wait_gone "Loading requests…"

# The explorer with a response: List users picked with the tree filter, the filter cleared so the whole tree shows
# with the cursor still on it, and sent.
keys /
type_text "List users"
keys Enter
wait_for "GET /users "
keys Escape
wait_gone "filter: "
keys Enter
wait_for "Response · Demo/users/list-users"
wait_for '"Alan Turing"'
shot explorer-response

# The load panel on the same request, once its test has run at a gentle 100 requests a second: the per-second
# sparklines of rate and latency, and the latency summary.
keys W
wait_for "Load test Demo/users/list-users"
keys C-u
type_text "100/s"
keys Tab C-u
type_text "8s"
keys Enter
wait_for "Esc stops"
wait_for "800 requests in" 60
shot explorer-load

#!/usr/bin/env bash
# Measures `apiexplorer mock` (release build) with wrk at 16 connections on loopback, against nginx answering the same
# body in the same run, and prints the rates, the ratio and a row for Benchmarks/RESULTS.md (issue 45: ≥ 10,000 req/s).
#   scripts/bench-mock.sh                      build the release binary, 3 runs of 5 s per server
#   scripts/bench-mock.sh --skip-build --runs 5 --duration 10
# Needs wrk, and nginx for the reference (without it the ratio is left out). Traffic stays on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
duration=5
build=1
while [ $# -gt 0 ]; do
    case "$1" in
        --skip-build) build=0 ;;
        --runs) runs=$2; shift ;;
        --duration) duration=$2; shift ;;
        *) echo "usage: scripts/bench-mock.sh [--skip-build] [--runs N] [--duration SECONDS]" >&2; exit 64 ;;
    esac
    shift
done
command -v wrk >/dev/null || { echo "bench-mock: wrk is not installed" >&2; exit 2; }
[ "$build" -eq 0 ] || swift build -c release --product apiexplorer >&2
binary=.build/release/apiexplorer

work=$(mktemp -d /tmp/bench-mock.XXXXXX)
mock_pid=""
nginx_pid=""
cleanup() {
    [ -z "$mock_pid" ] || kill -INT "$mock_pid" 2>/dev/null || true
    [ -z "$nginx_pid" ] || kill -QUIT "$nginx_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# The same small JSON answer from both servers.
body='{"id": 42, "name": "Ada Lovelace", "email": "ada@example.com"}'
mkdir -p "$work/shop"
printf 'name: Shop\nenvironments:\n  - name: local\n    baseURL: http://127.0.0.1:1\n' > "$work/shop/collection.yaml"
cat > "$work/shop/get-user.yaml" <<YAML
name: Get user
url: /users/{{id}}
examples:
  - status: 200
    headers:
      Content-Type: application/json
    body: '$body'
YAML

# Each server prints (logs) one line per request, as the mock does: its lines go to a file, nginx's access log too.
"$binary" mock "$work/shop" --port 0 > "$work/mock.log" 2>&1 &
mock_pid=$!
for _ in $(seq 100); do grep -q 'Ctrl-C stops it' "$work/mock.log" 2>/dev/null && break; sleep 0.1; done
mock_port=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/mock.log" | head -1 | sed 's/.*://')
[ -n "$mock_port" ] || { echo "bench-mock: the mock did not start:" >&2; cat "$work/mock.log" >&2; exit 2; }

# wrk at 16 connections from 2 threads; prints Requests/sec, and fails the run on any answer that is not 2xx.
rate() {
    local output
    output=$(wrk -t2 -c16 -d"${duration}s" "$1")
    if grep -q 'Non-2xx' <<<"$output"; then echo "bench-mock: $1 answered errors:" >&2; echo "$output" >&2; exit 1; fi
    awk '/^Requests\/sec:/ { printf "%d\n", $2 }' <<<"$output"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

nginx=$(command -v nginx || ls /usr/sbin/nginx 2>/dev/null || true)
nginx_port=""
if [ -n "$nginx" ]; then
    for port in $(seq 18090 18190); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { nginx_port=$port; break; }; done
    mkdir -p "$work/nginx/logs"
    cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 1024; }
http {
    access_log $work/nginx/logs/access.log;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    server {
        listen 127.0.0.1:$nginx_port;
        location / { default_type application/json; return 200 '$body'; }
    }
}
CONF
    "$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" 2>"$work/nginx/start.log" &
    nginx_pid=$!
    for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$nginx_port") 2>/dev/null && break; sleep 0.1; done
fi

# Warm up both, then alternate the runs so both see the same machine.
rate "http://127.0.0.1:$mock_port/users/1" >/dev/null
[ -z "$nginx_port" ] || rate "http://127.0.0.1:$nginx_port/users/1" >/dev/null
mock_rates=()
nginx_rates=()
for _ in $(seq "$runs"); do
    mock_rates+=("$(rate "http://127.0.0.1:$mock_port/users/42")")
    [ -z "$nginx_port" ] || nginx_rates+=("$(rate "http://127.0.0.1:$nginx_port/users/42")")
done
mock_median=$(printf '%s\n' "${mock_rates[@]}" | median)
echo "apiexplorer mock: ${mock_median} req/s (median of ${mock_rates[*]}), wrk -t2 -c16 -d${duration}s"
row="| mock, wrk 16 connections, keep-alive | ${mock_median} req/s"
if [ ${#nginx_rates[@]} -gt 0 ]; then
    nginx_median=$(printf '%s\n' "${nginx_rates[@]}" | median)
    ratio=$(awk -v a="$mock_median" -v b="$nginx_median" 'BEGIN { printf "%.2f", a / b }')
    echo "nginx (2 workers, return 200): ${nginx_median} req/s (median of ${nginx_rates[*]})"
    echo "ratio: ${ratio}× nginx"
    row+=" | nginx ${nginx_median} req/s | ${ratio}× nginx"
else
    echo "nginx is not installed: no reference, no ratio"
    row+=" | - | -"
fi
met=$([ "$mock_median" -ge 10000 ] && echo yes || echo no)
echo "$row | ≥ 10000 req/s | $met |"
[ "$met" = yes ]

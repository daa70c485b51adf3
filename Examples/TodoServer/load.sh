#!/usr/bin/env bash
# Drives the to-do server with wrk on 127.0.0.1 for a bounded time with 64 connections:
# first wired by Instill, then wired by hand. Prints requests/s, p99 latency, errors,
# and the server's own count of requests that saw another request's scoped objects.
#
#   Examples/TodoServer/load.sh            # 10 s per server
#   DURATION=30s Examples/TodoServer/load.sh
set -euo pipefail
cd "$(dirname "$0")"

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROUTE=${ROUTE:-/todos/1}

need() {
    command -v "$1" >/dev/null 2>&1 && return
    local sudo_if_needed=""
    [ "$(id -u)" -ne 0 ] && sudo_if_needed="sudo"
    $sudo_if_needed apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_if_needed apt-get install -y -qq "$2" >/dev/null
}
need wrk wrk
need curl curl

swift build -c release --product TodoServer >/dev/null
server="$(swift build -c release --show-bin-path)/TodoServer"

measure() {
    local label=$1 port=$2
    shift 2
    "$server" --port "$port" "$@" >/dev/null 2>&1 &
    local pid=$!
    trap 'kill $pid 2>/dev/null || true' RETURN
    for _ in $(seq 1 100); do
        curl -s -o /dev/null "http://127.0.0.1:$port/stats" && break
        sleep 0.1
    done
    curl -s -o /dev/null -X POST -H 'content-type: application/json' \
        -d '{"title":"load test"}' "http://127.0.0.1:$port/todos"
    local out
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$port$ROUTE")
    local rps p99 socket non2xx stats
    rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p99=$(awk '$1 == "99%" {print $2}' <<<"$out")
    socket=$(awk -F'[ ,]+' '/Socket errors/ {print $4 + $6 + $8 + $10}' <<<"$out")
    non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
    stats=$(curl -s "http://127.0.0.1:$port/stats")
    printf '%-11s %12s req/s   p99 %8s   errors %s   server audit %s\n' \
        "$label" "$rps" "$p99" "$(( ${socket:-0} + ${non2xx:-0} ))" "$stats"
}

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION GET $ROUTE"
measure "Instill" 8181
measure "hand-wired" 8182 --hand-wired

#!/usr/bin/env bash
# Drives the to-do server with wrk on 127.0.0.1 with 64 connections: the server wired
# by Instill and the same server wired by hand, both running, measured in turns
# (ROUNDS rounds of DURATION each, alternating, so that a noisy neighbour slows both
# alike). Prints each run, then the median requests/s and p99 latency of each, the
# error count, and the server's own count of requests that saw another request's
# scoped objects.
#
#   Examples/TodoServer/load.sh                      # 3 rounds of 10 s per server
#   ROUNDS=5 DURATION=20s Examples/TodoServer/load.sh
set -euo pipefail
cd "$(dirname "$0")"

DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-3}
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

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
start() {
    "$server" --port "$1" "${@:2}" >/dev/null 2>&1 &
    pids+=($!)
    for _ in $(seq 1 100); do
        curl -s -o /dev/null "http://127.0.0.1:$1/stats" && break
        sleep 0.1
    done
    curl -s -o /dev/null -X POST -H 'content-type: application/json' \
        -d '{"title":"load test"}' "http://127.0.0.1:$1/todos"
}
start 8181
start 8182 --hand-wired

declare -A rps p99 errors
run() {
    local label=$1 port=$2 out
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "http://127.0.0.1:$port$ROUTE")
    local r p s n
    r=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
    p=$(awk '$1 == "99%" {print $2}' <<<"$out")
    s=$(awk -F'[ ,]+' '/Socket errors/ {print $4 + $6 + $8 + $10}' <<<"$out")
    n=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
    rps[$label]+="$r "
    p99[$label]+="$p "
    errors[$label]=$(( ${errors[$label]:-0} + ${s:-0} + ${n:-0} ))
    printf '  %-10s %10s req/s   p99 %8s\n' "$label" "$r" "$p"
}
median() { tr ' ' '\n' | grep -v '^$' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION GET $ROUTE, $ROUNDS rounds, in turns"
for round in $(seq 1 "$ROUNDS"); do
    if (( round % 2 )); then run Instill 8181; run hand-wired 8182; else run hand-wired 8182; run Instill 8181; fi
done
echo "medians:"
for pair in "Instill 8181" "hand-wired 8182"; do
    set -- $pair
    printf '%-11s %10s req/s   p99 %8s   errors %s   server audit %s\n' "$1" \
        "$(median <<<"${rps[$1]}")" "$(median <<<"$(sed 's/ms//g' <<<"${p99[$1]}")")ms" "${errors[$1]}" \
        "$(curl -s "http://127.0.0.1:$2/stats")"
done
i=$(median <<<"${rps[Instill]}"); h=$(median <<<"${rps[hand-wired]}")
awk -v i="$i" -v h="$h" 'BEGIN { printf "Instill / hand-wired throughput: %.3f\n", i / h }'

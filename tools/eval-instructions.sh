#!/bin/sh
# Instructions per decode + evaluate, hetdwarf (into a reused location, and owned) and
# gimli, counted with callgrind: the difference between runs of N1 and N2 iterations of
# examples/eval_loop.rs, so set-up cancels out. Needs valgrind.
set -eu
cd "$(dirname "$0")/.."
cargo build --release --example eval_loop -p hetdwarf >/dev/null 2>&1
BIN=target/release/examples/eval_loop
count() { # case variant iterations
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$BIN" "$1" "$2" "$3" 2>&1 |
        sed -n 's/.*refs: *//p' | tr -d ,
}
for case in 0 1 2 3 4 mix; do
    if [ "$case" = mix ]; then n1=1 n2=3; else n1=1000 n2=21000; fi
    per=$("$BIN" "$case" into 0)
    line="case $case ($per expressions):"
    for variant in into owned gimli; do
        [ "$case" = 4 ] && [ "$variant" = gimli ] && continue
        a=$(count "$case" "$variant" "$n1")
        b=$(count "$case" "$variant" "$n2")
        line="$line $variant $(( (b - a) / (n2 - n1) / per ))"
    done
    echo "$line"
done

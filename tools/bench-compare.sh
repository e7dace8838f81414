#!/usr/bin/env bash
# Before/after benchmarks on the same machine in the same run: builds the benchmarks of
# REV (a commit) in a temporary worktree and those of the working tree, then runs each
# benchmark alternately (before, after, after, before) so that load changes hit both
# alike, and prints criterion's estimate per benchmark and side.
#
# usage: tools/bench-compare.sh REV [BENCH...]
#   BENCH defaults to the README's: locals breakpoint open_index eval_interleaved verify
#   (all in the `hetdwarf` package; rocRAND objects from tools/fetch-rocrand.sh).
# SAME_HARNESS="benches/x.rs ..." builds those benchmark sources of the working tree on
# both sides (a harness fixed since REV that uses only API both sides have).
# ARGS (default none) are passed to every benchmark executable.
# Output: one line per benchmark case: "<bench> | <case> | before <time> | after <time>"
# (the two runs of each side), and the raw criterion output under $OUT (default
# target/bench-compare).
set -euo pipefail
rev=${1:?usage: tools/bench-compare.sh REV [BENCH...]}
shift
benches=("$@")
[ ${#benches[@]} -eq 0 ] && benches=(locals breakpoint open_index eval_interleaved verify)
root=$(git rev-parse --show-toplevel)
out=${OUT:-$root/target/bench-compare}
work=$out/before-src
mkdir -p "$out"
rm -rf "$work"
git -C "$root" worktree add -f --detach "$work" "$rev" >/dev/null
trap 'git -C "$root" worktree remove --force "$work" >/dev/null 2>&1 || true' EXIT
# rocRAND objects are not committed: the worktree reads the fetched ones.
[ -d "$root/corpora/rocrand" ] && rm -rf "$work/corpora/rocrand" &&
  ln -s "$root/corpora/rocrand" "$work/corpora/rocrand"

for f in ${SAME_HARNESS:-}; do cp "$root/$f" "$work/$f"; done

build() { # dir target-dir -> prints "bench=executable" lines
  local dir=$1 tgt=$2 b
  for b in "${benches[@]}"; do
    (cd "$dir" && CARGO_TARGET_DIR=$tgt cargo bench -p hetdwarf --bench "$b" --no-run \
      --message-format=json 2>/dev/null) |
      python3 -c 'import json,sys
for l in sys.stdin:
    m=json.loads(l)
    if m.get("reason")=="compiler-artifact" and m.get("executable") and "bench" in m["target"]["kind"]:
        print(m["target"]["name"]+"="+m["executable"])' | grep "^$b="
  done
}
echo "building $rev ..." >&2
build "$work" "$out/before-target" > "$out/before.list"
echo "building the working tree ..." >&2
build "$root" "$root/target" > "$out/after.list"

run() { # side bench round
  local exe
  exe=$(grep "^$2=" "$out/$1.list" | cut -d= -f2-)
  # shellcheck disable=SC2086
  (cd "$root" && "$exe" --bench ${ARGS:-} > "$out/$2-$1-$3.txt" 2>&1)
}
for b in "${benches[@]}"; do
  echo "running $b ..." >&2
  run before "$b" 1
  run after "$b" 1
  run after "$b" 2
  run before "$b" 2
done

python3 - "$out" "${benches[@]}" <<'EOF'
import re, sys, pathlib
out = pathlib.Path(sys.argv[1])
for b in sys.argv[2:]:
    rows = {}
    for side in ("before", "after"):
        for r in (1, 2):
            text = (out / f"{b}-{side}-{r}.txt").read_text()
            name = None
            for line in text.splitlines():
                t = re.search(r"time:\s+\[\S+ \S+ (\S+ \S+) \S+ \S+\]", line)
                if t:
                    head = line[: line.index("time:")].strip()
                    if head:
                        name = head
                    if name:
                        rows.setdefault(name, {}).setdefault(side, []).append(t.group(1))
                elif line and not line[0].isspace() and not line.startswith(
                    ("Benchmarking", "Found", "Gnuplot", "Running", "WARNING")
                ):
                    name = line.strip()
    for name, sides in rows.items():
        print(f"{b} | {name} | before {' / '.join(sides.get('before', []))} | after {' / '.join(sides.get('after', []))}")
EOF

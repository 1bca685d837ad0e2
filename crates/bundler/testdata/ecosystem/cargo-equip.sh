#!/usr/bin/env bash
# The side-by-side column of docs/bundler.md's library table: cargo-equip (installed with
# `cargo install cargo-equip`, 0.20.1 measured) on every crate of the trial workspaces, with
# `--remove docs --minify libs`; each file it writes is compiled with rustc -O (edition 2021)
# and run on the crate's samples. One line per crate: bundled with its size and samples
# answered, or the first line of its error. Usage: cargo-equip.sh OUT_DIR
set -uo pipefail
cd "$(dirname "$0")"
out=${1:?usage: cargo-equip.sh OUT_DIR}
mkdir -p "$out"
for ws in current older; do
  for dir in "$ws"/crates/*/; do
    name=$(basename "$dir")
    file="$out/$name.rs"
    if ! cargo equip --manifest-path "$ws/Cargo.toml" --bin "$name" --remove docs --minify libs \
      >"$file" 2>"$out/$name.err"; then
      echo "$name: refused: $(grep -m1 -E '^(error|Error)' "$out/$name.err" | cut -c1-160)"
      continue
    fi
    if ! rustc --edition 2021 -O -o "$out/$name" "$file" 2>"$out/$name.rustc"; then
      echo "$name: written ($(wc -c <"$file") bytes), rejected by rustc: $(grep -m1 '^error' "$out/$name.rustc" | cut -c1-120)"
      continue
    fi
    passed=0 failed=0
    for input in "$ws/samples/$name"/*.in; do
      if "$out/$name" <"$input" | cmp -s - "${input%.in}.out"; then
        passed=$((passed + 1))
      else
        failed=$((failed + 1))
      fi
    done
    echo "$name: bundled ($(wc -c <"$file") bytes), samples $passed passed, $failed failed"
  done
done

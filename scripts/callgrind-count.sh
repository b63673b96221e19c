#!/bin/sh
# Instructions executed by one Rust conversion of FILE, and by parsing it (the
# floor: serde_json for JSON, apollo-compiler for .graphql/.gql), counted by
# valgrind's callgrind: deterministic, so before/after comparisons hold on a busy
# machine (docs/benchmarks.md, "Profiling").
#
#   scripts/callgrind-count.sh bench-corpus/json/defs-5000.json
#
# Builds rust/examples/convert_file with the release profile minus LTO (minutes,
# not tens of minutes) and line tables, into target/prof. The callgrind.out.*
# files it leaves in target/prof/ open with callgrind_annotate or kcachegrind.
set -eu
file=$1

export CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 CARGO_PROFILE_RELEASE_DEBUG=line-tables-only
cargo build --quiet --release --example convert_file -p x-graphql --target-dir target/prof
bin=target/prof/release/examples/convert_file
count() {
  out=target/prof/callgrind.out.$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
  sed -n 's/^summary: //p' "$out"
}
# The floor is the parser of the input's language: apollo-compiler for SDL.
case $file in
  *.graphql | *.gql) floor_flag=--apollo floor_name="apollo-compiler parse" ;;
  *) floor_flag=--serde floor_name="serde_json::from_str" ;;
esac
conv=$(count "$(basename "$file").convert" "$bin" "$file")
floor=$(count "$(basename "$file").floor" "$bin" "$file" $floor_flag)
echo "$file: conversion $conv instructions, $floor_name $floor, ratio $(echo "scale=2; $conv / $floor" | bc)"

#!/usr/bin/env bash
# Builds the fuzz harness with libFuzzer and AddressSanitizer, then for each target
# replays its seed corpus and fuzzes it for a bounded time. Exits non-zero when any
# target crashed, trapped, hung or leaked past the limits; the input that did it is
# written under the artifacts folder. Docs/Fuzzing.md explains the rest.
#
# usage: Tests/LoyaltyFuzz/fuzz.sh [-b] [-t seconds] [-j jobs] [-p targets] [target...]
#   -b          only build the harness (CI builds it in the background, then fuzzes)
#   -t seconds  how long to fuzz each target (default 30; 0 only replays the corpus)
#   -j jobs     parallel fuzzing processes per target (libFuzzer's -fork; default 1)
#   -p targets  how many targets to fuzz at once (default 1; one core each)
#   target      one or more of the harness's targets (default: all of them)
#
# Environment: FUZZ_SCRATCH (build folder, default .build-fuzz), FUZZ_ARTIFACTS (where
# crashes go, default $FUZZ_SCRATCH/artifacts), FUZZ_FLAGS (more libFuzzer flags).
set -euo pipefail

cd "$(dirname "$0")/../.."

seconds=30
jobs=1
parallel=1
build_only=0
while getopts "bt:j:p:h" option; do
  case "$option" in
    b) build_only=1 ;;
    t) seconds="$OPTARG" ;;
    j) jobs="$OPTARG" ;;
    p) parallel="$OPTARG" ;;
    *) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 64 ;;
  esac
done
shift $((OPTIND - 1))

scratch="${FUZZ_SCRATCH:-.build-fuzz}"
artifacts="${FUZZ_ARTIFACTS:-$scratch/artifacts}"
corpora="Tests/LoyaltyFuzz/Corpus"

if [[ "$(uname -s)" != Linux ]]; then
  echo "error: fuzz.sh needs a Linux Swift toolchain, which ships libFuzzer" >&2
  exit 69
fi

# libFuzzer without its main: SwiftPM gives the executable its own, which runs the
# fuzzing loop through LLVMFuzzerRunDriver. It ships with the toolchain's clang runtime.
swift_binary="$(readlink -f "$(command -v swift)")"
toolchain="$(dirname "$(dirname "$swift_binary")")"
fuzzer_library="$(find "$toolchain/lib/clang" -path "*/lib/linux/*" \
  -name "libclang_rt.fuzzer_no_main-$(uname -m).a" 2>/dev/null | sort | tail -n 1)"
if [[ -z "$fuzzer_library" ]]; then
  echo "error: no libclang_rt.fuzzer_no_main-$(uname -m).a under $toolchain/lib/clang" >&2
  exit 69
fi

echo "building the fuzz harness (release, libFuzzer, AddressSanitizer) in $scratch"
# Every module is instrumented, not only the harness: the fuzzer is guided by the
# coverage of the SDK's own code.
swift build -c release --product LoyaltyFuzz --scratch-path "$scratch" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLOYALTY_LIBFUZZER \
  -Xlinker "$fuzzer_library" -Xlinker -lstdc++
binary="$(swift build -c release --product LoyaltyFuzz --scratch-path "$scratch" \
  --show-bin-path)/LoyaltyFuzz"
((build_only == 0)) || exit 0

if (($# == 0)); then
  mapfile -t targets < <("$binary" list)
else
  targets=("$@")
fi

# The Swift backtracer can hang after a trap under ASan, and the fuzzer would then never
# write its crash file.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"

mkdir -p "$artifacts"

# Fuzzes one target; its summary (or the tail of its log) goes to stdout, its exit
# status is libFuzzer's.
fuzz_target() {
  local target="$1"
  local seeds="$corpora/$target"
  # New inputs go to a working corpus in the build folder; the seeds stay as they are.
  local work="$scratch/corpus/$target"
  mkdir -p "$work"
  local flags=(-timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1
    "-artifact_prefix=$artifacts/$target-")
  if ((seconds > 0)); then
    flags+=("-max_total_time=$seconds")
  else
    flags+=(-runs=0)
  fi
  if ((jobs > 1)); then
    flags+=("-fork=$jobs" -ignore_crashes=0)
  fi
  # shellcheck disable=SC2206
  flags+=(${FUZZ_FLAGS:-})
  local log="$scratch/fuzz-$target.log"
  local status=0
  "$binary" "$target" "${flags[@]}" "$work" "$seeds" >"$log" 2>&1 || status=$?
  echo
  echo "--> $target, fuzzed for ${seconds}s (seeds: $seeds, working corpus: $work)"
  if ((status == 0)); then
    local executions rate corpus
    executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)"
    rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)"
    corpus="$(find "$work" -type f | wc -l)"
    echo "$target: ${executions:-?} inputs, ${rate:-?}/s, no crash; working corpus: $corpus inputs"
  else
    tail -n 60 "$log"
    echo "$target: FAILED (exit $status); full log: $log; crash inputs: $artifacts/$target-*" >&2
    echo "replay one with: $binary $target <file>" >&2
  fi
  return "$status"
}

for target in "${targets[@]}"; do
  if [[ ! -d "$corpora/$target" ]]; then
    echo "error: no seed corpus at $corpora/$target" >&2
    exit 66
  fi
done

# Up to `parallel` targets at once, each in the background with its output in a file,
# printed whole when it ends, so the lines of two targets never interleave.
failed=()
declare -A running=()
finish_one() {
  local pid
  local status=0
  wait -n -p pid "${!running[@]}" || status=$?
  local target="${running[$pid]}"
  unset "running[$pid]"
  cat "$scratch/fuzz-$target.out"
  ((status == 0)) || failed+=("$target")
}
for target in "${targets[@]}"; do
  while ((${#running[@]} >= parallel)); do finish_one; done
  fuzz_target "$target" >"$scratch/fuzz-$target.out" 2>&1 &
  running[$!]="$target"
done
while ((${#running[@]} > 0)); do finish_one; done

echo
if ((${#failed[@]})); then
  echo "fuzzing found crashes in: ${failed[*]}" >&2
  exit 1
fi
echo "fuzzing: ${#targets[@]} targets, no crash"

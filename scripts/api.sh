#!/usr/bin/env bash
# The public API of every library product, checked against a committed baseline.
#
#   scripts/api.sh [check] [--build]   compare the API of the last debug build with the
#                                      baseline (the default); exits non-zero on a break
#   scripts/api.sh update [--build]    rewrite the baseline from the last debug build
#
# The products are the `.library` lines of Package.swift (scripts/package-layout.sh).
# swift-api-digester dumps each module's public API from the debug build's .swiftmodule
# files (the default package traits on) and compares it with
# scripts/api-baseline/<Product>.json. The check reads what was last built: it runs
# `swift build` only when a module is missing or with --build.
#
# - A break (a removed or renamed declaration, a changed type or signature, ...) fails
#   the check, unless its line, copied from the output, is in
#   scripts/api-baseline/acknowledged-breaks.txt. Each acknowledged line's symbol (its
#   second word, e.g. `LoyaltyClient.modules` in "Var LoyaltyClient.modules has been
#   removed") must appear in CHANGELOG.md, or the check fails.
# - Additions are not breaks: the check passes and says how many there are. A stale
#   baseline does not fail CI; `scripts/api.sh update` brings it up to date.
set -euo pipefail

cd "$(dirname "$0")/.."

baseline_dir=scripts/api-baseline
allowlist="$baseline_dir/acknowledged-breaks.txt"

command=check
build=false
for argument in "$@"; do
  case "$argument" in
    check | update) command="$argument" ;;
    --build) build=true ;;
    *)
      echo "usage: scripts/api.sh [check | update] [--build]" >&2
      exit 2
      ;;
  esac
done

source scripts/package-layout.sh
if ((${#products[@]} == 0)); then
  echo "error: no .library products found in Package.swift" >&2
  exit 1
fi

for product in "${products[@]}"; do
  [[ -f "$modules/$product.swiftmodule" ]] || build=true
done
if [[ $build == true ]]; then
  swift build
fi
# The compiler rewrites a module's .swiftsourceinfo each time it emits the module, even
# when the .swiftmodule itself comes out unchanged and is left alone.
for product in "${products[@]}"; do
  if [[ -n $(find "Sources/$product" -name "*.swift" -newer "$modules/$product.swiftsourceinfo" -print -quit) ]]; then
    echo "warning: Sources/$product changed after the last build; pass --build" >&2
  fi
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The digester writes temporary files (the preprocessed allowlist): keep them in $work.
export TMPDIR="$work"

# Dumps the public API of module $1 to $2. No file paths or tool arguments go in, so the
# dump is the same on every machine with the same toolchain.
# The digester also dumps `package` declarations, marked "isInternal": they are not the
# hosts' API (other products of this package use them), so they are dropped, and a
# refactoring across products is not reported as a break.
dump() {
  swift-api-digester -dump-sdk -module "$1" "${module_search[@]}" \
    -module-cache-path .build/api-digester-cache -avoid-location -avoid-tool-args \
    -abort-on-module-fail -o "$work/dump.json"
  python3 - "$work/dump.json" "$2" <<'PYTHON'
import json, sys

def public(node):
    if "children" in node:
        node["children"] = [c for c in node["children"] if not c.get("isInternal")]
        for child in node["children"]:
            public(child)
    return node

with open(sys.argv[1]) as source:
    dump = json.load(source)
with open(sys.argv[2], "w") as target:
    public(dump["ABIRoot"])
    json.dump(dump, target, indent=2, sort_keys=False)
    target.write("\n")
PYTHON
}

# The diagnostics of comparing dump $1 (before) with dump $2 (after), one per line,
# without the digester's section headers; extra arguments go to the digester.
diagnose() {
  local before="$1" after="$2"
  shift 2
  swift-api-digester -diagnose-sdk -input-paths "$before" -input-paths "$after" \
    -o "$work/diagnosis.txt" "$@" 2>"$work/diagnose.log" || {
    cat "$work/diagnose.log" >&2
    return 1
  }
  grep -v -e '^/\*' -e '^[[:space:]]*$' "$work/diagnosis.txt" || true
}

if [[ $command == update ]]; then
  mkdir -p "$baseline_dir"
  for product in "${products[@]}"; do
    dump "$product" "$baseline_dir/$product.json"
    echo "updated $baseline_dir/$product.json"
  done
  exit 0
fi

allowlist_arguments=()
if [[ -f $allowlist ]]; then
  allowlist_arguments=(-breakage-allowlist-path "$allowlist")
fi
failed=false

# Every acknowledged break is named in the changelog.
if [[ -f $allowlist ]]; then
  while read -r _ symbol _; do
    if ! grep -qF -- "$symbol" CHANGELOG.md; then
      echo "error: $allowlist acknowledges a break of $symbol, which CHANGELOG.md does not name" >&2
      failed=true
    fi
  done < <(grep -v -e '^[[:space:]]*//' -e '^[[:space:]]*$' "$allowlist" || true)
fi

for product in "${products[@]}"; do
  baseline="$baseline_dir/$product.json"
  current="$work/$product.json"
  dump "$product" "$current"
  if [[ ! -f $baseline ]]; then
    echo "$product: no baseline; create it with scripts/api.sh update"
    failed=true
    continue
  fi
  if cmp -s "$baseline" "$current"; then
    echo "$product: ok"
    continue
  fi
  breaks=$(diagnose "$baseline" "$current" "${allowlist_arguments[@]}")
  if [[ -n $breaks ]]; then
    echo "$product: breaking changes (acknowledge each line in $allowlist and name it in CHANGELOG.md):"
    sed 's/^/  /' <<<"$breaks"
    failed=true
    continue
  fi
  acknowledged=$(diagnose "$baseline" "$current" | grep -c . || true)
  # What the baseline lacks is what would be "removed" going from the current API back.
  additions=$(diagnose "$current" "$baseline" | grep -c ' has been removed$' || true)
  summary="compatible changes"
  if ((additions > 0 && acknowledged > 0)); then
    summary="$additions additions, $acknowledged acknowledged breaks"
  elif ((additions > 0)); then
    summary="$additions additions"
  elif ((acknowledged > 0)); then
    summary="$acknowledged acknowledged breaks"
  fi
  echo "$product: ok, $summary: update the baseline with scripts/api.sh update"
done

if [[ $failed == true ]]; then
  echo "API check failed" >&2
  exit 1
fi
echo "API check passed"

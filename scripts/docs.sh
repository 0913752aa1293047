#!/usr/bin/env bash
# Builds the DocC reference of every shipped product into one static site.
#
#   scripts/docs.sh [--output DIR] [--skip-build]
#
# 1. builds the package (debug) unless --skip-build, and extracts each product's symbol
#    graph from the built modules (public symbols only);
# 2. stages one documentation catalog from the products' catalogs,
#    Sources/<Product>/<Product>.docc, whose guides are links to Docs/*.md (one source
#    for each text); links between guides become DocC links;
# 3. converts it with the toolchain's docc into DIR (default .build/docs/site): every
#    product at /documentation/<product>/, ready for static hosting;
# 4. fails on any DocC warning (a broken symbol link, an unresolved topic) and on any
#    public symbol without documentation or top-level symbol missing from its product's
#    topic groups, and prints the coverage of each product.
#
# The products are the `.library` lines of Package.swift (scripts/package-layout.sh):
# a new product fails here until it has its catalog.
set -euo pipefail

cd "$(dirname "$0")/.."


output=.build/docs/site
build=true
while (($#)); do
  case $1 in
    --output) output=$2; shift 2 ;;
    --skip-build) build=false; shift ;;
    *) echo "usage: scripts/docs.sh [--output DIR] [--skip-build]" >&2; exit 2 ;;
  esac
done

work=.build/docs/work
rm -rf "$work" "$output"
mkdir -p "$work/symbol-graphs" "$work/Loyalty.docc"

if $build; then
  swift build
fi
source scripts/package-layout.sh

for product in "${products[@]}"; do
  catalog="Sources/$product/$product.docc"
  if [[ ! -f $catalog/$product.md ]]; then
    echo "error: $product has no catalog landing page at $catalog/$product.md" >&2
    exit 1
  fi
  swift-symbolgraph-extract -module-name "$product" -minimum-access-level public \
    -skip-synthesized-members "${module_search[@]}" -output-dir "$work/symbol-graphs"
  # The guides are symbolic links into Docs/: copy what they point to.
  cp -RL "$catalog" "$work/Loyalty.docc/$product"
done

# A guide's link to another guide, `[text](Network.md#section)`, becomes `<doc:Network>`.
find "$work/Loyalty.docc" -name '*.md' -exec sed -i -E \
  's/\]\(([A-Za-z]+)\.md(#[^)]*)?\)/](<doc:\1>)/g' {} +

# The pictures a guide shows (Docs/Images) are the catalog's resources, which DocC finds
# by file name: `![...](Images/name.png)` becomes `![...](name.png)`.
if [[ -d Docs/Images ]]; then
  mkdir -p "$work/Loyalty.docc/Resources"
  cp Docs/Images/* "$work/Loyalty.docc/Resources/"
  find "$work/Loyalty.docc" -name '*.md' -exec sed -i -E 's/\]\(Images\/([^)]+)\)/](\1)/g' {} +
fi

# DocC writes its coverage to documentation-coverage.json; its own summary is left out
# because its "curated" column also counts nested types, which their parents curate.
diagnostics="$work/diagnostics.json"
if ! docc convert "$work/Loyalty.docc" \
  --additional-symbol-graph-dir "$work/symbol-graphs" \
  --fallback-display-name "Loyalty SDK" --fallback-bundle-identifier loyalty-sdk \
  --output-path "$output" --enable-inherited-docs --warnings-as-errors \
  --diagnostics-file "$diagnostics" \
  --experimental-documentation-coverage --coverage-summary-level none; then
  echo "error: docc reported the problems above" >&2
  exit 1
fi

python3 scripts/docs-coverage.py "$output/documentation-coverage.json" "$work/symbol-graphs" \
  "$work/Loyalty.docc" "${products[@]}"
echo "documentation: $output"
echo "  read it: python3 -m http.server --bind 127.0.0.1 --directory $output 8000, then"
echo "  open http://127.0.0.1:8000/documentation/loyaltycore/"

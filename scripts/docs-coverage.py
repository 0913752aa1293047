#!/usr/bin/env python3
"""Checks the documentation coverage that `docc convert` wrote, for scripts/docs.sh.

usage: docs-coverage.py COVERAGE_JSON SYMBOL_GRAPH_DIR CATALOG_DIR PRODUCT...

Every public symbol of every product has an abstract (its own doc comment, or the one of
the protocol requirement it implements), and every top-level symbol is listed in a topic
group of its product's landing page, CATALOG_DIR/<Product>/<Product>.md (DocC's own
"curated" flag also counts the automatic grouping, so the page is read here). Prints one line per product; exits 1, naming each
symbol at fault, when either rule is broken.
"""
import json
import os
import re
import sys


def main():
    coverage_path, graphs, catalogs, *products = sys.argv[1:]
    with open(coverage_path) as file:
        entries = [e for e in json.load(file) if e["kind"]["isSymbol"]]
    faults = []
    print(f"{'product':<20} {'symbols':>8} {'documented':>11} {'top level':>10} {'curated':>8}")
    for product in products:
        page = f"/documentation/{product}"
        mine = [e for e in entries if path_of(e) == page or path_of(e).startswith(page + "/")]
        undocumented = [path_of(e) for e in mine if not e["hasAbstract"]]
        top_level = top_level_names(graphs, product)
        uncurated = sorted(top_level - topic_names(catalogs, product))
        faults += [f"undocumented: {p}" for p in undocumented]
        faults += [f"not in a topic group of {product}.md: {name}" for name in uncurated]
        documented = percent(len(mine) - len(undocumented), len(mine))
        curated = percent(len(top_level) - len(uncurated), len(top_level))
        print(f"{product:<20} {len(mine):>8} {documented:>11} {len(top_level):>10} {curated:>8}")
    for fault in sorted(faults):
        print(f"error: {fault}", file=sys.stderr)
    sys.exit(1 if faults else 0)


def path_of(entry):
    """`doc://bundle/documentation/Module/Type/member` -> `/documentation/Module/Type/member`."""
    reference = entry["referencePath"]
    return reference[reference.index("/documentation/"):]


def topic_names(catalogs, product):
    """The symbols listed, one per line, under `## Topics` of the product's landing page."""
    with open(os.path.join(catalogs, product, f"{product}.md")) as file:
        text = file.read()
    topics = text.split("\n## Topics", 1)[-1] if "\n## Topics" in text else ""
    return {m.split("-")[0] for m in re.findall(r"^- ``([^`/]+)``", topics, re.MULTILINE)}


def top_level_names(graphs, product):
    with open(os.path.join(graphs, f"{product}.symbols.json")) as file:
        symbols = json.load(file)["symbols"]
    return {s["pathComponents"][0] for s in symbols if len(s["pathComponents"]) == 1}


def percent(part, whole):
    return f"{100 * part / whole:.1f} %" if whole else "-"


if __name__ == "__main__":
    main()

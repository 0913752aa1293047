#!/usr/bin/env python3
"""What a host pays: the stripped size of each example, per product.

Builds every example executable in release (`swift build -c release --product ...`),
strips a copy of each with `strip`, and prints:

1. the table of executables: what each links, its stripped size, the target it is held
   to and its ceiling (the size it may not grow past; `--check` fails above it);
2. each product's increment: the example that adds it, less the example it builds on;
3. each module's own symbols (`nm -S`, demangled with `swift demangle`) in the binary
   that links every shipped product, and in the demo for the sandbox;
4. each module's symbols by kind (synthesised `Codable`, descriptions, specialisations,
   closures, async frames, value witnesses, metadata), and its largest functions and types
   (`scripts/size_symbols.py`).

Sizes are in bytes; KB is 1,000 bytes and MB 1,000,000. Only the toolchain, `strip`,
`size` and `nm` are used. `--build-times` instead builds each example from a clean
scratch directory, in debug and in release, and prints the CPU seconds of each build and
what each product adds (slow: 26 clean builds).

Usage: scripts/size-report.py [--skip-build | --build-only] [--check] [--scratch-path DIR]
                              [--symbols N]
       scripts/size-report.py --build-times
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass

import size_symbols

KB = 1_000
MB = 1_000_000


@dataclass(frozen=True)
class Executable:
    """An example as the report measures it."""

    product: str
    links: str
    # The example this one adds products to, for the increment; None for none.
    builds_on: str | None
    # What the increment over `builds_on` is: the products it adds.
    adds: str
    # The size target the issue tracker set; None when there is none.
    target: int | None
    # The size it may not grow past: the size measured when it was last lowered, plus
    # about 3 %. `--check` fails above it.
    ceiling: int


EXECUTABLES = [
    Executable("example-core", "Core", None, "LoyaltyCore", 400 * KB, 825 * KB),
    Executable("example-store", "Core, Store", "example-core", "LoyaltyStore", 1_200 * KB,
               1_280 * KB),
    Executable("example-security", "Core, Security", "example-core", "LoyaltySecurity",
               1_200 * KB, 1_005 * KB),
    Executable("example-events", "Core, Events", "example-core", "LoyaltyEvents", 1_200 * KB,
               1_005 * KB),
    Executable("example-network", "Core, Network, Sandbox", "example-core",
               "LoyaltyNetwork and LoyaltySandbox", 1_200 * KB, 1_810 * KB),
    Executable("example-custom-transport", "Core, Network, Sandbox", "example-core",
               "LoyaltyNetwork and LoyaltySandbox", 1_200 * KB, 1_845 * KB),
    Executable("example-push", "Core, Network, Push, Sandbox", "example-network",
               "LoyaltyPush", 1_800 * KB, 1_855 * KB),
    Executable("example-market", "Core, Network, Market, Sandbox", "example-network",
               "LoyaltyMarket", 1_800 * KB, 2_555 * KB),
    Executable("example-location", "Core, Network, Location, Sandbox", "example-network",
               "LoyaltyLocation", 1_800 * KB, 1_945 * KB),
    Executable("example-flows", "Core, Network, Flows, Security, Sandbox", "example-network",
               "LoyaltyFlows and LoyaltySecurity", 1_800 * KB, 2_080 * KB),
    Executable("example-directory", "Core, Network, Directory, Store, Sandbox",
               "example-network", "LoyaltyDirectory and LoyaltyStore", 1_800 * KB, 2_410 * KB),
    Executable("example-barcode", "Barcode", None, "LoyaltyBarcode", None, 215 * KB),
    Executable("example-all-products", "every shipped product, no sandbox", None, "", 2_500 * KB,
               3_535 * KB),
    Executable("loyalty-demo", "every product and the sandbox", None, "", None, 4_335 * KB),
]

# The binary whose symbols are attributed to the shipped products, and the one that
# holds the sandbox's.
ALL_PRODUCTS = "example-all-products"
DEMO = "loyalty-demo"

MODULE = re.compile(r"\b(Loyalty[A-Za-z]*)\.")


def run(command: list[str], **options) -> subprocess.CompletedProcess:
    return subprocess.run(command, check=True, **options)


def build(products: list[str], scratch: str, configuration: str = "release") -> None:
    for product in products:
        print(f"building {product} ({configuration})", file=sys.stderr, flush=True)
        result = subprocess.run(["swift", "build", "-c", configuration, "--scratch-path",
                                 scratch, "--product", product], capture_output=True, text=True)
        if result.returncode != 0:
            sys.stderr.write(result.stdout + result.stderr)
            raise SystemExit(f"error: the {configuration} build of {product} failed")


def bin_path(scratch: str) -> str:
    return run(["swift", "build", "-c", "release", "--scratch-path", scratch,
                "--show-bin-path"], capture_output=True, text=True).stdout.strip()


def stripped_size(binary: str, folder: str) -> int:
    copy = os.path.join(folder, os.path.basename(binary))
    shutil.copyfile(binary, copy)
    run(["strip", copy])
    return os.path.getsize(copy)


# The parts of an executable, by section name (a prefix when it ends with `*`).
PARTS = [
    ("machine code", [".text"]),
    ("unwind tables", [".eh_frame", ".eh_frame_hdr", ".gcc_except_table"]),
    ("relocations and dynamic linking", [".rela.dyn", ".rela.plt", ".dynsym", ".dynstr",
                                         ".gnu.hash", ".hash", ".plt", ".got", ".got.plt",
                                         ".dynamic"]),
    ("Swift metadata records", ["swift5_*"]),
    ("constants and data", [".rodata", ".data", ".data.rel.ro", ".init_array",
                            ".fini_array"]),
]


def sections(binary: str) -> list[tuple[str, str, int]]:
    """The stripped binary's file bytes by part: (part, its sections, bytes)."""
    listing = run(["size", "-A", binary], capture_output=True, text=True).stdout
    by_section = {}
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0].startswith((".", "swift5")) and parts[1].isdigit():
            by_section[parts[0]] = int(parts[1])
    by_section.pop(".bss", None)  # takes no room in the file
    rows = []
    for part, names in PARTS:
        matched = [name for name in by_section
                   if any(name == n or (n.endswith("*") and name.startswith(n[:-1]))
                          for n in names)]
        rows.append((part, ", ".join(sorted(matched)), sum(by_section.pop(n) for n in matched)))
    rows.append(("other", ", ".join(sorted(by_section)), sum(by_section.values())))
    return rows


def symbols(binary: str) -> list[tuple[int, str, str]]:
    """(size, mangled, demangled) of every sized symbol the binary defines."""
    listing = run(["nm", "--defined-only", "-S", binary], capture_output=True,
                  text=True).stdout
    rows = []
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 4 and int(parts[1], 16) > 0:
            rows.append((int(parts[1], 16), parts[3]))
    demangled = run(["swift", "demangle", "--compact"], input="\n".join(n for _, n in rows),
                    capture_output=True, text=True).stdout.splitlines()
    return [(size, name, text) for (size, name), text in zip(rows, demangled)]


def module_of(demangled: str) -> str:
    """The module whose code a symbol is: a specialisation belongs to the generic's."""
    match = MODULE.search(size_symbols.function(demangled)) or MODULE.search(demangled)
    return match.group(1) if match else "(Swift runtime, stdlib specialisations, C)"


def attribute(rows: list[tuple[int, str, str]]) -> dict[str, list[tuple[int, str]]]:
    by_module: dict[str, list[tuple[int, str]]] = collections.defaultdict(list)
    for size, _, text in rows:
        by_module[module_of(text)].append((size, text))
    return by_module


def kilobytes(size: int) -> str:
    return f"{size / KB:,.0f} KB"


def short(text: str, width: int = 110) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def increments() -> list[tuple[str, str, str]]:
    """Each product's increment: what it adds, the example that adds it, and the example
    it builds on."""
    return [(e.adds, e.product, e.builds_on) for e in EXECUTABLES if e.builds_on]


def report(scratch: str, top: int, check: bool) -> int:
    folder = bin_path(scratch)
    sizes: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as stripped:
        for executable in EXECUTABLES:
            sizes[executable.product] = stripped_size(
                os.path.join(folder, executable.product), stripped)
        section_sizes = sections(os.path.join(stripped, ALL_PRODUCTS))

    over = []
    print("## Executables (release, stripped)\n")
    print("| executable | links | stripped | target | met | ceiling |")
    print("|---|---|---|---|---|---|")
    for executable in EXECUTABLES:
        size = sizes[executable.product]
        target = kilobytes(executable.target) if executable.target else "–"
        met = "–" if executable.target is None else ("yes" if size <= executable.target else "no")
        if size > executable.ceiling:
            over.append(executable)
        print(f"| {executable.product} | {executable.links} | {size:,} ({kilobytes(size)}) | "
              f"{target} | {met} | {kilobytes(executable.ceiling)} |")

    print("\n## What each product adds\n")
    print("| product | measured as | increment |")
    print("|---|---|---|")
    for adds, product, base in increments():
        increment = sizes[product] - sizes[base]
        print(f"| {adds} | {product} − {base} | {increment:+,} ({kilobytes(increment)}) |")

    modules = attribute(symbols(os.path.join(folder, ALL_PRODUCTS)))
    sandbox = attribute(symbols(os.path.join(folder, DEMO))).get("LoyaltySandbox", [])
    if sandbox:
        modules["LoyaltySandbox (in loyalty-demo)"] = sandbox
    print(f"\n## What {ALL_PRODUCTS} is made of (stripped, `size -A`)\n")
    print("| part | sections | bytes |")
    print("|---|---|---|")
    for part, names, size in section_sizes:
        print(f"| {part} | {names} | {size:,} |")

    print(f"\n## Each module's own symbols in {ALL_PRODUCTS}\n")
    print("Symbol bytes (`nm -S`, before stripping): the code, and the metadata that "
          "symbols name. A specialisation counts for the module of the generic it "
          "specialises. Unwind tables and relocations come on top, in proportion.\n")
    print("| module | symbols | bytes |")
    print("|---|---|---|")
    ordered = sorted(modules.items(), key=lambda item: -sum(s for s, _ in item[1]))
    for module, rows in ordered:
        print(f"| {module} | {len(rows):,} | {sum(s for s, _ in rows):,} |")

    print("\n## Each module's symbols by kind\n")
    print("What the compiler made of each module's code (`scripts/size_symbols.py` says how "
          "a symbol is sorted).\n")
    print("| module | " + " | ".join(size_symbols.KINDS) + " |")
    print("|---|" + "---|" * len(size_symbols.KINDS))
    for module, rows in ordered:
        kinds = size_symbols.by_kind(rows)
        print(f"| {module} | " + " | ".join(f"{kinds[k]:,}" for k in size_symbols.KINDS) + " |")

    for module, rows in ordered:
        print(f"\n### {module}: the {top} largest functions\n")
        print("A specialisation counts for its generic, a closure and an async frame for "
              "their function.\n")
        print("| bytes | symbols | function | kinds |")
        print("|---|---|---|---|")
        for size, count, name, kinds in size_symbols.largest_functions(rows, top):
            print(f"| {size:,} | {count} | `{short(name, 100)}` | {kinds} |")
        print(f"\n### {module}: the {top} largest types\n")
        print("| bytes | type | by kind |")
        print("|---|---|---|")
        for size, name, parts in size_symbols.largest_types(rows, top):
            print(f"| {size:,} | `{name}` | {parts} |")

    if check and over:
        for executable in over:
            print(f"error: {executable.product} is {sizes[executable.product]:,} bytes, over "
                  f"its ceiling of {executable.ceiling:,} (scripts/size-report.py)",
                  file=sys.stderr)
        return 1
    return 0


def build_times() -> int:
    """Times each example's clean build, in debug and in release, in a scratch directory
    of its own, as a host's CI would build it.

    CPU seconds (user and system, of every process the build ran): unlike the wall clock,
    they hardly change with what else the machine runs. On n cores a build takes as
    little as a n-th of them in wall time where independent modules build side by side.
    """
    seconds: dict[str, dict[str, float]] = collections.defaultdict(dict)
    for executable in EXECUTABLES:
        for configuration in ("debug", "release"):
            with tempfile.TemporaryDirectory() as scratch:
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                result = subprocess.run(["swift", "build", "-c", configuration, "--scratch-path",
                                         scratch, "--product", executable.product],
                                        capture_output=True, text=True)
                if result.returncode != 0:
                    sys.stderr.write(result.stdout + result.stderr)
                    raise SystemExit(f"error: the {configuration} build of "
                                     f"{executable.product} failed")
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            seconds[executable.product][configuration] = cpu
            print(f"{configuration} {executable.product}: {cpu:.0f} s CPU", file=sys.stderr,
                  flush=True)
    print("CPU seconds of each example's clean build:\n")
    print("| executable | links | debug | release |")
    print("|---|---|---|---|")
    for executable in EXECUTABLES:
        times = seconds[executable.product]
        print(f"| {executable.product} | {executable.links} | {times['debug']:.0f} s | "
              f"{times['release']:.0f} s |")
    print("\nWhat each product adds to the build (an example less the one it builds on; the "
          "sandbox as the demo less example-all-products):\n")
    print("| product | measured as | debug | release |")
    print("|---|---|---|---|")
    for adds, product, base in increments() + [
            ("LoyaltySandbox and the demo's own code", DEMO, ALL_PRODUCTS)]:
        debug = seconds[product]["debug"] - seconds[base]["debug"]
        release = seconds[product]["release"] - seconds[base]["release"]
        print(f"| {adds} | {product} − {base} | {debug:+.0f} s | {release:+.0f} s |")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--skip-build", action="store_true",
                        help="report on the executables already built")
    parser.add_argument("--build-only", action="store_true",
                        help="build the executables and report nothing")
    parser.add_argument("--check", action="store_true",
                        help="exit non-zero when an executable is over its ceiling")
    parser.add_argument("--scratch-path", default=".build")
    parser.add_argument("--symbols", type=int, default=40,
                        help="largest functions and types per module")
    parser.add_argument("--build-times", action="store_true",
                        help="time each module's build from clean instead (slow)")
    arguments = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    if arguments.build_times:
        return build_times()
    if not arguments.skip_build:
        # The demo first: it links every module, so one build compiles the modules side by
        # side, as far as their dependencies allow; each example after it only links.
        build([DEMO] + [e.product for e in EXECUTABLES if e.product != DEMO],
              arguments.scratch_path)
    if arguments.build_only:
        return 0
    return report(arguments.scratch_path, arguments.symbols, arguments.check)


if __name__ == "__main__":
    sys.exit(main())

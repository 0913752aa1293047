"""Mutant schemata for scripts/mutants: every mutant of a module compiled in at once.

Rebuilding the SDK for each mutant costs a minute or two; its tests take seconds. So the
files of one module are rewritten with scripts/MutantSchema, each mutated expression
becoming `(__mutant(ID) ? (mutated) : (original))`, and the module is built once with a
file that defines `__mutant` as "ID is the LOYALTY_MUTANT the process was started with".
Each mutant is then one run of the test bundle with that variable set, several at a time.

A site the rewriter cannot map (a `==` in a `where` clause, an operator of a module's
own), or one whose rewrite does not compile, is handed back to be tried the slow way, one
rebuild per mutant.
"""

import json
import os
import re
import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from loop import ENVIRONMENT, ROOT

TOOL_PACKAGE = ROOT / "scripts" / "MutantSchema"
TOOL_SCRATCH = ROOT / ".build-mutants"
TOOL = TOOL_SCRATCH / "debug" / "mutant-schema"
SWITCH_FILE = "MutantSwitch__.swift"
SWITCH = """// Written by scripts/mutants while it runs, and deleted when it ends. It reads the
// variable through the C library, not Foundation: importing Foundation into a module that
// does not would change what its dependents link.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

private let activeMutant: Int = getenv("LOYALTY_MUTANT").flatMap { Int(String(cString: $0)) } ?? -1

/// Whether the mutant `id` is the one this process runs.
func __mutant(_ id: Int) -> Bool { id == activeMutant }
"""
# The schema repeats operands in both branches, which the compiler may warn about; the
# unmutated build is the one held to the warnings rule.
BUILD_ENVIRONMENT = {key: value for key, value in ENVIRONMENT.items()
                     if key != "LOYALTY_WARNINGS_AS_ERRORS"}
ERROR = re.compile(r"^(/[^:\n]+\.swift):(\d+):\d+: error:", re.MULTILINE)
TEST_BUNDLE = ROOT / ".build" / "debug" / "loyalty-sdkPackageTests.xctest"


def build_tool():
    """Builds the rewriter (swift-syntax: a few minutes the first time)."""
    subprocess.run(["swift", "build", "--package-path", str(TOOL_PACKAGE), "--scratch-path",
                    str(TOOL_SCRATCH)], check=True, stdout=subprocess.DEVNULL)


def site_of(identifier, mutant, line):
    """The rewriter's site for a mutant: the operator alone, at its UTF-8 column."""
    before, after = mutant.before.strip(), mutant.after.strip()
    column = mutant.column
    if not before.startswith("return"):
        column += 1  # past the space the pattern starts with
        before, after = before.split()[0], after.split()[0]
    return {"id": identifier, "line": mutant.line,
            "column": len(line[:column].encode()) + 1, "before": before, "after": after}


def rewrite(path, text, numbered):
    """Rewrites one file's text with the sites `numbered` ({id: mutant}); returns the new
    text, {id: (first line, last line)} for the sites it mapped, and the ids of the sites
    in a type's place."""
    lines = text.split("\n")
    sites = [site_of(identifier, mutant, lines[mutant.line - 1])
             for identifier, mutant in numbered.items()]
    answer = subprocess.run([str(TOOL)], input=json.dumps({"source": text, "sites": sites}),
                            capture_output=True, text=True, check=True)
    result = json.loads(answer.stdout)
    # An operator in a type's place (`where T == U`, `static func ==`): no mutant there
    # compiles, so it is not built at all.
    types = {site["id"] for site in result["unmapped"] if site["why"] == "type"}
    return result["source"], {site["id"]: (site["first"], site["last"])
                              for site in result["mapped"]}, types


def compile_schema(target, files, originals, numbered, quiet):
    """Writes the schema of a module's files and builds it, leaving out the sites on the
    lines the compiler rejects, until it builds. Returns the ids it compiled in, and those
    of the sites in a type's place (mutants that cannot compile)."""
    switch = ROOT / "Sources" / target / SWITCH_FILE
    switch.write_text(SWITCH)
    wanted = dict(numbered)
    types = set()
    for _ in range(8):
        spans = {}
        for path in files:
            mine = {identifier: mutant for identifier, mutant in wanted.items()
                    if mutant.path == path}
            text, mapped, in_types = rewrite(path, originals[path], mine)
            (ROOT / path).write_text(text)
            spans.update({identifier: (path, *span) for identifier, span in mapped.items()})
            types |= in_types
        status, output, _ = quiet(["swift", "build", "--build-tests"],
                                  environment=BUILD_ENVIRONMENT)
        if status == 0:
            return set(spans), types
        rejected = set()
        for file, line in ERROR.findall(output):
            line = int(line)
            relative = os.path.relpath(file, ROOT)
            # The spans are lines of the rewritten file, as the compiler's are.
            rejected |= {identifier for identifier, (path, first, last) in spans.items()
                         if path == relative and first <= line <= last}
        if not rejected:
            raise RuntimeError(f"the schema of {target} does not build:\n{output[-4000:]}")
        print(f"  {target}: {len(rejected)} sites left to one rebuild each "
              "(their schema does not compile)", flush=True)
        wanted = {identifier: mutant for identifier, mutant in wanted.items()
                  if identifier not in rejected and identifier in spans}
    raise RuntimeError(f"the schema of {target} still does not build")


def remove_switches():
    for switch in (ROOT / "Sources").glob(f"*/{SWITCH_FILE}"):
        switch.unlink()


def run_one(tests, identifier, timeout, slow=None):
    """Runs the tests of `tests` with mutant `identifier` on; True when one fails or the
    run passes its timeout (the mutant is killed). With `slow` (a regular expression of
    test ids), the other tests run first, and the slow ones only if they all pass: the
    same verdict, sooner for the mutants the quick tests kill."""
    selection = f"^{tests}\\."
    if slow is None:
        return run_bundle(["--filter", selection], identifier, timeout)
    return (run_bundle(["--filter", selection, "--skip", slow], identifier, timeout)
            or run_bundle(["--filter", f"^{tests}\\..*(?:{slow})"], identifier, timeout,
                          none_is_a_pass=True))


# What Swift Testing exits with when its filter matched no test (EX_UNAVAILABLE).
NO_TESTS_FOUND = 69


def bundle_command(arguments, identifier):
    """The test bundle's command line and environment for a run with mutant `identifier`
    on (-1: none)."""
    command = [str(TEST_BUNDLE), "--testing-library", "swift-testing", *arguments]
    return command, dict(ENVIRONMENT, LOYALTY_MUTANT=str(identifier))


def run_bundle(arguments, identifier, timeout, none_is_a_pass=False):
    """Runs the test bundle with mutant `identifier` on; True when a test fails or the run
    passes its timeout. With `none_is_a_pass`, a filter that matches no test (the slow
    suites of a module that has none) passes."""
    command, environment = bundle_command(arguments, identifier)
    process = subprocess.Popen(command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        status = process.wait(timeout=timeout)
        return status != 0 and not (none_is_a_pass and status == NO_TESTS_FOUND)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return True


class SchemaFailure(Exception):
    """The tests fail on a module's schema with no mutant on: none of its mutants can be
    judged (a test that reads the source text, say, sees the rewritten files)."""


def failed_tests(tests, timeout):
    """The lines naming the tests of `tests` that fail with no mutant on."""
    command, environment = bundle_command(["--filter", f"^{tests}\\."], -1)
    try:
        # Swift Testing reports on standard error.
        output = subprocess.run(command, cwd=ROOT, env=environment,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                timeout=timeout).stdout
    except subprocess.TimeoutExpired:
        return "  (the run passed its timeout)"
    lines = [line for line in output.splitlines() if "\u2718" in line or "issue at" in line]
    return "\n".join(lines[:40]) or output[-4000:]


def run_schema(tests, numbered, timeout, jobs, report, slow=None):
    """Runs every compiled-in mutant, `jobs` at a time; calls report(mutant, killed)."""
    began = time.monotonic()
    if run_one(tests, -1, timeout, slow):
        raise SchemaFailure(f"{tests} fail with the schema built and no mutant on:\n"
                            + failed_tests(tests, timeout))
    print(f"  {tests}: pass with the schema and no mutant on "
          f"({time.monotonic() - began:.0f} s)", flush=True)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [(mutant, pool.submit(run_one, tests, identifier, timeout, slow))
                   for identifier, mutant in sorted(numbered.items())]
        for mutant, future in futures:
            report(mutant, future.result())

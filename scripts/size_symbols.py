"""Whose code a symbol is: the kinds, functions and types of `scripts/size-report.py`.

A demangled symbol (from `nm -S` and `swift demangle --compact`) is sorted three ways:

- its *kind*: code the compiler synthesised for `Codable` or for a description, a
  generic specialisation, a closure, an async function's frame (its partial functions),
  a type's value witnesses (the functions that copy, move, destroy and tag its values
  for generic code), type metadata and witness tables, or plain code;
- its *function*: what a developer wrote and would change. A specialisation counts for
  the generic it specialises, a closure for the function it is in, an async partial
  function for its async function, so the many pieces of one thing add up;
- its *type*: the nominal type it belongs to, code, metadata and witness tables
  together, a nested type (a `CodingKeys`) counted for the type it is nested in.
"""

from __future__ import annotations

import collections
import re

# The kinds, in the order the report prints them.
CODABLE = "Codable (synthesised)"
DESCRIPTION = "descriptions"
SPECIALISATION = "generic specialisations"
CLOSURE = "closures"
ASYNC = "async frames"
VALUE_WITNESS = "value witnesses"
METADATA = "metadata and witness tables"
CODE = "other code"
KINDS = [CODABLE, DESCRIPTION, SPECIALISATION, CLOSURE, ASYNC, VALUE_WITNESS, METADATA, CODE]

_CODABLE = re.compile(r"CodingKeys|init\(from: Swift\.Decoder\)|encode\(to: Swift\.Encoder\)|"
                      r": Swift\.(De|En)codable|: Swift\.CodingKey")
_DESCRIPTION = re.compile(r"\.(debugD|d)escription\.getter|customMirror\.getter|"
                          r": Swift\.(CustomStringConvertible|CustomDebugStringConvertible|"
                          r"CustomReflectable)")
_METADATA = re.compile(r"^(type metadata|nominal type descriptor|protocol (conformance )?"
                       r"descriptor|protocol witness table|associated type|reflection "
                       r"metadata|full type metadata|value witness table|method descriptor|"
                       r"property descriptor|lazy protocol witness table|"
                       r"generic type metadata pattern|type metadata (completion|accessor))"
                       r"|metadata for |witness table for |descriptor for ")
_ASYNC = re.compile(r"^\(\d+\) (suspend resume|await resume) partial function for |"
                    r"^async function pointer to ")
_VALUE_WITNESS = re.compile(r"^\w+ value witness for ")
_CLOSURE = re.compile(r"^((implicit )?closure #\d+ .*? in |partial apply forwarder for |"
                      r"reabstraction thunk helper .*? to |thunk for )+")
_PREFIXES = re.compile(r"^((merged )?(generic |function signature )?(partial )?specialization "
                       r"|\(\d+\) (suspend resume|await resume) partial function for "
                       r"|async function pointer to |protocol witness for )")
_CONFORMANCE = re.compile(r" in conformance ([\w.]+)")
_TYPE = re.compile(r"\b(Loyalty\w*)\.(?:\((\w+) in _[0-9A-F]+\)|([A-Z]\w*))")


def kind(demangled: str) -> str:
    """The kind of code or data a symbol is (one of `KINDS`)."""
    if _CODABLE.search(demangled):
        return CODABLE
    if _DESCRIPTION.search(demangled):
        return DESCRIPTION
    if "specialization <" in demangled:
        return SPECIALISATION
    if _ASYNC.search(demangled):
        return ASYNC
    if _CLOSURE.search(demangled):
        return CLOSURE
    if _VALUE_WITNESS.search(demangled):
        return VALUE_WITNESS
    if _METADATA.search(demangled):
        return METADATA
    return CODE


def specialised(demangled: str) -> str:
    """What a specialisation specialises: the text after each leading
    `... specialization <...> of `, else the text."""
    while True:
        match = re.match(r"(merged )?(generic |function signature )?(partial )?"
                         r"specialization <", demangled)
        if not match:
            return demangled
        depth = 0
        for index in range(match.end() - 1, len(demangled)):
            if demangled[index] == "<":
                depth += 1
            elif demangled[index] == ">":
                depth -= 1
                if depth == 0:
                    break
        if depth:
            return demangled
        demangled = demangled[index + 1:].removeprefix(" of ")


def function(demangled: str) -> str:
    """The function a developer wrote that a symbol is part of (its signature up to the
    arguments), or the metadata's own name."""
    text = demangled
    for _ in range(3):
        text = _CLOSURE.sub("", _PREFIXES.sub("", specialised(text)))
    conformance = _CONFORMANCE.search(text)
    suffix = f" in conformance {conformance.group(1)}" if conformance else ""
    depth = 0
    for index, character in enumerate(text):
        if character in "(<[":
            if character == "(" and depth == 0 and index > 0 and text[index - 1] not in " :.":
                return text[:index] + suffix
            depth += 1
        elif character in ")>]":
            depth -= 1
    return text


def owner(demangled: str) -> str | None:
    """The outermost nominal type of the SDK a symbol belongs to, `Module.Type`, if any."""
    name = function(demangled)
    conformance = _CONFORMANCE.search(name)
    match = _TYPE.search(conformance.group(1) if conformance else name)
    if not match:
        return None
    return f"{match.group(1)}.{match.group(2) or match.group(3)}"


def largest_functions(rows: list[tuple[int, str]], top: int) -> list[tuple[int, int, str, str]]:
    """(bytes, symbols, function, kinds) of the `top` largest functions, pieces summed."""
    sizes: dict[str, int] = collections.Counter()
    counts: dict[str, int] = collections.Counter()
    kinds: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for size, text in rows:
        if kind(text) == METADATA:
            continue
        name = function(text)
        sizes[name] += size
        counts[name] += 1
        kinds[name][kind(text)] += size
    return [(size, counts[name], name, ", ".join(k for k, _ in kinds[name].most_common()))
            for name, size in sorted(sizes.items(), key=lambda item: -item[1])[:top]]


def largest_types(rows: list[tuple[int, str]], top: int) -> list[tuple[int, str, str]]:
    """(bytes, type, bytes by kind) of the `top` largest types: code, metadata and witness
    tables together."""
    by_type: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for size, text in rows:
        name = owner(text)
        if name:
            by_type[name][kind(text)] += size
    ordered = sorted(by_type.items(), key=lambda item: -sum(item[1].values()))[:top]
    return [(sum(parts.values()), name,
             ", ".join(f"{k} {v:,}" for k, v in parts.most_common()))
            for name, parts in ordered]


def by_kind(rows: list[tuple[int, str]]) -> dict[str, int]:
    """Bytes of each kind, in `KINDS` order."""
    totals = collections.Counter()
    for size, text in rows:
        totals[kind(text)] += size
    return {k: totals[k] for k in KINDS}

#!/usr/bin/env bash
# Prints the library products of the root package, one per line: the `.library` lines of
# Package.swift, each a module of the same name. scripts/api.sh and scripts/docs.sh both
# take their list from here, so a new product is checked and documented once it ships.
set -euo pipefail

cd "$(dirname "$0")/.."
sed -n 's/^ *\.library(name: "\([A-Za-z0-9_]*\)".*/\1/p' Package.swift

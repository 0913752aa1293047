"""What scripts/check and scripts/mutants share: the build environment of .ci/run and the
files a change touched."""

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# As in .ci/run: the strict build is the ordinary one (Package.swift), and SwiftPM writes
# the same command lines each time (its trait flags otherwise come in a new order on each
# run, and every other build would recompile everything).
ENVIRONMENT = dict(os.environ, LOYALTY_WARNINGS_AS_ERRORS="1", SWIFT_DETERMINISTIC_HASHING="1")


def changed_files(base, *paths):
    """Files under `paths` (all when none) that differ from `base` in the working tree, and
    new untracked files, sorted."""
    def git(*arguments):
        return subprocess.run(["git", *arguments, "--", *paths], cwd=ROOT, check=True,
                              capture_output=True, text=True).stdout.split()
    names = set(git("diff", "--name-only", base)) | set(
        git("ls-files", "--others", "--exclude-standard"))
    return sorted(name for name in names if name)

"""The invariants of a chaos soak, checked from the emulator's ledger and the hosts' journals.

`scripts/chaos` runs the soak and calls `check`; it can also be run on the files a soak
left behind: `python3 scripts/chaos_check.py WORKDIR` (with `ledger-start.json`,
`ledger-end.json`, `run.json` and `host*.journal` in it).

Each invariant is counted, never sampled:

  lost          an event `track` acknowledged (journaled after it returned, while analytics
                was on) that the server never stored, unless the user withdrew consent or
                erased everything after it (both delete what is queued, by design: only
                the first such cut after the event, and no more events than the client
                held just before it, which the journal records as `queued` before the
                call starts); and a redemption the SDK reported as applied whose
                idempotency key the server applied no redemption with
  applied twice each redemption intent the server applied more than once (each
                application beyond the first), under its key or a key it was sent again
                with, and each redemption it applied with a key no intent journaled before
                sending it: intents matched one to one with applications, whatever other
                intents did
  expired tokens requests that carried an access token expired on the server's clock
  after opt-out analytics batches and device registrations of a host that arrived while
                it had them off (from the moment the switch returned), a restart that
                found them on again without an erasure (a choice not kept), and each
                event id `track` returned while analytics was off that the server stored,
                then or later
  after erase   files left under a data directory once `eraseAllData` returned, and items
                it reported it could not delete
  stuck         gaps of more than STUCK_SECONDS without an operation ending in a running
                host, and hosts that did not exit after SIGTERM
  crossed       snapshots of `market.state` read while switching users that held a coupon
                of a user other than the ones it may show at that moment: the user of the
                stored session just before or just after the read, and the user whose
                session is ending while the logout (or the login as another) runs (a
                read around which the session could not be read is not judged, and is
                counted apart)
"""

import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

STUCK_SECONDS = 30.0


def read_journal(path):
    """The journal's lines; a last line cut short by a kill -9 is skipped."""
    entries = []
    with open(path, encoding="utf-8") as journal:
        for line in journal:
            try:
                entries.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return entries


def off_intervals(entries):
    """The times a host had analytics off: (from, to, reason) and restarts that lost the choice."""
    intervals, lost_choice = [], 0
    off_since = None
    for entry in entries:
        op = entry["op"]
        if op == "privacy" and entry["on"] is False:
            off_since = entry["at"]
        elif op == "privacy" and entry["on"] is True and off_since is not None:
            intervals.append((off_since, entry["at"]))
            off_since = None
        elif op == "erase" and entry.get("phase") == "start" and off_since is not None:
            intervals.append((off_since, entry["at"]))
            off_since = None
        elif op == "client":
            if entry["analytics"] and off_since is not None:
                # On again after a restart, with no erasure: the choice was not kept.
                lost_choice += 1
                intervals.append((off_since, entry["at"]))
                off_since = None
            elif not entry["analytics"] and off_since is None:
                off_since = entry["at"]
    if off_since is not None:
        intervals.append((off_since, float("inf")))
    return intervals, lost_choice


def cuts(entries):
    """The times queued events may be deleted by design (consent withdrawn, data erased), in
    order, each with the most it can delete: the events the client held just before it
    (`queued`, journaled before the call; -1, analytics out of reach, excuses none). A
    restart that finds analytics off with no switch journaled before it excuses nothing."""
    found = []
    for entry in entries:
        if entry["op"] == "privacy-start" and entry["on"] is False:
            found.append((entry["started"], max(0, entry.get("queued", 0))))
        elif entry["op"] == "erase" and entry.get("phase") == "start":
            found.append((entry["at"], max(0, entry.get("queued", 0))))
    return sorted(found, key=lambda cut: cut[0])


def unstored(entries, stored, host_cuts):
    """The events `track` acknowledged that the server never stored: (how many a cut excuses,
    the lost ones). A cut deletes everything queued, so only the first cut after an event can
    have deleted it, and it deleted at most what the client held just before it."""
    missing = [e for e in entries if e["op"] == "track" and e["id"] not in stored]
    by_cut = defaultdict(list)
    lost = []
    for event in missing:
        first = next((i for i, (at, _) in enumerate(host_cuts) if at > event["at"]), None)
        if first is None:
            lost.append(event)
        else:
            by_cut[first].append(event)
    excused = 0
    for index, events in by_cut.items():
        budget = host_cuts[index][1]
        # The latest ones are the likeliest to have been queued still.
        unexcused = max(0, len(events) - budget)
        excused += len(events) - unexcused
        lost += events[:unexcused]
    return excused, lost


def stuck_gaps(entries, restarts, stopped_at):
    """Gaps longer than STUCK_SECONDS between operations ending, a restart resetting the wait:
    (from, seconds) each."""
    marks = sorted([entry["at"] for entry in entries] + restarts)
    gaps = []
    for earlier, later in zip(marks, marks[1:]):
        if min(later, stopped_at) - earlier > STUCK_SECONDS:
            gaps.append((earlier, min(later, stopped_at) - earlier))
    return gaps


def redemptions(ledger_start, ledger_end, journals, figures, details):
    """`applied twice` and the redemptions `lost`: each intent matched with the applications
    the server made during the run (the coupons redeemed since its start) under its key, or
    under a key it was sent again with (`redeem-resend`, journaled before the send)."""
    before = {(r["user"], r["code"]) for r in ledger_start.get("redemptions", [])}
    applied = Counter(
        r["key"] for r in ledger_end["redemptions"] if (r["user"], r["code"]) not in before)
    figures["redemptions applied"] = sum(applied.values())
    # An intent is known by the key made for it; a resend names it as `intentKey`.
    intent_of, named, reported = {}, {}, []
    for host, entries in journals.items():
        for entry in entries:
            if entry["op"] == "redeem-intent":
                intent_of[entry["key"]] = entry["key"]
                named[entry["key"]] = f"host {host}: {entry['user']}'s intent {entry['intent']}"
                figures["redemption intents"] += 1
            elif entry["op"] == "redeem-resend":
                intent_of[entry["key"]] = entry["intentKey"]
            elif entry["op"] == "redeem-done" and entry["outcome"] == "applied":
                reported.append((host, entry))
    per_intent = Counter()
    for key, count in applied.items():
        intent = intent_of.get(key)
        if intent is None:
            figures["applied twice"] += count
            details["applied twice"].append(f"{count} applied with a key no intent made: {key}")
        else:
            per_intent[intent] += count
    for intent, count in per_intent.items():
        if count > 1:
            figures["applied twice"] += count - 1
            details["applied twice"].append(f"{named[intent]} applied {count} times")
    for host, entry in reported:
        if per_intent[entry["key"]] == 0:
            figures["lost"] += 1
            details["lost"].append(
                f"host {host}: {entry['user']}'s intent {entry['intent']} reported applied, "
                "never applied")


def crossings(ledger_end, journals, figures, details):
    """`crossed`: the snapshots of `market.state` that held another user's coupon."""
    owner = {code: user for user, codes in ledger_end["coupons"].items() for code in codes}
    emails = ledger_end["users"]
    for host, entries in journals.items():
        for entry in entries:
            if entry["op"] == "switch":
                figures["user switches"] += 1
                server = entry.get("end") == "server"
                figures["switches ended by the server"] += server
                figures["of them seen ended by the SDK"] += server and entry.get("endedOnDevice", False)
                figures["state reads while switching"] += entry["samples"]
                figures["state reads not judged"] += entry.get("unjudged", 0)
            elif entry["op"] == "snapshot":
                allowed = {emails.get(user, user) for user in entry["allowed"]}
                strangers = {owner.get(code, "nobody known") for code in entry["codes"]} - allowed
                if strangers:
                    figures["crossed"] += 1
                    allowed = ", ".join(sorted(allowed)) or "nobody"
                    at = time.strftime("%H:%M:%S", time.localtime(entry["at"]))
                    details["crossed"].append(
                        f"host {host} at {at}: coupons of {', '.join(sorted(strangers))} "
                        f"shown while {allowed} may be")


def check(ledger_start, ledger_end, run, journals):
    """The figures of the soak: a dict of counts, every invariant 0 when it held."""
    stored = set(ledger_end["events"]["stored"])
    figures = Counter()
    details = defaultdict(list)
    for host, entries in journals.items():
        info = run["hosts"][host]
        bundle = f":com.example.chaos.host{host}"
        figures["operations"] += sum(1 for entry in entries if entry["op"] == "done")
        figures["clock jumps"] += sum(1 for entry in entries if entry["op"] == "fault")
        host_cuts = cuts(entries)
        # What the SDK reported giving up on (its drop handler), to name a loss's cause.
        dropped = {i: e["reason"] for e in entries if e["op"] == "drop" for i in e["ids"]}
        excused, lost = unstored(entries, stored, host_cuts)
        figures["events deleted by consent or erasure"] += excused
        figures["lost"] += len(lost)
        for entry in lost:
            cause = dropped.get(entry["id"])
            said = f" (the SDK dropped it: {cause})" if cause else ""
            details["lost"].append(f"host {host}: event {entry['id']}{said}")
        for entry in entries:
            op = entry["op"]
            if op == "track":
                figures["events acknowledged"] += 1
            elif op == "track-off":
                figures["events tracked while off"] += 1
                if entry["id"] in stored:
                    figures["after opt-out"] += 1
                    details["after opt-out"].append(
                        f"host {host}: event {entry['id']}, tracked while analytics was off, "
                        "reached the server")
            elif op == "erase" and entry.get("phase") == "done":
                left = len(entry["leftovers"]) + entry["failures"]
                figures["erasures"] += 1
                figures["after erase"] += left
                if left:
                    details["after erase"].append(f"host {host}: {entry['leftovers']}")
        intervals, lost_choice = off_intervals(entries)
        figures["after opt-out"] += lost_choice
        if lost_choice:
            details["after opt-out"].append(f"host {host}: a restart found analytics on again")
        for call in ledger_end["privacyCalls"]:
            if (call["bundle"] or "").endswith(bundle) and any(
                start < call["at"] < end for start, end in intervals
            ):
                figures["after opt-out"] += 1
                details["after opt-out"].append(f"host {host}: {call['call']} at {call['at']:.3f}")
        for since, seconds in stuck_gaps(entries, info["restarts"], run["stopped"]):
            figures["stuck"] += 1
            details["stuck"].append(f"host {host}: no operation ended for {seconds:.0f} s after "
                                    f"{since:.3f}")
        if not info["exited"]:
            figures["stuck"] += 1
            details["stuck"].append(f"host {host}: did not exit after SIGTERM")
    redemptions(ledger_start, ledger_end, journals, figures, details)
    crossings(ledger_end, journals, figures, details)
    figures["expired tokens"] = len(ledger_end["expiredTokens"])
    for expired in ledger_end["expiredTokens"][:5]:
        details["expired tokens"].append(
            f"{expired['call']} from {expired['bundle']}, {expired['secondsPast']:.1f} s past")
    figures["events forgotten by the server"] = ledger_end["events"]["forgotten"]
    figures["duplicates removed by the server"] = ledger_end["events"]["duplicates"]
    return figures, details


INVARIANTS = [
    "lost", "applied twice", "expired tokens", "after opt-out", "after erase", "stuck", "crossed"]


def summary(figures, faults):
    """The soak's last line."""
    parts = [f"{figures['operations']} operations", f"{faults} faults"]
    parts += [f"{name} {figures[name]}" for name in INVARIANTS]
    return "chaos: " + ", ".join(parts)


def load(workdir):
    workdir = Path(workdir)
    run = json.loads((workdir / "run.json").read_text())
    run["hosts"] = {int(host): info for host, info in run["hosts"].items()}
    journals = {host: read_journal(workdir / f"host{host}.journal") for host in run["hosts"]}
    ledger_start = json.loads((workdir / "ledger-start.json").read_text())
    ledger_end = json.loads((workdir / "ledger-end.json").read_text())
    return ledger_start, ledger_end, run, journals


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/chaos_check.py WORKDIR")
    figures, details = check(*load(sys.argv[1]))
    for name, lines in details.items():
        for line in lines[:10]:
            print(f"{name}: {line}")
    print(summary(figures, figures["clock jumps"]))
    sys.exit(1 if any(figures[name] for name in INVARIANTS) else 0)

#!/usr/bin/python3
"""Checks the emulator's web console (/_emulator/) in headless Chromium through Selenium.

usage: emulator-ui-check.py BASE_URL ARTIFACT_DIR PHASE [options]
  BASE_URL      the emulator, like http://127.0.0.1:8080
  ARTIFACT_DIR  where screenshots go
  PHASE         tour                              after the demo ran once against the emulator
                set-fault --call C --kind K [--status N] [--count N]
                fault-seen --call C
  --token T     open the console with ?token=T first (the server then sets its cookie)

tour: the Requests page lists the API's requests in order (emailLogin before campaigns,
redeemCoupon present); a campaigns request's detail masks Authorization and pretty-prints
its JSON body; the State page shows every redeemed coupon as redeemed and draws a barcode;
a 1280x900 screenshot of each page; then the accessibility check (scripts/emulator_ui_a11y.py)
on all four pages. set-fault adds a fault through the Faults page's form and confirms through
the API that it is pending. fault-seen filters the Requests page by call and checks that the
newest request for it that met a fault (as the API says; newer ones may be the SDK's retries)
shows that fault. Needs Debian's python3-selenium and chromium-driver.
Prints `ok   <what>` or `FAIL <what>: <why>` per check; exits 1 when one failed.
"""
import argparse
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import emulator_ui_a11y

PAGES = [("requests", ""), ("state", "state.html"), ("faults", "faults.html"), ("actions", "actions.html")]


class Checker:
    def __init__(self, base, token):
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--window-size=1280,900"):
            options.add_argument(argument)
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(service=service, options=options)
        self.driver.set_window_size(1280, 900)
        self.console = base.rstrip("/") + "/_emulator/"
        self.failures = 0
        if token:
            self.driver.get(self.console + "?token=" + token)

    def report(self, what, problem):
        if problem:
            self.failures += 1
            print(f"FAIL {what}: {problem}")
        else:
            print(f"ok   {what}")

    def open(self, page):
        """Opens a console page and waits for its first poll to finish."""
        self.driver.get(self.console + dict(PAGES)[page])
        self.wait(lambda: self.driver.find_element(By.ID, "status").text, f"the {page} page's status line")
        status = self.driver.find_element(By.ID, "status").text
        if not status.startswith("Updated"):
            raise Failure(f"the {page} page says {status!r}")

    def api(self, path, method="GET", body=None):
        """Calls the console API from the page, so it goes with the page's cookie."""
        answer = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0], {method: arguments[1], body: arguments[2],"
            " headers: {'Content-Type': 'application/json'}})"
            ".then(async (r) => done([r.status, await r.text()])).catch((e) => done([0, String(e)]));",
            self.console + "api/" + path, method, None if body is None else json.dumps(body))
        status, text = answer
        if not 200 <= status < 300:
            raise Failure(f"{method} api/{path} answered {status}: {text[:200]}")
        return json.loads(text)

    def wait(self, condition, what, seconds=10):
        """Answers condition()'s first truthy value, trying for a while."""
        deadline = time.monotonic() + seconds
        while True:
            value = condition()
            if value or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        if not value:
            raise Failure(f"timed out waiting for {what}")
        return value

    def run(self, what, check):
        """Runs one check, which answers a problem or None, or raises Failure."""
        try:
            self.report(what, check())
        except Failure as failure:
            self.report(what, str(failure))
        except Exception as error:  # a WebDriver error: report it, go on with the others
            self.report(what, f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")

    def table_calls(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#requests tbody tr[data-id]')].map((r) => r.dataset.call)")


class Failure(Exception):
    pass


# ---------------------------------------------------------------- tour

def tour(checker, artifacts):
    checker.run("the Requests page lists the API's requests, oldest at the bottom",
                lambda: check_request_order(checker))
    checker.run("a campaigns request's detail masks Authorization and pretty-prints JSON",
                lambda: check_detail(checker))
    checker.run("the State page shows every redeemed coupon as redeemed", lambda: check_redeemed(checker))
    checker.run("the State page draws a barcode", lambda: check_barcode(checker))
    for page, _ in PAGES:
        checker.run(f"screenshot {page}.png", lambda: screenshot(checker, page, artifacts))
    for page, _ in PAGES:
        try:
            checker.open(page)
            results = emulator_ui_a11y.check(checker.driver)
        except Exception as error:
            results = [("page", f"{type(error).__name__}: {error}")]
        for what, problem in results:
            checker.report(f"accessibility of {page}: {what}", problem)


def check_request_order(checker):
    checker.open("requests")
    listed = checker.api("requests")["requests"]
    expected = [r["call"] for r in sorted(listed, key=lambda r: r["id"])]
    if not expected:
        return "the API lists no request: did the demo run?"
    shown = checker.wait(lambda: (lambda calls: calls if len(calls) >= len(expected) else None)(
        checker.table_calls()), f"{len(expected)} rows")[::-1]
    if shown != expected:
        return f"the table shows {shown}, the API {expected}"
    if "emailLogin" not in shown or "campaigns" not in shown:
        return f"emailLogin or campaigns missing from {shown}"
    if shown.index("emailLogin") > shown.index("campaigns"):
        return "campaigns comes before emailLogin"
    if "redeemCoupon" not in shown:
        return "no redeemCoupon request"
    return None


def check_detail(checker):
    """A campaigns request's detail: JSON pretty-printed, Authorization (where sent) masked.

    The demo may ask for campaigns with the device's signature only, so when no campaigns
    request carries a user's token, a user-authenticated request's detail shows the header."""
    checker.open("requests")
    # Rows are read as ids and re-found at each click: the table may be rebuilt while the
    # page settles (its filters load), which leaves older element handles stale.
    rows = checker.wait(lambda: checker.driver.execute_script(
        "return [...document.querySelectorAll('#requests tr[data-call=\"campaigns\"]')]"
        ".map((r) => [r.dataset.id, r.querySelector('td.auth').textContent])"), "a campaigns row")
    users = checker.driver.execute_script(
        "return [...document.querySelectorAll('#requests tr[data-id]')]"
        ".filter((r) => r.querySelector('td.auth').textContent.startsWith('user '))"
        ".map((r) => r.dataset.id)")
    campaigns = ([row for row, auth in rows if auth.startswith("user ")] or [rows[-1][0]])[-1]
    headers, body = open_detail(checker, campaigns)
    if "\n  " not in body or not body.lstrip().startswith(("{", "[")):
        return f"the response body is not pretty-printed JSON: {body[:120]!r}"
    authorization = [line for line in headers.splitlines() if line.lower().startswith("authorization:")]
    if not authorization and users:
        headers, _ = open_detail(checker, users[-1])
        authorization = [line for line in headers.splitlines() if line.lower().startswith("authorization:")]
    if not authorization or "<masked>" not in authorization[0]:
        return f"request headers show {authorization or 'no Authorization'}"
    return None


def open_detail(checker, number):
    """Opens request `number`'s detail; answers its request headers and response body as shown."""
    for attempt in range(5):
        try:
            checker.driver.find_element(
                By.CSS_SELECTOR, f'#requests tr[data-id="{number}"] td:first-child button').click()
            break
        except StaleElementReferenceException:
            if attempt == 4:
                raise
            time.sleep(0.2)
    # Read through the page's script, never through element handles the poll may replace.
    texts = checker.wait(lambda: (lambda found: found if found[0].startswith(f"Request {number}:") else None)(
        checker.driver.execute_script(
            "const t = (id) => (document.getElementById(id) || {}).innerText || '';"
            "return [t('detail-title'), t('detail-request-headers'), t('detail-response-body')]")),
        f"request {number}'s detail")
    return texts[1], texts[2]


def check_redeemed(checker):
    checker.open("state")
    coupons = checker.api("state")["coupons"]
    redeemed = [c["id"] for c in coupons if c["status"] == "redeemed"]
    if not redeemed:
        return "the API lists no redeemed coupon: did the demo redeem one?"
    rows = {row.get_attribute("data-coupon"): row
            for row in checker.driver.find_elements(By.CSS_SELECTOR, "tr[data-coupon]")}
    for coupon in redeemed:
        row = rows.get(str(coupon))
        if row is None:
            return f"no row for coupon {coupon}"
        if row.get_attribute("data-status") != "redeemed":
            return f"coupon {coupon}'s row has data-status={row.get_attribute('data-status')!r}"
        status = row.find_element(By.CSS_SELECTOR, "td.status")
        if not status.is_displayed() or "redeemed" not in status.text:
            return f"coupon {coupon}'s status cell shows {status.text!r}"
    return None


def check_barcode(checker):
    checker.open("state")
    script = ("return [...document.querySelectorAll('img[src*=\"api/barcode\"]')]"
              ".filter((i) => i.complete && i.naturalWidth > 0).length")
    checker.wait(lambda: checker.driver.execute_script(script), "a barcode image to load")
    return None


def screenshot(checker, page, artifacts):
    checker.open(page)
    path = os.path.join(artifacts, f"{page}.png")
    return None if checker.driver.save_screenshot(path) else f"could not write {path}"


# ---------------------------------------------------------------- faults

def set_fault(checker, arguments):
    checker.open("faults")
    driver = checker.driver
    checker.wait(lambda: driver.find_elements(By.CSS_SELECTOR, f'#fault-call option[value="{arguments.call}"]'),
                 f"{arguments.call} among the calls")
    Select(driver.find_element(By.ID, "fault-call")).select_by_value(arguments.call)
    Select(driver.find_element(By.ID, "fault-kind")).select_by_value(arguments.kind)
    for field, value in (("fault-status", arguments.status), ("fault-count", arguments.count),
                         ("fault-seconds", arguments.seconds)):
        if value is not None:
            driver.find_element(By.ID, field).clear()
            driver.find_element(By.ID, field).send_keys(str(value))
    driver.find_element(By.ID, "fault-add").click()

    def pending():
        faults = checker.api("faults")
        if arguments.kind == "latency":
            return any(l["call"] == arguments.call for l in faults["latencies"])
        return any(r["call"] == arguments.call and r["remaining"] > 0
                   and (arguments.status is None or str(arguments.status) in r["fault"])
                   for r in faults["rules"])
    checker.wait(pending, f"a pending {arguments.kind} rule for {arguments.call}", seconds=5)
    return None


def fault_seen(checker, arguments):
    """The newest request for the call that met a fault (the API's) shows it in the filtered table.

    The newest request of all may be the SDK's retry, answered without a fault."""
    checker.open("requests")
    driver = checker.driver
    listed = checker.api("requests?call=" + arguments.call)["requests"]
    faulted = [r for r in listed if r["fault"]]
    if not faulted:
        return f"the API lists no {arguments.call} request that met a fault"
    wanted = faulted[0]
    checker.wait(lambda: driver.find_elements(By.CSS_SELECTOR, f'#filter-call option[value="{arguments.call}"]'),
                 f"{arguments.call} in the call filter")
    Select(driver.find_element(By.ID, "filter-call")).select_by_value(arguments.call)
    script = ("const rows = [...document.querySelectorAll('#requests tbody tr[data-id]')];"
              "return rows.length && rows.every((r) => r.dataset.call === arguments[0])"
              " ? rows.map((r) => [r.dataset.id, r.querySelector('td.fault').textContent.trim()]) : null")
    rows = checker.wait(lambda: driver.execute_script(script, arguments.call), f"rows for {arguments.call} only")
    shown = dict(rows)
    if str(wanted["id"]) not in shown:
        return f"request #{wanted['id']} ({wanted['fault']}) is not in the filtered table"
    if shown[str(wanted["id"])] != wanted["fault"]:
        return f"request #{wanted['id']} shows fault {shown[str(wanted['id'])]!r}, the API {wanted['fault']!r}"
    later = [number for number, _ in rows if int(number) > wanted["id"]]
    print(f"     #{wanted['id']} shows {wanted['fault']!r}" + (f"; {len(later)} later request(s), "
          "the SDK's retries, show none" if later else ""))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base")
    parser.add_argument("artifacts")
    parser.add_argument("phase", choices=["tour", "set-fault", "fault-seen"])
    parser.add_argument("--call")
    parser.add_argument("--kind")
    parser.add_argument("--status", type=int)
    parser.add_argument("--count", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--token")
    arguments = parser.parse_args()
    if arguments.phase != "tour" and not arguments.call or arguments.phase == "set-fault" and not arguments.kind:
        parser.error(f"{arguments.phase} needs --call" + (" and --kind" if arguments.phase == "set-fault" else ""))
    os.makedirs(arguments.artifacts, exist_ok=True)
    checker = Checker(arguments.base, arguments.token)
    try:
        if arguments.phase == "tour":
            tour(checker, arguments.artifacts)
        elif arguments.phase == "set-fault":
            checker.run(f"the Faults page adds {arguments.kind} for {arguments.call}",
                        lambda: set_fault(checker, arguments))
        else:
            checker.run(f"the Requests page shows the fault of the newest faulted {arguments.call} request",
                        lambda: fault_seen(checker, arguments))
    finally:
        checker.driver.quit()
    sys.exit(1 if checker.failures else 0)


if __name__ == "__main__":
    main()

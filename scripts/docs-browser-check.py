#!/usr/bin/env python3
"""Loads the generated reference in headless Chromium and checks what a reader sees.

usage: docs-browser-check.py SITE_DIR ARTIFACT_DIR

Serves SITE_DIR (the output of scripts/docs.sh) on 127.0.0.1, loads LoyaltyCore's landing
page and the page of one symbol in headless Chromium (`chromium`, or $CHROMIUM), and
checks the rendered DOM: each page's title, and the symbol's declaration. The DOM and a
screenshot of each page go to ARTIFACT_DIR. Exits 1 when a page does not render.
"""
import functools
import html.parser
import http.server
import os
import subprocess
import sys
import threading

PAGES = [
    # (file name, path, title, text the declaration must hold or None)
    ("loyaltycore", "/documentation/loyaltycore/", "LoyaltyCore", None),
    ("loyaltyclient", "/documentation/loyaltycore/loyaltyclient", "LoyaltyClient",
     "final class LoyaltyClient"),
]


class RenderedPage(html.parser.HTMLParser):
    """Collects the text of the page's `h1.title` and of its declaration's `pre`."""

    def __init__(self):
        super().__init__()
        self.title, self.declaration = "", ""
        self._open = []  # the collecting field for each open element, or None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        field = None
        if tag == "h1" and "title" in classes:
            field = "title"
        elif tag == "pre" and any(c.startswith("source") for c in classes):
            field = "declaration"
        if tag not in ("wbr", "br", "img", "meta", "link", "input"):
            self._open.append(field)

    def handle_endtag(self, tag):
        if tag not in ("wbr", "br", "img", "meta", "link", "input") and self._open:
            self._open.pop()

    def handle_data(self, data):
        for field in reversed(self._open):
            if field:
                setattr(self, field, getattr(self, field) + data)
                break


def chromium(*arguments):
    binary = os.environ.get("CHROMIUM", "chromium")
    command = [binary, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-dev-shm-usage", "--virtual-time-budget=15000", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def main():
    site, artifacts = sys.argv[1:3]
    os.makedirs(artifacts, exist_ok=True)
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    failures = []
    try:
        for name, path, title, declaration in PAGES:
            url = base + path
            dom = chromium("--dump-dom", url).stdout
            with open(os.path.join(artifacts, f"{name}.html"), "w") as file:
                file.write(dom)
            screenshot = os.path.join(artifacts, f"{name}.png")
            chromium(f"--screenshot={screenshot}", "--window-size=1280,1600", url)
            page = RenderedPage()
            page.feed(dom)
            seen = " ".join(page.declaration.split())
            print(f"{path}: title {page.title.strip()!r}, declaration {seen!r}")
            if page.title.strip() != title:
                failures.append(f"{path}: title {page.title.strip()!r}, expected {title!r}")
            if declaration and declaration not in seen:
                failures.append(f"{path}: declaration {seen!r} lacks {declaration!r}")
            if not os.path.exists(screenshot):
                failures.append(f"{path}: no screenshot")
    finally:
        server.shutdown()
    for failure in failures:
        print(f"error: {failure}", file=sys.stderr)
    sys.exit(1 if failures else 0)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


if __name__ == "__main__":
    main()

"""Driving Debian's Chromium with Playwright (tests and ``capeclash bench web``).

Never ``playwright install``: the browser is /usr/bin/chromium (apt-get install chromium).
Every request to a host other than 127.0.0.1 is blocked and recorded.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit

CHROMIUM = os.environ.get("CAPECLASH_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-sandbox"]
LOCAL_HOSTS = {"127.0.0.1"}


def launch(playwright, **kw):
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"Chromium is missing at {CHROMIUM}: apt-get install -y chromium "
                           "(never `playwright install`)")
    return playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, **kw)


def guard(context) -> list[str]:
    """Block every request to a host other than 127.0.0.1; returns the list of blocked URLs."""
    blocked: list[str] = []

    def route(r):
        url = r.request.url
        parts = urlsplit(url)
        if parts.scheme in ("http", "https", "ws", "wss") and parts.hostname not in LOCAL_HOSTS:
            blocked.append(url)
            r.abort("blockedbyclient")
        else:
            r.continue_()
    context.route("**/*", route)
    return blocked

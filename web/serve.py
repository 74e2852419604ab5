"""A small static file server with the MIME types Pyodide needs (.wasm, .mjs).

A wrong type for ``.wasm`` makes ``loadPyodide`` hang, so this server never guesses:
it maps every extension the site uses explicitly.
"""

from __future__ import annotations

import functools
import http.server
import os
import sys
import threading
from pathlib import Path

MIME = {
    ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
    ".whl": "application/zip", ".svg": "image/svg+xml", ".png": "image/png",
    ".webmanifest": "application/manifest+json", ".txt": "text/plain; charset=utf-8", ".map": "application/json",
    ".tar": "application/x-tar", ".bin": "application/octet-stream",
}


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    bytes_sent = 0  # per server: counted in ``served``
    quiet = False

    def end_headers(self):
        if self.path.split("?")[0].endswith(("sw.js", "site.json")) or self.path.split("?")[0] in ("/", "/index.html"):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile):
        n = 0
        while True:
            buf = source.read(256 * 1024)
            if not buf:
                break
            outputfile.write(buf)
            n += len(buf)
        self.server.bytes_sent += n

    def log_message(self, fmt, *args):
        if not self.server.quiet:
            super().log_message(fmt, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, addr, handler, quiet=False):
        super().__init__(addr, handler)
        self.bytes_sent = 0
        self.quiet = quiet


def make_server(root: str | os.PathLike, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False) -> SiteServer:
    handler = functools.partial(SiteHandler, directory=str(Path(root).resolve()))
    return SiteServer((host, port), handler, quiet=quiet)


def serve_in_thread(root, host="127.0.0.1", port=0, quiet=True) -> tuple[SiteServer, str]:
    """Start a server on a background thread (for tests and benchmarks). Returns it and its URL."""
    srv = make_server(root, host, port, quiet=quiet)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, f"http://{host}:{srv.server_address[1]}/"


def serve(root: str | os.PathLike, host: str = "127.0.0.1", port: int = 8000) -> int:
    root = Path(root)
    if not (root / "index.html").exists():
        print(f"capeclash web serve: no site in {root}/ (run `capeclash web build`)", file=sys.stderr)
        return 2
    try:
        srv = make_server(root, host, port)
    except OSError as e:
        print(f"capeclash web serve: cannot listen on {host}:{port}: {e}", file=sys.stderr)
        return 2
    print(f"Cape Clash is being served from {root}/ at http://{host}:{port}/  (Ctrl+C stops)", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        srv.server_close()
    return 0

"""Serve the built book on this machine as a web host would.

Text (pages, scripts, stylesheets, the search index) goes out compressed with gzip when the
browser accepts it, as GitHub Pages or any web server sends it; images and fonts as they are.
The reader's-view test and ``benchmarks/page_weight.py`` weigh pages through it, and a reader
can preview the site with it (some browsers refuse a book opened as files: its search needs
a server).

Command line::

    python -m booktools.serve                  # _build/html on http://127.0.0.1:8000
    python -m booktools.serve _build/html --port 8080
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import mimetypes
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Content types sent compressed.
COMPRESSED = ("text/", "application/javascript", "application/json", "image/svg+xml")
#: zlib level, as web servers commonly use.
GZIP_LEVEL = 6


@functools.lru_cache(maxsize=512)
def compressed(path: str, mtime_ns: int, size: int) -> bytes:
    """The file at ``path`` gzipped, computed once per version of the file (its modification
    time and size are part of the key): every page loads the same scripts and stylesheets,
    and the reader's-view test visits about a hundred pages."""
    return gzip.compress(Path(path).read_bytes(), compresslevel=GZIP_LEVEL)


class BookHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a folder; text compressed with gzip where the browser accepts it; quiet."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = Path(self.translate_path(self.path))
        kind = mimetypes.guess_type(path.name)[0] or ""
        if (not path.is_file() or not kind.startswith(COMPRESSED)
                or "gzip" not in self.headers.get("Accept-Encoding", "")):
            return super().do_GET()
        stat = path.stat()
        body = compressed(str(path), stat.st_mtime_ns, stat.st_size)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def start(directory: str | Path, port: int = 0) -> http.server.ThreadingHTTPServer:
    """A server of ``directory`` on 127.0.0.1 (``port`` 0: any free one), running in a
    background thread; ``server.server_port`` tells the port, ``server.shutdown()`` stops it."""
    handler = functools.partial(BookHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("directory", nargs="?", type=Path, default=ROOT / "_build" / "html")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").exists():
        print(f"{args.directory} holds no built book: run `make book` first", file=sys.stderr)
        return 2
    server = start(args.directory, args.port)
    print(f"the book is at http://127.0.0.1:{server.server_port}/ (Ctrl-C stops)")
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""booktools.serve sends text gzipped, as a web host does, and recompresses a file that changed."""

import gzip
import os
import urllib.request

from booktools import serve


def _get(server, name: str) -> tuple[bytes, str]:
    request = urllib.request.Request(f"http://127.0.0.1:{server.server_port}/{name}",
                                     headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read(), response.headers.get("Content-Encoding", "")


def test_text_goes_out_gzipped_and_a_changed_file_is_sent_anew(tmp_path):
    """A page is sent gzipped; sent again it comes from the cache, the same bytes; once the
    file changes (its time and size are the key) the new text is sent, not the cached one;
    an image goes out as it is."""
    page = tmp_path / "page.html"
    page.write_text("<p>first</p>" * 50, encoding="utf-8")
    (tmp_path / "picture.png").write_bytes(b"\x89PNG not compressed")
    server = serve.start(tmp_path)
    try:
        body, encoding = _get(server, "page.html")
        assert encoding == "gzip" and gzip.decompress(body) == page.read_bytes()
        assert _get(server, "page.html")[0] == body
        page.write_text("<p>second, longer</p>" * 50, encoding="utf-8")
        os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 10**9))
        body, _ = _get(server, "page.html")
        assert gzip.decompress(body) == page.read_bytes()
        picture, encoding = _get(server, "picture.png")
        assert encoding == "" and picture == b"\x89PNG not compressed"
    finally:
        server.shutdown()
        server.server_close()

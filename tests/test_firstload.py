"""The home page's first load is at most 40 KB as transferred (Chromium, compressed answers)."""

import importlib.util

import pytest

from companion.web import ROOT

pytestmark = pytest.mark.browser

_spec = importlib.util.spec_from_file_location("bench_firstload", ROOT / "bench" / "firstload.py")
firstload = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(firstload)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    proc, base = firstload.start(str(tmp_path_factory.mktemp("firstload") / "f.db"))  # companion serve
    yield base
    firstload.stop(proc)


@pytest.mark.parametrize("accept", [None, "gzip, deflate"], ids=["chromium", "gzip-only"])
def test_the_home_pages_first_load_is_at_most_40_kb(browser, base, accept):
    loads = firstload.first_load(browser, base + "/", accept)
    total = firstload.report(loads, accept or "Chromium's own Accept-Encoding")
    paths = {url.split("/", 3)[-1].split("?")[0]: coding for url, _, coding in loads}
    expected = ["", "static/css/app.css", "static/js/app.js", "static/vendor/htmx-2.0.10.min.js",
                "static/vendor/htmx-ext-ws-2.0.4.min.js", "manifest.webmanifest"]
    assert set(expected) <= set(paths)
    for path in expected[:5]:  # the text answers over 1 KB
        assert paths[path] in (("br", "gzip") if accept is None else ("gzip",)), path
    assert total <= 40 * 1024, f"{total / 1024:.1f} KB"

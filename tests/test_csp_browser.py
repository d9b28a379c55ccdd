"""The pages keep to their own Content Security Policy (style-src 'self': no inline style)
through every push and answer, in a real browser."""

import pytest
from playwright.sync_api import expect

from .browser import open_seat

pytestmark = pytest.mark.browser

WATCH = """document.addEventListener('securitypolicyviolation',
  e => (window.__violations = window.__violations || []).push(e.violatedDirective + ' ' + (e.target.id || e.target.tagName)),
  true);"""


def test_a_resized_textarea_swapped_by_a_push_breaks_no_content_security_policy(browser, server, api):
    t = api.create("villainous", {}, name="Ana")
    errors = []
    page = open_seat(browser, server, t["code"], t["token"], errors=errors, init_script=WATCH)
    # a person drags the notes' corner: the browser writes the new size in the textarea's style attribute
    page.evaluate("document.getElementById('memo-text').style.height = '120px'")
    page.get_by_label("Notes only you can see").fill("Bob bluffs about Ursula")
    page.get_by_role("button", name="Save notes").click()
    expect(page.get_by_label("Notes only you can see")).to_have_value("Bob bluffs about Ursula")
    api.ok(t["code"], t["token"], type="memo", text="Bob bluffs about Jafar")  # the same seat from its other phone: a push
    expect(page.get_by_label("Notes only you can see")).to_have_value("Bob bluffs about Jafar")
    assert page.evaluate("window.__violations || []") == []
    assert not [e for e in errors if "Content Security Policy" in e], errors

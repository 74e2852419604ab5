"""Bad input in the browser (real Chromium): what the page reads from this browser's storage, from a file
opened with 'Open save or replay...', from the address, and clicks that come too fast. Each is refused
with a message that names what is wrong; the game in progress and the stored save stay as they were.
"""

from __future__ import annotations

import json

import pytest

from tests.test_web import (  # noqa: F401
    BOOT_MS,
    SAVE_KEY,
    Tab,
    chromium,
    click_action,
    offered,
    pick,
    server,
    site,
    wait_ready_for_input,
)

TUT_KEY = "capeclash.tutorial.v1"
LAST_KEY = "capeclash.last_game"
OPT_KEY = "capeclash.options.v1"
# counts the page's requests to the engine by op (the worker is started by index.html, before app.mjs)
COUNT_OPS = """
window.__ops = [];
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (m, ...rest) {
  try { if (m && m.type === "call") window.__ops.push(JSON.parse(m.body).op); } catch (e) { /* not a request */ }
  return post.call(this, m, ...rest);
};
"""


@pytest.fixture
def tab(chromium):  # noqa: F811
    t = Tab(chromium)
    yield t
    t.close()
    assert t.blocked == [], f"requests to other hosts were attempted: {t.blocked}"


def error_bar(page) -> str:
    page.wait_for_selector("#error-bar:not([hidden])")
    return page.locator("#error-bar").inner_text()


def reload(page):
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)


def game_with_moves(tab, server, moves=4):  # noqa: F811
    """A game against the computer a few moves in; returns (the stored save, the board's hash)."""
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw&seed=5")
    page.evaluate("localStorage.clear()")
    page.click("#btn-start")
    wait_ready_for_input(page)
    for _ in range(moves):
        click_action(page, pick(offered(page)))
    return page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"), page.evaluate("document.body.dataset.hash")


def resume_is(page, hash_):
    page.click("#btn-resume")
    wait_ready_for_input(page)
    assert page.evaluate("document.body.dataset.hash") == hash_


# ------------------------------------------------------------------ this browser's storage

@pytest.mark.parametrize("stored, says", [("null", "expected a JSON object"), ("{\"format\": \"capeclash-web-", "invalid JSON"),
                                          ("garbage!", "invalid JSON")])
def test_a_stored_save_that_is_not_a_save_is_named_by_the_engine_not_the_script(tab, server, stored, says):  # noqa: F811
    """The page parsed the stored save itself: 'null' said "Cannot read properties of null (reading 'ui')",
    text that is not JSON said the browser's "Unexpected token ...". Now the engine reads it and says
    it is not a Cape Clash save, and why; the save is kept, and a new game can still be started."""
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw")
    page.evaluate("(s) => { localStorage.clear(); localStorage.setItem('capeclash.save.v1', s); }", stored)
    reload(page)
    text = error_bar(page)
    assert "could not be restored" in text and "not a Cape Clash save" in text and says in text, text
    assert "Cannot read properties" not in text and "Unexpected" not in text, text
    assert page.evaluate("document.body.dataset.screen") == "title"
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == stored
    page.click("#btn-resume")  # resuming it by hand says the same, and keeps it
    assert "not a Cape Clash save" in error_bar(page)
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == stored
    page.click("#btn-start")  # a new game asks before it replaces the damaged save
    page.click("#dlg-replace button[value=yes]")
    wait_ready_for_input(page)
    assert json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["format"] == "capeclash-web-save"
    assert [e for e in tab.errors if "could not be restored" not in e] == []


def test_a_lesson_record_the_engine_refuses_is_dropped_with_a_message(tab, server):  # noqa: F811
    """A stored lesson number that does not exist left the page in lesson mode on the title screen
    ("The lesson could not go on"), and the same error came back at every reload. Now the message says the
    lesson could not be restored and why; the record is dropped, the saved game still resumes."""
    page = tab.page
    saved, hash_ = game_with_moves(tab, server)
    page.evaluate("""([t, l]) => { localStorage.setItem(t, '{"lesson": 999, "moves": []}'); localStorage.setItem(l, 'tutorial'); }""",
                  [TUT_KEY, LAST_KEY])
    reload(page)
    text = error_bar(page)
    assert "lesson in progress could not be restored" in text and "999" in text, text
    assert page.evaluate("[document.body.dataset.screen, window.capeclash.mode]") == ["title", "play"]
    assert page.evaluate(f"localStorage.getItem('{TUT_KEY}')") is None
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
    resume_is(page, hash_)
    reload(page)  # the next start resumes the game, with no word of the lesson
    wait_ready_for_input(page)
    assert page.evaluate("document.body.dataset.hash") == hash_
    assert page.locator("#error-bar").is_hidden()


def test_a_damaged_lesson_record_is_said_not_silently_dropped(tab, server):  # noqa: F811
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw")
    page.evaluate("""([t, l]) => { localStorage.clear(); localStorage.setItem(t, '{"lesson": "two"'); localStorage.setItem(l, 'tutorial'); }""",
                  [TUT_KEY, LAST_KEY])
    reload(page)
    text = error_bar(page)
    assert "lesson in progress could not be restored" in text and "damaged" in text, text
    assert page.evaluate(f"localStorage.getItem('{TUT_KEY}')") is None
    assert tab.errors == []


def test_stored_options_of_the_wrong_type_are_not_taken_as_true(tab, server):  # noqa: F811
    """{"fullControl": "no"} turned full control on (any non-empty text is true)."""
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw")
    page.evaluate(f"""localStorage.setItem('{OPT_KEY}', '{{"fullControl": "no", "motion": 0, "extra": 1}}')""")
    reload(page)
    assert page.evaluate("[document.getElementById('opt-control').checked, document.getElementById('opt-motion').checked]") \
        == [False, True]
    assert not page.evaluate("document.body.classList.contains('no-motion')")
    page.evaluate(f"""localStorage.setItem('{OPT_KEY}', '{{"fullControl": true, "motion": false}}')""")
    reload(page)  # the right types are still read
    assert page.evaluate("[document.getElementById('opt-control').checked, document.getElementById('opt-motion').checked]") \
        == [True, False]
    assert tab.errors == []


# ------------------------------------------------------------------ Open save or replay...

def test_files_that_are_not_saves_are_named_and_the_game_in_progress_survives(tab, server, tmp_path):  # noqa: F811
    """An empty file said "invalid JSON at line 1: Expecting value", a picture the same, a file of
    30 MB "the request is longer than 20000000 characters" (twice), a save of another version did
    not name the field. Each now says what is wrong; the game in progress resumes as it was."""
    page = tab.page
    saved, hash_ = game_with_moves(tab, server)
    other = json.loads(saved)
    other["version"] = 99
    files = {
        "empty.json": (b"", "it is empty"),
        "picture.png": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8, "not a text file"),
        "huge.json": (b"{" + b" " * 30_000_000 + b"}", "too big"),
        "future.json": (json.dumps(other).encode(), "field 'version'"),
    }
    for how in ("#file-open", "#file-replay"):
        for name, (data, says) in files.items():
            f = tmp_path / name
            f.write_bytes(data)
            page.click("#btn-menu")
            page.set_input_files(how, str(f))
            text = error_bar(page)
            assert name in text and says in text and "Nothing was changed" in text, text
            assert "request is longer" not in text, text
            assert len(set(text.splitlines())) == len(text.splitlines()), text  # no line said twice
            page.click("#error-close")
            assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
            assert not page.evaluate("window.capeclash.busy")
            resume_is(page, hash_)
    assert tab.errors == []


# ------------------------------------------------------------------ the address

def test_odd_address_settings_are_ignored_and_named(tab, server):  # noqa: F811
    """?engine=foo stopped the boot ("Expected argument 'buffer' to be an ArrayBuffer"); ?seed=1.5
    refused every new game; ?aidelay=abc was taken as 0. Each is now ignored and named."""
    page = tab.page
    tab.boot(server, "?aidelay=abc&seed=1.5&engine=foo&nosw")
    text = error_bar(page)
    for says in ("aidelay=abc", "seed=1.5", "engine=foo"):
        assert says in text, text
    page.click("#error-close")
    page.evaluate("localStorage.clear()")
    page.click("#btn-start")
    wait_ready_for_input(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert page.locator("#setup-error").is_hidden()
    assert tab.errors == []


def test_convention_mode_with_an_odd_idle_time_does_not_reset_at_once(tab, server):  # noqa: F811
    """?idle=abc made the idle time NaN: the reset fired at once, during the boot, and threw
    "Cannot read properties of null (reading 'rulebook')"; a game was reset at every click."""
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw&convention&idle=abc")
    assert "idle=abc" in error_bar(page)
    page.click("#error-close")
    page.evaluate("localStorage.clear()")
    page.click("#btn-start")
    wait_ready_for_input(page)
    page.mouse.click(5, 300)
    page.wait_for_timeout(1500)
    assert page.evaluate("document.body.dataset.screen") == "game"
    assert tab.errors == []


# ------------------------------------------------------------------ clicks that come too fast

def test_undo_pressed_again_before_the_first_is_answered_sends_one(tab, server):  # noqa: F811
    """The second U went out while the first undo was on its way (the board still said it could be
    undone) and came back as "Could not undo: there is no move of yours to take back"."""
    page = tab.page
    tab.context.add_init_script(COUNT_OPS)
    tab.boot(server, "?aidelay=0&nosw&seed=3")
    page.evaluate("localStorage.clear()")
    page.click("#btn-start")
    for _ in range(60):
        wait_ready_for_input(page)
        if page.evaluate("window.capeclash.state.can_undo"):
            break
        click_action(page, pick(offered(page)))
    else:
        raise AssertionError("no move could be undone")
    page.evaluate("window.__ops = []")
    for _ in range(3):
        page.keyboard.press("u")
    page.wait_for_function("window.__ops.includes('undo') && !window.capeclash.busy")
    page.wait_for_timeout(1000)
    assert page.evaluate("window.__ops.filter((o) => o === 'undo').length") == 1
    assert page.locator("#error-bar").is_hidden(), page.locator("#error-bar").inner_text()
    assert tab.errors == []


def test_a_double_click_on_start_or_resume_sends_one_request(tab, server):  # noqa: F811
    page = tab.page
    tab.context.add_init_script(COUNT_OPS)
    tab.boot(server, "?aidelay=0&nosw&seed=3")
    page.evaluate("localStorage.clear(); window.__ops = []")
    page.dblclick("#btn-start")
    wait_ready_for_input(page)
    page.wait_for_timeout(500)
    assert page.evaluate("window.__ops.filter((o) => o === 'new_game').length") == 1
    page.click("#btn-menu")
    page.evaluate("window.__ops = []")
    page.dblclick("#btn-resume")
    wait_ready_for_input(page)
    page.wait_for_timeout(500)
    assert page.evaluate("window.__ops.filter((o) => o === 'load').length") == 1
    assert tab.errors == []

"""The browser game in real Chromium (Debian's /usr/bin/chromium) through Playwright.

The site is built once into a temporary folder and served on 127.0.0.1 by ``web.serve``.
Every request to another host is blocked and recorded; each test asserts none was made.
Screenshots go to ``dist/test-artifacts/web/``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from web import browser
from web.build import build
from web.serve import make_server, serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "dist" / "test-artifacts" / "web"
SAVE_KEY = "capeclash.save.v1"
BOOT_MS = 60000

from playwright import sync_api  # noqa: E402 - make test installs it; a missing one fails, never skips

# ------------------------------------------------------------------ fixtures

@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "web"
    build(out, quiet=True)
    return out


@pytest.fixture(scope="module")
def server(site):
    srv, url = serve_in_thread(site)
    yield url
    srv.shutdown()
    srv.server_close()


@pytest.fixture(scope="module")
def chromium():
    with sync_api.sync_playwright() as p:
        b = browser.launch(p)
        yield b
        b.close()


class Tab:
    """A fresh browser context and page, with the network guard and an error collector."""

    def __init__(self, chromium, viewport=(1366, 768)):
        self.context = chromium.new_context(viewport={"width": viewport[0], "height": viewport[1]})
        self.blocked = browser.guard(self.context)
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))

    def boot(self, url: str, query: str = "?aidelay=0"):
        self.page.goto(url + query)
        self.page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)

    def shot(self, name: str):
        SHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SHOTS / f"{name}.png"))

    def close(self):
        self.context.close()


@pytest.fixture
def tab(chromium):
    t = Tab(chromium)
    yield t
    t.close()
    assert t.blocked == [], f"requests to other hosts were attempted: {t.blocked}"


# ------------------------------------------------------------------ driving the UI

def setup_game(page, mode="duel:2", seats=(("human", None), ("easy", None))):
    page.select_option("#mode", mode)
    for i, (who, deck) in enumerate(seats):
        page.select_option(f"#seat-{i}-who", who)
        if deck is not None:
            page.select_option(f"#seat-{i}-deck", deck)


def offered(page) -> list[str]:
    return page.eval_on_selector_all("#actions button[data-action]", "bs => bs.map(b => b.dataset.action)")


def wait_ready_for_input(page, old_hash=None):
    """Until the human has actions, the game is over, or the device must be passed."""
    page.wait_for_function(
        """(old) => {
            const b = document.body;
            if (old !== null && b.dataset.hash === old && b.dataset.screen === 'game') return false;
            return b.dataset.over === '1' || b.dataset.screen === 'pass' ||
                   !!document.querySelector('#actions button[data-action]');
        }""", arg=old_hash, timeout=30000)


PREFERENCE = ["keep", "choose_first", "place_main", "target", "strike_back", "pay", "choose", "order",
              "attack", "recruit", "yes", "pick", "choose_player", "choose_row", "pass", "end_step", "end_turn"]


def pick(actions: list[str], prefer=PREFERENCE) -> str:
    types = {a: a.split()[0].split(":")[1] for a in actions}
    for t in prefer:
        for a in actions:
            if types[a] == t:
                return a
    return actions[0]


def click_action(page, action: str):
    old = page.evaluate("document.body.dataset.hash")
    page.click(f'#actions button[data-action="{action}"]')
    wait_ready_for_input(page, old)


def pass_device(page):
    page.click("#btn-pass")
    page.wait_for_function("document.body.dataset.screen !== 'pass'")
    wait_ready_for_input(page)


def play_until(page, stop, prefer=PREFERENCE, limit=3000) -> int:
    """Click offered actions (by ``prefer``) until ``stop(page)`` holds. Returns the clicks made."""
    for n in range(limit):
        wait_ready_for_input(page)
        if stop(page):
            return n
        if page.evaluate("document.body.dataset.over === '1'"):
            raise AssertionError("the game ended before the awaited moment")
        if page.evaluate("document.body.dataset.screen === 'pass'"):
            pass_device(page)
            continue
        click_action(page, pick(offered(page), prefer))
    raise AssertionError(f"not reached within {limit} clicks")


# ------------------------------------------------------------------ tests

def test_boot_to_interactive_board(tab, server):
    page = tab.page
    tab.boot(server)
    assert page.locator("#title").is_visible()
    decks = page.eval_on_selector_all("#seat-0-deck option", "os => os.map(o => `${o.title} ${o.textContent}`)")
    assert any("Starter" in d for d in decks) or any("Testbed" in d for d in decks), decks
    tab.shot("title")
    page.click("#btn-start")
    wait_ready_for_input(page)
    assert page.evaluate("document.body.dataset.screen") == "game"
    acts = offered(page)
    assert acts and all(a.startswith("0:") for a in acts), acts
    assert page.locator("#status").inner_text().strip()
    tab.shot("board-start")
    # (the seed is random: the first moves may be the setup's, which cannot be undone once the
    # hands are drawn; play on until a move can be undone)
    for _ in range(40):
        before = page.evaluate("document.body.dataset.hash")
        click_action(page, pick(acts))
        wait_ready_for_input(page)
        assert page.evaluate("document.body.dataset.hash") != before
        if page.evaluate("window.capeclash.state.can_undo"):
            break
        if page.evaluate("document.body.dataset.screen") == "pass":
            pass_device(page)
        acts = offered(page)
    else:
        raise AssertionError("no move could be undone in 40 clicks")
    assert page.locator("#btn-undo").is_visible()
    page.keyboard.press("u")  # undo, from the keyboard
    page.wait_for_function("(h) => document.body.dataset.hash === h", arg=before)
    assert offered(page) == acts
    assert tab.errors == []


def test_complete_game_against_the_ai_through_the_ui(tab, server):
    page = tab.page
    tab.boot(server, "?aidelay=0&seed=11")
    setup_game(page, seats=(("human", None), ("easy", None)))
    page.click("#btn-start")
    clicks = 0
    shot_taken = False
    while not page.evaluate("document.body.dataset.over === '1'"):
        wait_ready_for_input(page)
        if page.evaluate("document.body.dataset.over === '1'"):
            break
        acts = offered(page)
        assert acts, "the human has no action and the game is not over"
        click_action(page, pick(acts))
        clicks += 1
        if clicks == 60 and not shot_taken:
            tab.shot("board-midgame")
            shot_taken = True
        assert clicks < 3000, "the game did not finish"
    page.wait_for_selector("#dlg-over[open]")
    text = page.locator("#over-text").inner_text()
    assert "win" in text.lower(), text
    tab.shot("game-over")
    final = page.evaluate("document.body.dataset.hash")
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None  # a finished game is not resumed
    page.click("#over-watch")  # the replay, step by step
    page.wait_for_selector("#replay-controls:not([hidden])")
    assert page.locator("#rp-text").inner_text().startswith("Move 0 of")
    page.click("#rp-next")
    page.wait_for_function("document.getElementById('rp-text').textContent.startsWith('Move 1 of')")
    assert offered(page) == []  # a replay offers no moves
    page.click("#rp-end")
    page.wait_for_function("(h) => document.body.dataset.hash === h", arg=final)
    tab.shot("replay-end")
    assert tab.errors == [], tab.errors


def test_hot_seat_turn_change_hides_the_previous_hand(tab, server):
    page = tab.page
    tab.boot(server)
    setup_game(page, seats=(("human", None), ("human", None)))
    page.click("#btn-start")
    seen = {}

    def handover_with_hand(pg):
        if pg.evaluate("document.body.dataset.screen") != "pass":
            seen["hand"] = pg.eval_on_selector_all("#board .hand .card", "cs => cs.map(c => c.dataset.iid)")
            seen["viewer"] = pg.evaluate("window.capeclash.viewer")
            seen["log"] = pg.eval_on_selector_all("#log li", "ls => ls.map(l => l.textContent)")
            return False
        return bool(seen.get("hand"))

    play_until(page, handover_with_hand)
    tab.shot("hotseat-pass")
    assert page.locator("#pass").is_visible() and not page.locator("#game").is_visible()
    assert page.eval_on_selector_all(".hand .card", "cs => cs.length") == 0
    assert page.evaluate("document.getElementById('board').childElementCount") == 0
    assert page.evaluate("document.getElementById('log').childElementCount") == 0
    # nothing on the pass screen undoes the last player's move or exports the whole game (every hand)
    assert not page.is_visible("#btn-undo") and not page.is_visible("#btn-export")
    private = [line for line in seen["log"] if line.startswith("You draw")]
    body = page.evaluate("document.body.textContent")
    assert private and not any(line in body for line in private)
    pass_device(page)
    assert page.evaluate("window.capeclash.viewer") != seen["viewer"]
    assert page.is_visible("#btn-export")   # back at the table
    new_hand = page.eval_on_selector_all("#board .hand .card", "cs => cs.map(c => c.dataset.iid)")
    assert new_hand and not set(new_hand) & set(seen["hand"])
    assert tab.errors == []


def test_hot_seat_setup_placement_needs_no_hand_over(tab, server):
    """Nobody holds a card while the first player is chosen and the main characters are placed
    (rulebook, Setting up): those screens follow each other with no pass screen. The first hand-over
    comes with the first screen that holds a hand: the first player's mulligan."""
    page = tab.page
    tab.boot(server, "?aidelay=0&seed=3")
    setup_game(page, seats=(("human", None), ("human", None)))
    page.click("#btn-start")
    placed = set()
    for _ in range(10):
        wait_ready_for_input(page)
        if page.evaluate("document.body.dataset.screen") == "pass":
            break
        st = page.evaluate("({d: window.capeclash.state.view.decision.type, v: window.capeclash.viewer, "
                           "p: window.capeclash.state.private})")
        assert st["d"] in ("choose_first", "place_main") and st["p"] is False, st
        if st["d"] == "place_main":
            placed.add(st["v"])
        click_action(page, offered(page)[0])
    assert placed == {0, 1}  # both seats placed their main character on the same screen flow
    assert page.evaluate("document.body.dataset.screen") == "pass"
    pass_device(page)
    assert page.evaluate("window.capeclash.state.view.decision.type") == "mulligan"
    assert page.eval_on_selector_all("#board .hand .card", "cs => cs.length") == 7
    assert tab.errors == []


def _lesson_position(page, lesson: int):
    """Open a lesson's position as an ordinary game against the computer (its save, resumed)."""
    page.evaluate("""async (n) => {
        const a = window.capeclash;
        await a.call('tutorial_start', {lesson: n}, 'play');
        const save = await a.call('save', {}, 'play');
        save.ui = {viewer: 0};
        localStorage.setItem('capeclash.save.v1', JSON.stringify(save));
        localStorage.setItem('capeclash.last_game', 'capeclash');
    }""", lesson)
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    if page.is_visible("#btn-resume"):
        page.click("#btn-resume")
    wait_ready_for_input(page)


def test_an_attack_on_its_only_target_takes_one_click(tab, server):
    """Skyhook Warden can reach only Grimsby Rook, and Lark Cadet could join it: one click on the
    Warden attacks the Rook (attack and target, one move); Shift+click gathers a team first."""
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw")
    _lesson_position(page, 5)
    st = page.evaluate("window.capeclash.state")
    names = {c["name"]: c["iid"] for s in st["view"]["sides"] for c in s["front"] + s["back"]}
    warden = next(a for a in st["actions"] if a["type"] == "attack" and a["card"] == names["Skyhook Warden"])
    assert warden["solo"] is False and [t["card"] for t in warden["targets"]] == [names["Grimsby Rook"]]
    n0 = st["action_count"]
    old = page.evaluate("document.body.dataset.hash")
    page.click(f'#board .card[data-iid="{names["Skyhook Warden"]}"]')
    wait_ready_for_input(page, old)
    st = page.evaluate("window.capeclash.state")
    made = page.evaluate("window.capeclash.call('save', {}, 'play')")["game"]["actions"][n0:]
    assert [(a["type"], a.get("card")) for a in made[:2]] == [("attack", names["Skyhook Warden"]),
                                                            ("target", names["Grimsby Rook"])], made
    assert st["view"]["decision"]["type"] != "declare"
    # the team attack, by card clicks: Shift+click the Warden, click the Cadet, then the Rook
    _lesson_position(page, 5)
    old = page.evaluate("document.body.dataset.hash")
    page.click(f'#board .card[data-iid="{names["Skyhook Warden"]}"]', modifiers=["Shift"])
    wait_ready_for_input(page, old)
    assert page.evaluate("window.capeclash.state.view.decision.type") == "declare"
    for who in ("Lark Cadet", "Grimsby Rook"):
        old = page.evaluate("document.body.dataset.hash")
        page.click(f'#board .card[data-iid="{names[who]}"]')
        wait_ready_for_input(page, old)
    made = page.evaluate("window.capeclash.call('save', {}, 'play')")["game"]["actions"][n0:]
    assert [(a["type"], a.get("card")) for a in made[:3]] == [
        ("attack", names["Skyhook Warden"]), ("add_attacker", names["Lark Cadet"]), ("target", names["Grimsby Rook"])]
    assert tab.errors == []


def in_combat_window(page) -> bool:
    return page.evaluate("window.capeclash.state?.view?.decision?.type === 'combat'") and \
        any(a.endswith(":pass") for a in offered(page))


def test_reload_mid_combat_resumes_the_same_state(tab, server):
    page = tab.page
    tab.boot(server, "?aidelay=0&seed=5")
    setup_game(page, seats=(("human", None), ("easy", None)))
    page.click("#btn-start")
    play_until(page, in_combat_window, prefer=["keep", "choose_first", "place_main", "target", "attack", "recruit",
                                               "pay", "choose", "strike_back", "order", "yes", "end_step", "pass",
                                               "end_turn"])
    before = page.evaluate("document.body.dataset.hash")
    acts = offered(page)
    tab.shot("combat-before-reload")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    wait_ready_for_input(page)
    assert page.evaluate("document.body.dataset.hash") == before
    assert page.evaluate("window.capeclash.state.view.decision.type") == "combat"
    assert offered(page) == acts
    assert page.locator("#board .card.in-combat").count() >= 2
    tab.shot("combat-after-reload")
    # the engine's preview of the strikes is on the board, and on a phone also in the dock at the foot
    v = page.evaluate("window.capeclash.state.view")
    names = {c["iid"]: c["name"] for s in v["sides"] for c in s["front"] + s["back"]}
    strikes = v["combat"]["preview"]["strikes"]
    assert strikes
    want = [(" + ".join(names[i] for i in s["by"]), s["atk"], names[s["at"]], s["def"],
             "stunned" if s["stuns"] else "holds") for s in strikes]
    board = page.eval_on_selector_all("#board .preview li:not(.note)", "ls => ls.map(l => l.textContent)")
    assert len(board) == len(want)
    for line, (by, atk, at, df, end) in zip(board, want, strict=True):
        assert f"{by} {atk} ATK vs {at} {df} DEF: {end}" in line, (line, want)
    page.set_viewport_size({"width": 390, "height": 844})
    dock = page.locator("#board .dock .dock-fight > span")
    assert dock.count() == len(want)
    for i, (by, atk, at, df, end) in enumerate(want):
        assert f"{by} {atk} vs {at} {df}: {end}" in dock.nth(i).text_content()
    box = page.locator("#board .dock").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844 + 1 and box["width"] <= 390 + 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    tab.shot("combat-dock-phone")
    # the taller dock covers nothing: scrolled to the end, the page's last line is above it
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(100)
    end = page.evaluate("document.querySelector('#side').getBoundingClientRect().bottom")
    assert end <= page.locator("#board .dock").bounding_box()["y"] + 1
    assert tab.errors == []


HAND_RECTS = """() => {
    const row = document.querySelector('#board .hand .cards');
    const cs = getComputedStyle(row), r = row.getBoundingClientRect();
    return {room: row.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight),
            left: r.left + parseFloat(cs.paddingLeft), scroll: row.scrollWidth - row.clientWidth,
            gap: parseFloat(cs.columnGap) || 0,
            cards: [...row.children].map(c => { const b = c.querySelector('.cc-face').getBoundingClientRect();
                                                return [b.left, b.right]; })};
}"""


def test_the_hand_overlaps_only_as_much_as_the_screen_needs(tab, server):
    """A hand of nine on a big screen lies in a row with every name whole; narrower screens fan it
    out evenly, only as much as the width needs, every card at least 55 % in sight (past that it scrolls)."""
    page = tab.page
    page.emulate_media(reduced_motion="reduce")  # measured at rest, not while a drawn card flies in
    tab.boot(server, "?aidelay=0&seed=5")
    setup_game(page, seats=(("human", None), ("easy", None)))
    page.click("#btn-start")
    hoard = ["keep", "choose_first", "place_main", "target", "strike_back", "pay", "choose", "order", "yes",
             "pick", "choose_player", "choose_row", "pass", "end_step", "end_turn"]
    play_until(page, lambda p: p.evaluate("(window.capeclash.state.view.players[0].hand || []).length") >= 9,
               prefer=hoard)
    seen = set()
    for w, h in ((1920, 1080), (1280, 800), (1024, 768), (800, 700)):
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(150)
        m = page.evaluate(HAND_RECTS)
        cards, width = m["cards"], m["cards"][0][1] - m["cards"][0][0]
        assert len(cards) >= 9, (w, m)
        fits = len(cards) * width + (len(cards) - 1) * m["gap"] <= m["room"]
        steps = [b[0] - a[0] for a, b in zip(cards, cards[1:], strict=False)]
        if fits:
            assert all(a[1] <= b[0] + 0.5 for a, b in zip(cards, cards[1:], strict=False)), (w, cards)
            assert m["scroll"] <= 1, (w, m)
        else:
            assert max(steps) - min(steps) <= 1.5 and min(steps) >= 0.55 * width - 1, (w, steps, width)
            if min(steps) > 0.55 * width + 1:  # the fan fits the row: the last card ends at its edge, no scroll
                assert m["left"] + m["room"] - 2 <= cards[-1][1] <= m["left"] + m["room"] + 1, (w, cards[-1], m)
                assert m["scroll"] <= 1, (w, m)
        seen.add(fits)
    assert seen == {True, False}, "the hand should lie flat on a big screen and fan out on a narrow one"
    tab.shot("hand-fanned-800")
    # a face-up resource (the computer's location) shows its printed face on hover, as a card in a row does
    res = [r for p in page.evaluate("window.capeclash.state.view.players") for r in p["resources"] if r.get("face_up")]
    assert res, "the computer put no location face up by now"
    page.hover(f'#board .res[data-iid="{res[0]["iid"]}"]')
    page.wait_for_selector(f'#cc-zoom-pop:not([hidden]) .cc-face[data-cid="{res[0]["cid"]}"]', timeout=3000)
    # a click on a card puts its hover zoom away (it would hide the hint and the fight) until the mouse moves on
    card = page.locator("#board .hand .card").first
    box = card.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.wait_for_selector("#cc-zoom-pop:not([hidden])", timeout=3000)
    page.mouse.down()
    page.mouse.up()
    page.wait_for_timeout(400)
    assert not page.locator("#cc-zoom-pop:not([hidden]):not(.cc-modal)").count()
    page.keyboard.press("Escape")  # (whatever the click opened)
    page.mouse.move(x + 20, y + 10)
    page.mouse.move(x + 22, y + 12)
    if page.locator("#board .hand .card").count():
        page.mouse.move(5, 5)
        page.hover("#board .hand .card >> nth=0")
        page.wait_for_selector("#cc-zoom-pop:not([hidden])", timeout=3000)
    assert tab.errors == []


def test_offline_after_one_visit_and_a_new_build_replaces_the_cache(chromium, site, tmp_path):
    copy = tmp_path / "web"
    shutil.copytree(site, copy)
    srv, url = serve_in_thread(copy)
    t = Tab(chromium)
    try:
        t.boot(url)
        t.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
        old = f"capeclash-{json.loads((copy / 'site.json').read_text())['version']}"
        assert t.page.evaluate("caches.keys()") == [old]
        assert t.page.evaluate("window.capeclash.bootInfo.snapshot") == "packed"
        # the service worker keeps the memory snapshot unpacked: a cached start reads it as it is
        t.page.reload()
        t.page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        assert t.page.evaluate("window.capeclash.bootInfo.snapshot") == "unpacked"
        cached = t.page.evaluate(f"caches.open('{old}').then((c) => c.keys()).then((ks) => ks.map((r) => r.url))")
        assert any(u.endswith("/snapshot.bin") for u in cached) and not any(u.endswith("/snapshot.bin.gz") for u in cached), cached
        # a new build: its service worker takes over with a new cache and removes the old one
        build(copy, card_data=ROOT / "card_data" / "testset", snapshot=False, quiet=True)
        new = f"capeclash-{json.loads((copy / 'site.json').read_text())['version']}"
        assert new != old
        # like a player coming back: within a few visits the new build runs, from the new cache only
        state = None
        for _ in range(6):
            t.page.reload()
            t.page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
            for _ in range(16):  # the player stays a while: the new worker installs meanwhile
                t.page.wait_for_timeout(500)
                state = (t.page.evaluate("document.body.dataset.version"), t.page.evaluate("caches.keys()"))
                if new in state[1]:
                    break
            if state == (new.split("-", 1)[1], [new]):
                break
        assert state == (new.split("-", 1)[1], [new]), (old, new, state)
        # the server stops: the game still starts and plays
        srv.shutdown()
        srv.server_close()
        t.page.reload()
        t.page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        t.page.click("#btn-start")
        wait_ready_for_input(t.page)
        for _ in range(5):
            click_action(t.page, pick(offered(t.page)))
        assert t.page.evaluate("window.capeclash.state.action_count") >= 5
        t.shot("offline")
        assert t.errors == [], t.errors
        assert t.blocked == []
    finally:
        t.close()
        srv.server_close()


def test_requests_to_other_hosts_are_blocked(tab, server):
    page = tab.page
    tab.boot(server)
    assert tab.blocked == []  # booting asked nothing of any other host
    err = page.evaluate("fetch('https://example.com/x.js').then(() => 'fetched', e => 'refused')")
    assert err == "refused" and tab.blocked == ["https://example.com/x.js"]
    tab.blocked.clear()


def test_card_name_with_html_is_shown_as_text(chromium, tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(ROOT / "card_data" / "testset", cards)
    for f in cards.glob("*.txt"):
        f.unlink()  # text deck lists name cards by name; the YAML decks use ids
    evil = '<img src=x onerror="window.__pwned=1"><b>Baron</b> Dusk'
    text = (cards / "cards.yaml").read_text()
    (cards / "cards.yaml").write_text(text.replace("name: Baron Dusk", f"name: '{evil}'"))
    out = tmp_path / "site"
    build(out, card_data=cards, quiet=True)
    srv, url = serve_in_thread(out)
    t = Tab(chromium)
    try:
        page = t.page
        t.boot(url)
        setup_game(page, seats=(("human", "deck-gloom"), ("easy", "deck-dawnwatch")))
        page.click("#btn-start")
        play_until(page, lambda pg: pg.locator('#board .card[data-cid="baron-dusk-1"]').count() > 0)
        card = page.locator('#board .card[data-cid="baron-dusk-1"]').first
        assert card.get_attribute("aria-label").startswith(evil)  # the name as text, markup and all
        names = card.locator(".cname")
        if names.count():  # a text tile (a site without faces)
            assert names.text_content() == evil
        assert page.locator("#board .card b, #board .card img").count() == 0
        card.click(button="right")  # a click acts; the card's window opens on right-click or long-press
        page.wait_for_selector("#dlg-card[open]")
        page.wait_for_function("document.getElementById('card-header').textContent.length > 0")
        assert page.locator("#card-name").text_content() == evil
        assert page.locator("#dlg-card img").count() == 0
        assert page.evaluate("window.__pwned === undefined")
        t.shot("html-name")
        assert t.errors == [] and t.blocked == []
    finally:
        t.close()
        srv.shutdown()
        srv.server_close()


def test_bad_deck_list_and_corrupt_saves_show_errors_and_keep_the_game(tab, server, tmp_path):
    page = tab.page
    tab.boot(server)
    page.click("#btn-start")
    wait_ready_for_input(page)
    for _ in range(4):
        click_action(page, pick(offered(page)))
    saved = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    hash_before = page.evaluate("document.body.dataset.hash")
    assert saved and json.loads(saved)["game"]["hash"] == hash_before

    # a bad pasted deck list: every problem is listed, nothing is lost
    page.click("#btn-menu")
    page.select_option("#seat-0-deck", "__paste")
    page.fill("#seat-0-text", "Main: Nobody Special\n3 Imaginary Card\nthis line is nonsense\n")
    page.click("#btn-start")
    page.wait_for_selector("#setup-error:not([hidden])")
    err = page.locator("#setup-error").inner_text()
    assert "no such card" in err and "Nobody Special" in err and "nonsense" in err and "60 cards" in err
    assert page.evaluate("document.body.dataset.screen") == "title"
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") == saved
    tab.shot("bad-deck")

    # a tampered save file: refused with the reason; the saved game still resumes
    bad = json.loads(saved)
    bad["game"]["actions"] = bad["game"]["actions"][:-1]
    f = tmp_path / "tampered.json"
    f.write_text(json.dumps(bad))
    page.set_input_files("#file-open", str(f))
    page.wait_for_selector("#error-bar:not([hidden])")
    assert "does not match" in page.locator("#error-bar").inner_text()
    (tmp_path / "junk.json").write_text("{ not json")
    page.click("#error-close")
    page.set_input_files("#file-open", str(tmp_path / "junk.json"))
    page.wait_for_selector("#error-bar:not([hidden])")
    assert "not a Cape Clash save" in page.locator("#error-bar").inner_text()
    page.click("#btn-resume")
    wait_ready_for_input(page)
    assert page.evaluate("document.body.dataset.hash") == hash_before

    # a corrupt save in browser storage: a clear error on reload, and the data is kept
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', '{{\"format\": \"capeclash-web-save\", \"version\": 1}}')")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    page.wait_for_selector("#error-bar:not([hidden])")
    assert "could not be restored" in page.locator("#error-bar").inner_text()
    assert page.evaluate("document.body.dataset.screen") == "title"
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')").startswith('{"format"')
    tab.shot("corrupt-save")
    tab.errors = [e for e in tab.errors if "could not be restored" not in e]
    assert tab.errors == []


def test_boot_failure_is_explained(chromium, site, tmp_path):
    from web.serve import SiteHandler

    class WrongTypes(SiteHandler):
        extensions_map = {**SiteHandler.extensions_map, ".wasm": "application/octet-stream"}

    import functools
    import threading
    srv = make_server(site, port=0, quiet=True)
    srv.RequestHandlerClass = functools.partial(WrongTypes, directory=str(site))
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    t = Tab(chromium)
    try:
        t.page.goto(f"http://127.0.0.1:{srv.server_address[1]}/?nosw")
        t.page.wait_for_selector("#boot-error:not([hidden])", timeout=20000)
        text = t.page.locator("#boot-error").inner_text()
        assert "application/wasm" in text and "capeclash web serve" in text
        t.shot("boot-error-mime")
        t.page.goto((site / "index.html").as_uri())
        t.page.wait_for_selector("#boot-error:not([hidden])", timeout=20000)
        assert "file://" in t.page.locator("#boot-error").inner_text()
        assert t.blocked == []
    finally:
        t.close()
        srv.shutdown()
        srv.server_close()


def test_engine_scenarios_in_the_browser_match_cpython(tab, server):
    """Every scenario of card_data/scenarios, run by the engine inside Pyodide in Chromium,
    passes and ends in the same state hash as on CPython."""
    from engine.capeclash.loader import load_pool, read_data
    from engine.capeclash.scenario import run_scenario

    pool = load_pool([ROOT / "card_data"])
    scenarios, expected = [], {}
    for f in sorted((ROOT / "card_data" / "scenarios").glob("*.yaml")):
        data, _ = read_data(f)
        run = run_scenario(data, pool, f.name)
        expected[f.name] = (run.ok, run.game.state_hash())
        scenarios.append({"source": f.name, "data": data})
    tab.boot(server)
    got = tab.page.evaluate("(sc) => window.capeclash.call('run_scenarios', {scenarios: sc})", scenarios)
    assert len(got) == len(expected) > 100
    diffs = [(r["source"], expected[r["source"]], (r["ok"], r["hash"]), r["failures"][:1])
             for r in got if (r["ok"], r["hash"]) != expected[r["source"]]]
    assert not diffs, diffs[:5]
    assert all(r["ok"] for r in got)


def test_tablet_layout_and_convention_mode(chromium, server):
    """1024x768 in landscape: nothing runs off the screen. Convention mode: an idle game goes back
    to the title screen, which shows the computer playing itself."""
    t = Tab(chromium, viewport=(1024, 768))
    try:
        page = t.page
        t.boot(server, "?aidelay=0&convention&idle=0.06")
        page.wait_for_selector("#demo-board .card", timeout=30000)
        t.shot("convention-title")
        page.click("#btn-start")
        wait_ready_for_input(page)
        for _ in range(25):
            if page.evaluate("document.body.dataset.over === '1'"):
                break
            click_action(page, pick(offered(page)))
        t.shot("tablet-board")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1024
        box = page.locator("#actions button[data-action]").first.bounding_box()
        assert box and box["x"] + box["width"] <= 1024 and box["y"] + box["height"] <= 768
        for _ in range(80):  # the keyboard reaches the actions, and the focus ring shows
            page.keyboard.press("Tab")
            if page.evaluate("!!document.activeElement.dataset.action"):
                break
        assert page.evaluate("!!document.activeElement.dataset.action")
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
        t.shot("tablet-focus")
        # a list of actions taller than its box fades at the foot while more lies below, not once scrolled down
        page.evaluate("document.getElementById('actions').style.maxHeight = '70px'; dispatchEvent(new Event('resize'))")
        assert page.evaluate("document.getElementById('actions').classList.contains('more-below')")
        assert page.evaluate("getComputedStyle(document.getElementById('actions')).maskImage") != "none"
        page.evaluate("const b = document.getElementById('actions'); b.scrollTop = b.scrollHeight")
        page.wait_for_function("!document.getElementById('actions').classList.contains('more-below')", timeout=5000)
        page.evaluate("document.getElementById('actions').style.maxHeight = ''; dispatchEvent(new Event('resize'))")
        page.wait_for_function("document.body.dataset.screen === 'title'", timeout=15000)  # idle: ~4 s
        assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
        page.wait_for_function("document.querySelectorAll('#demo-board .card').length > 0", timeout=30000)
        assert t.errors == [] and t.blocked == []
    finally:
        t.close()


def test_two_vs_two_on_a_laptop_shows_the_hand_and_every_controller(chromium, server):
    """2 vs 2 at 1280x800 (four sides: the table is taller than the screen): the hand stays in sight at the
    foot of the board, and each card in play names its controller whole."""
    t = Tab(chromium, viewport=(1280, 800))
    try:
        page = t.page
        t.boot(server, "?aidelay=0&nosw&seed=8")
        page.evaluate("localStorage.clear()")
        setup_game(page, mode="2v2:4", seats=(("human", None), ("easy", None), ("easy", None), ("easy", None)))
        page.click("#btn-start")
        for _ in range(200):
            page.wait_for_function(TOUCH_READY, timeout=60000)
            if page.evaluate("window.capeclash.state.view.turn") >= 6:
                break
            acts = page.evaluate("window.capeclash.state.actions.map(a => [a.text, a.type])")
            pick_ = next((a for k in ("keep", "place_main", "recruit", "attack", "target", "pass", "end_step")
                          for a, ty in acts if ty == k), acts[0][0])
            page.evaluate("(t) => document.querySelector(`#actions button[data-action='${t}']`)?.click()", pick_)
        page.wait_for_function(TOUCH_READY, timeout=60000)
        page.wait_for_timeout(300)
        t.shot("two-vs-two-1280")
        hand = page.locator("#board .hand .card").first.bounding_box()
        assert hand and hand["y"] + hand["height"] <= 800 + 1, hand   # the hand's cards whole on screen
        cut = page.evaluate("""() => [...document.querySelectorAll('#board .sides .cc-controller')].filter((c) => {
            const r = c.getBoundingClientRect(), o = c.closest('.cc-over').getBoundingClientRect();
            return r.right > o.right + 1 || r.bottom > o.bottom + 1; }).map((c) => c.textContent)""")
        assert page.locator("#board .sides .cc-controller").count() >= 4 and cut == [], cut
        # each chip is short ("AI 2", not "AI 2 (easy)"), names the whole controller in its title, and has the
        # colour of the dot beside that player's name at the head of the side
        chips = page.evaluate("""() => {
            const dots = Object.fromEntries([...document.querySelectorAll('#board .pname')].map((n) =>
                [n.firstChild.textContent.trim(), getComputedStyle(n.querySelector('.seat-dot')).backgroundColor]));
            return [...document.querySelectorAll('#board .sides .cc-controller')].map((c) => ({
                text: c.textContent, title: c.title, colour: getComputedStyle(c).backgroundColor, dots }));
        }""")
        for c in chips:
            whole = c["title"].removeprefix("Controlled by ")
            assert whole in c["dots"] and c["text"] == whole.split(" (")[0], c
            assert c["colour"] == c["dots"][whole], c
        assert len({c["colour"] for c in chips}) >= 3   # the seats in play, each its own colour
        assert t.errors == [] and t.blocked == []
    finally:
        t.close()


# ------------------------------------------------------------------ the second game: Derring-Dice

DICE_SAVE_KEY = "capeclash.dice.save.v1"
DICE_PREFERENCE = ["attack", "target", "recruit", "equip", "plot", "choose", "pass", "no", "end_step"]


def start_dice_game(page, bad="normal", good="human"):
    page.check("input[name=game][value=dice]")
    assert page.locator("#intro-dice").is_visible() and not page.locator("#cc-setup").is_visible()
    # the welcome shows a card of each kind face up: a hero, a minion, a battle card and an event
    page.wait_for_function("document.querySelectorAll('#dice-sample .cc-face').length === 4", timeout=10000)
    kinds = page.eval_on_selector_all("#dice-sample figcaption", "cs => cs.map((c) => c.textContent)")
    assert kinds == ["A hero or villain", "A minion", "A battle card", "An event"], kinds
    page.select_option("#dice-bad-who", bad)
    page.select_option("#dice-good-who", good)
    page.click("#btn-start")
    wait_ready_for_input(page)
    assert page.evaluate("window.capeclash.state.view.game") == "dice"


def test_derring_dice_against_the_computer_to_a_winner(tab, server, site, tmp_path):
    """From the title screen: a whole Derring-Dice game against the computer, played by clicks and keys;
    each roll-off is shown with its numbers and logged; the game saves itself and resumes after a reload,
    and the save replays to the same state on CPython."""
    import re

    from apps.webapi import DiceSession
    cards = json.loads((site / "cards.json").read_text())
    assert len(cards["dice"]["cards"]["recruit"]) == 188 and len(cards["dice"]["cards"]["action"]) == 59
    precached = (site / "sw.js").read_text()
    assert all(f'"{f}"' in precached for f in ("dice.mjs", "cards.json", "engine.zip"))
    page = tab.page
    tab.boot(server, "?aidelay=0&seed=1")
    assert page.locator("#game-choice").is_visible()
    tab.shot("dice-title")
    start_dice_game(page, bad="normal")
    assert page.locator("#brand").inner_text() == "Cape Clash · Derring-Dice"
    assert page.locator("#board .dice-hand .card").count() >= 10  # the 10 recruit cards dealt, and more
    # on a wide screen the two hands lie side by side, each fanned into its share of the width, none scrolling
    groups = page.evaluate("""() => [...document.querySelectorAll('#board .dice-hand .hgroup')].map(g => {
        const row = g.querySelector('.cards');
        return {top: g.getBoundingClientRect().top, scroll: row.scrollWidth - row.clientWidth,
                n: row.querySelectorAll(':scope > .card').length}; })""")
    assert len(groups) == 2 and abs(groups[0]["top"] - groups[1]["top"]) < 2, groups
    assert all(g["scroll"] <= 1 for g in groups), groups
    rolls_checked = clicks = 0
    reloaded = False
    while not page.evaluate("document.body.dataset.over === '1'"):
        wait_ready_for_input(page)
        if page.evaluate("document.body.dataset.over === '1'"):
            break
        acts = offered(page)
        assert acts and all(a.startswith("1:") for a in acts), acts  # only the human's own seat is offered
        if clicks % 7 == 3:  # the keyboard: the first offered action is key 1
            old = page.evaluate("document.body.dataset.hash")
            page.keyboard.press("1")
            wait_ready_for_input(page, old)
        else:
            click_action(page, pick(acts, DICE_PREFERENCE))
        clicks += 1
        tray = page.locator("#board .tray[data-seq]")
        if tray.count() and tray.locator(".roll-total").count() and rolls_checked < 3:
            # the tray's numbers: Force + die = total on both sides, and the same roll in the log
            seq = tray.get_attribute("data-seq")
            sums = [re.fullmatch(r"(\d+) \+ (\d) = (\d+)", " ".join(t.split())) for t in tray.locator(".roll-sum").all_inner_texts()]
            assert len(sums) == 2 and all(m and int(m[1]) + int(m[2]) == int(m[3]) for m in sums), sums
            parts = tray.locator(".roll-parts").all_inner_texts()
            assert all(p.startswith("Force ") for p in parts), parts  # what the Force is made of
            line = page.locator(f'#log li.has-dice[data-seq="{seq}"]').inner_text()
            assert re.search(rf"{re.escape(parts[0])}, rolls {sums[0][2]}: {sums[0][3]}\..*{re.escape(parts[1])}, "
                             rf"rolls {sums[1][2]}: {sums[1][3]}\.", line), (line, parts, sums)
            if not rolls_checked:
                tab.shot("dice-board-roll")
            rolls_checked += 1
        if clicks == 25 and not reloaded:
            # the game saved itself: a reload resumes it, and CPython replays the save to the same state
            before = page.evaluate("document.body.dataset.hash")
            page.wait_for_function(f"(h) => (localStorage.getItem('{DICE_SAVE_KEY}') || '').includes(h)", arg=before)
            saved = json.loads(page.evaluate(f"localStorage.getItem('{DICE_SAVE_KEY}')"))
            assert saved["game"]["hash"] == before
            s = DiceSession(cards["dice"])
            assert s.call("load", save=saved, viewer=1)["hash"] == before
            page.reload()
            page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
            wait_ready_for_input(page)
            assert page.evaluate("document.body.dataset.hash") == before
            assert page.evaluate("window.capeclash.state.view.game") == "dice"
            reloaded = True
        assert clicks < 400, "the game did not finish"
    assert rolls_checked and reloaded
    page.wait_for_selector("#dlg-over[open]")
    text = page.locator("#over-text").inner_text()
    assert "wins" in text, text
    # the summary: each side's team at the end; the beaten side has no character left that is not delayed
    rows = page.eval_on_selector_all("#over-summary table.summary tbody tr", "rs => rs.map(r => [...r.cells].map(c => c.textContent))")
    assert len(rows) == 2 and {r[0].endswith("Bad guys") for r in rows} == {True, False}, rows
    assert any(int(r[2]) == int(r[3]) for r in rows), rows
    page.set_viewport_size({"width": 360, "height": 740})   # on a phone every column of it is seen whole
    assert page.evaluate("(() => { const b = document.getElementById('over-summary'); return b.scrollWidth <= b.clientWidth + 1; })()")
    page.set_viewport_size({"width": 1024, "height": 768})   # a tablet: the long result in the top bar wraps, whole
    assert page.evaluate("(() => { const s = document.getElementById('status'); const cs = getComputedStyle(s);"
                         " return s.scrollWidth <= s.clientWidth + 1 && cs.textOverflow !== 'ellipsis'"
                         " && s.textContent.includes('wins'); })()")
    page.set_viewport_size({"width": 1366, "height": 768})
    tab.shot("dice-game-over")
    assert page.evaluate(f"localStorage.getItem('{DICE_SAVE_KEY}')") is None
    final = page.evaluate("document.body.dataset.hash")
    page.click("#over-watch")  # the replay, step by step
    page.wait_for_selector("#replay-controls:not([hidden])")
    page.wait_for_function("document.getElementById('rp-text').textContent.startsWith('Move 0 of')")
    page.click("#rp-next")
    page.wait_for_function("document.getElementById('rp-text').textContent.startsWith('Move 1 of')")
    page.click("#rp-end")
    page.wait_for_function("(h) => document.body.dataset.hash === h", arg=final)
    assert page.evaluate("window.capeclash.state.over") and offered(page) == []
    # the exported replay file names its game: opened from Cape Clash's title screen, it plays as Derring-Dice
    replay = tmp_path / "derring-dice-replay.json"
    replay.write_text(json.dumps(page.evaluate("window.capeclash.call('save')")))
    page.click("#btn-menu")
    page.check("input[name=game][value=capeclash]")
    page.set_input_files("#file-replay", str(replay))
    page.wait_for_function("document.getElementById('rp-text').textContent.startsWith('Move 0 of')")
    assert page.evaluate("window.capeclash.state.view.game") == "dice"
    page.click("#rp-end")
    page.wait_for_function("(h) => document.body.dataset.hash === h", arg=final)
    assert tab.errors == [], tab.errors


def test_derring_dice_on_a_phone_keeps_the_question_and_done_in_the_dock(chromium, server):
    """On a 390x844 phone the side panel is two screens down: as in Cape Clash, a dock at the bottom of
    the screen names the decision and holds its "done" answer (End the Recruit phase), which acts."""
    t = Tab(chromium, viewport=(390, 844))
    try:
        page = t.page
        t.boot(server, "?aidelay=0&seed=4")
        start_dice_game(page, bad="normal", good="human")
        dock = page.locator("#board .dock")
        assert dock.is_visible() and dock.bounding_box()["y"] + dock.bounding_box()["height"] <= 845
        assert page.locator("#board .dock .dock-q").inner_text() == page.evaluate("window.capeclash.state.decision_title")
        done = page.locator("#board .dock button")
        label = done.inner_text()
        offered = [a["label"] for a in page.evaluate("window.capeclash.state.actions")]
        assert label in offered and label.startswith("End the"), (label, offered)
        old = page.evaluate("document.body.dataset.hash")
        done.click()
        wait_ready_for_input(page, old)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert t.errors == [], t.errors
    finally:
        t.close()


def test_derring_dice_hot_seat_on_a_tablet_hides_the_hand(chromium, server):
    """Two players on one 1024x768 device: the handover screen hides the last player's hands and private
    log lines; the board fits the width and the keyboard reaches the actions."""
    t = Tab(chromium, viewport=(1024, 768))
    try:
        page = t.page
        t.boot(server, "?aidelay=0&seed=4")
        start_dice_game(page, bad="human", good="human")
        assert page.evaluate("window.capeclash.viewer") == 0  # the bad guys move first
        seen = {}

        def handover(pg):
            if pg.evaluate("document.body.dataset.screen") != "pass":
                seen["hand"] = pg.eval_on_selector_all("#board .dice-hand .card", "cs => cs.map(c => c.dataset.iid)")
                seen["viewer"] = pg.evaluate("window.capeclash.viewer")
                seen["log"] = pg.eval_on_selector_all("#log li", "ls => ls.map(l => l.textContent)")
                return False
            return bool(seen.get("hand"))

        t.shot("dice-tablet-board")
        assert page.evaluate("document.documentElement.scrollWidth") <= 1024
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("!!document.activeElement.dataset.action"):
                break
        assert page.evaluate("!!document.activeElement.dataset.action")
        assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"
        old = page.evaluate("document.body.dataset.hash")
        page.keyboard.press("Enter")
        wait_ready_for_input(page, old)
        play_until(page, handover, prefer=DICE_PREFERENCE)
        t.shot("dice-hotseat-pass")
        assert page.locator("#pass").is_visible() and not page.locator("#game").is_visible()
        assert page.evaluate("document.getElementById('board').childElementCount") == 0
        assert page.evaluate("document.getElementById('log').childElementCount") == 0
        private = [line for line in seen["log"] if line.startswith(("You draw", "You are dealt"))]
        body = page.evaluate("document.body.textContent")
        assert private and not any(line in body for line in private)
        pass_device(page)
        viewer = page.evaluate("window.capeclash.viewer")
        assert viewer != seen["viewer"]
        # whose turn, from where the player sits: "Your turn" on their own side, "Their turn" across the table
        chips = page.eval_on_selector_all("#board .turn-chip", "cs => cs.map(c => [c.closest('.side').classList.contains('friendly'), c.textContent])")
        assert len(chips) == 1 and chips[0][1] == ("Your turn" if chips[0][0] else "Their turn"), chips
        assert page.evaluate(f"window.capeclash.state.view.players[{seen['viewer']}].recruit_hand") is None
        new_hand = page.eval_on_selector_all("#board .dice-hand .card", "cs => cs.map(c => c.dataset.iid)")
        assert new_hand and not set(new_hand) & set(seen["hand"])
        assert t.errors == [] and t.blocked == []
    finally:
        t.close()


def test_derring_dice_scenarios_in_the_browser_hold_as_on_cpython(tab, server):
    """Every Derring-Dice scenario, run by the dice engine inside Pyodide in Chromium, holds."""
    from engine.dice.scenario import load_scenarios, run_scenario

    files = load_scenarios([ROOT / "card_data" / "dice" / "scenarios"])
    expected = {Path(f).name: not run_scenario(data) for f, data in files}
    tab.boot(server)
    got = tab.page.evaluate("(sc) => window.capeclash.call('run_scenarios', {scenarios: sc}, 'dice')",
                            [{"source": Path(f).name, "data": data} for f, data in files])
    assert len(got) == len(expected) >= 80
    assert {r["source"]: r["ok"] for r in got} == expected
    assert all(expected.values()), [r for r in got if not r["ok"]][:3]
    assert tab.errors == []


# ------------------------------------------------------------------ the table (issue 15)

@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
def test_full_game_against_the_computer_by_card_clicks(chromium, server, size):
    """Resources, recruits (card then row), attacks (attacker then target) and answers on the board;
    the side panel only for questions about no card (keep, pass)."""
    from web.bench import _ui_game
    t = Tab(chromium, viewport=size)
    try:
        g = _ui_game(t.page, server, "computer", seed=5, ai="easy", max_turns=80)
        t.shot(f"table-over-{size[0]}")
        assert g["over"], g
        k = g["kinds"]
        assert k.get("card", 0) >= 10 and k.get("row", 0) >= 1, k  # rows: placing the main (recruits: one click)
        assert k.get("card", 0) + k.get("row", 0) > 3 * k.get("panel", 0), k  # the board does most of the work
        # the summary names the winner, the turns and offers a rematch
        assert t.page.is_visible("#dlg-over #over-rematch")
        assert "Turns played" in t.page.inner_text("#over-summary")
        assert t.page.evaluate("document.documentElement.scrollWidth") <= size[0]
        assert t.errors == [], t.errors
    finally:
        t.close()
    assert t.blocked == []


def _no_overflow(page, where: str):
    sw = page.evaluate("document.documentElement.scrollWidth")
    assert sw <= 360, f"{where}: the page is {sw} px wide at 360 px"


def test_no_horizontal_scroll_at_360_px_on_every_screen(chromium, server):
    t = Tab(chromium, viewport=(360, 740))
    page = t.page
    try:
        t.boot(server, "?aidelay=0&nosw&seed=2")
        _no_overflow(page, "title")
        t.shot("w360-title")
        page.click("#btn-rules")
        _no_overflow(page, "how to play")
        page.keyboard.press("Escape")
        setup_game(page, seats=(("human", None), ("human", None)))
        page.click("#btn-start")
        page.wait_for_selector("#pass:not([hidden]), #actions button[data-action]", timeout=30000)
        _no_overflow(page, "hot-seat board")
        for _ in range(8):  # through the setup, with the pass screen
            if page.is_visible("#btn-pass"):
                _no_overflow(page, "pass screen")
                page.click("#btn-pass")
            else:
                page.click("#actions button[data-action]")
            page.wait_for_timeout(300)
        page.wait_for_selector("#actions button[data-action], #btn-pass", timeout=30000)
        _no_overflow(page, "board")
        t.shot("w360-board")
        # a hand of seven lies three cards a line here, as on wider phones (not two and a gap)
        if page.is_visible("#btn-pass"):
            page.click("#btn-pass")
            page.wait_for_selector("#board .hand .cards > .card", timeout=30000)
        tops = page.eval_on_selector_all("#board .hand .cards > .card", "cs => cs.map((c) => c.offsetTop)")
        assert len(tops) >= 3 and tops[0] == tops[1] == tops[2], tops
        card = page.query_selector("#board .card")
        if card:
            card.click(button="right")
            _no_overflow(page, "card window")
            page.keyboard.press("Escape")
        page.click("#btn-menu")
        page.check("input[name=game][value=dice]")
        page.wait_for_function("document.querySelectorAll('#dice-sample .cc-face').length === 4", timeout=10000)
        _no_overflow(page, "Derring-Dice title")
        page.click("#btn-start")
        if page.is_visible("#dlg-replace"):
            page.click("#replace-yes")
        page.wait_for_selector("#board.dice-board", timeout=30000)
        page.wait_for_timeout(500)
        _no_overflow(page, "Derring-Dice board")
        t.shot("w360-dice")
        page.click("#btn-menu")
        page.check("input[name=game][value=capeclash]")
        page.click("#btn-learn")
        page.wait_for_function("document.body.dataset.tutIdle === '1'", timeout=30000)
        _no_overflow(page, "guided first game")
        t.shot("w360-tutorial")
        assert not [e for e in t.errors if "pageerror" in e], t.errors
    finally:
        t.close()


def test_replacing_a_saved_game_asks_first_and_a_new_game_is_saved_at_once(tab, server):
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw&seed=4")
    page.evaluate("localStorage.clear()")
    page.click("#btn-start")
    page.wait_for_selector("#actions button[data-action]", timeout=30000)
    saved = page.evaluate(f"JSON.parse(localStorage.getItem('{SAVE_KEY}'))")
    assert saved and saved["game"]["actions"] == []  # saved before the first move
    page.click("#btn-menu")
    page.click("#btn-start")
    assert page.is_visible("#dlg-replace")
    page.click("#replace-no")
    assert page.evaluate("document.body.dataset.screen") == "title"  # kept: still on the title screen
    page.click("#btn-start")
    page.click("#replace-yes")
    page.wait_for_selector("#actions button[data-action]", timeout=30000)
    assert page.inner_text("#rp-start") == "Start" and page.inner_text("#rp-end") == "End"  # words, not glyphs


def test_recruit_by_dragging_a_hand_card_onto_a_row(tab, server):
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw&seed=6")
    page.click("#btn-start")
    for _ in range(200):  # the side panel's first answer until a recruit is offered
        page.wait_for_function("document.body.dataset.over === '1' || (!window.capeclash.busy && "
                               "document.body.dataset.thinking !== '1' && !!window.capeclash.state?.actions.length)",
                               timeout=60000)
        acts = page.evaluate("window.capeclash.state.actions")
        rec = [a for a in acts if a["type"] == "recruit" and a["row"] == "back"]
        if rec:
            break
        first = next(a for a in acts if a["type"] not in ("recruit",))
        page.click(f'#actions button[data-action="{first["text"]}"]')
    else:
        pytest.fail("no recruit was offered")
    iid = rec[0]["card"]
    page.drag_and_drop(f'#board .hand .card[data-iid="{iid}"]', '#board .side.mine .row[data-row="back"]')
    page.wait_for_selector(f'#board .side.mine .row[data-row="back"] .card[data-iid="{iid}"]', timeout=30000)
    assert page.locator(f'#board .hand .card[data-iid="{iid}"]').count() == 0
    assert tab.errors == []


def test_guided_tutorial_completes_through_card_clicks(tab, server):
    """The title screen's "Learn to play" runs every lesson on the ordinary table: the page points at
    what each step asks for (tut-go), the learner clicks it (the card, the row of a picked card, or
    the panel's button for a question about no card), Pass is answered for them, and the last lesson
    leads back to the title. A move off the script is refused with the step's reason."""
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw")
    page.click("#btn-learn")
    page.wait_for_selector("#board #tutorial-box")
    idle = "document.body.dataset.tutIdle === '1'"
    page.wait_for_function(idle)
    assert "Lesson 1 of" in page.inner_text("#tutorial-box")
    # off the script: recruit the card the step doesn't ask for; the engine refuses, the lesson waits
    hint = page.inner_text("#tutorial-box .tut-hint")
    others = page.eval_on_selector_all("#board .hand .card.actionable:not(.tut-go)", "bs => bs.length")
    assert others >= 1
    page.click("#board .hand .card.actionable:not(.tut-go)")
    page.wait_for_function(idle)
    if page.query_selector("#board .row.row-target"):
        page.click("#board .row.row-target")
        page.wait_for_function(idle)
    assert page.is_visible("#tutorial-box .tut-refused"), page.inner_text("#tutorial-box")
    assert page.inner_text("#tutorial-box .tut-hint") == hint
    lessons, kinds = set(), {"card": 0, "row": 0, "panel": 0}
    for _ in range(200):
        page.wait_for_function(idle)
        box = page.query_selector("#tutorial-box")
        if box.get_attribute("data-finished") == "1":
            break
        if page.query_selector("#tut-next"):
            lessons.add(page.inner_text("#tutorial-box .tut-head strong"))
            page.click("#tut-next")
            page.wait_for_function("!document.querySelector('#tut-next')")
            continue
        before = page.evaluate("document.body.dataset.tut")
        target = page.query_selector("#board .card.tut-go, #board .res.tut-go") or page.query_selector("#board .row.tut-go")
        if target is None:
            target = page.query_selector("#actions button.tut-go")
            kinds["panel"] += 1
        else:
            kinds["row" if "row" in target.get_attribute("class").split() else "card"] += 1
        assert target is not None, page.inner_text("#tutorial-box")
        target.click()
        page.wait_for_function("(b) => document.body.dataset.tut !== b", arg=before)
    else:
        raise AssertionError("the tutorial did not finish")
    assert len(lessons) == 5, lessons  # the five lessons before the last each offered the next
    assert "Lesson 6 of 6" in page.inner_text("#tutorial-box")
    assert kinds["card"] > 2 * kinds["panel"], kinds
    assert kinds["row"] >= 2, kinds
    tab.shot("tutorial-finished")
    page.click("#tut-finish")
    page.wait_for_function("document.body.dataset.screen === 'title'")
    assert not page.is_visible("#tutorial-box")
    assert tab.errors == [], tab.errors


def test_a_reload_comes_back_to_the_lesson_and_step_it_left(tab, server):
    """A reload in the middle of a lesson (a phone locking, a tab closed by mistake) brings the learner back
    to the same lesson and step, the same position on the table; leaving the lessons forgets it."""
    page = tab.page
    tab.boot(server, "?aidelay=0&nosw")
    page.click("#btn-learn")
    idle = "document.body.dataset.tutIdle === '1'"
    page.wait_for_function(idle)
    for _ in range(3):   # three of the lesson's steps, by their marked cards, rows or buttons
        page.wait_for_function(idle)
        before = page.evaluate("document.body.dataset.tut")
        target = (page.query_selector("#board .card.tut-go, #board .res.tut-go") or page.query_selector("#board .row.tut-go")
                  or page.query_selector("#actions button.tut-go"))
        assert target is not None, page.inner_text("#tutorial-box")
        target.click()
        page.wait_for_function("(b) => document.body.dataset.tut !== b", arg=before)
    page.wait_for_function(idle)
    progress = page.inner_text("#tutorial-box .tut-progress")
    where = page.evaluate("[document.body.dataset.tut.split('.').slice(0, 3).join('.'), window.capeclash.state.hash]")
    assert not progress.startswith("Step 1 of"), progress   # the lesson moved on
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    page.wait_for_function(idle)
    assert page.is_visible("#board #tutorial-box")
    assert page.inner_text("#tutorial-box .tut-progress") == progress
    assert page.evaluate("[document.body.dataset.tut.split('.').slice(0, 3).join('.'), window.capeclash.state.hash]") == where
    page.click("#tut-leave")
    page.wait_for_function("document.body.dataset.screen === 'title'")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
    assert page.evaluate("document.body.dataset.screen") == "title"
    assert not page.is_visible("#tutorial-box")
    assert tab.errors == [], tab.errors


def test_card_anatomy_on_screen_names_the_printed_figures_parts():
    """"How to play" draws the rulebook's card anatomy with a real face; its list of parts is the
    printed figure's (printgen/rulebook.py), so screen and paper describe the same card."""
    import re
    src = (ROOT / "printgen" / "rulebook.py").read_text()
    block = src[src.index("def _anatomy"):src.index("parts = [(label")]
    printed = re.findall(r'^\s+\("([^"]+)",', block, re.M)
    js = (ROOT / "web" / "static" / "app.mjs").read_text()
    listed = re.findall(r'^  "([^"]+)",$', js[js.index("const ANATOMY = ["):js.index("function anatomy()")], re.M)
    assert len(printed) >= 10 and listed == printed, (listed, printed)


def _box_in_view(page) -> dict:
    return page.evaluate("""() => {
        const r = document.getElementById('tutorial-box').getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, h: innerHeight, visible: r.top >= -1 && r.bottom <= innerHeight + 1 && r.height > 20};
    }""")


@pytest.mark.parametrize("size", [(390, 844), (360, 740)], ids=["390", "360"])
def test_tutorial_hint_stays_in_view_on_a_phone(chromium, server, size):
    """On a phone the guided game's hint box stays on screen wherever the learner scrolls (the board, the
    hand, the panel), and never covers what the step asks them to tap."""
    ctx = chromium.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
    blocked = browser.guard(ctx)
    page = ctx.new_page()
    errors: list = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + "?aidelay=0&nosw")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        page.tap("#btn-learn")
        idle = "document.body.dataset.tutIdle === '1'"
        page.wait_for_function(idle, timeout=30000)
        for step in range(8):
            # the step's target is on screen without the learner scrolling: below the hint box, above the dock
            seen = page.evaluate("""() => {
                const t = document.querySelector('#board .card.tut-go, #board .res.tut-go, #board .row.tut-go');
                if (!t) return null;
                const r = t.getBoundingClientRect(), box = document.getElementById('tutorial-box').getBoundingClientRect();
                const dock = document.querySelector('#board .dock').getBoundingClientRect();
                return {top: r.top, bottom: r.bottom, under_box: box.bottom, above_dock: dock.height ? dock.top : innerHeight};
            }""")
            if seen is not None:
                assert seen["top"] >= seen["under_box"] - 1 and min(seen["bottom"], seen["top"] + 60) <= seen["above_dock"] + 1, (step, seen)
            for where in ("#board .hand", "#side", "#board .sides.top"):
                page.evaluate("(s) => document.querySelector(s)?.scrollIntoView({block: 'end'})", where)
                page.wait_for_timeout(50)
                got = _box_in_view(page)
                assert got["visible"], (step, where, got)
                assert got["bottom"] - got["top"] <= size[1] * 0.45, got   # it leaves room for the table
            target = page.query_selector("#board .card.tut-go, #board .res.tut-go, #board .row.tut-go, #board .dock button.tut-go")
            if target is None:
                break
            target.scroll_into_view_if_needed()
            page.evaluate("(e) => e.scrollIntoView({block: 'center'})", target)
            r = target.bounding_box()
            covered = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('#tutorial-box')",
                                    [r["x"] + r["width"] / 2, r["y"] + r["height"] / 2])
            assert not covered, step
            before = page.evaluate("document.body.dataset.tut")
            target.tap()
            page.wait_for_function("(b) => document.body.dataset.tut !== b", arg=before, timeout=30000)
            page.wait_for_function(idle, timeout=30000)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"tutorial-phone-{size[0]}.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        assert errors == [] and blocked == []
    finally:
        ctx.close()


# ------------------------------------------------------------------ touch (a phone: hasTouch, isMobile)

def _touch_drag(page, cdp, src: str, dst: str, hold_ms: int = 260):
    """A finger: down on ``src``, held still, then moved onto ``dst`` in steps, and lifted."""
    page.locator(src).first.scroll_into_view_if_needed()
    page.evaluate("""([s, d]) => {   // both in view when they fit: the middle between them centred
        const a = document.querySelector(s).getBoundingClientRect(), b = document.querySelector(d).getBoundingClientRect();
        if (Math.abs(a.top - b.top) < innerHeight - 200) window.scrollBy(0, (a.top + b.top) / 2 - innerHeight / 2 + 60);
    }""", [src, dst])
    a = page.locator(src).first.bounding_box()
    b = page.locator(dst).first.bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] / 2, b["y"] + min(b["height"] / 2, 60)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    page.wait_for_timeout(hold_ms)
    for i in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x0 + (x1 - x0) * i / 10, "y": y0 + (y1 - y0) * i / 10}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


# every card on the table inside its own place: the drawn face (turned a quarter when exhausted) within its
# button, and no two buttons over each other (an exhausted face once spilled over its neighbour on a phone)
CARDS_APART = """() => {
  const out = [], boxes = [];
  for (const c of document.querySelectorAll('#board .sides .card.has-face')) {
    const b = c.getBoundingClientRect(), f = c.querySelector('.cc-card').getBoundingClientRect();
    if (f.left < b.left - 2 || f.right > b.right + 2 || f.top < b.top - 2 || f.bottom > b.bottom + 2)
      out.push(`${c.dataset.iid} ${c.className}: face ${Math.round(f.width)}x${Math.round(f.height)} outside its place`);
    for (const [iid, o] of boxes)
      if (Math.min(b.right, o.right) - Math.max(b.left, o.left) > 2 && Math.min(b.bottom, o.bottom) - Math.max(b.top, o.top) > 2)
        out.push(`${c.dataset.iid} over ${iid}`);
    boxes.push([c.dataset.iid, b]);
  }
  return out;
}"""

TOUCH_READY = """() => {
  const a = window.capeclash, b = document.body;
  if (b.dataset.over === '1') return 'over';
  if (b.dataset.screen === 'pass') return 'pass';
  if (a.busy || b.dataset.thinking === '1' || b.dataset.screen !== 'game' || !a.state) return false;
  return a.state.actions.length ? 'act' : false;
}"""


def test_touch_recruit_attack_by_tap_and_drag_and_long_press_zoom(chromium, server):
    """On a 390x844 touch phone: a tap recruits (the engine's default row), a held finger drags a hand card
    onto the other row, a tap on an attacker attacks (then a tap on its target), a finger drags an attacker
    onto its target, and a long-press opens a card's zoom without playing it."""
    ctx = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    blocked = browser.guard(ctx)
    page = ctx.new_page()
    errors: list = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    cdp = ctx.new_cdp_session(page)
    done: dict = {}
    try:
        page.goto(server + "?aidelay=0&nosw&seed=11")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        page.evaluate("localStorage.clear()")
        setup_game(page, seats=(("human", None), ("easy", None)))
        page.tap("#btn-start")
        state = "window.capeclash.state"
        attacked_turn = None
        for _ in range(400):
            page.wait_for_function(TOUCH_READY, timeout=60000)
            what = page.evaluate(TOUCH_READY)
            if what == "over" or len(done) == 6:
                break
            # no hover zoom on a phone: a tap leaves the browser's "mouse" where the finger was, and the board
            # redrawn under it once popped a card's zoom over the table after most moves
            assert not page.locator("#cc-zoom-pop:not([hidden]):not(.cc-modal)").count(), "a hover zoom on a phone"
            if "last_moves" not in done and page.locator("#prompt .lastmove").count():
                # what the computer did, at the top of the board (the panel's copy is far below on a phone)
                top = page.locator("#board > .board-last")
                assert top.is_visible() and top.inner_text() == page.locator("#prompt .lastmove").inner_text()
                assert top.bounding_box()["y"] < page.locator("#board .side").first.bounding_box()["y"]
                done["last_moves"] = True
                continue
            st = page.evaluate(f"({{acts: {state}.actions, d: {state}.view.decision?.type, turn: {state}.view.turn,"
                               f" own: {state}.view.active_side === {state}.view.players[{state}.view.viewer].side,"
                               f" end: {state}.can_end_turn, log: {state}.log_len,"
                               f" hand: ({state}.view.players[{state}.view.viewer].hand || []).map(c => c.iid)}})")
            acts, hand = st["acts"], set(st["hand"])
            rec = [a for a in acts if a["type"] == "recruit" and a["card"] in hand]
            atk = [a for a in acts if a["type"] == "attack" and a.get("targets")]
            mine_row = '#board .side.mine .row[data-row="{}"] .card[data-iid="{}"]'
            if rec and "tap_recruit" not in done:
                a = next((a for a in rec if a.get("default") and sum(b["card"] == a["card"] for b in acts) == 2), None)
                if a is not None:
                    page.locator(f'#board .hand .card[data-iid="{a["card"]}"]').tap()
                    page.wait_for_selector(mine_row.format(a["row"], a["card"]), timeout=30000)
                    done["tap_recruit"] = a["row"]
                    continue
            if rec and "drag_recruit" not in done:
                a = next((a for a in rec if not a.get("default")), None)
                if a is not None:
                    _touch_drag(page, cdp, f'#board .hand .card[data-iid="{a["card"]}"]',
                                f'#board .side.mine .row[data-row="{a["row"]}"]')
                    page.wait_for_selector(mine_row.format(a["row"], a["card"]), timeout=30000)
                    done["drag_recruit"] = a["row"]   # the other row than a tap would choose
                    continue
            if atk and st["turn"] != attacked_turn and ("tap_attack" not in done or "drag_attack" not in done):
                attacked_turn = st["turn"]
                a = atk[0]
                t = a["targets"][0]["card"]
                if "tap_attack" not in done:
                    page.locator(f'#board .card[data-iid="{a["card"]}"]').tap()
                    page.wait_for_function(TOUCH_READY, timeout=60000)
                    if page.evaluate(f"{state}.actions.some(x => x.type === 'target')"):
                        page.locator(f'#board .card.is-target[data-iid="{t}"]').tap()
                    how = "tap_attack"
                else:
                    _touch_drag(page, cdp, f'#board .card[data-iid="{a["card"]}"]', f'#board .card[data-iid="{t}"]')
                    how = "drag_attack"
                page.wait_for_function(f"(n) => {state}.log.some(e => e.seq >= n && e.type === 'attack')",
                                       arg=st["log"], timeout=30000)
                done[how] = True
                page.wait_for_timeout(900)   # the lunge is over: the attacker lies turned (exhausted) in its row
                assert page.evaluate(CARDS_APART) == [], how
                continue
            if "zoom" not in done and page.locator("#board .side.enemy .card.has-face").count():
                # long-press: the zoom as a dialog, and nothing played
                card = page.locator("#board .side.enemy .card.has-face").first
                card.scroll_into_view_if_needed()
                r = card.bounding_box()
                before = page.evaluate("document.body.dataset.hash")
                at = [{"x": r["x"] + r["width"] / 2, "y": r["y"] + r["height"] / 2}]
                cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": at})
                page.wait_for_timeout(700)
                cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
                page.wait_for_selector("#cc-zoom-pop.cc-modal:not([hidden])", timeout=3000)
                page.wait_for_timeout(300)
                assert page.evaluate("document.body.dataset.hash") == before
                page.locator("#cc-zoom-backdrop").tap(position={"x": 5, "y": 5}, force=True)
                page.wait_for_selector("#cc-zoom-pop", state="hidden", timeout=3000)
                done["zoom"] = True
                continue
            # anything else: what the fixed policy of `capeclash bench ui` does, by taps
            d = st["d"]
            res = [a["card"] for a in acts if a["type"] == "resource" and a["card"] in hand
                   and sum(b["card"] == a["card"] for b in acts) == 1]
            if d == "place_main":
                page.locator('#board .row-target[data-row="front"]').first.tap()
            elif d == "resource" and st["own"] and res:   # a resource: recruit points for the recruits
                page.locator(f'#board .hand .card[data-iid="{res[0]}"]').tap()
            elif st["end"] and st["own"] and not rec and not atk:
                page.locator("#btn-endturn").tap()
            elif st["end"] and st["own"] and d == "recruit" and "tap_recruit" in done and "drag_recruit" in done:
                page.locator("#btn-endturn").tap()
            elif st["end"] and st["own"] and d in ("recruit", "resource", "formation", "main") and not atk:
                page.locator("#btn-endturn").tap()
            else:
                first = next((a for a in acts if a["type"] not in ("cancel_attack",)), acts[0])
                if first.get("card") is not None and page.locator(f'#board .card[data-iid="{first["card"]}"]').count() \
                        and first["type"] in ("target", "choose", "strike_back", "pay"):
                    page.locator(f'#board .card[data-iid="{first["card"]}"]').first.tap()
                else:
                    page.locator(f'#actions button[data-action="{first["text"]}"]').tap()
            page.wait_for_timeout(30)
        assert set(done) == {"tap_recruit", "drag_recruit", "tap_attack", "drag_attack", "zoom", "last_moves"}, done
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "touch-390.png"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert errors == [] and blocked == []
    finally:
        ctx.close()


# ------------------------------------------------------------------ motion from the engine's events

def _play_to(page, want: set, limit=400):
    """Play by the side panel's first real answer (recruits and attacks first) until the board has played
    every effect in ``want``; returns the effects seen and the longest time one board update took."""
    seen: set = set()
    worst = 0.0
    for _ in range(limit):
        page.wait_for_function(TOUCH_READY, timeout=60000)
        if page.evaluate(TOUCH_READY) == "over" or want <= seen:
            break
        acts = page.evaluate("window.capeclash.state.actions")
        prefer = ["resource", "recruit", "attack", "target", "keep", "place_main", "strike_back", "pay", "choose", "yes",
                  "pass", "end_step", "end_turn"]
        a = next((a for t in prefer for a in acts if a["type"] == t and not (t == "resource" and a.get("face_up"))), acts[0])
        page.evaluate("() => { window.__fx = new Set(); const b = document.getElementById('board');"
                      " window.__obs?.disconnect(); window.__obs = new MutationObserver(() => {"
                      " for (const t of (b.dataset.fx || '').split(' ')) if (t) window.__fx.add(t); });"
                      " window.__obs.observe(b, {attributes: true, attributeFilter: ['data-fx']}); }")
        t0 = page.evaluate("performance.now()")
        page.click(f'#actions button[data-action="{a["text"]}"]')
        page.wait_for_function(TOUCH_READY, timeout=60000)
        worst = max(worst, page.evaluate("(t) => performance.now() - t", t0))
        seen |= set(page.evaluate("[...window.__fx]"))
    return seen, worst


def test_events_animate_one_by_one_and_the_rivals_last_move_stays_marked(chromium, server):
    """Recruits, draws, attacks, strikes, stuns and KOs each animate from the engine's log lines; effects
    never cover the table (pointer-events: none) and a move's board is ready at once; the computer's last
    moves stay marked until the player acts; the Motion switch and reduced motion turn it off."""
    t = Tab(chromium, viewport=(1280, 800))
    page = t.page
    try:
        t.boot(server, "?aidelay=0&nosw&seed=7")
        page.evaluate("localStorage.clear()")
        page.click("#btn-start")
        seen, worst = _play_to(page, {"appear", "draw", "attack", "strike", "stun"})
        assert {"appear", "draw", "attack", "strike", "stun"} <= seen, seen
        # effects lie over nothing the player could click
        for sel in (".fx-ghost", ".fx-plot-pop", ".touch-ghost"):
            assert all(x == "none" for x in page.eval_on_selector_all(sel, "ns => ns.map(n => getComputedStyle(n).pointerEvents)"))
        # the computer's moves since the player's last one: marked, also after a redraw, until the player acts
        page.wait_for_function(TOUCH_READY, timeout=60000)
        marked = page.eval_on_selector_all("#board .theirs", "ns => ns.length")
        since = page.evaluate("window.capeclash.lastOwnSeq?.[window.capeclash.viewer]")
        their = page.evaluate("(n) => window.capeclash.state.log.filter(e => e.seq >= n && (e.cards || []).length).length", since)
        if their:
            assert marked >= 1
        print(f"\nslowest board update after a click: {worst:.0f} ms; effects seen: {sorted(seen)}")
        # Motion off: nothing moves
        page.uncheck("#opt-motion")
        seen_off, _ = _play_to(page, {"never"}, limit=6)
        assert seen_off == set(), seen_off
        assert t.errors == [], t.errors
    finally:
        t.close()
    ctx = chromium.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    browser.guard(ctx)
    page = ctx.new_page()
    try:
        page.goto(server + "?aidelay=0&nosw&seed=7")
        page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
        page.click("#btn-start")
        seen_reduced, _ = _play_to(page, {"never"}, limit=12)
        assert seen_reduced == set(), seen_reduced
    finally:
        ctx.close()


# ------------------------------------------------------------------ every screen size, both games

SCREEN_CHECK = """() => {
  const small = [], cut = [];
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('svg, .sr-only') || !e.getClientRects().length) continue;
    const cs = getComputedStyle(e);
    if (cs.visibility === 'hidden' || cs.display === 'none') continue;
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (parseFloat(cs.fontSize) < 12) small.push(`${e.tagName}.${e.className}: ${parseFloat(cs.fontSize)}px "${e.textContent.trim().slice(0, 30)}"`);
    if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && (cs.overflowX !== 'visible' || cs.textOverflow === 'ellipsis'))
      cut.push(`${e.tagName}.${e.className}: "${e.textContent.trim().slice(0, 40)}"`);
  }
  for (const s of document.querySelectorAll('select')) {   // a select shows its chosen option whole
    const c = document.createElement('span');
    c.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(s).font}`;
    c.textContent = s.selectedOptions[0]?.textContent || '';
    document.body.append(c);
    if (s.getClientRects().length && c.offsetWidth > s.clientWidth - 18) cut.push(`select#${s.id}: "${c.textContent}"`);
    c.remove();
  }
  return {width: document.documentElement.scrollWidth, small: [...new Set(small)], cut: [...new Set(cut)]};
}"""

# a finger's targets: every visible control at least 40 px high (a compact chip counts its ::before touch area)
TAP_CHECK = """() => {
  const out = [];
  for (const e of document.querySelectorAll('button, select, input:not([type=radio]):not([type=checkbox]):not([type=file]), ' +
                                            '.filebtn, label:has(input[type=checkbox]), .toc a')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || e.matches('.skip') || e.closest('.cc-face, .sr-only, [hidden]')) continue;
    if (getComputedStyle(e).visibility === 'hidden') continue;
    const b = getComputedStyle(e, '::before');
    const h = Math.max(r.height, b.content !== 'none' ? parseFloat(b.height) || 0 : 0);
    if (h < 40) out.push(`${e.tagName}#${e.id}.${e.className}: ${Math.round(h)} px "${e.textContent.trim().slice(0, 30)}"`);
  }
  return out;
}"""

# on a wide table each side's two rows lie side by side: the front rows share a column (front faces front)
FRONTS_ALIGNED = """() => {
  const x = (sel) => document.querySelector(sel)?.getBoundingClientRect().left;
  return [x('#board .side.enemy .row-front'), x('#board .side.friendly .row-front')];
}"""


def test_both_games_at_every_screen_size_fit_with_readable_uncut_text(chromium, server):
    """The title screens and both boards (after a few moves) at 360x740, 390x844, 1024x768, 1280x800 and
    1920x1080: no horizontal scroll, no text under 12 px outside the printed faces, no cut text or select;
    on a phone every control takes a finger (40 px); on a wide table the front rows face each other; the
    guided game (Cape Clash's) is not offered from Derring-Dice's title screen."""
    problems = []
    for w, h in [(360, 740), (390, 844), (1024, 768), (1280, 800), (1920, 1080)]:
        mobile = w < 500
        ctx = chromium.new_context(viewport={"width": w, "height": h}, has_touch=mobile, is_mobile=mobile)
        browser.guard(ctx)
        page = ctx.new_page()
        try:
            page.goto(server + "?aidelay=0&nosw&seed=8")
            page.wait_for_selector("body[data-ready='1']", timeout=BOOT_MS)
            page.evaluate("localStorage.clear()")
            for game in ("capeclash", "dice"):
                page.check(f"input[name=game][value={game}]")
                if game == "dice":
                    page.select_option("#dice-bad-who", "human")
                    page.select_option("#dice-good-who", "normal")
                for where in ("title", "board"):
                    if where == "board":
                        page.click("#btn-start")
                        if page.is_visible("#dlg-replace"):
                            page.click("#replace-yes")
                        prefer = (["recruit", "attack", "target", "equip", "choose", "pass", "no", "end_step"] if game == "dice"
                                  else ["keep", "place_main", "resource", "recruit", "attack", "target", "pass", "end_step"])
                        for _ in range(12):
                            page.wait_for_function(TOUCH_READY, timeout=60000)
                            if page.evaluate(TOUCH_READY) == "over":
                                break
                            acts = page.evaluate("window.capeclash.state.actions.map(a => [a.text, a.type])")
                            pick_ = next((t for k in prefer for t, ty in acts if ty == k), acts[0][0])
                            page.evaluate("(t) => document.querySelector(`#actions button[data-action='${t}']`)?.click()", pick_)
                        page.wait_for_timeout(300)
                    r = page.evaluate(SCREEN_CHECK)
                    if r["width"] > w:
                        problems.append(f"{game} {where} {w}x{h}: {r['width']} px wide")
                    problems += [f"{game} {where} {w}x{h}: small {s}" for s in r["small"]]
                    problems += [f"{game} {where} {w}x{h}: cut {s}" for s in r["cut"]]
                    if mobile:
                        problems += [f"{game} {where} {w}x{h}: small target {s}" for s in page.evaluate(TAP_CHECK)]
                        if page.locator("#cc-zoom-pop:not([hidden]):not(.cc-modal)").count():
                            problems.append(f"{game} {where} {w}x{h}: a hover zoom on a touch screen")
                    elif game == "dice" and where == "board":   # the hands in sight at the foot of a taller table
                        low = page.evaluate("document.getElementById('board').scrollTop = 0, Math.max(...[...document.querySelectorAll("
                                            "'#board .dice-hand .card')].map(c => c.getBoundingClientRect().bottom))")
                        if low > h + 1:
                            problems.append(f"dice board {w}x{h}: the hand runs below the screen ({low})")
                    elif game == "capeclash" and where == "board":
                        enemy, mine = page.evaluate(FRONTS_ALIGNED)
                        if enemy is None or abs(enemy - mine) > 2:
                            problems.append(f"{w}x{h}: the front rows are not in one column ({enemy}, {mine})")
                    if where == "title" and mobile and page.evaluate("document.getElementById('btn-start').getBoundingClientRect().bottom") > h:
                        problems.append(f"{game} title {w}x{h}: Start game is below the fold")
                    if where == "title" and page.is_visible("#btn-learn") != (game == "capeclash"):
                        problems.append(f"{game} title {w}x{h}: the guided game's button is {'' if game == 'dice' else 'not '}shown")
                if page.is_visible("#dlg-over"):
                    page.evaluate("document.getElementById('dlg-over').close()")
                page.click("#btn-menu")
        finally:
            ctx.close()
    assert problems == [], problems


ANIM_PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="app.css"></head>
<body><div id="board" class="board">
 <div class="pinfo"><button class="chip" data-pile="ko" data-player="1">KO pile 0</button>
   <span class="chip" data-pile="hand" data-player="1">Hand 5</span></div>
 <div class="side enemy"><button class="card" data-iid="20">enemy</button><button class="card" data-iid="21">gone</button></div>
 <div class="side friendly"><button class="card" data-iid="10">main</button><button class="card" data-iid="11">new</button></div>
 <section class="hand"><div class="cards"><button class="card" data-iid="30">drawn</button></div></section>
</div>
<script type="module">
import * as anim from "./anim.mjs";
import * as faces from "./faces.mjs";
await faces.initFaces();
window.anim = anim; window.faces = faces;
document.body.dataset.ready = "1";
</script></body></html>"""


def test_each_engine_event_gets_its_own_effect(chromium, site, server):
    """anim.mjs on a small board: every event kind the page animates (draw, recruit, attack, strike, stun,
    KO to the pile, level-up, plot twist, power) gets its effect, in turn; effects take no pointer; reduced
    motion plays nothing; the other side's cards since the viewer's move are marked."""
    (site / "anim-test.html").write_text(ANIM_PAGE)
    t = Tab(chromium, viewport=(1280, 800))
    page = t.page
    try:
        page.goto(server + "anim-test.html")
        page.wait_for_selector("body[data-ready='1']", timeout=20000)
        plot = json.loads(__import__("gzip").decompress((site / "faces.json.gz").read_bytes()))
        plot_cid = next(cid for cid, e in plot["cards"].items() if e["type"] == "plot_twist")
        result = page.evaluate("""(plotCid) => {
            const board = document.getElementById('board');
            const view = (hand, ko) => ({ viewer: 0, sides: [{}], players: [{ index: 0, hand, ko: [] }, { index: 1, ko }] });
            const prev = { log_len: 5, view: view([], []) };
            const log = [
              { seq: 5, type: 'draw', player: 0, n: 1 }, { seq: 6, type: 'draw', player: 1, n: 2 },
              { seq: 7, type: 'appear', cards: [11] }, { seq: 8, type: 'attack', cards: [10, 20] },
              { seq: 9, type: 'strike', cards: [10, 20] }, { seq: 10, type: 'stun', cards: [20] },
              { seq: 11, type: 'ko', cards: [21] }, { seq: 12, type: 'level_up', cards: [10] },
              { seq: 13, type: 'plot', cards: [40], cid: plotCid }, { seq: 14, type: 'power', cards: [10] },
              { seq: 15, type: 'pass' } ];
            const state = { log, log_len: 16, over: false, view: view([{ iid: 30 }], [{ iid: 21 }]) };
            const before = anim.capture(board);
            board.querySelector('[data-iid="21"]').remove();   // KO'd: no longer on the board
            const played = anim.play(board, prev, state, before, { faces });
            const cls = (iid) => [...board.querySelector(`[data-iid="${iid}"]`).classList].filter((c) => c.startsWith('fx-'));
            const pe = [...document.querySelectorAll('.fx-ghost, .fx-plot-pop')].map((n) => getComputedStyle(n).pointerEvents);
            const out = { played, drawn: cls(30), recruited: cls(11), main: cls(10), enemy: cls(20),
              pile: [...board.querySelector('[data-pile="ko"]').classList], hand: [...board.querySelector('[data-pile="hand"]').classList],
              ghosts: document.querySelectorAll('.fx-ghost').length, plots: document.querySelectorAll('.fx-plot-pop .cc-face').length, pe,
              delays: [...board.querySelectorAll('[style*="--fx-delay"]')].map((n) => n.style.getPropertyValue('--fx-delay')) };
            out.reduced = anim.play(board, prev, state, before, { reduced: true, faces });
            out.marked = anim.markTheirs(board, state, 7);
            out.theirs = [...board.querySelectorAll('.theirs')].map((n) => n.dataset.iid || n.dataset.pile);
            return out;
        }""", plot_cid)
        assert result["played"] == ["draw", "draw", "appear", "attack", "strike", "stun", "ko", "level_up", "plot", "power"]
        assert result["drawn"] == ["fx-draw"] and result["recruited"] == ["fx-enter"]
        assert "fx-lunge" in result["main"] or "fx-levelup" in result["main"] or "fx-power" in result["main"]
        assert "fx-attacked" in result["enemy"] or "fx-flip" in result["enemy"] or "fx-hit" in result["enemy"]
        assert result["ghosts"] == 1 and result["plots"] == 1 and set(result["pe"]) == {"none"}
        assert "fx-pile" in result["hand"]
        assert result["reduced"] == []
        assert set(result["marked"]) == {10, 11, 20, 21} and "ko" in result["theirs"]
        # a turned (exhausted), stunned card of a 2 vs 2 table: its controller's name whole (it wraps in the
        # narrow strip a turned card leaves), and the name on its back clear of the marks
        sup = next(cid for cid, e in plot["cards"].items() if e["type"] == "supporting")
        turned = page.evaluate("""async (cid) => {
            const css = document.createElement('link');   // the faces' own style sheet, as the game page has it
            css.rel = 'stylesheet'; css.href = 'faces.css';
            await new Promise((ok) => { css.onload = ok; document.head.append(css); });
            const f = window.faces.cardFace(cid, { exhausted: true, stunned: true, wounds: 1, health: 2 },
                                            { size: "board", controller: "AI 4 (easy)", peek: true });
            document.body.append(f);
            const chip = f.querySelector('.cc-controller'), peek = f.querySelector('.cc-peek');
            const p = peek.getBoundingClientRect();
            const over = [...f.querySelectorAll('.cc-mark, .cc-chip')].filter((m) => { const r = m.getBoundingClientRect();
                return Math.min(r.right, p.right) - Math.max(r.left, p.left) > 1 && Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top) > 1; });
            const span = chip.querySelector('span'), c = chip.getBoundingClientRect(), o = chip.closest('.cc-over').getBoundingClientRect();
            return { cut: span.scrollWidth > span.clientWidth + 1 || c.right > o.right + 1 || c.bottom > o.bottom + 1,
                     over: over.map((m) => m.className) };
        }""", sup)
        assert turned == {"cut": False, "over": []}, turned
        assert t.errors == [], t.errors
    finally:
        t.close()


def _dice_play_to(page, want: set, limit=300):
    """Derring-Dice: play the side panel's preferred answer until the board has played every effect in
    ``want`` (or the limit); the effects seen (``data-fx`` on the board, after each update)."""
    seen: set = set()
    page.evaluate("() => { window.__fx = new Set(); const b = document.getElementById('board');"
                  " window.__obs?.disconnect(); window.__obs = new MutationObserver(() => {"
                  " for (const t of (b.dataset.fx || '').split(' ')) if (t) window.__fx.add(t); });"
                  " window.__obs.observe(b, {attributes: true, attributeFilter: ['data-fx']}); }")
    for _ in range(limit):
        page.wait_for_function(TOUCH_READY, timeout=60000)
        seen = set(page.evaluate("[...window.__fx]"))
        if page.evaluate(TOUCH_READY) == "over" or want <= seen:
            break
        acts = [a["text"] for a in page.evaluate("window.capeclash.state.actions")]
        click_action(page, pick(acts, DICE_PREFERENCE))
    return seen


def test_derring_dice_events_animate_and_motion_can_be_turned_off(chromium, server):
    """Derring-Dice's log lines move the board (issue 15): a recruit drops onto its team, an attacker
    lunges at its target, the roll's dice tumble, a hit shakes its character, a defeated one flies to the
    discards; the engine names each line's cards. The Motion switch and reduced motion stop it."""
    t = Tab(chromium, viewport=(1280, 800))
    page = t.page
    try:
        t.boot(server, "?aidelay=0&nosw&seed=5")
        page.evaluate("localStorage.clear()")
        start_dice_game(page, bad="easy")
        seen = _dice_play_to(page, {"recruit", "attack", "roll", "damage"})
        assert {"recruit", "attack", "roll", "damage"} <= seen, seen
        log = page.evaluate("window.capeclash.state.log")
        assert all(e.get("cards") for e in log if e["type"] in ("recruit", "attack", "damage", "defeat", "roll"))
        # effects lie over nothing the player could click
        assert all(x == "none" for x in page.eval_on_selector_all(".fx-ghost", "ns => ns.map(n => getComputedStyle(n).pointerEvents)"))
        t.shot("dice-motion")
        # a new game's opening turns: nothing moves with the Motion switch off, nor with reduced motion
        for off in ("switch", "reduced"):
            page.evaluate("localStorage.clear()")
            t.boot(server, "?aidelay=0&nosw&seed=5")
            start_dice_game(page, bad="easy")
            if off == "switch":
                page.uncheck("#opt-motion")
            else:
                page.check("#opt-motion")
                page.emulate_media(reduced_motion="reduce")
            assert _dice_play_to(page, {"never"}, limit=12) == set(), off
    finally:
        t.close()


FIND_LIVE = """(iid) => {   // the view's record of card iid (anywhere in the view)
  let hit = null;
  const walk = (x) => { if (hit || !x || typeof x !== 'object') return;
    if (Array.isArray(x)) { x.forEach(walk); return; }
    if (x.iid === iid && x.cid !== undefined && x.atk !== undefined) { hit = x; return; }
    Object.values(x).forEach(walk); };
  walk(window.capeclash.state.view);
  return hit;
}"""


def test_the_card_window_shows_the_cards_face_with_live_state_and_reminders(chromium, server):
    """Clicking a card opens its window with the same face as on the board, large (issue 15): the live
    ATK/DEF drawn on it, the state in words and the keyword reminders; Derring-Dice's too (its Force)."""
    t = Tab(chromium, viewport=(1280, 800))
    page = t.page
    try:
        t.boot(server, "?aidelay=0&nosw&seed=3")
        page.evaluate("localStorage.clear()")
        page.click("#btn-start")
        pick_js = ("() => { for (const n of document.querySelectorAll('#board .card[data-iid][data-cid]')) {"
                   " if (n.closest('.hand')) continue; const c = (" + FIND_LIVE + ")(Number(n.dataset.iid));"
                   " if (c && !c.stunned && (c.keywords || []).length) return c.iid; } return null; }")
        play_until(page, lambda pg: pg.evaluate(pick_js) is not None)
        iid = page.evaluate(pick_js)
        live = page.evaluate(FIND_LIVE, iid)
        page.locator(f'#board .card[data-iid="{iid}"]').first.click(button="right")
        page.wait_for_selector("#dlg-card[open]")
        page.wait_for_function("document.getElementById('card-header').textContent.length > 0")
        face = page.locator(f'#card-face .cc-face.cc-size-zoom[data-cid="{live["cid"]}"]')
        assert face.count() == 1 and face.locator("svg").count() >= 1
        assert face.locator(".s-atk").first.text_content().strip() == str(live["atk"])
        assert face.locator(".s-def").first.text_content().strip() == str(live["def"])
        assert f'Now {live["atk"]} ATK / {live["def"]} DEF' in page.locator("#card-state").inner_text()
        reminders = page.locator("#card-keywords dt").all_inner_texts()
        assert reminders and all(page.locator("#card-keywords dd").all_inner_texts())
        assert page.locator("#card-lines p").count() >= 1  # the rules text in words stays (screen readers)
        box = face.bounding_box()
        assert box["width"] >= 200  # large: the board's faces are far smaller
        t.shot("card-window-face")
        # on a phone the face fits the window, with no sideways scroll
        page.set_viewport_size({"width": 390, "height": 844})
        fits = page.evaluate("() => { const d = document.getElementById('dlg-card');"
                             " const f = d.querySelector('#card-face .cc-face').getBoundingClientRect();"
                             " return [d.scrollWidth <= d.clientWidth, f.left >= 0 && f.right <= innerWidth, f.width]; }")
        assert fits[0] and fits[1] and fits[2] >= 200, fits
        t.shot("card-window-face-phone")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.keyboard.press("Escape")
        # Derring-Dice: a character's window shows its face with its Force
        page.evaluate("localStorage.clear()")
        t.boot(server, "?aidelay=0&nosw&seed=5")
        start_dice_game(page, bad="easy")
        _dice_play_to(page, {"never"}, limit=10)
        ch = page.locator("#board .dice-side.enemy .card.dchar[data-iid]").first
        name = ch.get_attribute("data-cid")
        ch.click()
        page.wait_for_selector("#dlg-card[open]")
        dface = page.locator(f'#card-face .cc-face.cc-dice.cc-size-zoom[data-cid="dice:{name}"]')
        assert dface.count() == 1 and dface.get_attribute("data-iid") == ch.get_attribute("data-iid")
        t.shot("card-window-dice-face")
    finally:
        t.close()


def test_a_remembered_answer_is_not_asked_again_in_hot_seat(chromium, server):
    """Two people on one device: a player ticks "Remember my answer" at a "use this ability?"
    question; that ability never asks them again (so the device is not handed over for it), and
    their remembered answers are listed with a Forget button."""
    from web.bench import _ui_game
    t = Tab(chromium, viewport=(1280, 800))
    try:
        plain = _ui_game(t.page, server, "hotseat", seed=4, ai="easy", max_turns=40)
        asked = [(seat, prompt) for seat, prompt, _ in plain["questions"]]
        assert len(asked) > len(set(asked)), asked  # without it, the same question comes back
        g = _ui_game(t.page, server, "hotseat", seed=4, ai="easy", max_turns=40, remember=True)
        asked = [(seat, prompt) for seat, prompt, _ in g["questions"]]
        assert g["kinds"].get("remember", 0) >= 1, g["kinds"]
        assert len(asked) == len(set(asked)), asked  # each seat is asked each ability once
        assert g["handovers"] < plain["handovers"], (g["handovers"], plain["handovers"])
        assert g["standing"] >= 1 and plain["standing"] == 0  # the viewer's remembered answers are listed
        assert t.errors == [], t.errors
    finally:
        t.close()

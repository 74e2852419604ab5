import { renderDiceBoard } from "./dice.mjs";
import { startTutorial } from "./tutorial.mjs";
import { enableTouchDrag } from "./touchdrag.mjs";
import * as anim from "./anim.mjs";

// Cape Clash in the browser: renders the view the engine hands over and sends back only
// actions the engine offered. Every rule lives in Python (apps.webapi, in worker.mjs).
// Card data is always put on the page as text (textContent), never as HTML.

const params = new URLSearchParams(location.search);
// The address's settings; an odd value is ignored (the default is used) and named on the title screen.
const addressProblems = [];
function numberParam(name, fallback, ok, what) {
  const raw = params.get(name);
  if (raw === null) return fallback;
  const n = raw.trim() === "" ? NaN : Number(raw);
  if (ok(n)) return n;
  addressProblems.push(`${name}=${raw.slice(0, 40)}: must be ${what}; ignored`);
  return fallback;
}
const AI_DELAY = numberParam("aidelay", 250, (n) => Number.isFinite(n) && n >= 0 && n <= 60000,
  "a number of milliseconds from 0 to 60000");  // ms between computer decisions (0: as fast as possible)
const CONVENTION = params.has("convention");
const IDLE_MIN = numberParam("idle", 3, (n) => Number.isFinite(n) && n > 0 && n <= 24 * 60, "a number of minutes above 0");
const SEED = numberParam("seed", null, (n) => Number.isSafeInteger(n) && n >= 0, "a whole number, 0 or more");
const ENGINE_PACKAGING = ["zip", "wheel"].includes(params.get("engine")) ? params.get("engine") : undefined;
if (params.get("engine") !== null && !ENGINE_PACKAGING) addressProblems.push(`engine=${params.get("engine").slice(0, 40)}: must be zip or wheel; ignored`);
const SAVE_KEY = "capeclash.save.v1";            // the Cape Clash game in progress
const DICE_SAVE_KEY = "capeclash.dice.save.v1";   // the Derring-Dice game in progress
const LAST_KEY = "capeclash.last_game";           // which of the two a reload resumes ("tutorial": a lesson)
const TUT_KEY = "capeclash.tutorial.v1";          // the lesson in progress: {lesson, moves}
const $ = (id) => document.getElementById(id);
const saveKey = (game) => (game === "dice" ? DICE_SAVE_KEY : SAVE_KEY);
const sessionOf = (game) => (game === "dice" ? "dice" : "play");
const GAME_TITLES = { capeclash: "Cape Clash", dice: "Derring-Dice" };
const OPT_KEY = "capeclash.options.v1";          // full control, motion
// the options kept in this browser: each one read only if it is true or false (else its default)
const options = (() => {
  const o = { fullControl: false, motion: true };
  let stored = null;
  try { stored = JSON.parse(localStorage.getItem(OPT_KEY) || "{}"); } catch { /* damaged: the defaults */ }
  for (const k of Object.keys(o)) if (typeof stored?.[k] === "boolean") o[k] = stored[k];
  return o;
})();
const reducedMotion = () => !options.motion || matchMedia("(prefers-reduced-motion: reduce)").matches;
let faces = null;  // web/static/faces.mjs (the printed faces) once it has loaded; tiles without it

// ------------------------------------------------------------------ the worker

class Engine {
  constructor() {
    // the worker index.html started early (already booting), else a new one
    this.early = window.__capeclashEarly || null;
    window.__capeclashEarly = null;
    this.worker = this.early ? this.early.worker : new Worker(new URL("worker.mjs", import.meta.url), { type: "module" });
    this.next = 1;
    this.waiting = new Map();
    // until boot() takes an early worker over, its messages wait in its queue
    this.worker.onmessage = (e) => (this.early ? this.early.messages.push(e.data) : this.onMessage(e.data));
    this.worker.onerror = (e) => (this.early ? this.early.errors.push(e) : this.onError(e));
  }
  onError(e) {
    const msg = e.message || "the engine worker failed to start";
    if (this.bootReject) this.bootReject(new Error(msg));
    else showError("The rules engine stopped", [msg]);
  }
  // opts: {engine, nosnapshot, cached}; a worker index.html started early booted with the same (read
  // from the URL and the service worker alike), so its messages are replayed instead
  boot(opts) {
    return new Promise((resolve, reject) => {
      this.bootResolve = resolve;
      this.bootReject = reject;
      const early = this.early;
      this.early = null;
      if (!early) { this.worker.postMessage({ type: "boot", opts }); return; }
      for (const e of early.errors) this.onError(e);
      for (const m of early.messages) this.onMessage(m);
    });
  }
  onMessage(msg) {
    if (msg.type === "ready") { this.bootReject = null; this.bootResolve(msg.info); }
    else if (msg.type === "boot_error") { const r = this.bootReject; this.bootReject = null; r(new Error(msg.message)); }
    else if (msg.type === "reply") {
      const w = this.waiting.get(msg.id);
      this.waiting.delete(msg.id);
      if (w) w(msg);
    }
  }
  // sessionName: "play" (Cape Clash), "dice" (Derring-Dice) or "demo"; by default the game on show
  call(op, args = {}, sessionName = sessionOf(app.game)) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (msg) => {
        const reply = JSON.parse(msg.body);
        if (reply.ok) resolve(reply.result);
        else {
          const err = new Error(reply.error.message);
          err.code = reply.error.code;
          err.problems = reply.error.problems || [];
          reject(err);
        }
      });
      this.worker.postMessage({ type: "call", id, session: sessionName, body: JSON.stringify({ op, ...args }) });
    });
  }
}

// ------------------------------------------------------------------ small DOM helpers

function el(tag, attrs = {}, ...kids) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") n.className = v;
    else if (k === "text") n.textContent = v;
    else if (k.startsWith("on")) n.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(n.dataset, v);
    else n.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat(Infinity)) if (k !== null && k !== undefined && k !== false) n.append(k instanceof Node ? k : String(k));
  return n;
}

// Rules text markup from engine.cardlang.text: {symbol} and [[Keyword]]; drawn as text nodes and spans.
function richText(text) {
  const frag = document.createDocumentFragment();
  const re = /\{(\w+)\}|\[\[([^\]]+)\]\]|\*\*([^*]+)\*\*/g;
  let last = 0, m;
  while ((m = re.exec(text))) {
    if (m.index > last) frag.append(text.slice(last, m.index));
    if (m[1]) frag.append(el("span", { class: `sym sym-${m[1]}`, text: m[1].replace("_", " "), title: `${m[1].replace("_", " ")} power symbol` }));
    else if (m[2]) frag.append(el("strong", { class: "kw", text: m[2] }));
    else frag.append(el("strong", { text: m[3] }));
    last = re.lastIndex;
  }
  if (last < text.length) frag.append(text.slice(last));
  return frag;
}

function showError(title, problems = [], cause = "other") {
  app.errorCause = cause;
  $("error-title").textContent = title;
  const ul = $("error-list");
  ul.textContent = "";
  for (const p of newProblems(title, problems)) ul.append(el("li", { text: p }));
  $("error-bar").hidden = false;
}
// the problems a message does not already say (many errors carry their message as their one problem)
function newProblems(message, problems) {
  return problems.filter((p, i) => p && !String(message).includes(p) && problems.indexOf(p) === i);
}
function engineError(what, err, cause = "other") {
  console.warn(what, err);
  showError(`${what}: ${err.message}`, err.problems || [], cause);
}
// the error bar goes when its cause is gone: a refused move once the board moves on, a failed screen once it shows
function clearError(cause) {
  if (!$("error-bar").hidden && (app.errorCause === cause || cause === "any")) $("error-bar").hidden = true;
}
$("error-close").addEventListener("click", () => { $("error-bar").hidden = true; });

function screen(name) {
  for (const s of ["boot", "title", "game", "pass"]) $(s).hidden = s !== name;
  document.body.dataset.screen = name;
  $("btn-menu").hidden = name === "title";  // (the menu is the title screen: no button to itself)
  if (name === "title") {  // no game on show: no game status or game buttons
    $("status").textContent = "";
    $("btn-undo").hidden = true;
    $("btn-export").hidden = true;
  }
  if (name === "pass") {  // between two players: no undoing the last one's move, no export of the whole game
    $("btn-undo").hidden = true;
    $("btn-export").hidden = true;
  }
}

// ------------------------------------------------------------------ app state

const engine = new Engine();
const app = {
  catalogue: null,
  state: null,         // the last state from the engine, for app.viewer
  viewer: null,        // whose view the board shows
  mode: "play",        // play | replay | tutorial
  tut: null,           // the guided first game's controller (tutorial.mjs) while a lesson is on
  aiTimer: null,
  busy: false,
  pendingPass: null,
  epoch: 0,            // bumped when the player leaves a game: late replies for it are dropped
  game: "capeclash",   // the game on show (and the engine session its requests go to): capeclash | dice
  setupGame: "capeclash",  // the game chosen on the title screen
  diceCatalogue: null,
};
window.capeclash = app;  // for tests and the benchmark
app.call = (op, args, sessionName) => engine.call(op, args, sessionName);

function humanSeats(state) {
  return state.seats.map((s, i) => (s.ai ? null : i)).filter((i) => i !== null);
}

// The seat whose view to show: a human to act; else the last human viewer; else the first human.
function pickViewer(state) {
  const humans = humanSeats(state);
  const acting = state.to_act.filter((p) => humans.includes(p));
  if (acting.length) return acting.includes(app.viewer) ? app.viewer : acting[0];
  if (humans.includes(app.viewer)) return app.viewer;
  return humans.length ? humans[0] : null;
}

// ------------------------------------------------------------------ boot

async function main() {
  // the faces load while Python boots (they need no engine), so they cost the start-up little
  const facesReady = document.body.dataset.faces ? loadFaces() : Promise.resolve();
  let info;
  try {
    info = await engine.boot({ engine: ENGINE_PACKAGING, nosnapshot: params.has("nosnapshot"),
                              cached: Boolean(navigator.serviceWorker?.controller) });
  } catch (err) {
    window.__capeclashShowBootError("The rules engine could not start", [String(err.message || err),
      "Rebuild and serve the site with `capeclash web serve`, then reload."]);
    return;
  }
  window.__capeclashBooted = true;
  document.querySelector(".topnav").hidden = false;
  app.bootInfo = info;
  app.catalogue = await engine.call("catalogue", {}, "play");
  const hasDice = (app.catalogue.games || []).includes("dice");
  if (hasDice) app.diceCatalogue = await engine.call("catalogue", {}, "dice");
  await applySettings();
  try {  // the guided first game, if this build has one
    const t = await engine.call("tutorial_lessons", {}, "play");
    app.lessons = !!t.lessons?.length;
    $("btn-learn").hidden = !app.lessons;
    $("btn-learn").title = t.intro || "";
  } catch { $("btn-learn").hidden = true; }
  await facesReady;
  buildSetupForm(hasDice);
  // the game a reload resumes: the one played last, if it left a save
  const last = localStorage.getItem(LAST_KEY) === "dice" && hasDice ? "dice" : "capeclash";
  const resumeGame = localStorage.getItem(saveKey(last)) ? last : (hasDice && localStorage.getItem(DICE_SAVE_KEY) && !localStorage.getItem(SAVE_KEY) ? "dice" : "capeclash");
  chooseGame(resumeGame);
  const saved = localStorage.getItem(saveKey(resumeGame));
  const lessonSaved = app.lessons && !CONVENTION && localStorage.getItem(LAST_KEY) === "tutorial" ? readLesson() : null;
  if (lessonSaved) {
    screen("title");
    showResume(Boolean(saved));
    await startLearning(lessonSaved.lesson, lessonSaved.moves, { restoring: true });
  } else if (saved && !CONVENTION) {
    try {
      app.viewer = savedViewer(saved);
      app.game = resumeGame;
      // the stored text as it is: the engine says what is wrong with it (not the page's JSON parser)
      const state = await engine.call("load", { save: saved, source: "the game saved in this browser" });
      await enterGame(state, { resumed: true });
    } catch (err) {
      app.game = "capeclash";
      screen("title");
      showResume(true);
      showError("Your saved game could not be restored",
        [...(err.problems?.length ? err.problems : [err.message]), "It is still kept in this browser: start a new game to replace it, or discard it."]);
    }
  } else {
    screen("title");
    showResume(false);
    if (CONVENTION) startDemo();
  }
  if (addressProblems.length) showError("Some settings in the address were ignored", addressProblems);
  document.body.dataset.ready = "1";
  performance.mark("capeclash-ready");
  setTimeout(registerServiceWorker, 300);  // precaching starts once the board is up, not during boot
}

async function applySettings() {
  const auto = !options.fullControl;
  await engine.call("settings", { auto_answer: auto }, "play");
  if ((app.catalogue.games || []).includes("dice")) await engine.call("settings", { auto_answer: auto }, "dice");
  $("opt-control").checked = options.fullControl;
  $("opt-motion").checked = options.motion;
  document.body.classList.toggle("no-motion", !options.motion);
}

function saveOptions() {
  localStorage.setItem(OPT_KEY, JSON.stringify(options));
}

$("opt-control").addEventListener("change", async (e) => {
  options.fullControl = e.target.checked;
  saveOptions();
  await applySettings();
});
$("opt-motion").addEventListener("change", (e) => {
  options.motion = e.target.checked;
  saveOptions();
  document.body.classList.toggle("no-motion", !options.motion);
});

// The printed faces (faces.mjs, when the site has it): cards then show their real face; else text tiles.
async function loadFaces() {
  try {
    const m = await import("./faces.mjs");
    await m.initFaces();  // it reads faces.json (written by the build)
    faces = m;
    if (app.state && document.body.dataset.screen === "game") renderBoard($("board"), app.state, app.mode === "play");
    if (app.catalogue) renderTeams();
    if (app.setupGame === "dice") renderDiceSample();
  } catch (err) {
    console.info("card faces are not available; drawing text tiles:", err.message);
  }
}

function registerServiceWorker() {
  if (!("serviceWorker" in navigator) || params.has("nosw")) return;
  // a registered worker is asked to look for a new build at every start (the browser's own check
  // waits until the worker is idle, which a busy page may put off)
  const known = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register("sw.js")
    .then((reg) => (known ? reg.update() : null))
    .catch((err) => console.warn(known ? "no check for a new build (offline?):" : "service worker not registered:", err.message));
}

// ------------------------------------------------------------------ title screen and setup

const MODE_SEATS = { duel: 2, ffa: 3, "2v2": 4, two_headed: 4 };

function buildSetupForm(hasDice) {
  $("game-choice").hidden = !hasDice;
  for (const r of document.querySelectorAll("input[name=game]")) r.addEventListener("change", () => chooseGame(r.value));
  if (hasDice) renderDiceSeats();
  const modeSel = $("mode");
  modeSel.addEventListener("change", renderSeats);
  $("setup").addEventListener("submit", (e) => { e.preventDefault(); oneAtATime(startGame); });
  $("file-open").addEventListener("change", (e) => oneAtATime(() => openFile(e.target, "load")));
  $("file-replay").addEventListener("change", (e) => oneAtATime(() => openFile(e.target, "replay")));
  $("btn-resume").addEventListener("click", () => oneAtATime(resumeSaved));
  $("btn-discard").addEventListener("click", () => { localStorage.removeItem(saveKey(app.setupGame)); showResume(false); });
  renderSeats();
  renderTeams();
}

// The decks players choose from: the engine's test decks stay out (unless only they exist, or ?testdecks).
function playerDecks() {
  const all = app.catalogue.decks;
  const real = all.filter((d) => !d.test);
  return params.has("testdecks") || !real.length ? all : real;
}

// The title screen's teams: each starter team's main character, its style and how hard it is to learn.
function renderTeams() {
  const box = $("teams");
  if (!box || !app.catalogue) return;
  box.textContent = "";
  for (const d of playerDecks()) {
    if (!d.team) continue;
    let face = null;
    if (faces) { try { face = faces.cardFace(d.main_cid, null, { size: "pile" }); } catch (err) { console.warn(err); } }
    box.append(el("button", { type: "button", class: `team${d.alignment ? ` al-${d.alignment}` : ""}`, dataset: { deck: d.id },
      title: `Play ${d.name}`, onclick: () => { const sel = $("seat-0-deck"); if (sel) { sel.value = d.id; sel.dispatchEvent(new Event("change")); } highlightTeam(d.id); } },
      face || el("span", { class: "team-main", text: d.main }),
      el("strong", { class: "team-name", text: d.team }),
      el("span", { class: `diff diff-${String(d.difficulty || "").toLowerCase()}`, text: d.difficulty ? `${d.difficulty} to learn` : "" }),
      d.style ? el("small", { text: d.style }) : null));
  }
  highlightTeam($("seat-0-deck")?.value);
}

// Derring-Dice's welcome: one card of each kind, their printed faces (zoom on hover, focus or long-press).
const DICE_SAMPLE = [["hero", "A hero or villain"], ["minion", "A minion"], ["battle", "A battle card"], ["event", "An event"]];
function renderDiceSample() {
  const box = $("dice-sample");
  const cards = app.diceCatalogue?.cards;
  if (!box || !cards || !faces?.diceId || box.childElementCount) return;
  for (const [type, caption] of DICE_SAMPLE) {
    const name = Object.keys(cards).find((n) => cards[n].type === type);
    if (!name) continue;
    try {
      const id = faces.diceId(name);
      const fig = el("figure", { class: "dice-kind", tabindex: "0", "aria-label": `${caption}: ${name}` },
        faces.cardFace(id, null, { size: "board" }), el("figcaption", { text: caption }));
      if (faces.attachZoom) faces.attachZoom(fig, id, null);
      box.append(fig);
    } catch (err) { console.warn("face", name, err); }
  }
}

function highlightTeam(id) {
  for (const b of document.querySelectorAll("#teams .team")) b.classList.toggle("chosen", b.dataset.deck === id);
}

function renderSeats() {
  const [mode, n] = $("mode").value.split(":");
  $("ally-opt").hidden = mode !== "2v2";
  const box = $("seats");
  const old = [...box.querySelectorAll(".seat")].map(readSeat);
  box.querySelectorAll(".seat").forEach((s) => s.remove());
  const decks = playerDecks();
  for (let i = 0; i < Number(n); i++) {
    const prev = old[i] || {};
    const who = el("select", { id: `seat-${i}-who`, "aria-label": `Seat ${i + 1}: who plays` },
      el("option", { value: "human", text: "Human" }),
      ...app.catalogue.ai_levels.map((lv) => el("option", { value: lv, text: `Computer (${lv})` })));
    who.value = prev.who || (i === 0 ? "human" : "normal");
    const deck = el("select", { id: `seat-${i}-deck`, "aria-label": `Seat ${i + 1}: deck` },
      ...decks.map((d) => el("option", { value: d.id, title: `${d.name}, led by ${d.main}`, text: `${d.team || d.name}: ${d.main}` })),
      el("option", { value: "__paste", text: "Paste or upload a deck list…" }));
    deck.value = prev.deck || decks[i % decks.length].id;
    const name = el("input", { id: `seat-${i}-name`, type: "text", maxlength: "40", value: prev.name || "",
      placeholder: `Player ${i + 1}`, "aria-label": `Seat ${i + 1}: name` });
    const paste = el("textarea", { id: `seat-${i}-text`, rows: "5", class: "paste",
      placeholder: "Main: CARD NAME\n4 CARD NAME\n…", "aria-label": `Seat ${i + 1}: deck list` });
    paste.value = prev.text || "";
    const upload = el("input", { type: "file", accept: ".txt,.json,text/plain", "aria-label": `Seat ${i + 1}: upload a deck list` });
    upload.addEventListener("change", async () => { if (upload.files[0]) paste.value = await upload.files[0].text(); });
    const check = el("button", { type: "button", text: "Check deck" });
    const result = el("div", { class: "deck-check", role: "status" });
    check.addEventListener("click", () => checkDeck(paste.value, i, result));
    const pasteBox = el("div", { class: "paste-box" }, paste, el("div", { class: "paste-tools" },
      el("label", { class: "filebtn small" }, "Upload…", upload), check), result);
    pasteBox.hidden = deck.value !== "__paste";
    deck.addEventListener("change", () => { pasteBox.hidden = deck.value !== "__paste"; });
    box.append(el("div", { class: "seat", dataset: { seat: i } },
      el("span", { class: "seat-no", text: `${i + 1}` }), name, who, deck, pasteBox));
  }
}

// The title screen's game: Cape Clash or Derring-Dice (its setup, welcome text, rules and saved game).
function chooseGame(game) {
  app.setupGame = game;
  const radio = document.querySelector(`input[name=game][value=${game}]`);
  if (radio) radio.checked = true;
  $("cc-setup").hidden = game === "dice";
  $("dice-setup").hidden = game !== "dice";
  $("intro").hidden = game === "dice" || Boolean(app.demoTimer);
  $("intro-dice").hidden = game !== "dice";
  if (game === "dice") renderDiceSample();
  $("btn-learn").hidden = !app.lessons || game === "dice";  // the guided game teaches Cape Clash only
  if (document.body.dataset.screen === "title") brand(game);
  renderRules(game);
  showResume(false);
}

function brand(game) {
  $("brand").textContent = game === "dice" ? "Cape Clash · Derring-Dice" : "Cape Clash";
  document.title = game === "dice" ? "Derring-Dice · Cape Clash" : "Cape Clash";
}

const DICE_SIDES = [["bad", "Bad guys (move first)"], ["good", "Good guys"]];

function renderDiceSeats() {
  const box = $("dice-seats");
  box.querySelectorAll(".seat").forEach((s) => s.remove());
  DICE_SIDES.forEach(([side, label], i) => {
    const who = el("select", { id: `dice-${side}-who`, "aria-label": `${label}: who plays` },
      el("option", { value: "human", text: "Human" }),
      ...app.diceCatalogue.ai_levels.map((lv) => el("option", { value: lv, text: `Computer (${lv})` })));
    who.value = side === "good" ? "human" : "normal";
    const name = el("input", { id: `dice-${side}-name`, type: "text", maxlength: "40",
      placeholder: side === "bad" ? "Bad Guy" : "Good Guy", "aria-label": `${label}: name` });
    box.append(el("div", { class: "seat dseat", dataset: { side } },
      el("span", { class: `seat-side side-${side}`, text: label }), name, who));
  });
}

function readSeat(row) {
  const i = row.dataset.seat;
  return { name: $(`seat-${i}-name`).value.trim(), who: $(`seat-${i}-who`).value,
           deck: $(`seat-${i}-deck`).value, text: $(`seat-${i}-text`).value };
}

async function checkDeck(text, i, out) {
  out.textContent = "";
  try {
    const r = await engine.call("validate_deck", { text, source: `seat ${i + 1}'s deck list` });
    const n = Object.values(r.deck.cards).reduce((a, b) => a + b, 0);
    out.append(el("p", { class: "ok", text: `Deck is legal: ${n} cards.` }));
  } catch (err) {
    out.append(el("p", { class: "bad", text: err.message }), el("ul", {}, (err.problems || []).map((p) => el("li", { text: p }))));
  }
}

function setupError(err) {
  const box = $("setup-error");
  box.textContent = "";
  if (!err) { box.hidden = true; return; }
  box.append(el("p", { text: err.message }), el("ul", {}, newProblems(err.message, err.problems || []).map((p) => el("li", { text: p }))));
  box.hidden = false;
}

async function startGame() {
  if (app.setupGame === "dice") return startDiceGame();
  const [mode] = $("mode").value.split(":");
  const seats = [...$("seats").querySelectorAll(".seat")].map(readSeat).map((s, i) => ({
    name: s.name || undefined, ai: s.who === "human" ? null : s.who,
    deck: s.deck === "__paste" ? { text: s.text, source: `seat ${i + 1}'s deck list` } : s.deck,
  }));
  const opts = mode === "2v2" && $("recruit-ally").checked ? { recruit_to_teammate: true } : {};
  for (const s of seats) {  // a pasted deck list is checked before anything else is asked or replaced
    if (!s.deck?.text) continue;
    try { await engine.call("validate_deck", { text: s.deck.text, source: s.deck.source }, "play"); } catch (err) { setupError(err); return; }
  }
  if (!(await confirmReplace("capeclash"))) return;
  await newGame({ mode, seats, options: opts }, "capeclash");
}

// A saved game is replaced only when the player says so.
async function confirmReplace(game) {
  if (!localStorage.getItem(saveKey(game)) || CONVENTION) return true;
  const d = $("dlg-replace");
  d.returnValue = "";
  d.showModal();
  return new Promise((resolve) => d.addEventListener("close", () => resolve(d.returnValue === "yes"), { once: true }));
}

// Start a game with these settings (a new seed each time); also the Rematch button.
async function newGame(setup, game) {
  const seed = SEED !== null ? SEED + (app.rematches || 0) : Math.floor(Math.random() * 2 ** 31);
  stopDemo();
  if (game === "dice") return startDiceWith(setup.seats, seed);
  try {
    app.viewer = null;
    const state = await engine.call("new_game", { ...setup, seed }, "play");
    app.lastSetup = { setup, game };
    app.game = "capeclash";
    setupError(null);
    await enterGame(state, {});
  } catch (err) {
    setupError(err);  // the previous game and its save are untouched
  }
}

async function startDiceGame() {
  const seats = DICE_SIDES.map(([side]) => ({ side, name: $(`dice-${side}-name`).value.trim() || undefined,
    ai: $(`dice-${side}-who`).value === "human" ? null : $(`dice-${side}-who`).value }));
  if (!(await confirmReplace("dice"))) return;
  await newGame({ seats }, "dice");
}

async function startDiceWith(seats, seed) {
  try {
    app.viewer = null;
    const state = await engine.call("new_game", { seats, seed }, "dice");
    app.lastSetup = { setup: { seats }, game: "dice" };
    app.game = "dice";
    setupError(null);
    await enterGame(state, {});
  } catch (err) {
    setupError(err);
  }
}

function showResume(on) {
  const saved = localStorage.getItem(saveKey(app.setupGame));
  $("resume-box").hidden = !(on || saved);
  if (saved) {
    let text = "A saved game is waiting.";
    try {
      const s = JSON.parse(saved);
      text = `Saved ${GAME_TITLES[app.setupGame]} game: ${s.seats.map((x) => x.name).join(" vs ")}, ${s.game.actions.length} moves made.`;
    } catch { text = "A saved game is stored in this browser, but it looks damaged."; }
    $("resume-text").textContent = text;
  }
}

// The seat whose view a stored save was showing (null if it does not say, or cannot be read).
function savedViewer(text) {
  try { const v = JSON.parse(text)?.ui?.viewer; return Number.isInteger(v) && v >= 0 ? v : null; } catch { return null; }
}

// Title-screen requests that start or load a game: one at a time (a double click sends one).
async function oneAtATime(fn) {
  if (app.busy) return;
  app.busy = true;
  try { await fn(); } finally { app.busy = false; }
}

async function resumeSaved() {
  const saved = localStorage.getItem(saveKey(app.setupGame));
  if (!saved) { showResume(false); return; }
  try {
    app.viewer = savedViewer(saved);
    const state = await engine.call("load", { save: saved, source: "the game saved in this browser" }, sessionOf(app.setupGame));
    app.game = app.setupGame;
    stopDemo();
    await enterGame(state, { resumed: true });
  } catch (err) {
    showError("Your saved game could not be restored", [...(err.problems?.length ? err.problems : [err.message]),
      "It is still kept in this browser: start a new game to replace it, or discard it."]);
  }
}

const MAX_FILE_BYTES = 8 * 1024 * 1024;  // a long game's save is well under 1 MB

async function openFile(input, how) {
  const f = input.files[0];
  input.value = "";
  if (!f) return;
  if (f.size > MAX_FILE_BYTES) {
    showError(`Could not open ${f.name}: it is ${(f.size / 1048576).toFixed(1)} MB, too big to be a save or a replay`,
      ["A save or replay of a long game is well under 1 MB.", "Nothing was changed."]);
    return;
  }
  let text;
  try { text = await f.text(); } catch (err) {
    showError(`Could not open ${f.name}: the file could not be read (${err.message})`, ["Nothing was changed."]);
    return;
  }
  let game = app.setupGame;  // a file names its game in its "format" (a save of the other game is routed there)
  try { const fmt = String(JSON.parse(text).format || ""); if (fmt.startsWith("derring-dice")) game = "dice"; else if (fmt.startsWith("capeclash")) game = "capeclash"; } catch { /* the engine explains */ }
  if (game === "dice" && !(app.catalogue.games || []).includes("dice")) game = "capeclash";
  try {
    if (how === "replay") {
      const state = await engine.call("replay_open", { save: text, source: f.name }, sessionOf(game));
      app.game = game;
      stopDemo();
      enterReplay(state);
    } else {
      const state = await engine.call("load", { save: text, source: f.name }, sessionOf(game));
      app.game = game;
      stopDemo();
      app.viewer = null;
      await enterGame(state, {});
    }
  } catch (err) {
    showError(`Could not open ${f.name}: ${err.message}`, [...(err.problems || []), "Nothing was changed."]);
  }
}

// ------------------------------------------------------------------ playing

async function enterGame(state, { resumed }) {
  app.mode = "play";
  app.seenSeq = null;
  app.lastOwnSeq = {};
  app.snapshots = {};
  app.game = state.view.game === "dice" ? "dice" : "capeclash";
  localStorage.setItem(LAST_KEY, app.game);
  brand(app.game);
  renderRules(app.game);
  $("replay-controls").hidden = true;
  const viewer = pickViewer(state);
  const hotseat = humanSeats(state).length > 1;
  if (viewer !== null && viewer !== state.view.viewer) state = await engine.call("state", { viewer });
  app.hotseat = hotseat;
  if (!resumed) await persist(state);  // a new game is saved before its first move
  if (hotseat && resumed && viewer !== null && state.private) {  // whoever holds the device now may not be them
    app.viewer = viewer;
    app.state = state;
    askPass(viewer, state);
    return;
  }
  show(state);
}

// The screen is about to show another seat: what the last one saw (zoom, dialogs, log) goes first.
function leaveScreen() {
  clearTimeout(app.aiTimer);
  for (const id of ["board", "actions", "prompt", "log", "log-new"]) $(id).textContent = "";  // the last player's secrets leave the page
  app.seenSeq = null;  // the next viewer's live region starts fresh (nothing of this player's is read out)
  if (faces?.hideZoom) faces.hideZoom();
  closeDialogs();
}

function askPass(p, state) {
  app.pendingPass = p;
  leaveScreen();
  renderStatus(state);  // whose turn it is now, not the last player's step
  $("pass-name").textContent = state.seats[p].name;
  $("pass-text").textContent = `Next to play: ${state.seats[p].name}. Hand the device over; everyone else looks away.`;
  screen("pass");
  $("btn-pass").focus();
}

$("btn-pass").addEventListener("click", async () => {
  const p = app.pendingPass;
  if (p === null || app.busy) return;  // a second click while the board is fetched does nothing
  app.pendingPass = null;
  app.busy = true;
  try {
    const state = await engine.call("state", { viewer: p });
    app.viewer = p;
    show(state);
  } catch (err) { engineError("Could not show the board", err, "show"); } finally { app.busy = false; }
});

// A new state from the engine: maybe hand over the device, then draw it and let the AI move.
// Hot-seat hands the device over (the pass screen) only when a screen holds secrets, as the engine
// says ("private": a hand, face-down resources, a private log line): the screen of the seat leaving
// or of the seat coming. Screens without any (choosing the first player, placing the main
// characters: nobody has drawn yet) follow each other at once.
async function afterMove(state) {
  persist(state);
  const next = pickViewer(state);
  if (app.hotseat && next !== null && next !== app.viewer && state.to_act.includes(next) && !state.over) {
    const leaving = !!(app.state?.private || state.private);
    const coming = await engine.call("state", { viewer: next });
    app.state = state;
    if (leaving || coming.private) { askPass(next, coming); return; }
    leaveScreen();
    show(coming);
    return;
  }
  if (next !== null && next !== state.view.viewer) state = await engine.call("state", { viewer: next });
  show(state);
}

async function persist(state) {
  const key = saveKey(app.game);
  if (state.over) { localStorage.removeItem(key); return; }  // a finished game is not resumed
  try {
    const save = await engine.call("save");
    save.ui = { viewer: app.viewer };
    localStorage.setItem(key, JSON.stringify(save));
  } catch (err) { engineError("The game could not be saved in this browser", err); }
}

function show(state) {
  const prev = app.state;
  app.state = state;
  app.viewer = state.view.viewer;
  if (!prev || prev.hash !== state.hash) clearError("move");
  clearError("show");
  screen("game");
  const before = anim.capture($("board"));  // where the cards were: a KO'd one flies from there to its pile
  renderBoard($("board"), state, true);
  renderSide(state);
  renderLog(state);
  renderStatus(state);
  animate(prev, state, before);
  document.body.dataset.hash = state.hash;
  document.body.dataset.over = state.over ? "1" : "";
  if (state.over && app.mode === "play") gameOver(state);
  else scheduleAI(state);
}

function scheduleAI(state) {
  clearTimeout(app.aiTimer);
  const thinking = app.mode === "play" && state.ai_to_act && !state.over;
  setThinking(thinking ? state.to_act.map((p) => state.seats[p].name).join(" and ") : null);
  if (!thinking) return;
  const epoch = app.epoch;
  app.aiTimer = setTimeout(async () => {
    try {
      const next = await engine.call("ai_move", { viewer: app.viewer, steps: AI_DELAY === 0 ? 25 : 1 });
      if (epoch !== app.epoch) return;  // the player left this game meanwhile
      await afterMove(next);
    } catch (err) { setThinking(null); engineError("The computer player failed", err); }
  }, AI_DELAY);
}

// "Thinking" while the computer searches (the worker is busy: the sign is drawn before the request goes)
function setThinking(who) {
  const t = $("thinking");
  t.hidden = !who;
  if (who) $("thinking-text").textContent = `${who} is thinking…`;
  document.body.dataset.thinking = who ? "1" : "";
}

// a: an offered action (or its text); "via" (an attack offered ahead in the build phase) goes back with it
async function act(a) {
  if (app.mode === "tutorial") return tutorAct(a);
  if (app.busy || app.mode !== "play") return;
  const text = typeof a === "string" ? a : a.text;
  const via = typeof a === "string" ? undefined : a.via;
  app.busy = true;
  app.pick = null;
  closeDialogs();
  try {
    const first = typeof a === "string" ? undefined : a.first;  // an attack dragged onto its target: one move
    const remember = typeof a !== "string" && ["yes", "no"].includes(a.type) && !!$("remember-answer")?.checked;
    const state = await engine.call("apply", { action: text, viewer: app.viewer, ...(via ? { via } : {}), ...(first ? { first } : {}),
      ...(remember ? { remember } : {}) });
    markOwn(state);
    await afterMove(state);
  } catch (err) {
    engineError("That move was refused", err, "move");
  } finally { app.busy = false; }
}

async function endTurn() {
  if (app.mode === "tutorial") return tutorEndTurn();
  if (app.busy || app.mode !== "play" || !app.state?.can_end_turn) return;
  app.busy = true;
  app.pick = null;
  closeDialogs();
  setThinking(null);
  try {
    const state = await engine.call("end_turn", { viewer: app.viewer });
    markOwn(state);
    await afterMove(state);
  } catch (err) {
    engineError("Could not end the turn", err, "move");
  } finally { app.busy = false; }
}

async function undo() {
  // one request at a time: a second press before the first is answered would undo a move the player
  // never saw come back (or be refused); a computer move on its way is dropped (the epoch)
  if (app.busy || app.mode !== "play" || !app.state?.can_undo || document.body.dataset.screen !== "game") return;
  clearTimeout(app.aiTimer);
  app.epoch++;
  app.busy = true;
  try {
    const state = await engine.call("undo", { viewer: app.viewer });
    await afterMove(state);
  } catch (err) { engineError("Could not undo", err); } finally { app.busy = false; }
}

function gameOver(state) {
  setThinking(null);
  $("over-text").textContent = state.result_text;
  const box = $("over-summary");
  box.textContent = "";
  const v = state.view;
  const r = v.result || {};
  const why = r.reason ? String(r.reason).replace(/_/g, " ") : null;
  if (why && !String(state.result_text).includes(why)) box.append(el("p", { class: "why", text: `Why: ${why}` }));
  if (v.turn) box.append(el("p", { text: `Turns played: ${v.turn}` }));
  if (v.game !== "dice" && v.players) {
    box.append(el("table", { class: "summary" },
      el("thead", {}, el("tr", {}, el("th", { text: "Player" }), el("th", { text: "Own cards KO'd" }), el("th", { text: "Level" }), el("th", { text: "XP" }))),
      el("tbody", {}, v.players.map((p) => el("tr", {}, el("td", { text: p.name }), el("td", { text: p.ko.length }),
        el("td", { text: p.level }), el("td", { text: p.xp }))))));
  }
  if (v.game === "dice" && v.players) {  // Derring-Dice: each side's team at the end, as the view has it
    box.append(el("table", { class: "summary" },
      el("thead", {}, el("tr", {}, el("th", { text: "Player" }), el("th", { text: "Turns" }),
        el("th", { text: "In play", title: "Characters left in play at the end" }), el("th", { text: "Delayed" }))),
      el("tbody", {}, v.players.map((p) => el("tr", {},
        el("td", {}, el("span", { text: p.name }), el("small", { class: "side-name", text: p.side === "bad" ? "Bad guys" : "Good guys" })),
        el("td", { text: p.turns }), el("td", { text: (p.characters || []).length }),
        el("td", { text: (p.characters || []).filter((c) => c.delayed).length }))))));
  }
  $("over-rematch").hidden = !app.lastSetup;
  const d = $("dlg-over");
  if (!d.open) d.showModal();
}

// ------------------------------------------------------------------ drawing the board

function renderStatus(state) {
  const v = state.view;
  const parts = [];
  if (v.turn) parts.push(`Turn ${v.turn}`);
  parts.push(state.phase_name);
  if (state.over) parts.push(state.result_text);
  else if (state.to_act.length) parts.push(`${state.to_act.map((p) => state.seats[p].name).join(" or ")} to act`);
  $("status").textContent = parts.join(" · ");
  $("btn-undo").hidden = app.mode !== "play" || !state.can_undo || state.over;
  $("btn-export").hidden = false;
}

function actionsByCard(state) {
  const by = new Map();
  for (const a of state.actions) {
    for (const iid of [a.card, a.also]) {
      if (iid === null || iid === undefined) continue;
      if (!by.has(iid)) by.set(iid, []);
      by.get(iid).push(a);
    }
  }
  return by;
}

function renderBoard(root, state, interactive) {
  const v = state.view;
  root.classList.remove("dice-board");
  root.classList.toggle("crowded", (v.players || []).length > 2);   // 3-4 players: the table is taller than a screen
  if (v.game === "dice") {
    const by = interactive ? actionsByCard(state) : new Map();
    const ctx = { by, sessionName: "dice" };
    renderDiceBoard(root, state, { el, by, catalogue: app.diceCatalogue,
      openCard: (c, stateText) => {
        const acts = (by.get(c.iid) || []).filter((a) => a.card === c.iid);
        if (interactive && acts.length === 1 && (by.get(c.iid) || []).length === 1) return act(acts[0]);
        return openCard({ ...c, stateText }, ctx);
      },
      openList: (title, cards) => openList(title, cards, ctx) });
    if (interactive && root.id === "board") root.append(dock(state));  // (a phone: the question and "done" in reach)
    fanHands(root);
    return boardLastMoves(root, state, interactive);
  }
  const by = interactive ? actionsByCard(state) : new Map();
  if (faces?.hideZoom && root.id === "board") faces.hideZoom();  // a zoom of a card about to be redrawn
  for (const k of [...root.classList]) if (k.startsWith("fx-")) root.classList.remove(k);  // effects play once
  const me = v.viewer !== null ? v.players[v.viewer] : null;
  const myTeam = me ? me.team : v.players[0].team;
  const mySide = me ? me.side : null;
  const combat = v.combat;
  const ctx = { v, by, interactive, state, combat };
  root.textContent = "";
  const top = el("div", { class: "sides top" });
  const bottom = el("div", { class: "sides bottom" });
  for (const s of v.sides) {
    const friendly = v.players[s.players[0]].team === myTeam && (me !== null || s === v.sides[0]);
    const panel = renderSide_(s, ctx, { friendly, mine: s.side === mySide });
    (friendly ? bottom : top).append(panel);
  }
  const targets = interactive && state.actions.some((a) => a.type === "target");
  const mid = el("div", { class: "midline" }, el("span", { text: combatText(v) }),
    targets ? el("span", { class: "hint-line", text: "Click the target (outlined in red); click another of your characters to join the attack" }) : null,
    combatPreview(v));
  root.append(top, mid, bottom);
  if (interactive && root.id === "board") root.append(dock(state));
  if (me && me.hand) {
    const picked = app.pick !== null && app.pick !== undefined && me.hand.some((c) => c.iid === app.pick);
    root.append(el("section", { class: "hand", "aria-label": "Your hand" },
      el("h3", { text: picked ? "Now click the row to put it in (or the card again to put it back)" : `Your hand (${me.hand.length})` }),
      el("div", { class: "cards" }, me.hand.map((c) => cardTile(c, ctx, "hand")))));
    fanHands(root);
  }
  // what the other side did since this viewer's last move stays marked until they act
  if (interactive && app.mode === "play" && root.id === "board") anim.markTheirs(root, state, app.lastOwnSeq?.[v.viewer]);
  boardLastMoves(root, state, interactive);
  fitBoard(root);
}

// A two-player table on a wide screen fits the screen: when the board (hint box, both sides, the hand) is
// taller than its room, the faces get smaller in steps (CSS data-fit caps) until it fits or reaches the
// smallest step. Phones scroll instead, and 3-4 player tables keep the hand at their foot (.crowded).
function fitBoard(root = $("board")) {
  if (!root || root.id !== "board") return;
  delete root.dataset.fit;
  if (root.classList.contains("crowded") || root.classList.contains("dice-board") || PHONE.matches || !root.querySelector(".sides")) return;
  for (let level = 1; level <= 3 && root.scrollHeight > root.clientHeight + 1; level++) root.dataset.fit = String(level);
  if (root.dataset.fit) fanHands(root);   // the hand's faces changed width
}

// On a phone the side panel (with "Since your last move") lies below the board and the hand: the same
// lines open the board, so what the others did is seen without scrolling (CSS shows it on phones only;
// the panel's copy is the one for screen readers).
function boardLastMoves(root, state, interactive) {
  if (!interactive || root.id !== "board") return;
  const last = lastMoves(state);
  if (!last.length) return;
  root.prepend(el("div", { class: "lastmove board-last", "aria-hidden": "true" },
    el("h3", { text: "Since your last move" }), el("ul", {}, last.map((t) => el("li", { text: t })))));
}

// A wide screen shows the hand in one line: the cards overlap only as much as the width needs (a hand
// of eight on a laptop shows every name whole; a bigger one fans out), each card at least 55 % in sight
// (its middle, where a click lands); past that the row scrolls.
// Phones wrap the hand instead. (Derring-Dice's two hands fan out each in its own row.)
function fanHands(root) {
  for (const row of root.querySelectorAll(".hand .cards")) fanHand(row);
}

function fanHand(row) {
  const cards = [...row.children];
  for (const c of cards) c.style.marginLeft = "";
  row.classList.remove("fanned");
  if (cards.length < 2 || matchMedia("(max-width: 760px)").matches) return;
  const cs = getComputedStyle(row);
  const gap = parseFloat(cs.columnGap) || 0;
  const room = row.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const w = cards[0].offsetWidth;  // its layout width (an animation may be scaling it now)
  if (cards.length * w + (cards.length - 1) * gap <= room) return;
  const step = Math.max(w * 0.55, (room - w) / (cards.length - 1));  // each card's middle stays in sight
  for (const c of cards.slice(1)) c.style.marginLeft = `${(step - w - gap).toFixed(2)}px`;
  row.classList.add("fanned");
}
window.addEventListener("resize", () => { fitBoard(); fanHands($("board")); });

function combatText(v) {
  const c = v.combat;
  if (!c) return v.declaring?.length ? "Declaring an attack…" : "";
  const name = (iid) => findChar(v, iid)?.name || "?";
  const how = [c.ranged ? "ranged" : null, c.flew_over ? "flying over the front row" : null].filter(Boolean).join(", ");
  return `Combat: ${c.attackers.map(name).join(" + ")} attack${c.attackers.length > 1 ? "" : "s"} ${name(c.defender)}${how ? ` (${how})` : ""}`;
}

// On a phone the side panel is below the board: a dock at the bottom of the screen keeps the question,
// End turn and the panel's "done" answer in reach (the same offered actions; the panel has them all).
function dock(state) {
  const d = el("div", { class: "dock", "aria-hidden": "true" });
  if (state.over || !state.view.decision) return d;
  const q = el("span", { class: "dock-q", text: state.actions.length ? state.decision_title : `Waiting for ${state.to_act.map((p) => state.seats[p].name).join(" or ")}…` });
  d.append(el("div", { class: "dock-text" }, q, dockFight(state.view)));
  const done = state.actions.filter((a) => ["pass", "end_step", "no", "keep"].includes(a.type));
  for (const a of done.slice(0, 1)) d.append(el("button", { type: "button", tabindex: "-1", text: a.label, onclick: () => act(a) }));
  if (state.can_end_turn) d.append(el("button", { type: "button", tabindex: "-1", class: "primary", text: "End turn", onclick: endTurn }));
  else if (state.actions.length && !done.length) d.append(el("button", { type: "button", tabindex: "-1", text: "Choices ↓", onclick: () => $("prompt").scrollIntoView({ behavior: "smooth" }) }));
  return d;
}

// The engine's preview of the strikes before a combat resolves, named for the page: ATK against DEF,
// and who is stunned (the board's preview and the phone's dock draw it).
function previewStrikes(v) {
  const p = v.combat?.preview;
  if (!p) return null;
  const name = (iid) => findChar(v, iid)?.name || "?";
  return p.strikes.map((s, i) => ({ cls: s.stuns ? "stuns" : "holds", or: i === 1 && p.choose ? "or " : "",
    by: s.by.map(name).join(" + ") + (s.again ? " again" : ""), at: name(s.at), atk: s.atk, def: s.def,
    verdict: s.stuns ? "stunned" : "holds" }));
}

// In a combat the dock also keeps the preview in sight (the board's copy may be scrolled away while the
// player looks through the hand for a plot twist): one short line a strike.
function dockFight(v) {
  const strikes = previewStrikes(v);
  if (!strikes) return null;
  return el("span", { class: "dock-fight" }, strikes.map((s) => el("span", { class: s.cls },
    `${s.or}${s.by} ${s.atk} vs ${s.at} ${s.def}: `, el("strong", { text: s.verdict }))));
}

function combatPreview(v) {
  const strikes = previewStrikes(v);
  if (!strikes) return null;
  return el("ul", { class: "preview", "aria-label": "If the combat resolved now" },
    strikes.map((s) => el("li", { class: s.cls }, `${s.or}${s.by} ${s.atk} ATK vs ${s.at} ${s.def} DEF: `,
      el("strong", { text: s.verdict }))),
    v.combat.preview.notes.map((n) => el("li", { class: "note", text: n })));
}

function findChar(v, iid) {
  for (const s of v.sides) for (const c of [...s.front, ...s.back]) if (c.iid === iid) return c;
  return null;
}

function renderSide_(s, ctx, { friendly, mine }) {
  const { v } = ctx;
  const players = s.players.map((p) => v.players[p]);
  const head = el("div", { class: "side-head" }, players.map((p) => playerInfo(p, ctx)));
  const row = (name, cards) => {
    const acts = rowActions(ctx, s, name);
    const r = el("div", { class: `row row-${name}${cards.length ? "" : " is-empty"}${acts.length ? " row-target" : ""}`,
      "aria-label": `${players.map((p) => p.name).join(" and ")}: ${name} row`, dataset: { side: s.side, row: name } },
      el("span", { class: "row-label", text: name }),
      el("div", { class: "cards" }, cards.length ? cards.map((c) => cardTile(c, ctx, "char")) : el("span", { class: "empty", text: acts.length ? "tap to place here" : "empty" })));
    r.addEventListener("dragover", (e) => { if (r._drop) e.preventDefault(); });
    r.addEventListener("drop", (e) => { if (r._drop) { e.preventDefault(); const a = r._drop; r._drop = null; act(a); } });
    if (acts.length) {
      // the whole row takes the click, its cards too (they have nothing else to do while a row is asked)
      r.addEventListener("click", (e) => { e.stopPropagation(); e.preventDefault(); act(acts[0]); }, true);
      r.title = acts[0].label;
    }
    return r;
  };
  const machines = s.machines.length ? el("div", { class: "machines" }, s.machines.map((m) => cardTile(m, ctx, "machine"))) : null;
  const res = el("div", { class: "resources" }, players.map((p) => el("div", { class: "res-row", "aria-label": `${p.name}'s resources` },
    el("span", { class: "row-label", text: `${players.length > 1 ? p.name + " " : ""}resources (${p.resources.length})` }),
    p.resources.map((r) => resourceChip(r, ctx)))));
  // the two rows side by side on a wide screen (front toward the middle of the table), stacked on a phone
  const rows = friendly ? [el("div", { class: "rows" }, row("front", s.front), row("back", s.back)), machines, res]
    : [res, machines, el("div", { class: "rows" }, row("back", s.back), row("front", s.front))];
  return el("section", { class: `side${friendly ? " friendly" : " enemy"}${mine ? " mine" : ""}${v.active_side === s.side ? " active" : ""}`,
    "aria-label": `${players.map((p) => p.name).join(" and ")}${v.active_side === s.side ? " (their turn)" : ""}` },
    friendly ? [rows, head] : [head, rows]);
}

function playerInfo(p, ctx) {
  const xp = p.xp_needed ? `XP ${p.xp}/${p.xp_needed}` : `XP ${p.xp}`;
  const ko = el("button", { type: "button", class: "chip link", text: `KO pile ${p.ko.length}`, dataset: { pile: "ko", player: p.index },
    onclick: () => openList(`${p.name}'s KO pile`, p.ko, ctx) });
  const bits = [
    el("strong", { class: "pname", text: p.name + (p.out ? " (out)" : "") },
      // team games: the seat's colour, as on the controller chip of each of this player's cards
      ctx.v?.mode && ctx.v.mode !== "duel" && ctx.v.mode !== "ffa" ? el("span", { class: `seat-dot cc-seat-${p.index % 4}`, "aria-hidden": "true" }) : null),
    el("span", { class: "chip", text: `Hand ${p.hand_count}`, dataset: { pile: "hand", player: p.index } }),
    el("span", { class: "chip", text: `Deck ${p.deck_count}`, dataset: { pile: "deck", player: p.index } }),
    ko,
    el("span", { class: "chip", title: "Level and experience toward the next level", text: `Level ${p.level} · ${xp}` }),
  ];
  if (p.recruit_points) bits.push(el("span", { class: "chip gold", text: `Recruit points ${p.recruit_points}` }));
  if (p.levels && p.levels.length > 1) {
    const next = p.levels[Math.min(p.level, p.levels.length - 1)];
    if (next && p.level < p.levels.length) bits.push(el("button", { type: "button", class: "chip link", text: `Next: ${next.name}`,
      onclick: () => openCard({ cid: next.cid, name: next.name }, ctx) }));
  }
  if (p.removed?.length) bits.push(el("button", { type: "button", class: "chip link", text: `Removed ${p.removed.length}`,
    onclick: () => openList(`${p.name}'s removed cards`, p.removed, ctx) }));
  for (const [name, pile] of Object.entries(p.piles || {})) {
    bits.push(pile.cards ? el("button", { type: "button", class: "chip link", text: `${name} ${pile.count}`, onclick: () => openList(`${p.name}: ${name}`, pile.cards, ctx) })
      : el("span", { class: "chip", text: `${name} ${pile.count} (hidden)` }));
  }
  return el("div", { class: "pinfo" }, bits);
}

// The offered actions that put something in this row: a picked hand card's recruit (or a move),
// choose_row and place_main. The engine names the row (and side) of each action; no rules here.
function rowActions(ctx, s, name, pick = app.pick) {
  if (!ctx.interactive) return [];
  const st = ctx.state;
  const mine = st.view.viewer !== null && s.players.includes(st.view.viewer);
  const out = [];
  for (const a of st.actions) {
    if (a.row !== name) continue;
    if (a.type === "choose_row" && a.side === s.side) out.push(a);
    else if (a.type === "place_main" && mine) out.push(a);
    else if (pick && a.card === pick && ["recruit", "move"].includes(a.type) && mine) out.push(a);
    else if (pick && a.card === pick && a.type === "recruit_ally" && s.players.includes(a.ally)) out.push(a);
  }
  return out;
}

// A click on a card: its one offered action at once; a hand card with a row to choose is picked up
// (then a row is clicked); several different actions open the card with its actions; none shows the card.
function cardClick(c, ctx, e) {
  const acts = (ctx.by.get(c.iid) || []).filter((a) => a.card === c.iid || a.also === c.iid);
  if (app.pick === c.iid) { app.pick = null; return redraw(); }
  if (!acts.length) return openCard(c, ctx);
  if (app.mode === "tutorial" && app.tut) {  // the lesson's move for this card, if it is one (a row is still clicked)
    const exp = acts.filter((a) => app.tut.isExpected(a.text));
    if (exp.length === 1 && !["recruit", "recruit_ally", "move"].includes(exp[0].type)) return act(exp[0]);
  }
  const placing = acts.filter((a) => ["recruit", "recruit_ally", "move"].includes(a.type) && a.card === c.iid);
  // a recruit in one click: the engine's default row (drag the card onto the other row to choose it);
  // lessons keep card then row, as they teach the rows
  const dflt = placing.filter((a) => a.default && a.type === "recruit");
  if (app.mode !== "tutorial" && dflt.length === 1 && placing.length === acts.length) return act(dflt[0]);
  if (placing.length > 1 && placing.length === acts.length) {
    app.pick = c.iid;
    return redraw();
  }
  // an attack with one possible target: attacker and target in one click (both offered actions,
  // checked together by the engine: `first`). To gather a team attack first, Shift+click the attacker
  // (or take "Attack with ..." in the side panel): then click the others, then the target.
  const solo = (a) => (app.mode === "play" && a.type === "attack" && a.card === c.iid && a.targets?.length === 1 && !e?.shiftKey
    ? { text: a.targets[0].text, via: a.via, first: a.text } : a);
  if (acts.length === 1) return act(solo(acts[0]));
  // a card with several actions: the one that answers the question on the table, or an attack, is
  // the click; the others stay in the card's window (right-click or long-press) and the side panel
  for (const t of PRIMARY) {
    const hits = acts.filter((a) => a.type === t && a.card === c.iid);
    if (hits.length === 1) return act(solo(hits[0]));
    if (hits.length) break;
  }
  return openCard(c, ctx);
}

const PRIMARY = ["target", "strike_back", "choose", "pay", "add_attacker", "attack"];

function redraw() {
  if (app.state) {
    renderBoard($("board"), app.state, app.mode === "play" || app.mode === "tutorial");
    renderSide(app.state);
    if (app.mode === "tutorial") tutorMarks(app.state);
  }
}

function cardTile(c, ctx, kind) {
  const acts = ctx.by.get(c.iid) || [];
  const classes = ["card", `k-${kind}`, `t-${c.type || "character"}`];
  if (kind === "char") {
    if (c.stunned) classes.push("stunned");
    if (c.exhausted) classes.push("exhausted");
    if (c.frozen) classes.push("frozen");
    if (c.in_combat) classes.push("in-combat");
    if (c.main) classes.push("main");
  }
  if (acts.length) classes.push("actionable");
  if (app.pick === c.iid) classes.push("picked");
  const snap = ctx.interactive && kind === "char" ? app.snapshots?.[ctx.v.viewer] : null;
  if (snap && (!snap.has(c.iid) || snap.get(c.iid) !== charKey(c))) classes.push("changed");
  const target = acts.find((a) => ["target", "choose", "strike_back"].includes(a.type));
  if (target) classes.push("is-target");
  const controller = ctx.v?.players && c.owner !== undefined && ctx.v.mode !== "duel" && ctx.v.mode !== "ffa" ? ctx.v.players[c.controller ?? c.owner] : null;
  const b = el("button", { type: "button", class: classes.join(" "), dataset: { iid: c.iid, cid: c.cid },
    onclick: (e) => cardClick(c, ctx, e),
    oncontextmenu: (e) => { e.preventDefault(); openCard(c, ctx); } });
  if (acts.length === 1) b.title = acts[0].label;
  const oneTarget = app.mode === "play" && acts.find((a) => a.type === "attack" && a.card === c.iid && a.targets?.length === 1 && !a.solo);
  if (oneTarget) b.title = `${oneTarget.label}: one click attacks ${findChar(ctx.v, oneTarget.targets[0].card)?.name || "its only target"}; Shift+click to gather a team attack first`;
  // drag a card that goes into a row (recruit, move) onto the row: the same offered action as card + row
  if (ctx.interactive && acts.some((a) => ["recruit", "recruit_ally", "move"].includes(a.type) && a.card === c.iid)) {
    b.draggable = true;
    b.addEventListener("dragstart", (e) => {
      e.dataTransfer.setData("text/plain", String(c.iid));
      e.dataTransfer.effectAllowed = "move";
      for (const r of document.querySelectorAll("#board .row[data-row]")) {
        const side = ctx.v.sides.find((x) => String(x.side) === r.dataset.side);
        const hits = side ? rowActions(ctx, side, r.dataset.row, c.iid) : [];
        r._drop = hits[0] || null;
        r.classList.toggle("row-drop", !!hits.length);
      }
    });
    b.addEventListener("dragend", () => {
      for (const r of document.querySelectorAll("#board .row-drop")) { r.classList.remove("row-drop"); r._drop = null; }
    });
  }
  // drag an attacker onto its target: the attack and the target (both offered by the engine) as one move
  const attack = ctx.interactive && acts.find((a) => a.type === "attack" && a.card === c.iid && a.targets?.length);
  if (attack) {
    b.draggable = true;
    b.addEventListener("dragstart", (e) => {
      e.dataTransfer.setData("text/plain", String(c.iid));
      app.dragAttack = attack;
      for (const t of attack.targets) document.querySelectorAll(`#board .card[data-iid="${t.card}"]`).forEach((n) => n.classList.add("drop-target"));
    });
    b.addEventListener("dragend", () => {
      app.dragAttack = null;
      document.querySelectorAll("#board .drop-target").forEach((n) => n.classList.remove("drop-target"));
    });
  }
  if (ctx.interactive && kind === "char") {
    const targetOf = () => app.dragAttack?.targets.find((t) => t.card === c.iid);
    b.addEventListener("dragover", (e) => { if (targetOf()) e.preventDefault(); });
    b.addEventListener("drop", (e) => {
      const t = targetOf();
      if (!t) return;
      e.preventDefault();
      const att = app.dragAttack;
      app.dragAttack = null;
      act({ text: t.text, via: att.via, first: att.text });
    });
  }
  if (faces) {
    try {
      let live = kind === "char" ? c : null;
      if (live && c.main && ctx.v?.players?.[c.owner]) live = { ...c, xp: ctx.v.players[c.owner].xp, xp_needed: ctx.v.players[c.owner].xp_needed };
      const face = faces.cardFace(c.cid, live, { size: kind === "hand" ? "hand" : "board", controller: controller?.name, seat: controller?.index });
      b.classList.add("has-face");
      b.append(face);
      if (faces.attachZoom) faces.attachZoom(b, c.cid, live);
      b.setAttribute("aria-label", `${c.name}${kind === "char" ? `, ${c.atk} ATK ${c.def} DEF, ${c.wounds} of ${c.health} wounds` : ""}${acts.length ? `, ${acts.map((a) => a.label).join("; ")}` : ""}`);
      return b;
    } catch (err) { console.warn("face", c.cid, err); b.classList.remove("has-face"); b.textContent = ""; }
  }
  b.append(el("span", { class: "cname", text: c.name }));
  if (controller) b.append(el("span", { class: "owner", text: controller.name }));
  if (kind === "char") {
    b.append(el("span", { class: "stats" }, el("span", { class: "atk", text: c.atk, title: "ATK" }), "/", el("span", { class: "def", text: c.def, title: "DEF" })));
    const meta = [];
    if (c.main) meta.push(el("span", { class: "tag", text: c.level ? `Main L${c.level}` : "Main" }));
    meta.push(el("span", { class: "tag hp", text: `♥ ${Math.max(0, c.health - c.wounds)}/${c.health}`, title: `${c.wounds} wound(s), health ${c.health}` }));
    if (c.plus) meta.push(el("span", { class: "tag plus", text: `+${c.plus}` , title: `${c.plus} +1/+1 counter(s)` }));
    if (c.minus) meta.push(el("span", { class: "tag minus", text: `−${c.minus}`, title: `${c.minus} -1/-1 counter(s)` }));
    b.append(el("span", { class: "meta" }, meta));
    const states = [c.stunned && "Stunned", c.exhausted && "Exhausted", c.frozen && "Frozen", c.in_combat && "In combat"].filter(Boolean);
    if (states.length) b.append(el("span", { class: "states", text: states.join(" · ") }));
    if (c.equipment) b.append(el("span", { class: "equip", text: `⚙ ${c.equipment.name}` }));
    b.setAttribute("aria-label", `${c.name}, ${c.atk} ATK ${c.def} DEF, ${c.wounds} of ${c.health} wounds${states.length ? ", " + states.join(", ") : ""}${acts.length ? `, ${acts.length} action(s)` : ""}`);
  } else {
    const t = (c.type || "").replace("_", " ");
    const st = app.catalogue?.stats?.[c.cid];
    if (st && kind === "hand") b.append(el("span", { class: "stats small" }, el("span", { class: "atk", text: st.atk }), "/", el("span", { class: "def", text: st.def })));
    b.append(el("span", { class: "meta" }, el("span", { class: "tag", text: t }), c.cost !== undefined ? el("span", { class: "tag cost", text: `cost ${c.cost}` }) : null));
    b.setAttribute("aria-label", `${c.name}, ${t}${c.cost !== undefined ? `, cost ${c.cost}` : ""}${acts.length ? `, ${acts.length} action(s)` : ""}`);
  }
  return b;
}

function resourceChip(r, ctx) {
  if (r.hidden) return el("span", { class: "res down", text: "face down", "aria-label": "a face-down resource" });
  const acts = ctx.by.get(r.iid) || [];
  const chip = el("button", { type: "button", class: `res ${r.face_up ? "up" : "down mine"}${acts.length ? " actionable" : ""}`,
    dataset: { iid: r.iid }, text: r.face_up ? r.name : `${r.name} (face down)`, title: acts.length === 1 ? acts[0].label : null,
    onclick: () => cardClick(r, ctx), oncontextmenu: (e) => { e.preventDefault(); openCard(r, ctx); } });
  // the printed face at once on hover, focus or long-press, as for the cards in the rows (what a location
  // makes, or which card of yours lies face down)
  if (faces?.attachZoom && faces.hasFace(r.cid)) faces.attachZoom(chip, r.cid, null);
  return chip;
}

// ------------------------------------------------------------------ sidebar: decision and actions

function renderSide(state) {
  const prompt = $("prompt");
  prompt.textContent = "";
  const d = state.view.decision;
  const box = $("actions");
  box.textContent = "";
  if (app.mode === "replay" || (app.mode === "tutorial" && !state.actions.length && !state.over && state.tutorial?.done)) {
    prompt.append(el("h2", { text: app.mode === "replay" ? "Replay" : "Lesson complete" }));
    return;
  }
  if (state.over) {
    prompt.append(el("h2", { text: "Game over" }), el("p", { text: state.result_text }));
    box.append(el("button", { type: "button", class: "primary", text: "New game", onclick: toTitle }));
    return;
  }
  const last = lastMoves(state);
  if (last.length) {
    prompt.append(el("div", { class: "lastmove", "aria-label": "What the others did since your last move" },
      el("h3", { text: "Since your last move" }), el("ul", {}, last.map((t) => el("li", { text: t })))));
  }
  if (state.can_end_turn) {
    prompt.append(el("button", { type: "button", id: "btn-endturn", class: "primary endturn", onclick: endTurn,
      title: "Skip what is left of your build phase and end the turn" }, el("kbd", { text: "E" }), "End turn"));
  }
  if (d) {
    prompt.append(el("h2", { text: state.decision_title }));
    if (d.prompt && d.prompt !== state.decision_title) prompt.append(el("p", { class: "dprompt", text: d.prompt }));
    if (!state.actions.length) {
      const who = state.to_act.map((p) => state.seats[p].name).join(" or ");
      prompt.append(el("p", { class: "waiting", text: `Waiting for ${who}…` }));
    }
    // two-headed teammates: either may answer; hand the device to the other one on request
    const others = state.to_act.filter((p) => p !== app.viewer && !state.seats[p].ai);
    for (const p of others) {
      prompt.append(el("button", { type: "button", class: "small", text: `Let ${state.seats[p].name} decide (pass the device)`,
        onclick: () => (app.hotseat ? askPass(p, state) : switchViewer(p)) }));
    }
  }
  const groups = new Map();
  for (const a of state.actions) {
    if (!groups.has(a.group)) groups.set(a.group, []);
    groups.get(a.group).push(a);
  }
  let n = 0;
  for (const [g, acts] of groups) {
    const list = el("div", { class: "agroup", role: "group", "aria-label": g }, el("h3", { text: g }));
    for (const a of acts) {
      n++;
      const primary = ["end_step", "pass", "end_turn", "keep", "yes"].includes(a.type);
      list.append(el("button", { type: "button", class: `act${primary ? " primary" : ""}`, dataset: { action: a.text, n },
        onclick: () => act(a),
        onmouseenter: () => highlight(a, true), onmouseleave: () => highlight(a, false),
        onfocus: () => highlight(a, true), onblur: () => highlight(a, false) },
        n <= 9 ? el("kbd", { text: n }) : null, a.label));
    }
    box.append(list);
  }
  // "use this ability?": the answer may be remembered (the engine then gives it, and never asks again
  // this game: in hot-seat no hand-over for it); the viewer's remembered answers can be forgotten
  if (state.remember && app.mode === "play") {
    box.append(el("label", { class: "remember" }, el("input", { type: "checkbox", id: "remember-answer" }),
      ` Remember my answer: give it every time ${state.remember} asks (this game)`));
  }
  if (state.standing?.length) {
    box.append(el("details", { class: "standing" }, el("summary", { text: `Remembered answers (${state.standing.length})` }),
      el("ul", {}, state.standing.map((s) => el("li", {}, `${s.key}: ${s.answer} `,
        el("button", { type: "button", class: "small", text: "Forget", onclick: () => forget(s.key) }))))));
  }
  requestAnimationFrame(markMoreBelow);
}

async function forget(key) {
  if (app.busy || app.mode !== "play") return;
  try { show(await engine.call("forget", { viewer: app.viewer, key })); } catch (err) { engineError("Could not forget that answer", err); }
}

// a long list of offered actions scrolls: while more lies below, its foot fades (a hint to scroll)
function markMoreBelow() {
  const box = $("actions");
  box.classList.toggle("more-below", box.scrollTop + box.clientHeight < box.scrollHeight - 2);
}
$("actions").addEventListener("scroll", markMoreBelow, { passive: true });
window.addEventListener("resize", markMoreBelow);

async function switchViewer(p) {
  app.seenSeq = null;
  try { show(await engine.call("state", { viewer: p })); } catch (err) { engineError("Could not switch seats", err); }
}

function highlight(a, on) {
  for (const iid of [a.card, a.also]) {
    if (iid === null || iid === undefined) continue;
    document.querySelectorAll(`#board [data-iid="${iid}"]`).forEach((n) => n.classList.toggle("hl", on));
  }
}

// What the board looked like right after this viewer's last move: what the others changed since is
// highlighted (until the viewer acts again), with their log lines in "Since your last move".
function charKey(c) {
  return [c.row, c.stunned, c.exhausted, c.frozen, c.wounds, c.plus, c.minus, c.atk, c.def, c.controller].join(":");
}
function markOwn(state) {
  app.lastOwnSeq[app.viewer] = state.log_len;
  const snap = new Map();
  for (const s of state.view.sides || []) for (const c of [...s.front, ...s.back]) snap.set(c.iid, charKey(c));
  app.snapshots = { ...(app.snapshots || {}), [app.viewer]: snap };
}

// The other players' log lines since this viewer last acted (shown until they act again).
function lastMoves(state) {
  if (app.mode !== "play" || state.over || app.viewer === null || app.viewer === undefined) return [];
  const since = app.lastOwnSeq?.[app.viewer];
  if (since === undefined) return [];
  return state.log.filter((e) => e.seq >= since && e.type !== "turn").map((e) => e.text).slice(-6);
}

// Motion: each engine event since the last drawn state animates (anim.mjs); the new state is drawn at
// once, so input is never blocked. Off with the Motion switch or reduced motion.
function animate(prev, state, before = new Map()) {
  if (app.mode !== "play" && app.mode !== "tutorial") return;
  if (state.view.game === "dice") anim.playDice($("board"), prev, state, before, { reduced: reducedMotion() });
  else anim.play($("board"), prev, state, before, { reduced: reducedMotion(), faces });
}

function renderLog(state) {
  // the whole recent log, as this viewer may read it (a new viewer never sees the last one's lines)
  const ol = $("log");
  const fresh = app.seenSeq === null || app.seenSeq === undefined ? [] : state.log.filter((e) => e.seq >= app.seenSeq);
  app.seenSeq = state.log_len ?? (state.log.length ? state.log[state.log.length - 1].seq + 1 : 0);
  // the live region announces only the new lines
  $("log-new").textContent = fresh.map((e) => e.text).slice(-5).join(" ");
  ol.textContent = "";
  for (const e of state.log) {
    ol.append(e.dice ? el("li", { class: `ev-${e.type} has-dice`, dataset: { seq: e.seq } },
      el("span", { class: "log-dice", "aria-hidden": "true" }, e.dice.map((n) => el("span", { class: "die mini", text: n }))), e.text)
      : el("li", { class: `ev-${e.type}`, text: e.text }));
  }
  ol.scrollTop = ol.scrollHeight;
}

// ------------------------------------------------------------------ dialogs

function closeDialogs() {
  for (const d of document.querySelectorAll("dialog[open]")) if (d.id !== "dlg-over") d.close();
}

async function openCard(c, ctx) {
  const dlg = $("dlg-card");
  $("card-name").textContent = c.name;
  $("card-header").textContent = "";
  $("card-lines").textContent = "";
  $("card-keywords").textContent = "";
  $("card-flavor").textContent = "";
  $("card-state").textContent = "";
  showCardFace(c);
  const actsBox = $("card-actions");
  actsBox.textContent = "";
  const acts = ctx.by?.get(c.iid) || [];
  for (const a of acts) actsBox.append(el("button", { type: "button", class: "act primary", dataset: { action: a.text }, text: a.label, onclick: () => act(a) }));
  const table = $("explain");
  table.hidden = true;
  const ex = $("btn-explain");
  const inPlay = c.atk !== undefined && c.iid !== undefined && c.def !== undefined;
  for (const line of [c.stateText || []].flat()) $("card-state").append(el("p", { text: line }));
  ex.hidden = !inPlay;
  ex.onclick = async () => {
    try {
      const r = await engine.call("explain", { iid: c.iid }, ctx.sessionName || "play");
      const tb = table.querySelector("tbody");
      tb.textContent = "";
      for (const row of r.rows) tb.append(el("tr", {}, el("td", { text: row.step }), el("td", { text: row.atk }), el("td", { text: row.def })));
      table.hidden = false;
    } catch (err) { engineError("No breakdown", err); }
  };
  if (inPlay) {
    const bits = [`Now ${c.atk} ATK / ${c.def} DEF (printed ${c.printed_atk}/${c.printed_def})`, `${c.wounds} wound(s) of ${c.health} health`];
    if (c.plus) bits.push(`${c.plus} +1/+1 counter(s)`);
    if (c.minus) bits.push(`${c.minus} -1/-1 counter(s)`);
    for (const [k, label] of [["stunned", "stunned"], ["exhausted", "exhausted"], ["frozen", "frozen"], ["in_combat", "in combat"]]) if (c[k]) bits.push(label);
    if (c.keywords?.length) bits.push(`keywords now: ${c.keywords.join(", ")}`);
    if (c.equipment) bits.push(`equipped with ${c.equipment.name}`);
    $("card-state").append(el("p", { text: bits.join(" · ") }));
    showGranted(c);
  }
  if (!dlg.open) dlg.showModal();
  try {
    const info = await engine.call("card", { cid: c.cid }, ctx.sessionName);
    $("card-header").textContent = info.header;
    for (const line of info.lines) $("card-lines").append(el("p", {}, richText(line)));
    if (info.level_up) $("card-lines").append(el("p", { class: "lvl", text: `Next level: ${info.level_up.into}, at ${info.level_up.xp} XP.` }));
    for (const k of info.keywords) $("card-keywords").append(el("dt", { text: k.name }), el("dd", {}, richText(k.text)));
    if (info.flavor) $("card-flavor").textContent = info.flavor;
  } catch (err) { engineError("Could not read the card", err); }
  (actsBox.querySelector("button") || dlg.querySelector(".dlg-close button")).focus();
}

// The card window's lines for what a character gained for a while (keywords, triggered abilities: issue 18),
// drawn with the rules markup like the card's own text.
function showGranted(c) {
  const lines = faces?.grantedLines ? faces.grantedLines(c) : c.stunned ? [] : [   // (without the faces module)
    ...(c.gained || []).map((g) => `Gained ${g.until || `from ${g.from}`}: [[${g.keyword.replace(/_/g, " ")}]]`),
    ...(c.abilities || []).map((a) => `Gained ${a.until || `from ${a.from}`}: "${a.text}"`)];
  for (const line of lines) $("card-state").append(el("p", { class: "granted" }, richText(line)));
}

// The card window's face: the same face as on the board (faces.mjs), large, with the live state drawn on
// it (a Cape Clash card in play: c itself; a Derring-Dice character: c.live), upright (a stunned card's
// identity is in the view of whoever may open it). Without the site's faces: the text alone.
function showCardFace(c) {
  const box = $("card-face");
  box.textContent = "";
  const fid = c.face ?? c.cid;
  if (!faces?.hasFace?.(fid)) { box.hidden = true; return; }
  let live = c.live ?? (c.atk !== undefined && c.iid !== undefined ? c : null);
  if (live) live = { ...live, stunned: false, exhausted: false };
  try {
    box.append(faces.cardFace(fid, live, { size: "zoom" }));
    box.hidden = false;
  } catch (err) {
    console.warn("face", fid, err);
    box.hidden = true;
  }
}

function openList(title, cards, ctx) {
  $("list-h").textContent = title;
  const body = $("list-body");
  body.textContent = "";
  if (!cards.length) body.append(el("p", { text: "Empty." }));
  body.append(el("div", { class: "cards wrap" }, cards.map((c) => {
    const b = el("button", { type: "button", class: "card k-list", text: c.name, "aria-label": c.name,
      onclick: () => { $("dlg-list").close(); openCard(c, ctx); } });
    const fid = c.face ?? c.cid;   // the printed face (a Derring-Dice card: c.face), when the site has it
    if (faces?.hasFace?.(fid)) {
      b.textContent = "";
      b.classList.add("has-face");
      b.append(faces.cardFace(fid, null, { size: "pile" }), el("span", { class: "list-name", text: c.name }));
    }
    return b;
  })));
  $("dlg-list").showModal();
}

function renderRules(game = "capeclash") {
  const body = $("rules-body");
  body.textContent = "";
  $("rules-h").textContent = game === "dice" ? "How to play Derring-Dice" : "How to play";
  if (game === "dice") return renderDiceRules(body, app.diceCatalogue.rulebook);
  const book = app.catalogue.rulebook;
  if (book && book.sections?.length) {
    if (book.subtitle) body.append(el("p", { class: "subtitle", text: book.subtitle }));
    const toc = el("nav", { class: "toc", "aria-label": "Contents" });
    body.append(toc);
    book.sections.forEach((s, i) => {
      if (s.generated === "setlist") return;
      const id = `rules-${i}`;
      if (s.title) toc.append(el("a", { href: `#${id}`, text: s.title }));
      renderRuleSection(body, s, 3, id);
    });
  } else {
    for (const [h, paras] of HOWTO) body.append(el("h3", { text: h }), paras.map((p) => el("p", {}, richText(p))));
    keywordGlossary(body);
  }
}

// Derring-Dice's rulebook source (card_data/dice/rulebook.yaml): sections with text, rules and readings.
function renderDiceRules(body, book) {
  if (!book) { body.append(el("p", { text: "The rulebook is not part of this build." })); return; }
  if (book.subtitle) body.append(el("p", { class: "subtitle", text: book.subtitle }));
  const toc = el("nav", { class: "toc", "aria-label": "Contents" });
  body.append(toc);
  if (book.components) body.append(el("h3", { text: "In the box" }), el("ul", {}, book.components.map((x) => el("li", { text: String(x) }))));
  book.sections.forEach((s, i) => {
    const id = `dice-rules-${i}`;
    toc.append(el("a", { href: `#${id}`, text: s.title }));
    body.append(el("h3", { id, text: s.title }));
    if (typeof s.text === "string") body.append(el("p", { text: s.text.trim() }));
    for (const key of ["rules", "readings"]) {
      if (Array.isArray(s[key])) body.append(el("ul", { class: key }, s[key].map((x) => el("li", { text: String(x) }))));
      else if (typeof s[key] === "string") body.append(el("p", { text: s[key].trim() }));
    }
  });
}

function keywordGlossary(root) {
  root.append(el("dl", { class: "keywords" },
    app.catalogue.keywords.map((k) => [el("dt", { text: k.name }), el("dd", {}, richText(k.text))])));
}

// The rulebook source (card_data/rules): sections with a title, a body (paragraphs, {list}, {steps},
// {example}) and sub-sections; "generated" sections are filled from the card data.
// The card anatomy of "How to play": a real main character's face as the table draws it, and its parts
// in the order of the printed rulebook's figure (printgen/rulebook.py `_anatomy`, the same layout:
// tests/test_web.py checks both name the same parts).
const ANATOMY = [
  "Level (main characters) or cost",
  "Name",
  "Team emblem",
  "Art: the card's game-icons.net icon until it has its own picture",
  "Type line (a main character's level); Flight and Ranged icons at the right",
  "Keywords, then super powers: name, timing and cost",
  "Level-up box: the event that earns XP",
  "ATK",
  "DEF",
  "XP needed to level up",
  "Health",
  "Team, set number and card id",
];
function anatomy() {
  const main = playerDecks().find((d) => d.main_cid);
  let face = null;
  if (faces && main) { try { face = faces.cardFace(main.main_cid, null, { size: "zoom" }); } catch (err) { console.warn(err); } }
  return el("figure", { class: "anatomy" }, face,
    el("figcaption", {}, main ? el("p", { text: `${main.main}, as the table shows it. Its parts:` }) : null,
      el("ol", {}, ANATOMY.map((t) => el("li", { text: t })))));
}

function renderRuleSection(root, s, level, id) {
  if (s.title) root.append(el(`h${Math.min(level, 5)}`, { id, text: s.title }));
  for (const b of s.body || []) {
    if (typeof b === "string") root.append(el("p", {}, richText(b)));
    else if (b.list) root.append(el("ul", {}, b.list.map((x) => el("li", {}, richText(String(x))))));
    else if (b.steps) root.append(el("ol", {}, b.steps.map((x) => el("li", {}, richText(String(x))))));
    else if (b.example) root.append(el("p", { class: "example" }, el("strong", { text: "Example: " }), richText(String(b.example))));
  }
  if (s.generated === "keywords") keywordGlossary(root);
  if (s.generated === "anatomy") root.append(anatomy());
  if (s.generated === "decks") {
    root.append(el("ul", {}, app.catalogue.decks.map((d) => el("li", { text: `${d.name}: led by ${d.main}` }))));
  }
  for (const sub of s.sections || []) renderRuleSection(root, sub, level + 1);
}

const HOWTO = [
  ["Goal", ["Knock out the enemy main character. If every deck runs dry, the main character with the fewest wounds wins."]],
  ["Your turn", ["Draw two cards (the first player skips the first draw). Your characters recover: exhausted ones ready up, stunned ones stand back up with a wound.",
    "Build phase: put one card from your hand into your resources (face down, or a location face up), then recruit supporting characters whose cost is at most your number of resources, then arrange your front and back rows.",
    "Main phase: attack as often as you have ready characters, play plot twists and use super powers. Then end your turn."]],
  ["Attacking", ["A ready character attacks an enemy in the front row; the back row can be attacked once the front row is empty or stunned. Ranged characters attack from the back row and the defender cannot strike back. Flight lets a character fly over the front row, unless a flier stands in it.",
    "Characters with a shared team may attack together: their ATK adds up, and the defender strikes back at one of them.",
    "Before combat resolves, both players may play combat plot twists and powers in turn; when both pass, compare ATK with DEF: an equal or higher ATK stuns. A stunned main character takes a wound; at its health it is knocked out."]],
  ["Paying costs", ["Super powers cost power symbols: turn a face-up location resource face down, or discard a location from your hand, for each symbol."]],
  ["Levelling up", ["Your main character gains experience when it stuns an enemy or survives; with enough, it levels up to its stronger card."]],
];

// ------------------------------------------------------------------ replays

function enterReplay(state) {
  app.mode = "replay";
  app.game = state.view.game === "dice" ? "dice" : "capeclash";
  brand(app.game);
  renderRules(app.game);
  app.hotseat = false;
  clearTimeout(app.aiTimer);
  $("replay-controls").hidden = false;
  const pos = $("rp-pos");
  pos.max = String(state.replay.length);
  showReplay(state);
}

function showReplay(state) {
  app.state = state;
  screen("game");
  renderBoard($("board"), state, false);
  renderSide(state);
  renderLog(state);
  renderStatus(state);
  $("rp-pos").value = String(state.replay.pos);
  $("rp-text").textContent = `Move ${state.replay.pos} of ${state.replay.length}${state.replay.last ? `: ${state.replay.last}` : ""}${state.over ? ` · ${state.result_text}` : ""}`;
  document.body.dataset.hash = state.hash;
}

async function replayTo(n) {
  try { showReplay(await engine.call("replay_step", { to: n })); } catch (err) { engineError("Replay", err); }
}
$("rp-start").addEventListener("click", () => replayTo(0));
$("rp-back").addEventListener("click", () => replayTo(app.state.replay.pos - 1));
$("rp-next").addEventListener("click", () => replayTo(app.state.replay.pos + 1));
$("rp-end").addEventListener("click", () => replayTo(app.state.replay.length));
$("rp-pos").addEventListener("change", (e) => replayTo(Number(e.target.value)));
$("rp-play").addEventListener("click", () => {
  if (app.replayTimer) { clearInterval(app.replayTimer); app.replayTimer = null; $("rp-play").textContent = "Play"; return; }
  $("rp-play").textContent = "Pause";
  app.replayTimer = setInterval(() => {
    if (app.mode !== "replay" || app.state.replay.pos >= app.state.replay.length) { clearInterval(app.replayTimer); app.replayTimer = null; $("rp-play").textContent = "Play"; return; }
    replayTo(app.state.replay.pos + 1);
  }, 600);
});

async function exportReplay() {
  try {
    const save = app.mode === "replay" ? null : await engine.call("save");
    if (!save) return;
    const blob = new Blob([JSON.stringify(save, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `${app.game === "dice" ? "derring-dice" : "capeclash"}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (err) { engineError("Could not export", err); }
}

// ------------------------------------------------------------------ top bar, keys, title

function toTitle() {
  app.epoch++;
  leaveTutorial();
  setThinking(null);
  app.pick = null;
  clearTimeout(app.aiTimer);
  if (app.replayTimer) { clearInterval(app.replayTimer); app.replayTimer = null; }
  closeDialogs();
  if ($("dlg-over").open) $("dlg-over").close();
  app.mode = "play";
  screen("title");
  chooseGame(app.game);
  if (CONVENTION) startDemo();
}

$("btn-menu").addEventListener("click", toTitle);
$("btn-undo").addEventListener("click", undo);
$("btn-export").addEventListener("click", exportReplay);
$("btn-rules").addEventListener("click", () => $("dlg-rules").showModal());
$("over-new").addEventListener("click", () => { $("dlg-over").close(); toTitle(); });
$("over-rematch").addEventListener("click", () => {
  $("dlg-over").close();
  app.rematches = (app.rematches || 0) + 1;
  if (app.lastSetup) newGame(app.lastSetup.setup, app.lastSetup.game);
});
$("over-export").addEventListener("click", exportReplay);
$("over-board").addEventListener("click", () => $("dlg-over").close());
$("over-watch").addEventListener("click", async () => {
  $("dlg-over").close();
  try { enterReplay(await engine.call("replay_open", { save: await engine.call("save"), source: "this game" })); }
  catch (err) { engineError("Could not open the replay", err); }
});

document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
  if (document.querySelector("dialog[open]")) return;
  if (document.body.dataset.screen !== "game") return;
  if (/^[1-9]$/.test(e.key)) {
    const b = document.querySelector(`#actions button[data-n="${e.key}"]`);
    if (b) { e.preventDefault(); b.click(); }
  } else if (e.key === "u" || e.key === "U") undo();
  else if (e.key === "e" || e.key === "E") endTurn();
  else if (e.key === "Escape" && app.pick !== null && app.pick !== undefined) { app.pick = null; redraw(); }
  else if (e.key === "?") $("dlg-rules").showModal();
});

// ------------------------------------------------------------------ convention mode

function startDemo() {
  if (!CONVENTION || app.demoTimer) return;
  $("demo-panel").hidden = false;
  $("intro").hidden = true;
  const decks = app.catalogue.decks;
  const run = async () => {
    try {
      let st = await engine.call("new_game", { mode: "duel", seed: Math.floor(Math.random() * 1e9),
        seats: [0, 1].map((i) => ({ name: `Computer ${i + 1}`, ai: "normal", deck: decks[i % decks.length].id })) }, "demo");
      const step = async () => {
        if (!app.demoTimer) return;
        if (st.over) { app.demoTimer = setTimeout(run, 4000); return; }
        st = await engine.call("ai_move", { viewer: null }, "demo");
        renderBoard($("demo-board"), st, false);
        $("demo-log").textContent = st.log.length ? st.log[st.log.length - 1].text : "";
        app.demoTimer = setTimeout(step, 700);
      };
      app.demoTimer = setTimeout(step, 100);
    } catch (err) { engineError("The demo game stopped", err); }
  };
  app.demoTimer = setTimeout(run, 0);
}

function stopDemo() {
  clearTimeout(app.demoTimer);
  app.demoTimer = null;
}

if (CONVENTION) {
  let idle;
  const reset = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (!["title", "boot"].includes(document.body.dataset.screen)) {  // (nothing to reset while it boots)
        localStorage.removeItem(SAVE_KEY);  // the next visitor starts fresh
        localStorage.removeItem(DICE_SAVE_KEY);
        toTitle();
      }
    }, IDLE_MIN * 60000);
  };
  for (const ev of ["pointerdown", "keydown", "wheel", "touchstart"]) addEventListener(ev, reset, { passive: true });
  reset();
}

enableTouchDrag();  // a finger drags what the mouse drags (a card onto a row, an attacker onto its target)
main();

// ------------------------------------------------------------------ the guided first game

// The lessons (engine/capeclash/tutorial.py) played on the ordinary table: every move goes through the tutorial
// controller (tutorial.mjs), which sends it to the engine's tutorial requests; the engine says what the
// step expects, what to point at, and refuses moves off the script. The page only draws and routes.
const tutBox = $("tutorial-box");  // kept here: a board redraw takes it out of the page for a moment

// The lesson in progress, kept in this browser after each move so that a reload comes back to it.
function readLesson() {
  const raw = localStorage.getItem(TUT_KEY);
  try {
    const t = JSON.parse(raw || "null");
    if (t && Number.isInteger(t.lesson) && t.lesson >= 0 && Array.isArray(t.moves) && t.moves.every((m) => typeof m === "string")) return t;
  } catch { /* a damaged record: the lessons start from the first */ }
  forgetLesson();
  if (raw !== null) {
    showError("The lesson in progress could not be restored", ["Its record in this browser is damaged (it needs a lesson number and a list of moves).",
      "Choose Learn to play to start the lessons again."]);
  }
  return null;
}

function forgetLesson() {
  localStorage.removeItem(TUT_KEY);
  if (localStorage.getItem(LAST_KEY) === "tutorial") localStorage.removeItem(LAST_KEY);
}

function keepLesson() {
  const t = app.tut;
  if (app.mode !== "tutorial" || !t?.state || CONVENTION) return;
  try {
    localStorage.setItem(TUT_KEY, JSON.stringify({ lesson: t.state.tutorial.lesson, moves: t.moves }));
    localStorage.setItem(LAST_KEY, "tutorial");
  } catch { /* storage full or off: the lesson just isn't kept */ }
}

// restoring: the lesson kept in this browser (a record the engine refuses is dropped, and said so)
async function startLearning(lesson = 0, moves = [], { restoring = false } = {}) {
  if (app.busy) return;
  stopDemo();
  app.epoch++;
  app.mode = "tutorial";
  app.game = "capeclash";
  app.pick = null;
  app.seenSeq = null;
  app.lastOwnSeq = {};
  app.snapshots = {};
  app.tutMsg = null;
  brand("capeclash");
  renderRules("capeclash");
  $("replay-controls").hidden = true;
  const hooks = {
    render: (state) => tutorShow(state),
    showHint: (info) => tutorHint(info),
    onDone: () => {},
    onError: (err) => engineError("The lesson could not go on", err, "move"),
  };
  try {
    app.busy = true;
    const tut = await startTutorial({ call: (op, args) => engine.call(op, args, "play") }, hooks, { lesson, moves });
    app.tut = tut;
    keepLesson();
  } catch (err) {
    app.mode = "play";
    app.tut = null;
    if (restoring) {
      forgetLesson();
      engineError("The lesson in progress could not be restored", { message: err.message,
        problems: [...(err.problems || []), "Its record in this browser was dropped: choose Learn to play to start the lessons again."] });
    } else engineError("The guided game could not start", err);
  } finally {
    app.busy = false;
    if (!app.tutPending) document.body.dataset.tutIdle = "1";
  }
}

function leaveTutorial() {
  if (app.mode !== "tutorial") return;
  localStorage.removeItem(TUT_KEY);
  if (localStorage.getItem(LAST_KEY) === "tutorial") localStorage.removeItem(LAST_KEY);
  app.tut = null;
  app.tutPending = false;
  app.mode = "play";
  clearTimeout(app.tutTimer);
  tutBox.hidden = true;
  $("app").append(tutBox);  // out of the board (which the next game redraws)
  document.body.dataset.tut = "";
}

// A state from the tutorial: moves that skip ahead (via/first on `apply`) and End turn are not
// tutorial moves, so they are left out; the rest is the ordinary board.
function tutorShow(state) {
  if (app.mode !== "tutorial") return;
  state.actions = state.actions.filter((a) => !a.via);
  state.can_end_turn = false;
  app.tutMsg = null;
  show(state);
  tutorMarks(state);
  keepLesson();
  // a decision whose one answer changes nothing (Pass) is answered through the tutorial too, unless
  // the player wants full control, or the lesson's step is that very answer (it teaches it: "Pass and
  // let the blows land"): the script still sees it
  clearTimeout(app.tutTimer);
  const taught = (state.tutorial?.expected || []).includes(state.actions[0]?.text) && !state.tutorial?.done;
  app.tutPending = !options.fullControl && state.trivial && state.actions.length === 1 && !taught;
  document.body.dataset.tutIdle = app.tutPending || app.busy ? "" : "1";
  if (app.tutPending) {
    const epoch = app.epoch;
    const text = state.actions[0].text;
    app.tutTimer = setTimeout(() => {
      app.tutPending = false;
      if (epoch === app.epoch && app.tut) tutorAct(text);
    }, Math.max(AI_DELAY, 200));
  }
}

async function tutorAct(a) {
  const tut = app.tut;
  if (!tut || app.busy) return;
  const text = typeof a === "string" ? a : a.text;
  const first = typeof a === "string" ? undefined : a.first;
  app.busy = true;
  app.pick = null;
  closeDialogs();
  document.body.dataset.tutIdle = "";
  try {
    if (first) {  // an attacker dragged onto its target: the attack, then (if it was the step) the target
      const before = tut.state.tutorial.step;
      const st = await tut.apply(first);
      if (st.tutorial.step === before || !st.actions.some((x) => x.text === text)) return;
    }
    await tut.apply(text);
  } finally {
    app.busy = false;
    if (!app.tutPending) document.body.dataset.tutIdle = "1";
  }
}

function tutorEndTurn() {
  // End turn is the expected "done" answers one by one (the script must see each)
  const done = app.state?.actions.find((a) => ["end_step", "end_turn"].includes(a.type));
  if (done) tutorAct(done);
}

// Point at what the step asks for: the lesson's highlight (a card, a row, a button) and the places
// whose click carries out an expected action (the card, the row of a picked card, the panel button).
function tutorMarks(state) {
  const info = state.tutorial;
  if (!info) return;
  if (!tutBox.hidden) placeTutBox();  // the board was redrawn
  const expected = new Set(info.expected);
  const h = info.highlight || {};
  const mark = (sel) => document.querySelectorAll(sel).forEach((n) => n.classList.add("tut-go"));
  for (const iid of h.iids || []) if (iid !== app.pick) mark(`#board [data-iid="${iid}"]`);  // a picked card: its row is next
  if (h.row) mark(`#board .row[data-side="${h.side}"][data-row="${h.row}"]`);
  for (const a of state.actions) {
    if (!expected.has(a.text)) continue;
    mark(`#actions button[data-action="${CSS.escape(a.text)}"]`);
    if (a.card !== null && a.card !== undefined && !(["recruit", "move"].includes(a.type) && app.pick === a.card)) mark(`#board [data-iid="${a.card}"]`);
    if (a.row && (a.type === "choose_row" || a.type === "place_main" || app.pick === a.card)) {
      for (const s of state.view.sides) {
        const side = rowActions({ interactive: true, state }, s, a.row);
        if (side.some((x) => x.text === a.text)) mark(`#board .row[data-side="${s.side}"][data-row="${a.row}"]`);
      }
    }
    if (a.card === null || a.card === undefined) {
      for (const b of document.querySelectorAll("#board .dock button")) if (b.textContent === a.label) b.classList.add("tut-go");
    }
  }
  revealTutTarget();
  document.body.dataset.tut = `${info.lesson}.${info.step}.${state.hash}.${app.pick ?? ""}`;
}

// What the step asks the learner to click is brought into view when it is out of sight: on a phone the
// hand (or a row) was often below the fold or under the dock, with only the hint box on screen.
function revealTutTarget() {
  const t = document.querySelector("#board .card.tut-go, #board .res.tut-go, #board .row.tut-go");
  if (!t) return;
  const r = t.getBoundingClientRect();
  const top = tutBox.hidden ? 0 : Math.max(0, tutBox.getBoundingClientRect().bottom);
  const dock = document.querySelector("#board .dock");
  const dr = dock ? dock.getBoundingClientRect() : null;
  const bottom = dr && dr.height ? dr.top : innerHeight;
  if (r.top >= top - 1 && Math.min(r.bottom, r.top + 60) <= bottom + 1) return;   // in sight (its top part at least)
  t.scrollIntoView({ block: "center", inline: "nearest" });
}

function tutorHint(info) {
  const box = tutBox;
  box.hidden = false;
  box.textContent = "";
  const progress = info.done ? "Lesson complete" : `Step ${info.step + 1} of ${info.steps}`;
  box.append(el("div", { class: "tut-head" },
    el("strong", { text: `Lesson ${info.lesson + 1} of ${info.lessons}: ${info.lesson_title}` }),
    el("span", { class: "tut-progress", text: progress })));
  if (info.step === 0 && !info.well_done && info.intro) box.append(el("p", { class: "tut-intro", text: info.intro }));
  if (info.well_done) box.append(el("p", { class: "tut-well", text: `✓ ${info.well_done}` }));
  // (the rival's own log lines name it already: "Rival passes.")
  if (info.rival_moves?.length) box.append(el("p", { class: "tut-rival", text: info.rival_moves.join(" · ") }));
  if (info.error || info.refused) box.append(el("p", { class: "tut-refused", role: "alert", text: info.error || info.refused }));
  box.append(el("p", { class: "tut-hint", text: info.hint }));
  const btns = el("div", { class: "tut-buttons" });
  if (info.done && info.next_lesson !== null) {
    btns.append(el("button", { type: "button", id: "tut-next", class: "primary", text: `Next lesson: ${info.titles[info.next_lesson]}`,
      onclick: () => app.tut?.next() }));
  }
  if (info.finished) btns.append(el("button", { type: "button", id: "tut-finish", class: "primary", text: "Back to the title: play a real game", onclick: toTitle }));
  else btns.append(el("button", { type: "button", id: "tut-restart", text: "Restart lesson", onclick: () => app.tut?.restart() }));
  if (!info.finished) btns.append(el("button", { type: "button", id: "tut-leave", text: "Leave", onclick: toTitle }));
  box.append(btns);
  box.dataset.done = info.done ? "1" : "";
  box.dataset.finished = info.finished ? "1" : "";
  if (app.mode === "tutorial") { placeTutBox(); fitBoard(); revealTutTarget(); }   // the box's new height counts
}

// The hint box on top of the board; on a phone (one column: the page scrolls) at the top of the whole
// game screen, where it stays in view (sticky) over the board, the hand and the panel alike.
const PHONE = matchMedia("(max-width: 760px)");
function placeTutBox() {
  if (PHONE.matches) $("game").prepend(tutBox);
  else $("board").prepend(tutBox);
}
PHONE.addEventListener?.("change", () => { if (app.mode === "tutorial" && !tutBox.hidden) placeTutBox(); });

$("btn-learn").addEventListener("click", () => startLearning(0));

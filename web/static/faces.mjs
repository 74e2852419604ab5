// Card faces: every card shows its printed face, drawn by `capeclash web build` (web/faces.py) from
// printgen's layout, so screen and paper never disagree; live state is drawn over it.
//
// faces.json (format 1), written by the build and precached:
//   { format: 1,
//     box: [x, y, w, h],          the card's trim box in points: the SVG viewBox (y down)
//     ink: "#1c1c21",             the fill of a <text> without one (set on the <svg>)
//     sprite: "<symbol id='cci-NAME' viewBox='0 0 1 1'>...",  the icons, used as <use href="#cci-NAME">
//                                 (and game-icons.net shapes as #ccg-NAME); colour = the <use>'s `color`
//     back: "<rect .../>...",     the card back's SVG body
//     cards: { [cardId]: {
//       svg: "...",               the face's SVG body: each text run a <text> in "CC Vera" (faces.css
//                                 serves the bundled TTFs); the printed ATK/DEF/health/XP texts have the
//                                 classes s-atk / s-def / s-hp / s-xp
//       name, type,               as in the card data
//       text: "...",              the face in words (for screen readers)
//       stats?: [atk, def, health], keywords?: [...]   a character's printed values
//       notes?: [[keyword, reminder HTML], ...]        the engine's rules text of each keyword it names
//     } },
//     dice?: { cards: { [card name]: { svg, name, type, deck, text, force? } },   Derring-Dice (printgen.dice_faces);
//              backs: { recruit: svg, action: svg }, badge: [cx, cy] }           a character's Force text: s-force
//   }
// The build ships it gzipped (faces.json.gz); a host that unpacks it on the way is fine too.
//
// API (the board codes against these):
//   await initFaces(data?)        data: faces.json's content; anything else (or nothing): faces.json is fetched
//   hasFace(cardId)
//   cardFace(cardId, live = null, opts = {size: "board"|"hand"|"zoom"|"pile", controller: "name", seat: 0, peek: true})
//       -> div.cc-face; `live`: a character as engine/capeclash/view.py gives it (atk, def, printed_atk, printed_def,
//          health, wounds, plus, minus, vitality, stunned, exhausted, frozen, keywords, equipment, and for a
//          main character xp / xp_needed when the page adds them from its player)
//   cardBack(opts = {size})      -> div.cc-face with the card back
//   zoomFace(cardId, live = null) -> div.cc-zoom: the face at full size with keyword reminders and live state
//   attachZoom(element, cardId, live = null): the zoom at once on hover or keyboard focus, on long-press on touch
//   Derring-Dice: the same calls with the id diceId(name) ("dice:NAME"); `live` is a character of the dice
//   view (force, printed_force, damage, delay, villain, new, attached, ...); hasDiceFace(name), diceBack(deck, opts)
//   hideZoom()

const NS = "http://www.w3.org/2000/svg";
let DATA = null;
const parsed = new Map();   // cardId (or "") -> an <svg> element to clone

async function fetchData() {
  const res = await fetch(new URL("faces.json.gz", import.meta.url));
  if (!res.ok) throw new Error(`faces.json.gz: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {   // still gzipped (the usual case: no host unpacks a .gz)
    if (typeof DecompressionStream === "undefined") throw new Error("this browser can't unpack faces.json.gz");
    const out = new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
    return JSON.parse(await out.text());
  }
  return JSON.parse(new TextDecoder().decode(bytes));
}

export async function initFaces(data = null) {
  if (!(data && data.format === 1 && data.cards && !Array.isArray(data.cards))) data = await fetchData();
  if (data.format !== 1) throw new Error(`faces.json has format ${data.format}; this page reads format 1`);
  DATA = data;
  parsed.clear();
  await ensureStyles();
  ensureSprite();
  // the four faces of the card font, loaded before the first face is drawn (a face never shows another font)
  try {
    await Promise.race([
      Promise.all(["400 normal", "700 normal", "400 italic", "700 italic"].map((w) => {
        const [weight, style] = w.split(" ");
        return document.fonts.load(`${style} ${weight} 12px "CC Vera"`);
      })),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
  } catch (err) { console.warn("card font:", err); }
  return DATA;
}

export function hasFace(cardId) {
  return !!entryOf(cardId);
}

// Derring-Dice cards: their ids here are "dice:" + the card's name (the dice view names cards by name)
export const diceId = (name) => `dice:${name}`;
export function hasDiceFace(name) {
  return !!DATA?.dice?.cards[name];
}
function entryOf(cardId) {
  if (!DATA || cardId === null || cardId === undefined) return null;
  const id = String(cardId);
  if (id.startsWith("dice:")) return DATA.dice?.cards[id.slice(5)] || null;
  return DATA.cards[cardId] || null;
}

function ensureStyles() {
  let link = document.querySelector("link[data-cc-faces], link[href$='faces.css']");
  if (link && link.sheet) return Promise.resolve();
  if (!link) {
    link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("faces.css", import.meta.url).href;
    link.dataset.ccFaces = "1";
    document.head.append(link);
  }
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

function ensureSprite() {
  let s = document.getElementById("cc-face-sprite");
  if (!s) {
    s = document.createElementNS(NS, "svg");
    s.id = "cc-face-sprite";
    s.setAttribute("aria-hidden", "true");
    s.setAttribute("style", "position:absolute;width:0;height:0;overflow:hidden");
    document.body.prepend(s);
  }
  s.innerHTML = `<defs>${DATA.sprite}</defs>`;
}

function svgOf(cardId) {
  const key = cardId ?? "";
  let svg = parsed.get(key);
  if (!svg) {
    const back = typeof key === "string" && key.startsWith("back:") ? DATA.dice?.backs[key.slice(5)] : null;
    const body = cardId == null ? DATA.back : back ?? entryOf(cardId).svg;
    const [x, y, w, h] = DATA.box;
    const holder = document.createElement("div");
    holder.innerHTML = `<svg xmlns="${NS}" class="cc-svg" viewBox="${x} ${y} ${w} ${h}" fill="${DATA.ink || "#000"}" aria-hidden="true" focusable="false">${body}</svg>`;
    svg = holder.firstChild;
    parsed.set(key, svg);
  }
  return svg.cloneNode(true);
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function icon(name) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("viewBox", "0 0 1 1");
  const use = document.createElementNS(NS, "use");
  use.setAttribute("href", `#cci-${name}`);
  svg.append(use);
  return svg;
}

function mark(cls, iconName, text, title) {
  const m = el("span", `cc-mark ${cls}`);
  if (iconName) m.append(icon(iconName));
  m.append(document.createTextNode(text));
  if (title) m.title = title;
  return m;
}

const kwName = (k) => String(k).replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

function setStat(svg, cls, value, printed) {
  if (value === undefined || value === null || printed === undefined || printed === null) return;
  const t = svg.querySelector(`.${cls}`);
  if (!t || Number(value) === Number(printed)) return;
  t.textContent = String(value);
  t.classList.add(Number(value) > Number(printed) ? "cc-up" : "cc-down");
  if (String(value).length > 1) t.setAttribute("font-size", "13");
}

// What the live state says, in words (the zoom lists it; screen readers read it).
export function liveLines(cardId, live) {
  if (!live) return [];
  const e = entryOf(cardId);
  if (e?.deck) return diceLines(e, live);
  const [pa, pd, ph] = e?.stats || [];
  const out = [];
  const printedAtk = live.printed_atk ?? pa, printedDef = live.printed_def ?? pd;
  if (live.atk !== undefined && live.atk !== printedAtk) out.push(`ATK ${live.atk} (printed ${printedAtk})`);
  if (live.def !== undefined && live.def !== printedDef) out.push(`DEF ${live.def} (printed ${printedDef})`);
  if (live.health !== undefined && ph !== undefined && live.health !== ph) out.push(`Health ${live.health} (printed ${ph})`);
  if (live.wounds) out.push(`${live.wounds} wound${live.wounds > 1 ? "s" : ""} of ${live.health} health`);
  if (live.plus) out.push(`${live.plus} +1/+1 counter${live.plus > 1 ? "s" : ""}`);
  if (live.minus) out.push(`${live.minus} -1/-1 counter${live.minus > 1 ? "s" : ""}`);
  if (live.vitality) out.push(`${live.vitality} vitality`);
  if (live.xp !== undefined && live.xp !== null && live.main) out.push(`XP ${live.xp}${live.xp_needed ? ` of ${live.xp_needed}` : ""}`);
  if (live.stunned) out.push("Stunned (face down)");
  if (live.exhausted) out.push("Exhausted");
  if (live.frozen) out.push(live.frozen_now ? "Frozen: it doesn't ready this turn" : "Frozen: it doesn't ready in its controller's next turn");
  if (live.equipment) out.push(`Equipped with ${live.equipment.name}`);
  if (live.control?.text) out.push(`Borrowed: ${live.control.text}`);
  const printedKw = new Set(e?.keywords || []);
  const liveKw = live.keywords && !live.stunned ? new Set(live.keywords) : null;   // face down: no keywords
  if (liveKw) {
    const told = new Set((live.gained || []).map((g) => g.keyword));   // said below, with source and duration
    for (const k of liveKw) if (!printedKw.has(k) && !told.has(k)) out.push(`Has ${kwName(k)} now`);
    for (const k of printedKw) if (!liveKw.has(k)) out.push(`Has lost ${kwName(k)}`);
  }
  out.push(...grantedLines(live).map(plainRules));
  return out;
}

// What a character gained for a while (the view's ``gained`` keywords and granted ``abilities``, issue 18), one
// line per source and duration, with the rules markup ({might}, [[Flight]]) of the engine's text:
// "Gained this turn from Stoke: [[Berserker]]", 'Gained this turn from Claim the Spoils: "When ..."'.
export function grantedLines(live) {
  if (!live || live.stunned) return [];
  const head = (g) => `Gained${g.until ? ` ${g.until}` : ""}${g.from ? ` from ${g.from}` : ""}`;
  const groups = new Map();
  for (const g of live.gained || []) {
    const h = head(g);
    if (!groups.has(h)) groups.set(h, []);
    groups.get(h).push(`[[${kwName(g.keyword)}]]`);
  }
  const out = [...groups].map(([h, kws]) => `${h}: ${kws.join(", ")}`);
  for (const a of live.abilities || []) out.push(`${head(a)}: "${a.text}"`);
  return out;
}

// Rules markup as plain words (for lists and labels that show text only).
const plainRules = (t) => String(t).replace(/\[\[([^\]]+)\]\]/g, "$1").replace(/\*\*([^*]+)\*\*/g, "$1").replace(/\{(\w+)\}/g, (_m, s) => s.replace(/_/g, " "));

// The board face's badge for triggered abilities granted for a while (the zoom lists their text).
function grantedBadge(live) {
  const n = live.abilities.length;
  return mark("cc-kw cc-granted", null, n > 1 ? `+${n}\u2726` : "+\u2726", live.abilities.map((a) => plainRules(`${a.text} (${a.until || "for now"})`)).join(" / "));
}

export function cardFace(cardId, live = null, opts = {}) {
  const size = opts.size || "board";
  const entry = entryOf(cardId);
  if (entry?.deck) return diceCardFace(cardId, entry, live, opts);
  const root = el("div", `cc-face cc-size-${size}`);
  root.dataset.cid = cardId;
  if (live?.iid !== undefined) root.dataset.iid = live.iid;
  const card = el("div", "cc-card");
  root.append(card);
  const faceDown = !!(live && live.stunned);
  if (!DATA) {
    card.classList.add("cc-missing");
    card.textContent = live?.name || cardId;
  } else if (faceDown) {
    card.append(svgOf(null));
    root.classList.add("cc-stunned");
    const name = entry?.name || live.name;
    if (name && opts.peek !== false) {   // its identity is in the view: say which card lies face down
      const p = el("div", "cc-peek", name);
      p.title = `${name}: stunned (face down)`;
      root.append(p);
    }
  } else if (entry) {
    const svg = svgOf(cardId);
    if (live && entry.stats) {
      setStat(svg, "s-atk", live.atk, live.printed_atk ?? entry.stats[0]);
      setStat(svg, "s-def", live.def, live.printed_def ?? entry.stats[1]);
      setStat(svg, "s-hp", live.health, entry.stats[2]);
    }
    card.append(svg);
  } else {
    card.classList.add("cc-missing");
    card.textContent = live?.name || cardId;
  }
  const words = [entry ? entry.text : (live?.name || cardId), ...liveLines(cardId, live)];
  if (opts.controller) words.unshift(`Controlled by ${opts.controller}`);
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", faceDown && opts.peek === false ? "A face-down card" : words.join(". "));
  if (live) {
    if (live.exhausted) root.classList.add("cc-exhausted");
    if (live.frozen) root.classList.add("cc-frozen");
  }
  if (size === "pile") return root;

  const over = el("div", "cc-over");
  const marks = el("div", "cc-marks");
  if (opts.controller) {
    // short on the card ("AI 2 (normal)" reads "AI 2"), in its seat's colour, the same as beside the
    // player's name at the head of the side; the whole name is in the title and the card's label
    const c = el("span", `cc-chip cc-controller${opts.seat !== undefined && opts.seat !== null ? ` cc-seat-${opts.seat % 4}` : ""}`);
    c.append(el("span", null, shortName(opts.controller)));
    c.title = `Controlled by ${opts.controller}`;
    marks.append(c);
  }
  if (live) {
    if (live.wounds) marks.append(mark("cc-wounds", "wound", `${live.wounds}/${live.health}`, `${live.wounds} wound(s) of ${live.health} health`));
    if (live.plus) marks.append(mark("cc-plus", null, `+${live.plus}`, `${live.plus} +1/+1 counter(s)`));
    if (live.minus) marks.append(mark("cc-minus", null, `\u2212${live.minus}`, `${live.minus} -1/-1 counter(s)`));
    if (live.vitality) marks.append(mark("cc-vitality", "vitality", `${live.vitality}`, `${live.vitality} vitality`));
    if (live.main && live.xp !== undefined && live.xp !== null) {
      marks.append(mark("cc-xp", "xp", live.xp_needed ? `${live.xp}/${live.xp_needed}` : `${live.xp}`, "XP"));
    }
    // frozen: the frost over the card says it (and the zoom and the label in words)
    // stunned: the back with the card's name says it; a face-down card has no keywords to compare
    const printedKw = new Set(entry?.keywords || []);
    if (live.keywords && entry?.keywords && !live.stunned) {
      const liveKw = new Set(live.keywords);
      for (const k of liveKw) if (!printedKw.has(k)) marks.append(mark("cc-kw", null, `+${kwName(k)}`, `Has ${kwName(k)} now`));
      for (const k of printedKw) if (!liveKw.has(k)) marks.append(mark("cc-kw-lost", null, kwName(k), `Has lost ${kwName(k)}`));
    }
    if (live.abilities?.length && !live.stunned) marks.append(grantedBadge(live));
  }
  if (marks.childNodes.length) over.append(marks);
  if (live?.equipment) {
    const eq = live.equipment;
    const c = el("span", "cc-chip cc-equip");
    c.append(icon("def"), el("span", null, eq.name));
    c.title = `Equipped with ${eq.name}`;
    if (eq.cid && size !== "zoom") attachZoom(c, eq.cid, null);
    over.append(c);
  }
  if (over.childNodes.length) root.append(over);
  return root;
}

// a player's name without its trailing "(level)": what a controller chip has room for
export function shortName(name) {
  const short = String(name).replace(/\s*\([^)]*\)\s*$/, "");
  return short || String(name);
}

export function cardBack(opts = {}) {
  const root = el("div", `cc-face cc-size-${opts.size || "board"} cc-back`);
  const card = el("div", "cc-card");
  if (DATA) card.append(svgOf(null));
  else card.classList.add("cc-missing");
  root.append(card);
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", "A face-down card");
  return root;
}

export function zoomFace(cardId, live = null) {
  const box = el("div", "cc-zoom");
  // the zoom shows the face itself (a stunned card's identity is in the view), upright
  const upright = live ? { ...live, stunned: false, exhausted: false, keywords: live.stunned ? undefined : live.keywords } : null;
  box.append(cardFace(cardId, upright, { size: "zoom" }));
  const entry = entryOf(cardId);
  const panel = el("div", "cc-zoom-panel");
  const lines = liveLines(cardId, live);
  if (lines.length) {
    panel.append(el("h3", null, entry?.name || live?.name || cardId));
    const ul = el("ul");
    for (const l of lines) ul.append(el("li", null, l));
    panel.append(ul);
  }
  const notes = [...(entry?.notes || [])];
  const eq = live?.equipment && entryOf(live.equipment.cid);
  if (eq) {
    notes.push([`${eq.name} (equipment)`, escapeHtml(eq.text)]);
    for (const n of eq.notes || []) if (!notes.some(([k]) => k === n[0])) notes.push(n);
  }
  if (entry?.deck && live?.attached) {   // a dice character's aids and upgrades, each with its note
    for (const a of live.attached) {
      notes.push([`${a.name} (${a.type_name})`, escapeHtml(a.text || "")]);
      for (const u of a.upgrades || []) notes.push([`${u.name} (${u.type_name})`, escapeHtml(u.text || "")]);
    }
  }
  if (notes.length) {
    const dl = el("dl");
    for (const [k, html] of notes) {
      const dt = el("dt", null, k);
      const dd = el("dd", "cc-note");
      dd.innerHTML = html;   // built by web/faces.py from the engine's text, escaped there
      dl.append(dt, dd);
    }
    panel.append(dl);
  }
  box.append(panel);
  return box;
}

function escapeHtml(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

// ------------------------------------------------------------------ Derring-Dice faces

function diceStates(live, short = false) {
  const out = [];
  if (live.villain && live.type === "hero") out.push("Villain");
  if (live.new) out.push("New");
  if (live.controlled_from !== null && live.controlled_from !== undefined) out.push("Controlled");
  if (live.attacks_used === null) out.push("Changed sides");
  else if (live.attacks_used) out.push(short && live.attacks_allowed === 1 ? "Attacked" : `Attacked ${live.attacks_used}/${live.attacks_allowed}`);
  if (live.intercepted) out.push("Intercepted");
  if (live.secluded) out.push("Secluded");
  return out;
}

function diceLines(e, live) {
  const out = [];
  if (live.force !== undefined && live.force !== (live.printed_force ?? e.force)) out.push(`Force ${live.force} (printed ${live.printed_force ?? e.force})`);
  if (live.damage) out.push(`${live.damage} damage: defeated when damage exceeds Force`);
  if (live.delay) out.push(`${live.delay} delay: can't attack or be attacked`);
  if (live.ability_names?.length) out.push(`Abilities: ${live.ability_names.join(", ")}`);
  if (live.immune?.length) out.push(`Immune to ${live.immune.join(", ")}`);
  out.push(...diceStates(live));
  for (const a of live.attached || []) {
    out.push(`Carries ${a.name}${a.force ? ` (Force ${a.force > 0 ? "+" : ""}${a.force})` : ""}`);
    for (const u of a.upgrades || []) out.push(`${a.name} upgraded with ${u.name}`);
  }
  return out;
}

function diceCardFace(cardId, entry, live, opts) {
  const size = opts.size || "board";
  const root = el("div", `cc-face cc-dice cc-size-${size}`);
  root.dataset.cid = cardId;
  if (live?.id !== undefined) root.dataset.iid = live.id;
  const card = el("div", "cc-card");
  root.append(card);
  const svg = svgOf(cardId);
  if (live && live.force !== undefined && live.force !== null) {
    const t = svg.querySelector(".s-force");
    const printed = live.printed_force ?? entry.force;
    if (t && Number(live.force) !== Number(printed)) {
      t.textContent = String(live.force);
      t.classList.add(Number(live.force) > Number(printed) ? "cc-up" : "cc-down");
      const [cx, cy] = DATA.dice.badge;
      const fs = String(live.force).length > 1 ? 11 : 14;
      t.setAttribute("x", String(cx));
      t.setAttribute("y", String(cy + fs * 0.36));
      t.setAttribute("font-size", String(fs));
      t.setAttribute("text-anchor", "middle");
    }
  }
  card.append(svg);
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", [entry.text, ...diceLines(entry, live || {})].join(" "));
  if (live?.delayed) root.classList.add("cc-delayed");
  if (size === "pile" || !live) return root;
  const over = el("div", "cc-over");
  const marks = el("div", "cc-marks");
  if (live.damage) marks.append(mark("cc-wounds", "wound", `${live.damage}`, `${live.damage} damage (defeated when damage exceeds Force ${live.force})`));
  if (live.delay) marks.append(mark("cc-delay", null, `${live.delay} delay`, `${live.delay} delay token(s): can't attack or be attacked`));
  for (const w of diceStates(live, true)) marks.append(mark("cc-state", null, w));
  if (marks.childNodes.length) over.append(marks);
  if (over.childNodes.length) root.append(over);
  return root;
}

// A dice character's aids and upgrades, as labels to put under its face (names wrap, never cut); each
// shows its own face on hover, focus or long-press. null when it carries nothing.
export function diceAttached(live) {
  if (!live?.attached?.length) return null;
  const box = el("div", "cc-attached");
  for (const a of live.attached) {
    for (const x of [a, ...(a.upgrades || [])]) {
      const c = el("span", `cc-att${x === a ? "" : " cc-att-up"}`, x === a ? x.name : `+ ${x.name}`);
      c.title = `${x.name} (${x.type_name})${x.text ? `: ${x.text}` : ""}`;
      if (hasDiceFace(x.name)) attachZoom(c, diceId(x.name), null);
      box.append(c);
    }
  }
  return box;
}

export function diceBack(deck, opts = {}) {
  const root = el("div", `cc-face cc-dice cc-size-${opts.size || "board"} cc-back`);
  const card = el("div", "cc-card");
  if (DATA?.dice?.backs[deck]) card.append(svgOf(`back:${deck}`));
  else card.classList.add("cc-missing");
  root.append(card);
  root.setAttribute("role", "img");
  root.setAttribute("aria-label", `The ${deck} deck`);
  return root;
}

// ------------------------------------------------------------------ hover / focus / long-press zoom

let pop = null, backdrop = null, shownFor = null, dismissed = null;
let quietUntil = 0;   // the click that ends a long-press must not close the zoom it opened
const tapClose = () => { if (performance.now() > quietUntil) hideZoom(); };
const LONG_PRESS_MS = 450;
// a screen without hover (a phone): after a tap the browser sends "mouse" enter events wherever the
// board is redrawn under the finger's last place; no hover zoom there (the long-press is the zoom)
const canHover = () => typeof matchMedia !== "function" || matchMedia("(hover: hover)").matches;
// where the mouse clicked a card: no hover zoom comes back there until the mouse moves (a click acts on
// the card; a zoom left open over the board would hide the hint, the fight and the cards around it)
let clickedAt = null;
const stillAtClick = (e) => clickedAt && Math.hypot(e.clientX - clickedAt[0], e.clientY - clickedAt[1]) < 6;

function popup() {
  if (!pop) {
    pop = el("div");
    pop.id = "cc-zoom-pop";
    pop.setAttribute("role", "tooltip");
    pop.hidden = true;
    document.body.append(pop);
    document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !pop.hidden) { dismissed = shownFor; hideZoom(); } });
    // the finger that made a long-press zoom lifts: taps after that may close it. Listened for on the
    // whole page, since the backdrop now lies over the card and may be where the finger lifts.
    const lifted = () => { if (quietUntil === Infinity) quietUntil = performance.now() + 150; };
    for (const type of ["pointerup", "pointercancel", "touchend", "touchcancel"]) document.addEventListener(type, lifted, true);
    // a hover zoom goes when the pointer is over something else (also when the board re-rendered under it)
    document.addEventListener("pointermove", (e) => { if (clickedAt && !stillAtClick(e)) clickedAt = null; }, true);
    document.addEventListener("pointerover", (e) => {
      if (!pop.hidden && !pop.classList.contains("cc-modal") && e.pointerType !== "touch" && shownFor &&
          (!shownFor.isConnected || !shownFor.contains(e.target)) && document.activeElement !== shownFor) hideZoom();
    });
  }
  return pop;
}

export function hideZoom() {
  if (pop) { pop.hidden = true; pop.classList.remove("cc-modal"); pop.textContent = ""; }
  if (backdrop) { backdrop.remove(); backdrop = null; }
  if (shownFor) shownFor.removeAttribute("aria-describedby");
  shownFor = null;
}

function showZoom(target, modal) {
  const z = target._ccZoom;
  if (!z || !DATA) return;
  const p = popup();
  p.textContent = "";
  p.append(zoomFace(z.cardId, z.live));
  p.hidden = false;
  p.classList.toggle("cc-modal", !!modal);
  if (shownFor && shownFor !== target) shownFor.removeAttribute("aria-describedby");
  shownFor = target;
  if (!modal) target.setAttribute("aria-describedby", "cc-zoom-pop");
  const vw = window.innerWidth, vh = window.innerHeight, w = p.offsetWidth, h = p.offsetHeight;
  let left, top;
  if (modal) {
    if (!backdrop) {
      backdrop = el("div");
      backdrop.id = "cc-zoom-backdrop";
      backdrop.addEventListener("click", tapClose);
      document.body.append(backdrop);
    }
    p.onclick = tapClose;
    left = (vw - w) / 2;
    top = (vh - h) / 2;
  } else {
    p.onclick = null;
    const r = target.getBoundingClientRect();
    if (r.right + 10 + w <= vw) left = r.right + 10;
    else if (r.left - 10 - w >= 0) left = r.left - 10 - w;
    else left = (vw - w) / 2;
    top = r.top + r.height / 2 - h / 2;
  }
  p.style.left = `${Math.max(4, Math.min(left, vw - w - 4))}px`;
  p.style.top = `${Math.max(4, Math.min(top, vh - h - 4))}px`;
}

export function attachZoom(element, cardId, live = null) {
  const known = !!element._ccZoom;
  element._ccZoom = { cardId, live };
  if (known) return element;
  let timer = null, start = null, swallow = false;
  element.dataset.ccZoom = "1";
  const cancel = () => { if (timer) { clearTimeout(timer); timer = null; } };
  element.addEventListener("pointerenter", (e) => {
    if (e.pointerType !== "touch" && canHover() && !stillAtClick(e)) { dismissed = null; showZoom(element, false); }
  });
  // back from a nested zoomable part (the equipment chip) to the card itself: the card's zoom again
  element.addEventListener("pointermove", (e) => {
    if (e.pointerType !== "touch" && canHover() && shownFor !== element && dismissed !== element && !stillAtClick(e) &&
        e.target.closest?.("[data-cc-zoom]") === element) showZoom(element, false);
  });
  element.addEventListener("pointerleave", (e) => { if (e.pointerType !== "touch" && shownFor === element && !pop.classList.contains("cc-modal")) hideZoom(); });
  // keyboard focus only: a tap or a click also focuses, and a tap must not leave a zoom behind
  element.addEventListener("focusin", () => {
    let visible = true;
    try { visible = element.matches(":focus-visible") || !!element.querySelector(":focus-visible"); } catch { /* old browser */ }
    if (visible) { dismissed = null; showZoom(element, false); }
  });
  element.addEventListener("focusout", () => { if (shownFor === element && !pop.classList.contains("cc-modal")) hideZoom(); });
  element.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button === 0) {  // a click: the zoom makes way until the mouse moves on
      clickedAt = [e.clientX, e.clientY];
      popup();
      if (!pop.classList.contains("cc-modal")) hideZoom();
      return;
    }
    if (e.pointerType !== "touch") return;
    start = [e.clientX, e.clientY];
    cancel();
    timer = setTimeout(() => { timer = null; swallow = true; quietUntil = Infinity; showZoom(element, true); }, LONG_PRESS_MS);
  });
  element.addEventListener("pointermove", (e) => {
    if (timer && start && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 10) cancel();
  });
  element.addEventListener("pointerup", cancel);
  element.addEventListener("pointercancel", cancel);
  // the long-press was a look, not a click; the system menu a long-press opens is not wanted either
  element.addEventListener("click", (e) => { if (swallow) { swallow = false; e.preventDefault(); e.stopImmediatePropagation(); } }, true);
  element.addEventListener("contextmenu", (e) => { if (swallow || timer) { e.preventDefault(); e.stopImmediatePropagation(); } }, true);
  return element;
}

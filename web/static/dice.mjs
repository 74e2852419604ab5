// Derring-Dice, the second game: draws the board from the view engine.dice hands over (through
// apps.webapi.DiceSession). No rule lives here: Force, tokens, rolls and the offered actions all
// come from the engine; this module only lays them out. Card data goes on the page as text.
// Cards show their printed faces (faces.mjs, drawn from printgen.dice_faces at build time) with the live
// state over them (Force now, damage, delay, aids and upgrades); without the faces, text tiles.

import * as F from "./faces.mjs";

// The latest die roll in the log lines the page holds: a fight's roll-off or a single die.
export function lastRoll(log) {
  for (let i = log.length - 1; i >= 0; i--) if (log[i].dice) return log[i];
  return null;
}

// ui: { el, by (iid -> offered actions), openCard(card, stateText), openList(title, cards), catalogue }
export function renderDiceBoard(root, state, ui) {
  const { el } = ui;
  const v = state.view;
  const me = v.viewer !== null ? v.players[v.viewer] : null;
  const bottomSeat = me ? me.index : v.players.findIndex((p) => p.side === "good");
  const topSeat = 1 - bottomSeat;
  const atk = v.attack;
  const fighting = new Set(atk ? [atk.attacker, atk.defender, atk.source].filter((x) => x !== null && x !== undefined) : []);
  root.textContent = "";
  root.classList.add("dice-board");
  const ctx = { ...ui, v, fighting };
  root.append(
    sidePanel(v.players[topSeat], ctx, { friendly: false, active: v.active === topSeat }),
    middle(state, ctx),
    sidePanel(v.players[bottomSeat], ctx, { friendly: me !== null, active: v.active === bottomSeat, yours: me !== null }));
  if (me && me.recruit_hand) {
    root.append(el("section", { class: "hand dice-hand", "aria-label": "Your hands" },
      handGroup(`Recruit hand (${me.recruit_hand.length}/${me.recruit_hand_limit})`, me.recruit_hand, ctx),
      handGroup(`Action hand (${me.action_hand.length}/${me.action_hand_limit})`, me.action_hand, ctx)));
  }
}

function sidePanel(p, ctx, { friendly, active, yours = false }) {
  const { el } = ctx;
  const sideName = p.side === "bad" ? "Bad guys" : "Good guys";
  const head = el("div", { class: "pinfo" },
    el("strong", { class: "pname", text: p.name }),
    el("span", { class: `chip side-${p.side}`, text: sideName }),
    el("span", { class: "chip", title: "Cards in the recruit hand (limit)", text: `Recruit hand ${p.recruit_hand_count}` }),
    el("span", { class: "chip", title: "Cards in the action hand (limit)", text: `Action hand ${p.action_hand_count}` }),
    el("span", { class: "chip", title: "Heroes in play, and the team limit (it counts heroes only)", text: `Heroes ${p.heroes}/${p.team_limit}` }),
    el("span", { class: "chip", text: `Turns ${p.turns}` }),
    active ? el("span", { class: "chip gold turn-chip", text: yours ? "Your turn" : "Their turn" }) : null);
  const row = el("div", { class: `cards wrap dice-team${p.characters.length ? "" : " is-empty"}`, "aria-label": `${p.name}'s team` },
    p.characters.length ? p.characters.map((c) => charTile(c, ctx)) : el("span", { class: "empty", text: "no characters in play" }));
  return el("section", { class: `side dice-side ${friendly ? "friendly" : "enemy"} team-${p.side}${active ? " active" : ""}`,
    "aria-label": `${p.name}, ${sideName}${active ? (yours ? " (your turn)" : " (their turn)") : ""}` }, friendly ? [row, head] : [head, row]);
}

function charTile(c, ctx) {
  const { el, by } = ctx;
  const acts = by.get(c.id) || [];
  const classes = ["card", "dchar", `t-${c.type}`];
  if (c.delayed) classes.push("delayed");
  if (ctx.fighting.has(c.id)) classes.push("in-combat");
  if (acts.length) classes.push("actionable");
  const b = el("button", { type: "button", class: classes.join(" "), dataset: { iid: c.id, cid: c.name },
    onclick: () => ctx.openCard({ iid: c.id, cid: c.name, name: c.name, face: F.diceId(c.name), live: c }, charState(c)) });
  if (F.hasDiceFace(c.name)) {
    const face = withFace(b, c.name, c, "board");
    if (face) {
      const under = F.diceAttached(c);
      if (under) b.append(under);
      const states = stateWords(c);
      b.setAttribute("aria-label", `${c.name}, Force ${c.force}${c.damage ? `, ${c.damage} damage` : ""}${c.delay ? `, ${c.delay} delay` : ""}`
        + `${c.attached.length ? `, carrying ${c.attached.map((a) => a.name).join(", ")}` : ""}${states.length ? ", " + states.join(", ") : ""}`
        + `${acts.length ? `, ${acts.length} action(s)` : ""}`);
      return b;
    }
  }
  b.append(el("span", { class: "cname", text: c.name }));
  const force = el("span", { class: "force", title: `Force ${c.force} (printed ${c.printed_force})` },
    el("span", { class: "fnum", text: c.force }), el("span", { class: "flabel", text: " Force" }),
    c.force !== c.printed_force ? el("span", { class: "printed", text: ` (printed ${c.printed_force})` }) : null);
  b.append(force);
  const tags = [];
  for (const t of c.trait_names) tags.push(el("span", { class: "tag trait", text: t }));
  for (const a of c.ability_names) tags.push(el("span", { class: "tag abil", text: a }));
  if (tags.length) b.append(el("span", { class: "meta" }, tags));
  const tokens = [];
  if (c.damage) tokens.push(el("span", { class: "tok dmg", title: `${c.damage} damage token(s): defeated when damage exceeds Force`, text: `✖ ${c.damage} damage` }));
  if (c.delay) tokens.push(el("span", { class: "tok dly", title: `${c.delay} delay token(s): cannot attack or be attacked`, text: `${c.delay} delay` }));
  if (tokens.length) b.append(el("span", { class: "meta" }, tokens));
  for (const a of c.attached) {
    b.append(el("span", { class: "equip", title: a.text || a.type_name, text: `⚙ ${a.name}` }));
    for (const u of a.upgrades) b.append(el("span", { class: "equip up", title: u.text || u.type_name, text: `↳ ${u.name}` }));
  }
  const states = stateWords(c);
  if (states.length) b.append(el("span", { class: "states", text: states.join(" · ") }));
  b.setAttribute("aria-label", `${c.name}, Force ${c.force}${c.damage ? `, ${c.damage} damage` : ""}${c.delay ? `, ${c.delay} delay` : ""}`
    + `${c.attached.length ? `, carrying ${c.attached.map((a) => a.name).join(", ")}` : ""}${states.length ? ", " + states.join(", ") : ""}`
    + `${acts.length ? `, ${acts.length} action(s)` : ""}`);
  return b;
}

// The printed face in the button (and its zoom on hover, focus or long-press); null if it can't be drawn.
function withFace(b, name, live, size) {
  try {
    const id = F.diceId(name);
    b.classList.add("has-face");
    b.append(F.cardFace(id, live, { size }));
    F.attachZoom(b, id, live);
    return b;
  } catch (err) {
    console.warn("face", name, err);
    b.classList.remove("has-face");
    b.textContent = "";
    return null;
  }
}

function stateWords(c) {
  const out = [];
  if (c.villain) out.push("Villain");
  if (c.delayed) out.push("Delayed");
  if (c.new) out.push("New");
  if (c.controlled_from !== null && c.controlled_from !== undefined) out.push("Controlled");
  if (c.attacks_used === null) out.push("Changed sides");
  else if (c.attacks_used) out.push(`Attacked ${c.attacks_used}/${c.attacks_allowed}`);
  if (c.intercepted) out.push("Intercepted");
  if (c.secluded) out.push("Secluded");
  return out;
}

// The card window's lines about a character in play: its state now, then each attached card's text.
function charState(c) {
  const bits = [`Force ${c.force} now (printed ${c.printed_force})`, `${c.damage} damage, ${c.delay} delay`];
  if (c.trait_names.length) bits.push(`traits: ${c.trait_names.join(", ")}`);
  if (c.ability_names.length) bits.push(`abilities: ${c.ability_names.join(", ")}`);
  if (c.immune.length) bits.push(`immune to ${c.immune.join(", ")}`);
  bits.push(...stateWords(c));
  const lines = [bits.join(" · ")];
  const force = (n) => (n ? `Force ${n > 0 ? "+" : ""}${n}` : "");
  for (const a of c.attached) {
    lines.push(`⚙ ${a.name} (${[a.type_name, force(a.force)].filter(Boolean).join(", ")})${a.text ? `: ${a.text}` : ""}`);
    for (const u of a.upgrades) lines.push(`↳ ${u.name} (${u.type_name})${u.text ? `: ${u.text}` : ""}`);
  }
  return lines;
}

function handGroup(title, cards, ctx) {
  const { el } = ctx;
  return el("div", { class: `hgroup${cards.length ? "" : " none"}`, style: `--n: ${Math.max(1, cards.length)}` }, el("h3", { text: title }),
    el("div", { class: "cards" }, cards.length ? cards.map((c) => handTile(c, ctx)) : el("span", { class: "empty", text: "empty" })));
}

function handTile(f, ctx) {
  const { el, by } = ctx;
  const acts = by.get(f.id) || [];
  const printed = ctx.catalogue?.cards?.[f.name] || {};
  const b = el("button", { type: "button", class: `card dhand t-${f.type}${acts.length ? " actionable" : ""}`, dataset: { iid: f.id, cid: f.name },
    onclick: () => ctx.openCard({ iid: f.id, cid: f.name, name: f.name, face: F.diceId(f.name) }, "") });
  if (F.hasDiceFace(f.name) && withFace(b, f.name, null, "hand")) {
    b.setAttribute("aria-label", `${f.name}, ${f.type_name}${printed.force !== undefined ? `, Force ${printed.force}` : ""}${acts.length ? `, ${acts.length} action(s)` : ""}`);
    return b;
  }
  b.append(el("span", { class: "cname", text: f.name }));
  const meta = [el("span", { class: "tag", text: f.type_name })];
  if (printed.force !== undefined) meta.push(el("span", { class: "tag cost", text: printed.traits ? `Force ${printed.force}` : `Force ${printed.force > 0 ? "+" : ""}${printed.force}` }));
  for (const t of printed.traits || []) meta.push(el("span", { class: "tag trait", text: t }));
  for (const u of printed.users || []) meta.push(el("span", { class: "tag trait", text: u }));
  b.append(el("span", { class: "meta" }, meta));
  b.setAttribute("aria-label", `${f.name}, ${f.type_name}${printed.force !== undefined ? `, Force ${printed.force}` : ""}${acts.length ? `, ${acts.length} action(s)` : ""}`);
  return b;
}

function middle(state, ctx) {
  const { el } = ctx;
  const v = state.view;
  const faces = (list) => list.map((f) => ({ iid: f.id, cid: f.name, name: f.name, face: F.diceId(f.name) }));
  // each deck: cards left, and its discard pile (public, browsable)
  const deck = (name, left, pile) => el("span", { class: "deck" },
    el("span", { class: "chip", title: `${name} deck: cards left`, text: `${name} deck ${left}` }),
    el("button", { type: "button", class: "chip link", title: `Look at the ${name.toLowerCase()} discard pile`,
      dataset: { pile: `${name.toLowerCase()}-discards` },
      "aria-label": `${name} discard pile, ${pile.length} cards`, text: `discards ${pile.length}`,
      onclick: () => ctx.openList(`${name} discard pile`, faces(pile)) }));
  const decks = el("div", { class: "decks" }, deck("Recruit", v.decks.recruit, v.discards.recruit),
    deck("Action", v.decks.action, v.discards.action));
  return el("div", { class: "dice-mid" }, decks, el("div", { class: "fight-line", text: attackText(v) }), diceTray(state, ctx));
}

function charName(v, iid) {
  for (const p of v.players) for (const c of p.characters) {
    if (c.id === iid) return c.name;
    for (const a of c.attached) if (a.id === iid) return a.name;
  }
  return "…";
}

function attackText(v) {
  const a = v.attack;
  if (!a || v.result) return "";
  const kind = { damage: "attacks", immobilize: "tries to immobilize", control: "tries to take control of" }[a.kind] || "attacks";
  const target = a.defender !== null && a.defender !== undefined ? charName(v, a.defender) : (a.area ? "every enemy" : "(target not chosen yet)");
  const bonus = a.bonus[0] || a.bonus[1] ? ` · battle cards +${a.bonus[0]} / +${a.bonus[1]}` : "";
  return `Fight: ${charName(v, a.attacker)}${a.turret ? " (turret)" : ""} ${kind} ${target}${a.area ? " (area attack)" : ""}${a.negated ? " · cancelled" : ""}${bonus}`;
}

// The dice tray: the latest roll, big, with its numbers (a fight: Force + die = total, each side).
function diceTray(state, ctx) {
  const { el } = ctx;
  const r = lastRoll(state.log);
  const tray = el("div", { class: "tray", role: "status", "aria-label": "Last die roll" });
  if (!r) {
    tray.append(el("span", { class: "tray-empty", text: "No dice rolled yet: fights start on the second turn of each player." }));
    return tray;
  }
  tray.dataset.seq = r.seq;
  tray.append(el("span", { class: "tray-h", text: "Last roll" }));
  const dieEl = (n, who) => el("span", { class: `die ${who}`, text: n, title: `rolled ${n}`, "aria-label": `die showing ${n}` });
  if (r.roll) {
    const x = r.roll;
    // each side: who, what its Force is made of, then Force + die = total
    const sideBox = (name, parts, force, n, total, who) => el("span", { class: `roll-side ${who}` },
      el("span", { class: "roll-name", text: name }),
      el("span", { class: "roll-parts", text: (parts || []).join(" ") }),
      el("span", { class: "roll-sum" }, el("span", { class: "roll-force", title: "Force for this roll", text: force }),
        el("span", { text: " + " }), dieEl(n, who), el("span", { text: " = " }), el("strong", { class: "roll-total", text: total })));
    tray.append(
      sideBox(x.attacker_name, x.attack_parts, x.attack_force, x.attack_die, x.attack_total, "att"),
      el("span", { class: "roll-vs", text: "vs" }),
      sideBox(x.defender_name, x.defence_parts, x.defence_force, x.defence_die, x.defence_total, "def"),
      el("span", { class: `roll-out ${x.hit ? "hit" : "miss"}`, text: x.hit ? `Hit by ${x.attack_total - x.defence_total}` : "No hit" }));
  } else {
    tray.append(el("span", { class: "roll-single" }, r.dice.map((n) => dieEl(n, "one"))), el("span", { class: "roll-text", text: r.text }));
  }
  if (state.log.length && state.log[state.log.length - 1].seq - r.seq > 12) tray.classList.add("old");
  return tray;
}

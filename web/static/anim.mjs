// Motion driven by the engine's events (Cape Clash). Each new log line since the last state the page
// drew gets its own short animation, one after another: a recruit drops into its row, a draw slides into
// the hand, an attacker lunges and its target glows, a strike shakes what it hits, a stunned card flips
// face down, a KO'd card flies to its owner's KO pile, a level-up flares, a played plot twist shows its
// face over the table, a used power glows. The engine names the cards of each line (log entries'
// `cards`, `cid`, and a draw's `player` and `n`: apps.webapi `_event_json`); nothing here compares boards.
//
// The new state is drawn at once and stays clickable: every effect is CSS or a Web Animation on the
// drawn board (or on a copy that ignores the pointer), so input is never blocked. The page's Motion
// switch and prefers-reduced-motion turn the motion off; the highlight below stays (it doesn't move).
//
// The other side's last action stays highlighted until the viewer acts: the cards named by the log lines
// since the viewer's own last move get `.theirs` (a KO'd card: its owner's KO pile), on every redraw.
//
//   const before = capture(board)                    positions and copies of the cards, before a redraw
//   play(board, prev, state, before, { reduced })    animate the log lines after prev's
//   markTheirs(board, state, sinceSeq)               the highlight (sinceSeq: the viewer's last move's log_len)

const STEP_MS = 120;       // between two events' animations
const MAX_EVENTS = 10;     // more than this at once (a long computer turn): the last ones move
const MAX_DELAY = 720;     // the last effect starts by then: the table is settled within about a second
const MOVING = new Set(["draw", "appear", "attack", "strike", "stun", "ko", "level_up", "level_down", "transform", "plot", "power"]);
const LASTING = ["appear", "attack", "strike", "stun", "ko", "level_up", "level_down", "transform", "plot", "power"];

export function capture(board) {
  const out = new Map();
  if (!board) return out;
  for (const n of board.querySelectorAll(".card[data-iid]")) {
    if (n.closest(".hand")) continue;
    const r = n.getBoundingClientRect();
    if (r.width && r.height) out.set(Number(n.dataset.iid), { rect: r, node: n });
  }
  return out;
}

function cardsOf(board, iid) {
  return [...board.querySelectorAll(`.card[data-iid="${iid}"]`)];
}

function pileOf(board, state, iid) {
  const p = (state.view.players || []).find((pl) => (pl.ko || []).some((c) => c.iid === iid));
  return p ? board.querySelector(`[data-pile="ko"][data-player="${p.index}"]`) : null;
}

// one CSS effect on an element: the class, a delay, and its removal when it ends (or after a while)
function fx(node, cls, delay) {
  if (!node) return;
  node.style.setProperty("--fx-delay", `${delay}ms`);
  node.classList.remove(cls);
  void node.offsetWidth;   // restart it if it was already on
  node.classList.add(cls);
  const done = () => { node.classList.remove(cls); node.style.removeProperty("--fx-delay"); };
  node.addEventListener("animationend", (e) => { if (e.target === node) done(); }, { once: true });
  setTimeout(done, delay + 1500);
}

// a copy of a card that left the board, flying from where it was to its pile
function flyToPile(from, pile, delay) {
  if (!from || !from.node || typeof Element.prototype.animate !== "function") return;
  const g = from.node.cloneNode(true);
  g.removeAttribute("id");
  g.classList.add("fx-ghost");
  g.setAttribute("aria-hidden", "true");
  const r = from.rect;
  Object.assign(g.style, { position: "fixed", left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`,
    height: `${r.height}px`, margin: "0", pointerEvents: "none", zIndex: "900" });
  document.body.append(g);
  let to = { x: 0, y: 60, s: 0.5 };
  if (pile) {
    const p = pile.getBoundingClientRect();
    to = { x: p.left + p.width / 2 - (r.left + r.width / 2), y: p.top + p.height / 2 - (r.top + r.height / 2), s: 0.25 };
  }
  const a = g.animate([
    { transform: "none", opacity: 1, filter: "none" },
    { transform: "rotate(-6deg) scale(.95)", opacity: 1, filter: "grayscale(1)", offset: 0.25 },
    { transform: `translate(${to.x}px, ${to.y}px) scale(${to.s}) rotate(-12deg)`, opacity: 0.15, filter: "grayscale(1)" },
  ], { duration: 600, delay, easing: "ease-in", fill: "both" });
  a.onfinish = () => g.remove();
  setTimeout(() => g.remove(), delay + 1200);
  if (pile) fx(pile, "fx-pile", delay + 450);
}

// a played plot twist: its face over the table for a moment (it is in the open once played)
function showPlot(board, cid, faces, delay) {
  if (!faces?.cardFace || !faces.hasFace?.(cid)) return;
  const box = document.createElement("div");
  box.className = "fx-plot-pop";
  box.setAttribute("aria-hidden", "true");
  box.style.setProperty("--fx-delay", `${delay}ms`);
  box.append(faces.cardFace(cid, null, { size: "hand" }));
  document.body.append(box);
  box.addEventListener("animationend", () => box.remove(), { once: true });
  setTimeout(() => box.remove(), delay + 2000);
}

export function play(board, prev, state, before, { reduced = false, faces = null } = {}) {
  const v = state.view;
  if (reduced || !prev || !board || !v.sides || !prev.view?.sides || prev.view.viewer !== v.viewer) return [];
  const shown = state.log.filter((e) => e.seq >= prev.log_len && MOVING.has(e.type)).slice(-MAX_EVENTS);
  const played = [];
  let i = 0;
  const me = v.viewer;
  const prevHand = new Set(((prev.view.players || [])[me]?.hand || []).map((c) => c.iid));
  for (const e of shown) {
    const delay = Math.min(i * STEP_MS, MAX_DELAY);
    const cards = e.cards || [];
    let hit = true;
    switch (e.type) {
      case "appear":
        for (const iid of cards) for (const n of cardsOf(board, iid)) fx(n, "fx-enter", delay);
        break;
      case "draw": {
        if (e.player === me) {
          const drawn = (v.players[me]?.hand || []).filter((c) => !prevHand.has(c.iid));
          drawn.slice(-Math.max(1, e.n || 1)).forEach((c, k) => {
            const n = board.querySelector(`.hand .card[data-iid="${c.iid}"]`);
            fx(n, "fx-draw", delay + k * 60);
          });
        } else {
          fx(board.querySelector(`[data-pile="hand"][data-player="${e.player}"]`), "fx-pile", delay);
        }
        break;
      }
      case "attack": {
        const [last, ...rest] = [...cards].reverse();   // attackers, then what they attack
        for (const iid of rest) for (const n of cardsOf(board, iid)) fx(n, n.closest(".enemy") ? "fx-lunge-down" : "fx-lunge", delay);
        for (const n of cardsOf(board, last)) fx(n, "fx-attacked", delay);
        if (!cardsOf(board, last).length && before.has(last)) flyToPile(before.get(last), pileOf(board, state, last), delay);
        break;
      }
      case "strike": {
        const target = cards[cards.length - 1];
        for (const n of cardsOf(board, target)) fx(n, "fx-hit", delay);
        break;
      }
      case "stun":
        for (const iid of cards) for (const n of cardsOf(board, iid)) fx(n, "fx-flip", delay);
        break;
      case "ko":
        for (const iid of cards) {
          const still = cardsOf(board, iid);
          if (still.length) for (const n of still) fx(n, "fx-hit", delay);   // it came back (a pile, Unbreakable)
          else if (before.has(iid)) flyToPile(before.get(iid), pileOf(board, state, iid), delay);
        }
        break;
      case "level_up": case "transform":
        for (const iid of cards) for (const n of cardsOf(board, iid)) fx(n, "fx-levelup", delay);
        break;
      case "level_down":
        for (const iid of cards) for (const n of cardsOf(board, iid)) fx(n, "fx-hit", delay);
        break;
      case "plot":
        showPlot(board, e.cid, faces, delay);
        break;
      case "power":
        for (const iid of cards) for (const n of cardsOf(board, iid)) fx(n, "fx-power", delay);
        break;
      default:
        hit = false;
    }
    if (hit) { played.push(e.type); i++; }
  }
  board.dataset.fx = played.join(" ");   // what moved, for tests and for the curious
  return played;
}

// The cards the other side's moves (every log line since the viewer's own last move) were about.
export function markTheirs(board, state, sinceSeq) {
  if (!board) return [];
  for (const n of board.querySelectorAll(".theirs")) n.classList.remove("theirs");
  if (sinceSeq === undefined || sinceSeq === null || state.over) return [];
  const iids = new Set();
  for (const e of state.log) if (e.seq >= sinceSeq && LASTING.includes(e.type)) for (const c of e.cards || []) iids.add(c);
  const marked = [];
  for (const iid of iids) {
    const on = cardsOf(board, iid);
    if (!on.length) {
      const pile = pileOf(board, state, iid);
      if (pile) { pile.classList.add("theirs"); marked.push(iid); }
      continue;
    }
    for (const n of on) n.classList.add("theirs");
    marked.push(iid);
  }
  return marked;
}

// Drag and drop by touch. Mobile browsers start no HTML drag from a finger, so a card that can be
// dragged with the mouse (recruit onto a row, attacker onto its target) could only be tapped on a
// phone. Here a finger held still on a draggable card for HOLD_MS lifts it; moving then drags a copy of
// it under the finger, and lifting drops it where the finger is. The page's own drag handlers decide
// everything: this module sends them the dragstart / dragenter / dragover / drop / dragend events a
// mouse drag sends, with a DataTransfer, so a touch drag is the same offered action as a mouse drag.
//
// A swipe that moves before the lift scrolls the page as usual; a finger held still longer, without
// moving, is the long-press zoom (faces.mjs), which cancels the lift.
//
//   enableTouchDrag(root = document, { selector = "#board [draggable='true']" })

const HOLD_MS = 160;
const SLOP = 10;   // px a finger may wander before it counts as a move
const EDGE = 56;   // px from the top or bottom edge where a drag scrolls the page

export function enableTouchDrag(root = document, { selector = "#board [draggable='true']" } = {}) {
  let s = null;   // { el, x, y, timer, armed, dragging, ghost, dt, over, last }

  const zoomOpen = () => !!document.querySelector("#cc-zoom-pop.cc-modal:not([hidden])");

  function reset() {
    if (!s) return;
    clearTimeout(s.timer);
    cancelAnimationFrame(s.raf);
    s.el.classList.remove("touch-lift");
    if (s.ghost) s.ghost.remove();
    if (s.over) s.over.classList.remove("touch-over");
    s = null;
  }

  function fire(target, type, dt) {
    const ev = new DragEvent(type, { bubbles: true, cancelable: true, composed: true, dataTransfer: dt,
      clientX: s?.last?.[0] ?? 0, clientY: s?.last?.[1] ?? 0 });
    target.dispatchEvent(ev);
    return ev;
  }

  function begin(t) {
    s.dragging = true;
    s.dt = new DataTransfer();
    s.last = [t.clientX, t.clientY];
    fire(s.el, "dragstart", s.dt);
    const r = s.el.getBoundingClientRect();
    const g = s.el.cloneNode(true);
    g.removeAttribute("id");
    g.classList.add("touch-ghost");
    g.setAttribute("aria-hidden", "true");
    Object.assign(g.style, { position: "fixed", left: "0", top: "0", width: `${r.width}px`, height: `${r.height}px`,
      margin: "0", pointerEvents: "none", zIndex: "2000" });
    s.off = [t.clientX - r.left, t.clientY - r.top];
    s.ghost = g;
    document.body.append(g);
    place(t);
    s.raf = requestAnimationFrame(edgeScroll);
  }

  // near the top or bottom edge the page scrolls under the dragged card (a phone shows one side at a time)
  function edgeScroll() {
    if (!s?.dragging) return;
    const y = s.last[1], h = window.innerHeight;
    const v = y < EDGE ? -Math.ceil((EDGE - y) / 4) : y > h - EDGE ? Math.ceil((y - h + EDGE) / 4) : 0;
    if (v) {
      const before = window.scrollY;
      window.scrollBy(0, v);
      if (window.scrollY !== before) place({ clientX: s.last[0], clientY: s.last[1] });
    }
    s.raf = requestAnimationFrame(edgeScroll);
  }

  function place(t) {
    s.last = [t.clientX, t.clientY];
    s.ghost.style.transform = `translate(${t.clientX - s.off[0]}px, ${t.clientY - s.off[1]}px) scale(.9)`;
    const under = document.elementFromPoint(t.clientX, t.clientY);
    if (under !== s.overEl) {
      if (s.over) s.over.classList.remove("touch-over");
      s.overEl = under;
      s.over = null;
      if (under) {
        fire(under, "dragenter", s.dt);
        if (fire(under, "dragover", s.dt).defaultPrevented) {   // a place that takes this card
          s.over = under.closest(".row, .card") || under;
          s.over.classList.add("touch-over");
        }
      }
    }
  }

  function drop() {
    const [x, y] = s.last;
    const el = s.el, dt = s.dt;
    if (s.ghost) s.ghost.style.display = "none";
    const under = document.elementFromPoint(x, y);
    let dropped = false;
    if (under && fire(under, "dragover", dt).defaultPrevented) {
      fire(under, "drop", dt);
      dropped = true;
    }
    fire(el, "dragend", dt);
    return dropped;
  }

  root.addEventListener("touchstart", (e) => {
    reset();
    if (e.touches.length !== 1) return;
    const el = e.target.closest?.(selector);
    if (!el) return;
    const t = e.touches[0];
    s = { el, x: t.clientX, y: t.clientY, armed: false, dragging: false };
    s.timer = setTimeout(() => { if (s && !zoomOpen()) { s.armed = true; s.el.classList.add("touch-lift"); } }, HOLD_MS);
  }, { passive: true, capture: true });

  root.addEventListener("touchmove", (e) => {
    if (!s) return;
    const t = e.touches[0];
    const moved = Math.hypot(t.clientX - s.x, t.clientY - s.y);
    if (!s.armed || zoomOpen()) {   // a swipe before the lift: the page scrolls as usual
      if (moved > SLOP || zoomOpen()) reset();
      return;
    }
    e.preventDefault();   // lifted: the finger moves the card, not the page
    if (!s.dragging && moved > SLOP) begin(t);
    if (s.dragging) place(t);
  }, { passive: false, capture: true });

  root.addEventListener("touchend", (e) => {
    if (!s) return;
    if (s.dragging) {
      e.preventDefault();   // no click after a drag
      drop();
    }
    reset();
  }, { passive: false, capture: true });

  root.addEventListener("touchcancel", () => {
    if (s?.dragging) fire(s.el, "dragend", s.dt);
    reset();
  }, { capture: true });
}

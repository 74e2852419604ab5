// The guided first game in the browser: a thin driver over the engine's tutorial requests
// (engine/capeclash/tutorial.py, TutorialOps in apps.webapi). The lessons, the script, what counts as the
// expected move and every rule live in Python; this module only sends the learner's moves and hands
// what comes back to the page's own renderer.
//
// Contract
// --------
//   const tut = await startTutorial(engine, hooks, { lesson: 0 });
//
// engine: anything with call(op, args) -> Promise of the op's result, rejecting with an Error that
//   carries .code and .problems (app.mjs's Engine: engine.call(op, args, "play")).
// hooks (all optional but render):
//   render(state)     draw the board. `state` has exactly the shape of the `state` / `apply` replies
//                     (view, actions, log, ...) plus `state.tutorial` (below). Offered actions stay
//                     clickable; the page sends a clicked action's text to tut.apply(text), never
//                     to the `apply` op, while a lesson is on (automatic answers too: a step
//                     may be the only legal move, e.g. Pass, and still has to reach the script).
//                     Undo is off in lessons (state.can_undo is false).
//   showHint(info)    show the tutorial box: info = state.tutorial, plus info.error (text) when the
//                     engine refused an illegal move. Called after every render.
//   onDone(info, tut) the lesson is over (info.done); offer info.next_lesson (tut.next()) or, when
//                     info.finished, a way back to the title screen. Moves after that are free play.
//   onError(err)      a request failed for another reason (default: console.error).
//
// state.tutorial (info):
//   { title, lesson, lessons, lesson_title, teaches, intro, step, steps,
//     hint,                 what to do now and why (the outro once the lesson is done)
//     expected: [text],     the offered actions that carry out this step: highlight them
//     highlight,            null | {card, iids: [card ids on the board/hand]} | {row, side: seat}
//                           | {button: action type, actions: [text]}
//     well_done,            the praise for the step just completed (null at a lesson's start)
//     refused,              why the last move was not played (a legal move off the script), or null
//     rival_moves: [text],  the log lines since the learner's last move: the rival's answers and
//                           what they set off (as the learner's log reads them)
//     done, outro, next_lesson, finished, titles: [lesson titles] }
//
// tut (the returned controller):
//   tut.state            the last state
//   tut.apply(text)      send the learner's move; resolves to the new state (also rendered)
//   tut.isExpected(text) whether an offered action's text is one the step asks for
//   tut.restart()        start the current lesson again;  tut.next()  the next lesson;
//   tut.goto(n)          lesson n;  tut.refresh()  fetch and render the state again
//   tut.lessons()        the tutorial's title, intro and lesson titles (tutorial_lessons)
//   tut.moves            the learner's moves that the engine played in this lesson, in order: with the
//                        lesson number, all a reload needs to come back to the same place
//
// startTutorial(engine, hooks, { lesson, moves }): with `moves`, the lesson is played up to where those
// moves left it (the lessons are scripted and seeded, so the same moves give the same position); a move
// the engine no longer accepts (a new build changed the lesson) stops the replay there.
// A lesson the engine cannot start (no such lesson) rejects the returned promise with the engine's error.

export async function startTutorial(engine, hooks, { lesson = 0, moves = [] } = {}) {
  if (!engine || typeof engine.call !== "function") throw new Error("startTutorial: engine.call(op, args) is needed");
  if (!hooks || typeof hooks.render !== "function") throw new Error("startTutorial: hooks.render(state) is needed");
  const onError = hooks.onError || ((err) => console.error("tutorial:", err));
  let busy = false;   // one request at a time: a second click while the engine works is dropped

  const tut = {
    state: null,
    moves: [],
    async apply(text) {
      if (busy || !tut.state) return tut.state;
      busy = true;
      try {
        const before = tut.state.hash;
        const state = await engine.call("tutorial_apply", { action: text });
        if (state.hash !== before) tut.moves.push(text);   // played (a move off the script changes nothing)
        return show(state);
      } catch (err) {
        if (err && (err.code === "illegal_action" || err.code === "not_legal_now" || err.code === "invalid_action"
                    || err.code === "not_your_seat")) {
          // the engine refused the move: nothing changed; say why next to the hint
          if (hooks.showHint) hooks.showHint({ ...tut.state.tutorial, error: err.message });
          return tut.state;
        }
        onError(err);
        return tut.state;
      } finally {
        busy = false;
      }
    },
    isExpected(text) {
      return Boolean(tut.state && tut.state.tutorial.expected.includes(text));
    },
    goto(n) { return run("tutorial_start", { lesson: n }); },
    restart() { return tut.goto(tut.state ? tut.state.tutorial.lesson : lesson); },
    next() {
      const info = tut.state && tut.state.tutorial;
      return info && info.next_lesson !== null ? tut.goto(info.next_lesson) : Promise.resolve(tut.state);
    },
    refresh() { return run("tutorial_state", {}); },
    lessons() { return engine.call("tutorial_lessons", {}); },
  };

  let announcedDone = -1;   // the lesson whose end was reported (onDone once per lesson)
  function show(state) {
    tut.state = state;
    hooks.render(state);
    const info = state.tutorial;
    if (hooks.showHint) hooks.showHint(info);
    if (info.done && announcedDone !== info.lesson) {
      announcedDone = info.lesson;
      if (hooks.onDone) hooks.onDone(info, tut);
    } else if (!info.done && announcedDone === info.lesson) {
      announcedDone = -1;   // the lesson was started again
    }
    return state;
  }

  async function run(op, args) {
    if (busy) return tut.state;
    busy = true;
    try {
      const state = await engine.call(op, args);
      if (op === "tutorial_start") tut.moves = [];
      return show(state);
    } catch (err) {
      onError(err);
      return tut.state;
    } finally {
      busy = false;
    }
  }

  if (!moves.length) {   // (a lesson that cannot start rejects: the caller says why, as below)
    show(await engine.call("tutorial_start", { lesson }));
    return tut;
  }
  // back to where a reload left the lesson: its moves again, drawn once at the end
  let state = await engine.call("tutorial_start", { lesson });
  for (const text of moves) {
    let next;
    try { next = await engine.call("tutorial_apply", { action: text }); } catch { break; }
    if (next.hash === state.hash) break;
    state = next;
    tut.moves.push(text);
  }
  announcedDone = state.tutorial.done ? state.tutorial.lesson : -1;   // its end was seen before the reload
  show(state);
  return tut;
}

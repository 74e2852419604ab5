#!/usr/bin/env node
// Makes the site's Pyodide memory snapshot: the runtime booted, the engine imported and the
// card pools (Cape Clash and Derring-Dice) loaded into their Sessions, frozen as one gzip file the browser restores in well under
// a second instead of booting Python from scratch (Pyodide's _makeSnapshot/_loadSnapshot).
//
//   node web/snapshot.mjs PYODIDE_DIR ENGINE_ZIP CARDS_JSON OUT_GZ
//
// The snapshot holds no files (the browser unpacks engine.zip again for late imports) and
// nothing is fetched from the network.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, engineZip, cardsJson, out] = process.argv.slice(2);
if (!out) {
  process.stderr.write("usage: node web/snapshot.mjs PYODIDE_DIR ENGINE_ZIP CARDS_JSON OUT_GZ\n");
  process.exit(2);
}
const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const url = typeof input === "string" ? input : input.url || String(input);
  if (/^(https?|wss?):/.test(url)) return Promise.reject(new Error(`network access refused: ${url}`));
  return realFetch(input, init);
};
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true });
py.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip", { extractDir: "/capeclash" });
py.globals.set("_cc_cards", readFileSync(cardsJson, "utf8"));
py.runPython(`
import sys, json
sys.path.insert(0, "/capeclash")
import engine, engine.capeclash.view, engine.cardlang.text, engine.capeclash.scenario, engine.capeclash.position, apps.webapi
try:
    import engine.ai, engine.ai.capeclash, engine.ai.policies, engine.ai.match
except ImportError:
    pass
from apps.webapi import DiceSession, Session
_cc_bundle = json.loads(_cc_cards)
_cc_play = Session(_cc_bundle)
_cc_play.handle(json.dumps({"op": "catalogue"}))
if _cc_bundle.get("dice"):  # the second game, Derring-Dice: its engine, computer players and cards
    import engine.dice, engine.dice.game, engine.dice.choices, engine.dice.fight, engine.dice.view, engine.dice.ai
    _cc_dice = DiceSession(_cc_bundle["dice"])
    _cc_dice.handle(json.dumps({"op": "catalogue"}))
del _cc_bundle
`);
const snap = py.makeMemorySnapshot();
const gz = gzipSync(snap, { level: 6 });
writeFileSync(out, gz);
process.stdout.write(JSON.stringify({ bytes: snap.length, gzip_bytes: gz.length }) + "\n");

#!/usr/bin/env node
// Plays seeded random-policy Cape Clash games under Pyodide (Node), for the
// cross-runtime determinism check in tests/test_pyodide.py.
//
//   node tests/pyodide/run_games.mjs --bundle cards.json [--modes duel,ffa,2v2,two_headed]
//        [--seeds 1,2] [--timeout 150] [--max-actions 20000]
//
// Pyodide comes from node_modules/pyodide (run `npm ci`), with no network: every
// fetch of a non-file URL, and every http/https/net/tls/dns call, throws and is
// recorded; any such attempt fails the run. Before the games the script asks
// Pyodide for a package it does not have and requires the guard to catch
// Pyodide's CDN fallback request. The engine sources (engine/*.py) and
// tests/pyodide/random_games.py are written into Pyodide's file system unchanged.
//
// Output, one JSON object a line on stdout:
//   {"mode", "seed", "actions", "final_hash", "hashes_every_50_actions", "python_version", ...}
// per game, then one {"summary": {...}} line (boot time, versions, modules the
// engine imported outside the standard library, network attempts).
// Any error, a missing game or the timeout: a message on stderr and a non-zero exit.
//
// The Python work runs in a worker thread, so the main thread can enforce the
// timeout even while Python is busy.

import { createRequire, syncBuiltinESMExports } from "node:module";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const MODES = ["duel", "ffa", "2v2", "two_headed"];

// ------------------------------------------------------------------ network guard

const networkAttempts = [];

function blocked(what) {
  networkAttempts.push(what);
  return new Error(`network access blocked in the Pyodide determinism check: ${what}`);
}

function urlOf(input) {
  if (typeof input === "string") return input;
  if (input instanceof URL) return input.href;
  if (input && typeof input.url === "string") return input.url;
  return String(input);
}

function installNetworkGuard() {
  const realFetch = globalThis.fetch;
  globalThis.fetch = function guardedFetch(input, init) {
    const url = urlOf(input);
    let protocol = null;
    try {
      protocol = new URL(url).protocol;
    } catch {
      protocol = null; // a relative path: not a network URL
    }
    if (protocol !== null && protocol !== "file:") {
      return Promise.reject(blocked(`fetch ${url}`));
    }
    return realFetch.call(this, input, init);
  };
  for (const name of ["WebSocket", "EventSource"]) {
    if (typeof globalThis[name] === "function") {
      globalThis[name] = function () {
        throw blocked(`${name} ${arguments[0]}`);
      };
    }
  }
  const require = createRequire(import.meta.url);
  const patch = {
    http: ["request", "get"],
    https: ["request", "get"],
    http2: ["connect"],
    net: ["connect", "createConnection"],
    tls: ["connect"],
    dns: ["lookup", "resolve", "resolve4", "resolve6"],
  };
  for (const [mod, fns] of Object.entries(patch)) {
    const m = require(`node:${mod}`);
    for (const fn of fns) {
      m[fn] = function () {
        throw blocked(`${mod}.${fn}(${typeof arguments[0] === "string" ? arguments[0] : ""})`);
      };
    }
  }
  syncBuiltinESMExports();
}

// The guard must really refuse: prove it once, then forget the attempts this made.
async function assertGuardWorks() {
  // Prove the guard refuses before anything reaches a socket.
  let refused = false;
  try {
    await globalThis.fetch("https://example.invalid/pyodide-lock.json");
  } catch (e) {
    refused = /network access blocked/.test(String(e && e.message));
  }
  let refusedHttp = false;
  try {
    const require = createRequire(import.meta.url);
    require("node:https").get("https://example.invalid/");
  } catch (e) {
    refusedHttp = /network access blocked/.test(String(e && e.message));
  }
  if (!refused || !refusedHttp) {
    throw new Error("network guard self-test failed: a network request was not refused");
  }
  networkAttempts.length = 0;
}

// Under Node, Pyodide fetches a package missing from its directory from a CDN.
// Ask for one (the npm package ships no wheels) and require that the guard
// caught that very request and that nothing was loaded; then forget it.
async function assertPyodideFallbackRefused(pyodide) {
  const errors = [];
  await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: (m) => errors.push(m) });
  const caught = networkAttempts.filter((a) => /^fetch https?:.*micropip/.test(a));
  if (!caught.length || "micropip" in pyodide.loadedPackages) {
    throw new Error("network guard did not catch Pyodide's CDN fallback " +
                    `(attempts: ${JSON.stringify(networkAttempts)}, errors: ${JSON.stringify(errors)})`);
  }
  networkAttempts.length = 0;
}

// ------------------------------------------------------------------ arguments

function parseArgs(argv) {
  const opts = { modes: MODES, seeds: [1, 2], timeout: 150, maxActions: 20000, bundle: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--bundle") opts.bundle = path.resolve(val());
    else if (a === "--modes") opts.modes = val().split(",").filter(Boolean);
    else if (a === "--seeds") opts.seeds = val().split(",").filter(Boolean).map(Number);
    else if (a === "--timeout") opts.timeout = Number(val());
    else if (a === "--max-actions") opts.maxActions = Number(val());
    else if (a === "-h" || a === "--help") {
      process.stdout.write(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n\n")[0] + "\n");
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  if (!opts.bundle) throw new Error("--bundle PATH (the JSON card bundle) is required");
  if (!existsSync(opts.bundle)) throw new Error(`no card bundle at ${opts.bundle}`);
  for (const m of opts.modes) if (!MODES.includes(m)) throw new Error(`unknown mode ${m}`);
  if (!opts.modes.length || !opts.seeds.length) throw new Error("no games to play");
  if (opts.seeds.some((s) => !Number.isSafeInteger(s) || s < 0)) throw new Error("seeds are whole numbers >= 0");
  if (!(opts.timeout > 0)) throw new Error("--timeout must be a positive number of seconds");
  if (!(Number.isSafeInteger(opts.maxActions) && opts.maxActions > 0)) throw new Error("--max-actions must be positive");
  return opts;
}

// ------------------------------------------------------------------ main thread

function die(msg) {
  process.stderr.write(`run_games.mjs: FAILED: ${msg}\n`);
  process.exit(1);
}

async function main() {
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    die(e.message);
  }
  if (!existsSync(path.join(PYODIDE_DIR, "pyodide.mjs"))) {
    die(`Pyodide is not installed at ${PYODIDE_DIR}: run \`npm ci\` in ${ROOT}`);
  }
  installNetworkGuard();
  await assertGuardWorks();

  const expected = opts.modes.length * opts.seeds.length;
  let games = 0;
  let summary = null;
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: opts });
  const timer = setTimeout(() => {
    process.stderr.write(`run_games.mjs: FAILED: timed out after ${opts.timeout} s ` +
                         `(${games}/${expected} games done)\n`);
    process.exit(3);
  }, opts.timeout * 1000);
  worker.on("message", (msg) => {
    if (msg.type === "game") {
      games++;
      process.stdout.write(JSON.stringify(msg.data) + "\n");
    } else if (msg.type === "summary") {
      summary = msg.data;
    } else if (msg.type === "error") {
      die(msg.message);
    }
  });
  worker.on("error", (e) => die(`worker error: ${(e && e.stack) || e}`));
  worker.on("exit", (code) => {
    clearTimeout(timer);
    if (code !== 0) die(`worker exited with code ${code}`);
    if (!summary) die("worker finished without a summary");
    const attempts = [...networkAttempts, ...summary.network_attempts];
    summary.network_attempts = attempts;
    summary.network_guard = true;
    if (games !== expected) die(`expected ${expected} games, got ${games}`);
    process.stdout.write(JSON.stringify({ summary }) + "\n");
    if (attempts.length) die(`network access was attempted: ${attempts.join("; ")}`);
    if (summary.non_stdlib_modules.length) {
      die(`the engine imported modules outside the standard library: ${summary.non_stdlib_modules.join(", ")}`);
    }
  });
}

// ------------------------------------------------------------------ worker thread

const PY_SETUP = `
import sys
_cc_modules_before = set(sys.modules)
sys.path.insert(0, "/capeclash")
sys.path.insert(0, "/capeclash/tests")
import random_games
_cc_pool, _cc_decks = random_games.read_bundle("/capeclash/bundle.json")
`;

const PY_GAME = `
import json
json.dumps(random_games.play(_cc_pool, _cc_decks, _cc_mode, _cc_seed, max_actions=_cc_max_actions))
`;

const PY_MODULES = `
import json, sys
_own = {"engine", "random_games"}
json.dumps({
    "new_modules": sorted(set(sys.modules) - _cc_modules_before),
    "non_stdlib_modules": sorted(m for m in set(sys.modules) - _cc_modules_before
                                 if m.split(".")[0] not in sys.stdlib_module_names
                                 and m.split(".")[0] not in _own),
    "yaml_loaded": any(m == "yaml" or m.startswith("yaml.") for m in sys.modules),
    "platform": sys.platform,
    "python_version": "%d.%d.%d" % sys.version_info[:3],
})
`;

// Copy the .py files under srcDir (recursively, skipping caches) into Pyodide's FS.
function writeTree(FS, srcDir, destDir, filter, rel = "") {
  FS.mkdirTree(destDir);
  const names = [];
  for (const ent of readdirSync(srcDir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const src = path.join(srcDir, ent.name);
    if (ent.isDirectory()) {
      if (ent.name === "__pycache__" || ent.name.startsWith(".")) continue;
      names.push(...writeTree(FS, src, `${destDir}/${ent.name}`, filter, `${rel}${ent.name}/`));
    } else if (ent.isFile() && filter(ent.name)) {
      FS.writeFile(`${destDir}/${ent.name}`, new Uint8Array(readFileSync(src)));
      names.push(rel + ent.name);
    }
  }
  return names;
}

async function worker() {
  const opts = workerData;
  installNetworkGuard();
  await assertGuardWorks();
  const t0 = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_DIR + path.sep,
    packageCacheDir: PYODIDE_DIR + path.sep,
    stdout: (s) => process.stderr.write(`[pyodide stdout] ${s}\n`),
    stderr: (s) => process.stderr.write(`[pyodide stderr] ${s}\n`),
  });
  const bootMs = performance.now() - t0;
  if (networkAttempts.length) throw new Error(`network access during boot: ${networkAttempts.join("; ")}`);
  await assertPyodideFallbackRefused(pyodide);

  const t1 = performance.now();
  const FS = pyodide.FS;
  const engineFiles = writeTree(FS, path.join(ROOT, "engine"), "/capeclash/engine", (n) => n.endsWith(".py"));
  writeTree(FS, HERE, "/capeclash/tests", (n) => n === "random_games.py");
  FS.writeFile("/capeclash/bundle.json", new Uint8Array(readFileSync(opts.bundle)));
  pyodide.runPython(PY_SETUP);
  const loadMs = performance.now() - t1;

  const globals = pyodide.globals;
  let playMs = 0;
  for (const mode of opts.modes) {
    for (const seed of opts.seeds) {
      globals.set("_cc_mode", mode);
      globals.set("_cc_seed", seed);
      globals.set("_cc_max_actions", opts.maxActions);
      const t = performance.now();
      const out = JSON.parse(pyodide.runPython(PY_GAME));
      playMs += performance.now() - t;
      if (!out.is_over) throw new Error(`${mode} seed ${seed}: not over after ${out.actions} actions`);
      parentPort.postMessage({ type: "game", data: out });
    }
  }
  const mods = JSON.parse(pyodide.runPython(PY_MODULES));
  parentPort.postMessage({
    type: "summary",
    data: {
      pyodide_version: pyodide.version,
      python_version: mods.python_version,
      platform: mods.platform,
      boot_ms: Math.round(bootMs),
      engine_load_ms: Math.round(loadMs),
      play_ms: Math.round(playMs),
      engine_files: engineFiles,
      loaded_packages: Object.keys(pyodide.loadedPackages),
      new_modules: mods.new_modules,
      non_stdlib_modules: mods.non_stdlib_modules,
      yaml_loaded: mods.yaml_loaded,
      cdn_fallback_refused: true,
      network_attempts: [...networkAttempts],
    },
  });
}

if (isMainThread) {
  main().catch((e) => die((e && e.stack) || String(e)));
} else {
  worker().catch((e) => {
    parentPort.postMessage({ type: "error", message: (e && e.stack) || String(e) });
    process.exit(1);
  });
}

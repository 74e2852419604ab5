// The rules engine in a Web Worker: Pyodide runs apps.webapi.Session; the page posts
// JSON text requests and gets JSON text replies. No rule logic lives here or in the page.
const BASE = new URL("./", import.meta.url);
let sessions = null;   // {play: handle, demo: handle}
let py = null;

async function fetchOk(path, as) {
  const r = await fetch(new URL(path, BASE));
  if (!r.ok) throw new Error(`could not load ${path} (HTTP ${r.status}); rebuild the site with \`capeclash web build\``);
  return as === "bytes" ? new Uint8Array(await r.arrayBuffer()) : as === "json" ? r.json() : r.text();
}

async function gunzip(path) {
  const r = await fetch(new URL(path, BASE));
  if (!r.ok) throw new Error(`could not load ${path} (HTTP ${r.status})`);
  return new Uint8Array(await new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

// The memory snapshot: unpacked from the service worker's cache when it controls the page (it
// keeps it so), else the packed file.
let snapshotFrom = null;  // "unpacked" or "packed": which file the boot read
async function snapshot(cached) {
  if (cached) {
    try {
      const bytes = await fetchOk("snapshot.bin", "bytes");
      snapshotFrom = "unpacked";
      return bytes;
    } catch { /* not cached (yet): the packed file */ }
  }
  snapshotFrom = "packed";
  return gunzip("snapshot.bin.gz");
}

// The engine's packages imported in the snapshot look for their submodules along their __path__
// (/capeclash/...): each gets the same folder inside the archive appended.
const LATE_IMPORTS = `import sys
_z = "/capeclash.zip"
if _z not in sys.path:
    sys.path.append(_z)
for _name, _m in list(sys.modules.items()):
    _p = getattr(_m, "__path__", None)
    if _p is not None and _name.split(".")[0] in ("engine", "apps") and _z + "/" + _name.replace(".", "/") not in _p:
        _p.append(_z + "/" + _name.replace(".", "/"))
del _z, _name, _m, _p`;

async function boot(opts) {
  const t0 = performance.now();
  // the address's ?engine= picks a packaging; any other value is ignored (the page names it)
  opts = { ...opts, engine: ["zip", "wheel"].includes(opts.engine) ? opts.engine : undefined };
  // everything the boot needs is asked for at once; the snapshot speculatively (its name is fixed)
  const sitePromise = fetchOk("site.json", "json");
  const lockPromise = fetchOk("pyodide/pyodide-lock.json", "json");
  const loaderPromise = import(new URL("pyodide/pyodide.mjs", BASE).href);
  // the runtime's own script (1.2 MB) is loaded beside its loader; the loader's import of it then
  // finds it in the module map instead of starting it
  import(new URL("pyodide/pyodide.asm.mjs", BASE).href).catch(() => null);
  const wantSnapshot = !opts.nosnapshot && !opts.engine;
  const snapshotPromise = wantSnapshot ? snapshot(opts.cached).catch((e) => e) : null;
  const site = await sitePromise;
  const packaging = opts.engine || site.engine;
  const useSnapshot = Boolean(site.snapshot) && wantSnapshot;
  const enginePromise = packaging === "zip" || useSnapshot ? fetchOk("engine.zip", "bytes") : null;
  const cardsPromise = useSnapshot ? null : fetchOk("cards.json");
  const fullLock = await lockPromise;
  const lock = packaging === "wheel" && !useSnapshot ? fullLock : { info: fullLock.info, packages: {} };
  const { loadPyodide } = await loaderPromise;
  const config = {
    indexURL: new URL("pyodide/", BASE).href,
    lockFileContents: lock,
    packageBaseUrl: new URL("pyodide/", BASE).href,
    stdout: (s) => console.log("[python]", s),
    stderr: (s) => console.warn("[python]", s),
  };
  // the loader takes the snapshot as a promise: it fetches and compiles the runtime meanwhile
  if (useSnapshot) config._loadSnapshot = snapshotPromise.then((snap) => { if (snap instanceof Error) throw snap; return snap; });
  else if (packaging === "wheel") config.packages = [site.package];
  py = await loadPyodide(config);
  const tRuntime = performance.now();
  if (useSnapshot) {
    // the snapshot already holds the engine and the card pool; the few modules imported later are
    // read from the archive itself (zipimport: one file written instead of 84 unpacked, ~0.1 s less)
    py.FS.writeFile("/capeclash.zip", await enginePromise);
    py.runPython(LATE_IMPORTS);
  } else {
    if (packaging === "wheel") {
      if (!(site.package in py.loadedPackages)) throw new Error(`the engine package ${site.package} did not load`);
    } else {
      py.unpackArchive(await enginePromise, "zip", { extractDir: "/capeclash" });
      py.runPython("import sys\nsys.path.insert(0, '/capeclash')");
    }
    py.globals.set("_cc_cards", await cardsPromise);
    py.runPython("import json\nfrom apps.webapi import Session\n_cc_play = Session(json.loads(_cc_cards))");
  }
  sessions = { play: py.globals.get("_cc_play").handle };
  const tReady = performance.now();
  return { packaging: useSnapshot ? "snapshot" : packaging, snapshot: snapshotFrom, runtime_ms: Math.round(tRuntime - t0),
           engine_ms: Math.round(tReady - tRuntime), total_ms: Math.round(tReady - t0),
           python: py.runPython("import sys; sys.version.split()[0]"), version: site.version };
}

// play: the Cape Clash game; demo: the title screen's computer-vs-computer game; dice: Derring-Dice.
// The snapshot holds play and dice; without it they are made on first use.
function session(name) {
  if (!sessions[name]) {
    if (name === "demo") py.runPython("_cc_demo = Session(json.loads(_cc_cards))");
    else if (name === "dice") {
      py.runPython(`if "_cc_dice" not in globals():
    import json
    from apps.webapi import DiceSession
    _cc_b = json.loads(_cc_cards)
    if not _cc_b.get("dice"):
        raise RuntimeError("this build has no Derring-Dice cards (card_data/dice)")
    _cc_dice = DiceSession(_cc_b["dice"])
    del _cc_b`);
    } else throw new Error(`no session ${name}`);
    sessions[name] = py.globals.get(`_cc_${name}`).handle;
  }
  return sessions[name];
}

self.onmessage = async (e) => {
  const msg = e.data;
  if (msg.type === "boot") {
    try {
      const info = await boot(msg.opts || {});
      self.postMessage({ type: "ready", info });
    } catch (err) {
      self.postMessage({ type: "boot_error", message: String((err && err.message) || err) });
    }
  } else if (msg.type === "call") {
    let body;
    try {
      const t = performance.now();
      body = session(msg.session || "play")(msg.body);
      self.postMessage({ type: "reply", id: msg.id, body, ms: performance.now() - t });
    } catch (err) {
      body = JSON.stringify({ ok: false, error: { code: "worker_error", message: String((err && err.message) || err), problems: [] } });
      self.postMessage({ type: "reply", id: msg.id, body });
    }
  }
};

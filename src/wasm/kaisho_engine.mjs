// Loads the WebAssembly module of the rules and the CPU (build-wasm/kaisho-engine.wasm,
// engine_api.h, docs/engine-wasm.md) and wraps its C interface in a small JavaScript one.
// Plain ECMAScript with no Node.js or DOM API, so that a browser's Web Worker and Node.js
// (tests/wasm/) load it alike. It provides the module's imports: the few WASI functions it
// calls (a monotonic clock for time limits; standard error, which only an abort message
// uses) and `kaisho.info`, each progress line of a search.
//
//   const engine = await loadKaishoEngine(bytesOrModuleOrResponse);
//   const game = engine.newGame('shogi', { move_limit: 150 }, 'startpos moves 7g7f');
//   game.legalMoves();                        // ['1c1d', '1g1f', ...]
//   game.play('3c3d');                        // throws a KaishoError on an illegal move
//   game.inCheck();                           // ['gote'] when gote's king is attacked
//   game.think({ level: 5, nodes: 20000 });   // { bestmove: '2g2f', lines: [...], ... }
//   game.notation('japanese');                // ['☗７六歩', '☖３四歩', ...]
//   game.record('kif', { names: ['Aiko', 'CPU'], reason: 'resignation' });
//   game.delete();

// A failed call: the module's message, and its code with parameters (engine_api.h,
// kaisho_error_code), e.g. "illegal_move move=2h2c reason=cannot_reach".
export class KaishoError extends Error {
  constructor(message, code) {
    super(message);
    this.name = "KaishoError";
    this.code = code || "";
  }
}

const WASI_EBADF = 8;
const WASI_ENOSYS = 52;

// source: a WebAssembly.Module, the module's bytes (ArrayBuffer or typed array), or a fetch
// Response (or a promise of one). onInfo(line): every progress line of every search, unless
// a call gives its own.
export async function loadKaishoEngine(source, { onInfo } = {}) {
  let instance;
  let memory;
  let infoListener = onInfo || null;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let stderr = "";

  const bytes = (pointer, length) => new Uint8Array(memory.buffer, pointer, length);
  const view = () => new DataView(memory.buffer);

  const wasi = {
    clock_time_get(id, _precision, out) {
      // 0: realtime, 1: monotonic (the search's clock); the process clocks are not kept.
      const ms = id === 0 ? Date.now() : performance.now();
      view().setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
      return 0;
    },
    fd_write(fd, iovs, count, written) {
      const v = view();
      let total = 0;
      for (let i = 0; i < count; i++) {
        const pointer = v.getUint32(iovs + 8 * i, true);
        const length = v.getUint32(iovs + 8 * i + 4, true);
        if (fd === 2) stderr += decoder.decode(bytes(pointer, length).slice());
        total += length;
      }
      v.setUint32(written, total, true);
      return fd === 1 || fd === 2 ? 0 : WASI_EBADF;
    },
    fd_close: () => WASI_EBADF,
    fd_seek: () => WASI_ENOSYS,
    proc_exit(code) {
      throw new KaishoError(`the engine stopped (exit ${code}) ${stderr}`.trim());
    },
  };
  const imports = {
    wasi_snapshot_preview1: wasi,
    kaisho: {
      info(pointer, length) {
        if (infoListener) infoListener(decoder.decode(bytes(pointer, length).slice()).trimEnd());
      },
    },
  };

  let module = await source;
  if (typeof Response !== "undefined" && module instanceof Response) {
    if (!module.ok) throw new KaishoError(`cannot load the engine: HTTP ${module.status}`);
    module =
      typeof WebAssembly.compileStreaming === "function"
        ? await WebAssembly.compileStreaming(module)
        : await module.arrayBuffer();
  }
  if (!(module instanceof WebAssembly.Module)) module = await WebAssembly.compile(module);
  instance = await WebAssembly.instantiate(module, imports);
  memory = instance.exports.memory;
  const api = instance.exports;
  api._initialize();

  // The module's NUL-terminated text at `pointer`, copied out.
  const readText = (pointer) => {
    const all = new Uint8Array(memory.buffer);
    let end = pointer;
    while (all[end] !== 0) end++;
    return decoder.decode(all.subarray(pointer, end));
  };
  const fail = () => {
    throw new KaishoError(readText(api.kaisho_error()), readText(api.kaisho_error_code()));
  };
  // Calls fn with each string argument copied into the module's memory (NUL-terminated);
  // a null or undefined argument is passed as a null pointer.
  const withText = (texts, fn) => {
    const pointers = [];
    try {
      for (const t of texts) {
        if (t === null || t === undefined) {
          pointers.push(0);
          continue;
        }
        const encoded = encoder.encode(String(t));
        const pointer = api.kaisho_alloc(encoded.length + 1);
        if (!pointer) throw new KaishoError("the engine is out of memory");
        pointers.push(pointer);
        const target = new Uint8Array(memory.buffer, pointer, encoded.length + 1);
        target.set(encoded);
        target[encoded.length] = 0;
      }
      return fn(...pointers);
    } finally {
      for (const p of pointers) if (p) api.kaisho_free(p);
    }
  };
  const textResult = (pointer) => (pointer ? readText(pointer) : fail());
  // {key: value} or "key=value key=value" → the module's KEY=VALUE text.
  const pairs = (value) => {
    if (value === null || value === undefined) return "";
    if (typeof value === "string") return value;
    return Object.entries(value)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
  };
  const withInfo = (listener, fn) => {
    const before = infoListener;
    if (listener) infoListener = listener;
    try {
      return fn();
    } finally {
      infoListener = before;
    }
  };
  // "info depth D score S [mate M] nodes N time MS pv ..." as an object.
  const parseInfo = (line) => {
    const words = line.split(" ");
    const info = { depth: 0, score: 0, mate: 0, nodes: 0, time: 0, pv: [] };
    for (let i = 1; i < words.length; i++) {
      if (words[i] === "pv") {
        info.pv = words.slice(i + 1);
        break;
      }
      info[words[i]] = Number(words[++i]);
    }
    return info;
  };

  class KaishoGame {
    constructor(handle) {
      this.handle = handle;
    }
    // The legal moves of the seat to move, sorted ([] once the game is over).
    legalMoves() {
      const text = textResult(api.kaisho_legal_moves(this.handle));
      return text ? text.split(" ") : [];
    }
    // Plays a move; an illegal one throws a KaishoError and changes nothing.
    play(move) {
      if (withText([move], (m) => api.kaisho_play(this.handle, m)) !== 0) fail();
    }
    // { text, position, toMove, out, result, reason } (`kaisho play`'s report; text is all
    // of it, the others its lines, absent when the report has none).
    state() {
      const text = textResult(api.kaisho_state(this.handle));
      const lines = text.trimEnd().split("\n");
      const state = { text, position: lines[0] };
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(": ");
        const key = line.slice(0, colon).replace(/_(\w)/g, (_, c) => c.toUpperCase());
        state[key] = line.slice(colon + 2);
      }
      return state;
    }
    // The seats in check now, by name in seat order ([] when none), as the server's group
    // state has them (`in_check`); a mated seat is still in check once the game is over.
    inCheck() {
      const text = textResult(api.kaisho_in_check(this.handle));
      return text ? text.split(",") : [];
    }
    // The CPU's move under limits {level, nodes, depth, time, seed, hash} (engine_api.h):
    // { bestmove (null when the game is over), lines (what `kaisho think` prints), info (the
    // last iteration, or null) }. onInfo(line) gets each progress line as it comes.
    think(limits, onInfo) {
      const text = withInfo(onInfo, () =>
        textResult(withText([pairs(limits)], (l) => api.kaisho_think(this.handle, l))),
      );
      const lines = text.trimEnd().split("\n");
      const best = lines[lines.length - 1].slice("bestmove ".length);
      const infos = lines.filter((l) => l.startsWith("info "));
      return {
        bestmove: best === "none" ? null : best,
        lines,
        info: infos.length ? parseInfo(infos[infos.length - 1]) : null,
      };
    }
    // A full-strength search's judgement under limits {nodes, depth, time, hash}: { line,
    // depth, score, mate, nodes, time, pv }, or null once the game is over.
    evaluate(limits, onInfo) {
      const text = withInfo(onInfo, () =>
        textResult(withText([pairs(limits)], (l) => api.kaisho_evaluate(this.handle, l))),
      ).trimEnd();
      return text ? { line: text, ...parseInfo(text) } : null;
    }
    // Perft: { total (a BigInt), divide: [[move, BigInt], ...] (only when asked) }.
    perft(depth, divide = false) {
      const lines = textResult(api.kaisho_perft(this.handle, depth, divide ? 1 : 0))
        .trimEnd()
        .split("\n");
      const total = BigInt(lines.pop());
      return {
        total,
        divide: lines.map((l) => {
          const [move, count] = l.split(" ");
          return [move, BigInt(count)];
        }),
      };
    }
    // The moves played in a notation people read, "japanese" (☗７六歩) or "western" (P-7f):
    // one string per move; [] for games with none (hasami, yonin, musashi). Another style
    // throws a KaishoError.
    notation(style) {
      const text = textResult(withText([style], (s) => api.kaisho_notation(this.handle, s)));
      return text ? text.slice(0, -1).split("\n") : [];
    }
    // The game's record as a file, as the server exports it: format "text" (every game),
    // "kif" or "csa" (shogi and annan; a KaishoError for the others). names: the seats'
    // names [first, second] ("sente"/"gote" when absent); reason: how the game ended when the
    // rules did not end it ("resignation"), else the rules' own outcome.
    record(format, { names, reason } = {}) {
      const seatNames =
        names && names.length
          ? names.map((n) => String(n ?? "").replace(/\n/g, " ")).join("\n")
          : "";
      return textResult(
        withText([format, seatNames, reason || ""], (f, n, r) =>
          api.kaisho_record(this.handle, f, n, r),
        ),
      );
    }
    // Releases the game; the object is not usable afterwards.
    delete() {
      api.kaisho_delete_game(this.handle);
      this.handle = 0;
    }
  }

  return {
    // The game ids, in the site's order.
    games: () => textResult(api.kaisho_games()).split(" "),
    // A game: options {key: value} or "key=value ..."; position "POSITION [moves ...]" or
    // "startpos ..." (default: the start position). Throws a KaishoError on bad input.
    newGame(game, options, position) {
      const handle = withText([game, pairs(options), position || ""], (g, o, p) =>
        api.kaisho_new_game(g, o, p),
      );
      if (!handle) fail();
      return new KaishoGame(handle);
    },
    // The module's own linear memory in bytes (it grows, never shrinks).
    memoryBytes: () => memory.buffer.byteLength,
  };
}

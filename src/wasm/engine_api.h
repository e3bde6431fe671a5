#ifndef KAISHO_WASM_ENGINE_API_H
#define KAISHO_WASM_ENGINE_API_H
/* The C interface of the WebAssembly module (build-wasm/kaisho-engine.wasm; docs/engine-wasm.md):
 * the rules and the CPU of every game, for a page's Web Worker and for the tests in
 * tests/wasm/. It is a thin layer over the same library code the native `kaisho` tools use
 * (rules::Game, rules::GameState, ai::Engine): no rule and no search is written here.
 *
 * Text in and out, in the project's notation (docs/notation.md) and in the formats of the
 * `kaisho` commands (docs/cli.md), encoded as UTF-8:
 * - Text given to a function is a NUL-terminated string in the module's memory, written
 *   there by the caller into a buffer from kaisho_alloc() (and released with kaisho_free()).
 * - Text a function returns is a NUL-terminated string the module owns; it stays valid until
 *   the next call of any kaisho_ function, so the caller copies it out at once.
 * - A function that fails returns NULL (text), 0 (a handle) or -1 (a status), leaves every
 *   game unchanged, and kaisho_error() says why; after a success kaisho_error() is "".
 *
 * The module is a WASI reactor: the host calls its `_initialize` export once, before anything
 * else. It imports a few WASI functions (a clock for time limits, and writing to standard
 * error, which only the C library's abort message uses) and `kaisho.info`, called during
 * kaisho_think() and kaisho_evaluate() with each progress line (src/wasm/kaisho_engine.mjs
 * provides them all). It has no threads: a search runs on the caller's thread until one of
 * its limits is reached, so a page runs it in a Web Worker.
 */
#include <stddef.h>
#include <stdint.h>

#if defined(__wasm__)
#define KAISHO_EXPORT(name) __attribute__((export_name(#name)))
#else
#define KAISHO_EXPORT(name)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Memory for the text the caller passes in: `size` bytes (NULL when there is no room), and
 * its release. */
KAISHO_EXPORT(kaisho_alloc) void* kaisho_alloc(size_t size);
KAISHO_EXPORT(kaisho_free) void kaisho_free(void* pointer);

/* Why the last call failed, one line of English ("" after a success). */
KAISHO_EXPORT(kaisho_error) const char* kaisho_error(void);
/* The same failure for a program: its code and parameters, "CODE KEY=VALUE KEY=VALUE..."
 * (e.g. "illegal_move move=2h2c reason=cannot_reach", rules/api/illegal_move.hpp); "" when
 * the error has no code or the last call succeeded. */
KAISHO_EXPORT(kaisho_error_code) const char* kaisho_error_code(void);

/* The games, "shogi annan hasami yonin musashi" (ids separated by single spaces). */
KAISHO_EXPORT(kaisho_games) const char* kaisho_games(void);

/* Starts a game and returns its handle (> 0), or 0 on an error (an unknown game, option or
 * value, unreadable position text, an illegal move in it).
 * game:     a game id.
 * options:  the local rules as KEY=VALUE separated by whitespace, as `--option` takes them
 *           ("move_limit=150 handicap=bishop"); NULL or "" for the defaults.
 * position: "POSITION [moves M1 M2 ...]" as `kaisho play --position` takes it, POSITION
 *           being position text or "startpos"; NULL or "" for the start position. The moves
 *           are played in order and count for the repetition rules. */
KAISHO_EXPORT(kaisho_new_game)
int32_t kaisho_new_game(const char* game, const char* options, const char* position);
/* Forgets a game; its handle is not valid any more. An unknown handle is ignored. */
KAISHO_EXPORT(kaisho_delete_game) void kaisho_delete_game(int32_t game);

/* The legal moves of the seat to move as move text, sorted in plain byte order and separated
 * by single spaces ("" when the game is over), as `kaisho moves` prints them. */
KAISHO_EXPORT(kaisho_legal_moves) const char* kaisho_legal_moves(int32_t game);

/* Plays one move given as move text: 0, or -1 with the state unchanged when the move is
 * unreadable, illegal or the game is over (kaisho_error() says why). */
KAISHO_EXPORT(kaisho_play) int32_t kaisho_play(int32_t game, const char* move);

/* The game as `kaisho play` reports it: the position text, then "to_move: SEAT" while it goes
 * on, "out: SEAT,SEAT" (four-player games, seats knocked out), and once it has ended
 * "result: win SEAT | draw | places SEAT=N,..." and "reason: WORD"; each line ends with a
 * newline. */
KAISHO_EXPORT(kaisho_state) const char* kaisho_state(int32_t game);

/* The seats in check in the position now, as the server's group state has them (`in_check`,
 * rules::GameState::seats_in_check): their names in seat order separated by commas, "" when
 * none. A mated seat is still in check at the end of the game; games without check (hasami,
 * musashi) always give "". */
KAISHO_EXPORT(kaisho_in_check) const char* kaisho_in_check(int32_t game);

/* The CPU chooses a move for the seat to move, exactly as
 * `kaisho think GAME --position ... --level L --nodes N ...` does (a fresh engine each time,
 * so the answer depends only on the game, the limits and the seed). limits: KEY=VALUE
 * separated by whitespace, NULL or "" for the defaults:
 *   level=L  1..8, or 0 for full strength (default 0)
 *   nodes=N  node limit: the search is then deterministic, the same as the native one's
 *   depth=D  iterations to complete
 *   time=MS  thinking time (the default, 1000, when neither nodes, depth nor time is given)
 *   seed=S   the weak levels' noise and random moves (default 0)
 *   hash=MB  transposition table size (default 16, the native default; another size can
 *            change the moves chosen)
 * Returns what `kaisho think` prints: one "info depth D score S [mate M] nodes N time MS pv
 * ..." line per completed iteration (each also passed to the `kaisho.info` import as it
 * comes), then "bestmove MOVE" ("bestmove none" when the game is over); each line ends with a
 * newline. The game's state is not changed. */
KAISHO_EXPORT(kaisho_think) const char* kaisho_think(int32_t game, const char* limits);

/* The position judged by a full-strength search under `limits` (as kaisho_think's, without
 * level and seed): the last info line of that search, "info depth D score S [mate M] nodes N
 * time MS pv ..." (score from the view of the seat to move, in the game's own scale:
 * centipawns for the shogi games), with a newline; "" when the game is over. depth=1 gives
 * an almost static judgement at once. */
KAISHO_EXPORT(kaisho_evaluate) const char* kaisho_evaluate(int32_t game, const char* limits);

/* Perft as `kaisho perft GAME DEPTH --divide` prints it: one "MOVE COUNT" line per legal move
 * (sorted by move text) when divide is non-zero, then the total; each line ends with a
 * newline. depth: 0..20. */
KAISHO_EXPORT(kaisho_perft) const char* kaisho_perft(int32_t game, int32_t depth, int32_t divide);

/* The moves played so far in a notation people read: style "japanese" (☗７六歩, as in kifu) or
 * "western" (P-7f), one move per line, each ending with a newline ("" before the first move), as
 * the server sends them in a game's `notation` (rules::GameState::readable_moves). Games whose
 * move text is their readable form (hasami, yonin, musashi) have none: "". Another style is an
 * error. */
KAISHO_EXPORT(kaisho_notation) const char* kaisho_notation(int32_t game, const char* style);

/* The game's record as a file, exactly as the server exports a stored game's record
 * (rules/registry/record_files.hpp; in progress or finished):
 *   format "text": the start position text, then " moves M1 M2 ..." when moves were played,
 *                  and a newline (every game);
 *   format "kif", "csa": KIF (UTF-8) and CSA, for shogi and annan only (an error for the
 *                  other games).
 * names:  the first and the second seat's names separated by a newline (KIF's and CSA's
 *         players); NULL or "" (or a name left empty) for "sente" and "gote".
 * reason: how the game ended when its rules did not end it (e.g. "resignation": KIF's 投了,
 *         CSA's %TORYO); NULL or "" for the rules' own outcome ("checkmate", "repetition",
 *         "move_limit", ...; none while the game goes on, and KIF and CSA then have no end
 *         line). */
KAISHO_EXPORT(kaisho_record)
const char* kaisho_record(int32_t game, const char* format, const char* names, const char* reason);

#ifdef __cplusplus
}
#endif

#endif /* KAISHO_WASM_ENGINE_API_H */

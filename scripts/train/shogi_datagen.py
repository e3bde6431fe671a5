#!/usr/bin/env python3
"""Training games for the Shogi evaluation: an external USI engine plays itself.

Usage: shogi_datagen.py --engine /usr/games/gpsusi --kaisho build/kaisho --games N
                        [--depth 4] [--seed S] [--out FILE] [--kaisho-moves NODES]
                        [--kaisho-side both|alternate] [--engine-move-depth D]

Each game starts with 0-8 random legal plies (from `kaisho moves`), then the engine plays
both sides at a fixed search depth (single thread: the labels do not depend on the
machine's load; a move is cut off after 0.5 s, which only happens in long mating fights);
one ply in fifty is random again, for variety. With --kaisho-moves NODES the moves are
Kaisho's own (`kaisho usi`, NODES per move) and the engine only scores the positions, so
that the evaluation also learns the positions its own play leads to; with --kaisho-side
alternate Kaisho plays only one side (sente in the first game, gote in the next, and so on)
and the engine plays the other with its own moves, so that the games also hold the
positions where the engine's play punishes Kaisho's judgement; --engine-move-depth D lets the
engine choose its own moves there with a deeper search (a second process at LimitDepth D, a
move cut off after 1 s, its score and variation the label), so that Kaisho meets the
attacks a strong opponent plays, while the positions where Kaisho moves keep the --depth
label. A game is adjudicated once the engine's
score stays beyond 1500 centipawns for 4 of its moves in a row (the mating phase teaches
the evaluation nothing and is the slowest to search). Output, one line per game (appended
to --out):

    RESULT MOVE/LABEL[/PV] MOVE/LABEL[/PV] ...

RESULT is b (sente won), w (gote won) or d (move limit). LABEL is the engine's score in
centipawns from the side to move's view before MOVE, or '-' for a random move or a mate
score; PV is the engine's principal variation from that position (its first move is MOVE unless Kaisho moves),
moves joined by commas. The trainer (`kaisho train-eval`) replays the moves with the rules engine.
"""
import argparse
import random
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))
from usi_engine import UsiEngine  # noqa: E402

MAX_PLIES = 320
ADJUDICATE_CP = 1500
ADJUDICATE_PLIES = 4


class Rules:
    def __init__(self, kaisho):
        self.p = subprocess.Popen([kaisho, "moves", "shogi"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)

    def legal(self, moves):
        self.p.stdin.write("startpos" + (" moves " + " ".join(moves) if moves else "") + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if line.startswith("error"):
            raise RuntimeError(line)
        return line.split()


def play(engine, mover, mover_side, rules, rng, deep=None):
    """mover_side: 0 or 1, the only side (by ply parity) Kaisho moves for; None for both.
    deep: the engine that chooses the engine's own moves when Kaisho plays one side (None:
    `engine`)."""
    engine.send("usinewgame")
    if deep:
        deep.send("usinewgame")
    if mover:
        mover.send("usinewgame")
    moves, labels = [], []
    opening = rng.randint(0, 8)
    decided = 0  # the engine's moves in a row with |score| beyond ADJUDICATE_CP
    while len(moves) < MAX_PLIES:
        legal = rules.legal(moves)
        if not legal:
            return ("w" if len(moves) % 2 == 0 else "b"), moves, labels
        if len(moves) < opening or rng.random() < 0.02:
            move, label = rng.choice(legal), "-"
        else:
            kaisho_turn = mover_side is None or len(moves) % 2 == mover_side
            thinker = deep if deep and mover and not kaisho_turn else engine
            move, score, _, pv = thinker.think(moves)
            if mover and kaisho_turn and move not in ("resign", "win"):
                move = mover.think(moves)[0]
            if move == "resign":
                return ("w" if len(moves) % 2 == 0 else "b"), moves, labels
            if move == "win":
                return ("b" if len(moves) % 2 == 0 else "w"), moves, labels
            if move not in legal:
                raise RuntimeError(f"engine move {move} is not legal")
            label = "-" if score is None else str(score)
            if score is not None and pv:
                label += "/" + ",".join(pv)
            decided = decided + 1 if score is None or abs(score) > ADJUDICATE_CP else 0
            if decided >= ADJUDICATE_PLIES and score is not None:
                # The side to move is winning if its score is positive.
                mover_wins = score > 0
                sente_to_move = len(moves) % 2 == 0
                return ("b" if mover_wins == sente_to_move else "w"), moves, labels
        moves.append(move)
        labels.append(label)
    return "d", moves, labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="/usr/games/gpsusi")
    ap.add_argument("--kaisho", default="build/kaisho")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--depth", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="-")
    ap.add_argument("--kaisho-moves", type=int, default=0, metavar="NODES")
    ap.add_argument("--kaisho-side", choices=("both", "alternate"), default="both")
    ap.add_argument("--engine-move-depth", type=int, default=0, metavar="D")
    args = ap.parse_args()
    if args.engine_move_depth and not (args.kaisho_moves and args.kaisho_side == "alternate"):
        ap.error("--engine-move-depth needs --kaisho-moves and --kaisho-side alternate")
    rng = random.Random(args.seed)
    # Every option the labels depend on is set, since gpsusi keeps the last values any run set
    # (in /usr/share/gpsshogi-data/gpsusi.conf): with a MultiPVWidth left above 0 its last
    # info line would be another root move's, not the best move's score.
    engine = UsiEngine([args.engine], (("Thread", 1), ("LimitDepth", args.depth), ("BookDepth", 0),
                                       ("MultiPVWidth", 0)), "go byoyomi 500")
    deep = None
    if args.engine_move_depth:
        deep = UsiEngine([args.engine], (("Thread", 1), ("LimitDepth", args.engine_move_depth),
                                         ("BookDepth", 0), ("MultiPVWidth", 0)),
                         "go byoyomi 1000")
    mover = None
    if args.kaisho_moves:
        mover = UsiEngine([args.kaisho, "usi"], (), f"go nodes {args.kaisho_moves}")
    rules = Rules(args.kaisho)
    out = sys.stdout if args.out == "-" else open(args.out, "a", buffering=1)
    for game in range(args.games):
        mover_side = None if args.kaisho_side == "both" else game % 2
        result, moves, labels = play(engine, mover, mover_side, rules, rng, deep)
        out.write(result + " " + " ".join(f"{m}/{l}" for m, l in zip(moves, labels)) + "\n")
    engine.quit()
    if deep:
        deep.quit()
    if mover:
        mover.quit()


if __name__ == "__main__":
    main()

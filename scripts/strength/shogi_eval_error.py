#!/usr/bin/env python3
"""How far a Kaisho build's judgement is from GPSShogi's deeper one on recorded positions.

Usage: shogi_eval_error.py label [--depth 8] [--gps-ms 4000] [--minply 20] [--step 6]
                                 [--shard K/N] MATCH_FILE... > LABELS
       shogi_eval_error.py measure [--go "go depth 1"] LABELS[.xz] BUILD...

`label` takes every STEP-th ply from MINPLY (both sides to move) of the games in files
written by `kaisho match ... --moves` and scores each position with GPSShogi
(`/usr/games/gpsusi`, one thread, no book, LimitDepth --depth, cut off after --gps-ms);
--shard K/N keeps every N-th position from the K-th (0-based), so that N processes can
share the work. One line per position, tab-separated: the game's number in the order read
(from 1; a match file's own numbers restart with each run appended to it), the ply, 1 if
player A (Kaisho) is to move else 0, A's result (win, loss or draw), the score for the side
to move (`mate+` or `mate-` for a mate), and the moves from the start.

`measure` lets each BUILD (run as `BUILD usi`) search every labelled position with the
`go` command (by default `go depth 1`: the evaluation after quiescence) and prints, per
build, over all positions and over those of A's lost games:

    BUILD all N mse M bias B lost N mse M bias B [vs-first D se E]

with both scores mapped to a win probability by the trainer's sigmoid, σ(score / 600) (a
mate 0 or 1), seen from player A's side: mse the mean squared difference, bias the mean of
the build's minus GPSShogi's (above zero: the build thinks A stands better than it does).
After the first build, D is the mean of the build's squared error minus the first build's
at each position, and E its standard error (over games, since the positions of one game are
not independent): the paired comparison. Player A's positions are
those Kaisho's own search chose, which is where its evaluation's
errors in its own favour collect.
"""
import argparse
import lzma
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))
from match_records import read_games  # noqa: E402
from usi_engine import UsiEngine  # noqa: E402

GPS = "/usr/games/gpsusi"
SCALE = 600  # the trainer's sigmoid scale (src/ai/shogi/eval_training.cpp)


def games(files):
    """(number, A's side 0/1, A's result, moves) of each game in the match files, numbered
    from 1 in the order read."""
    for number, (a_side, result, moves) in enumerate(read_games(files), start=1):
        yield number, a_side, result, moves


def label(args):
    k, n = (int(x) for x in args.shard.split("/"))
    gps = UsiEngine([GPS], (("Thread", 1), ("LimitDepth", args.depth), ("BookDepth", 0),
                            ("MultiPVWidth", 0)), f"go byoyomi {args.gps_ms}")
    index = 0
    for number, a_side, result, moves in games(args.files):
        for ply in range(args.minply, len(moves) - 8, args.step):
            index += 1
            if index % n != k:
                continue
            _, score, mate, _ = gps.think(moves[:ply])
            text = score_text(score, mate, f"GPSShogi, game {number} ply {ply},")
            a_to_move = int(ply % 2 == a_side)
            print(f"{number}\t{ply}\t{a_to_move}\t{result}\t{text}\t{' '.join(moves[:ply])}",
                  flush=True)
    gps.quit()


def score_text(score, mate, what):
    """A search's score as a label: centipawns, or mate+ / mate- for the side to move."""
    if score is not None:
        return str(score)
    if mate:
        return "mate+" if mate > 0 else "mate-"
    raise RuntimeError(f"{what} gave no score")


def win_probability(text):
    """σ(score / SCALE) for the side to move; a mate is 0 or 1."""
    if text.startswith("mate"):
        return 1.0 if text.endswith("+") else 0.0
    return 1 / (1 + math.exp(-max(-30000, min(30000, int(text))) / SCALE))


def measure(args):
    opener = lzma.open if args.labels.endswith(".xz") else open
    with opener(args.labels, "rt") as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    first = None  # the first build's squared error at each position
    for build in args.builds:
        engine = UsiEngine([build, "usi"], (), args.go)
        errors = []  # (squared error, signed error, from a lost game) per position
        for _, _, a_to_move, result, gps_text, moves in rows:
            _, score, mate, _ = engine.think(moves.split())
            text = score_text(score, mate, build)
            diff = win_probability(text) - win_probability(gps_text)
            if a_to_move == "0":
                diff = -diff  # the side to move is B: A's probabilities are the complements
            errors.append((diff * diff, diff, result == "loss"))
        engine.quit()
        parts = []
        for key, chosen in (("all", errors), ("lost", [e for e in errors if e[2]])):
            n = max(len(chosen), 1)
            parts.append(f"{key} {len(chosen)} mse {sum(e[0] for e in chosen) / n:.4f} "
                         f"bias {sum(e[1] for e in chosen) / n:+.4f}")
        if first is None:
            first = [e[0] for e in errors]
        else:
            # The positions of one game are not independent: the standard error is taken over
            # the games' sums of deviations (a cluster-robust estimate).
            d = [e[0] - f for e, f in zip(errors, first)]
            mean = sum(d) / len(d)
            per_game = {}
            for row, x in zip(rows, d):
                per_game[row[0]] = per_game.get(row[0], 0.0) + x - mean
            g = len(per_game)
            se = math.sqrt(g / max(g - 1, 1) * sum(v * v for v in per_game.values())) / len(d)
            parts.append(f"vs-first {mean:+.5f} se {se:.5f}")
        print(build, " ".join(parts), flush=True)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="command", required=True)
    lp = sub.add_parser("label")
    lp.add_argument("--depth", type=int, default=8)
    lp.add_argument("--gps-ms", type=int, default=4000)
    lp.add_argument("--minply", type=int, default=20)
    lp.add_argument("--step", type=int, default=6)
    lp.add_argument("--shard", default="0/1")
    lp.add_argument("files", nargs="+")
    mp = sub.add_parser("measure")
    mp.add_argument("--go", default="go depth 1")
    mp.add_argument("labels")
    mp.add_argument("builds", nargs="+")
    args = ap.parse_args()
    label(args) if args.command == "label" else measure(args)


if __name__ == "__main__":
    main()

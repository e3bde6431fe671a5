#!/usr/bin/env python3
"""Compare two Kaisho builds by GPSShogi's judgement of the moves they choose.

Usage: shogi_judge.py --a BUILD_A --b BUILD_B [--go "go nodes 1500000"] [--gps-ms 1000]
                      [--minply 16] [--step 10] [--limit 240] [--skip 0] MATCH_FILE...

Positions: every STEP-th ply from MINPLY where Kaisho (player A of the match) was to move,
in game files written by `kaisho match ... --moves`, shuffled with a fixed seed; --skip and
--limit choose a slice of them, so that two runs can use disjoint positions. Each build (run
as `BUILD usi`) chooses a move in each position with the same `go` command, both at once
(one per core). Where they differ, GPSShogi (`/usr/games/gpsusi`, one thread, LimitDepth
10, no book, a byoyomi of --gps-ms) scores the position after each move, both at once; the
difference of the two scores, for the side that moved, is the verdict on that position
(clipped to +-1500; a mate counts 3000).

Output: `positions N same S differ D mean(A-B) M se E per-position P A-better X B-better Y`
(M and E over the D positions where the moves differ; X and Y count differences beyond 50
centipawns). With a time limit (`go byoyomi`) the same build disagrees with itself in about
a quarter of the positions, timing noise that a node limit (`go nodes`) removes.
"""
import argparse
import math
import random
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))
from match_records import read_games  # noqa: E402
from usi_engine import UsiEngine  # noqa: E402

GPS = "/usr/games/gpsusi"
# A book move has no score; gpsusi keeps the last values any run set (gpsusi.conf), so every
# option the verdict depends on is set, MultiPVWidth too (above 0 the last info line is another
# root move's score).
GPS_OPTIONS = (("Thread", 1), ("LimitDepth", 10), ("BookDepth", 0), ("MultiPVWidth", 0))
MATE_SCORE = 3000


def judged_score(engine, moves, go):
    """The engine's score of the position after `moves`, for the side to move (a mate counts
    MATE_SCORE), or None if it gave none."""
    _, score, mate, _ = engine.think(moves, go)
    return score if score is not None else (MATE_SCORE * mate if mate else None)


def positions(files, minply, step):
    """The move lists of the positions where player A was to move."""
    out = []
    for a_side, _, moves in read_games(files):
        for ply in range(minply + (a_side - minply) % 2, len(moves) - 1, step):
            out.append(moves[:ply])
    return out


def both(first, second):
    """Runs the two calls at once and returns their results."""
    results = [None, None]

    def run(i, call):
        results[i] = call()

    threads = [threading.Thread(target=run, args=(0, first)),
               threading.Thread(target=run, args=(1, second))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True)
    ap.add_argument("--b", required=True)
    ap.add_argument("--go", default="go btime 0 wtime 0 byoyomi 1000")
    ap.add_argument("--gps-ms", type=int, default=1000)
    ap.add_argument("--minply", type=int, default=16)
    ap.add_argument("--step", type=int, default=10)
    ap.add_argument("--limit", type=int, default=240)
    ap.add_argument("--skip", type=int, default=0)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()

    pos = positions(args.files, args.minply, args.step)
    random.Random(1).shuffle(pos)
    pos = pos[args.skip:args.skip + args.limit]
    engine_a, engine_b = UsiEngine([args.a, "usi"]), UsiEngine([args.b, "usi"])
    judge_a, judge_b = UsiEngine([GPS], GPS_OPTIONS), UsiEngine([GPS], GPS_OPTIONS)
    judge_go = f"go btime 0 wtime 0 byoyomi {args.gps_ms}"
    diffs = []
    same = 0
    for moves in pos:
        move_a, move_b = both(lambda: engine_a.think(moves, args.go)[0],
                              lambda: engine_b.think(moves, args.go)[0])
        if move_a == move_b:
            same += 1
            continue
        if {move_a, move_b} & {"resign", "win"}:
            continue  # not a move to judge
        score_a, score_b = both(lambda: judged_score(judge_a, moves + [move_a], judge_go),
                                lambda: judged_score(judge_b, moves + [move_b], judge_go))
        if score_a is None or score_b is None:
            continue
        # The scores are for the opponent, who is to move after each move.
        diffs.append(max(-1500, min(1500, score_b - score_a)))
    for engine in (engine_a, engine_b, judge_a, judge_b):
        engine.quit()

    k = len(diffs)
    mean = sum(diffs) / k if k else 0.0
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (k - 1)) if k > 1 else 0.0
    print(f"positions {len(pos)} same {same} differ {k} mean(A-B) {mean:+.1f} "
          f"se {sd / math.sqrt(max(k, 1)):.1f} per-position {mean * k / max(len(pos), 1):+.1f} "
          f"A-better {sum(d > 50 for d in diffs)} B-better {sum(d < -50 for d in diffs)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Two builds' records against the same opponent, compared on the openings both played.

    shogi_paired.py --a FILES... --b FILES...

Each file is the output of `kaisho match shogi ... --moves` (player A the build measured).
Games are paired by their opening (the first --openings plies, 2 as `kaisho match` plays by
default) and by A's colour; an opening met more than once pairs in order. It prints:

    pairs N  a W-D-L S%  b W-D-L S%  diff D se E

where the scores count a draw as half, D is a's score minus b's over the paired games, and E
its standard error, taken over openings (the two games of an opening, one per colour, share
it, so they are not independent). Games without a partner are left out and counted."""
import argparse
import math
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from match_records import read_games  # noqa: E402

POINTS = {"win": 1.0, "draw": 0.5, "loss": 0.0}


def keyed(files, plies):
    """{(opening, A's side): [A's points, in file order]}"""
    games = defaultdict(list)
    for side, result, moves in read_games(files):
        games[(tuple(moves[:plies]), side)].append(POINTS[result])
    return games


def tally(points):
    wins = sum(1 for p in points if p == 1.0)
    draws = sum(1 for p in points if p == 0.5)
    score = 100.0 * sum(points) / len(points) if points else 0.0
    return f"{wins}-{draws}-{len(points) - wins - draws} {score:.1f}%"


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--a", nargs="+", required=True)
    parser.add_argument("--b", nargs="+", required=True)
    parser.add_argument("--openings", type=int, default=2)
    args = parser.parse_args()
    try:
        a_games, b_games = keyed(args.a, args.openings), keyed(args.b, args.openings)
    except OSError as error:
        sys.exit(f"shogi_paired.py: {error}")

    a_points, b_points = [], []
    by_opening = defaultdict(lambda: [0.0, 0])  # opening -> [sum of a - b, paired games]
    unpaired = 0
    for key in a_games.keys() | b_games.keys():
        a_list, b_list = a_games.get(key, []), b_games.get(key, [])
        n = min(len(a_list), len(b_list))
        unpaired += len(a_list) + len(b_list) - 2 * n
        for i in range(n):
            a_points.append(a_list[i])
            b_points.append(b_list[i])
            cluster = by_opening[(key[0], i)]
            cluster[0] += a_list[i] - b_list[i]
            cluster[1] += 1
    if not a_points:
        sys.exit("shogi_paired.py: no game of --a shares an opening and colour with one of --b")

    n, k = len(a_points), len(by_opening)
    mean = (sum(a_points) - sum(b_points)) / n
    # Cluster-robust variance of the mean difference: each opening contributes the sum of
    # its games' deviations from the mean.
    squares = sum((total - mean * count) ** 2 for total, count in by_opening.values())
    variance = squares * k / (k - 1) / (n * n) if k > 1 else float("nan")
    print(
        f"pairs {n}  a {tally(a_points)}  b {tally(b_points)}  "
        f"diff {100.0 * mean:+.1f}% se {100.0 * math.sqrt(variance):.1f}%"
        + (f"  unpaired {unpaired}" if unpaired else "")
    )


if __name__ == "__main__":
    main()

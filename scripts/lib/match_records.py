"""Game records written by `kaisho match ... --moves`: a header line per game
("game N: A=SPEC as sente|gote: win sente|gote REASON, M moves", or "draw ...") and a
"moves ..." line after it. The strength scripts (scripts/strength) read them here."""
import re

_HEADER = re.compile(r"game \d+: A=\S+ as (\S+): (\S+)(?: (\S+))?")


def read_games(files):
    """(A's side: 0 sente or 1 gote, A's result: win, loss or draw, moves) of each game in the
    files, in the order read; a header without its moves line is skipped."""
    for name in files:
        lines = open(name).read().split("\n")
        for i, line in enumerate(lines):
            m = _HEADER.match(line)
            if not m or i + 1 >= len(lines) or not lines[i + 1].startswith("moves"):
                continue
            a_side = 0 if m.group(1) == "sente" else 1
            if m.group(2) == "win":
                result = "win" if (m.group(3) == "sente") == (a_side == 0) else "loss"
            else:
                result = "draw"
            yield a_side, result, lines[i + 1].split()[1:]

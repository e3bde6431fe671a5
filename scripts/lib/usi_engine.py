"""A USI engine process driven line by line: the scripts that let Kaisho and GPSShogi play
or judge (scripts/train, scripts/strength) share it."""
import subprocess


class UsiEngine:
    def __init__(self, command, options=(), go="go byoyomi 1000"):
        """Starts `command` and waits until it is ready; `options` are (name, value) pairs;
        `go` is the command think() sends unless it is given another."""
        self.go = go
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("usi")
        self.wait_for("usiok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.wait_for("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_for(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            if line.split()[:1] == [word]:
                return line

    def think(self, moves, go=None):
        """Searches the position after `moves` from the start and returns (bestmove, score,
        mate, pv) from its last info line with a score: score in centipawns for the side to
        move (None for a mate score or none), mate +1 or -1 when the side to move mates or is
        mated (else 0), pv the principal variation without a closing resign or win."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send(go or self.go)
        score, mate, pv = None, 0, []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            words = line.split()
            if words[:1] == ["bestmove"]:
                return words[1], score, mate, pv
            if words[:1] == ["info"] and "score" in words:
                i = words.index("score")
                kind, value = words[i + 1], words[i + 2]
                score = int(value) if kind == "cp" else None
                mate = (-1 if value.startswith("-") else 1) if kind == "mate" else 0
                pv = words[words.index("pv") + 1:] if "pv" in words else []
                # A lost engine may end its variation with "resign" (or "win"): not moves.
                for end in ("resign", "win"):
                    if end in pv:
                        pv = pv[:pv.index(end)]

    def quit(self):
        try:
            self.send("quit")
            self.p.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.p.kill()

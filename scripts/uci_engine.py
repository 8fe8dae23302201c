"""A UCI engine as a child process, line by line, for the measuring scripts (warm-start.py, warm-nps.py and
perft/tools/reference-perft-speed.py)."""
import subprocess
import time


class Engine:
    def __init__(self, command):
        self.start = time.monotonic()
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, line):
        self.process.stdin.write(line + '\n')
        self.process.stdin.flush()

    def wait_for(self, prefix):
        """Reads lines until one starts with prefix; returns the lines read, that one last."""
        lines = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError('the engine ended before ' + prefix)
            lines.append(line.strip())
            if line.startswith(prefix):
                return lines

    def elapsed_ms(self):
        return (time.monotonic() - self.start) * 1000

    def close(self):
        try:
            self.send('quit')
            self.process.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()


def last_info(lines, *keys):
    """The integer values of keys in the last info line that has them all."""
    for line in reversed(lines):
        words = line.split()
        if words[:1] == ['info'] and all(key in words for key in keys):
            return [int(words[words.index(key) + 1]) for key in keys]
    raise RuntimeError('no info line with ' + ' and '.join(keys))

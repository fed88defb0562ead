#!/usr/bin/env python3
"""How long `seega lsp` takes to answer an edit of a large document.

Usage: bench/lsp.py [SEEGA] [GAMES] [CHANGES]

Starts SEEGA (default target/release/seega) as `seega lsp`, opens a document of GAMES
generated games (default 1000, `seega generate --seed 1`), then makes CHANGES edits (default
200), each in a game drawn at random (seeded): its first placement replaced by one on the
centre, which makes the game invalid, or put back. Each edit is sent as the one-line change an
editor sends, and timed from the moment it is written to the moment the diagnostics of that
version have been read. For comparison it then sends the same number of edits as whole texts,
which the server checks whole. Prints the document's size, the time to open it, and the median,
95th percentile and worst time of each kind of change, in milliseconds.
"""

import json
import random
import subprocess
import sys
import time


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read(out):
    length = None
    while True:
        line = out.readline()
        if not line:
            raise SystemExit("the server's output ended")
        if line == b"\r\n":
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(out.read(length))


def main():
    seega = sys.argv[1] if len(sys.argv) > 1 else "target/release/seega"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    changes = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    text = subprocess.run(
        [seega, "generate", "--games", str(games), "--seed", "1"],
        check=True, capture_output=True, text=True,
    ).stdout
    lines = text.split("\n")
    # The line of each game's first turns, and where its first placement is.
    firsts = [i for i, l in enumerate(lines) if l.startswith("1. ")]
    server = subprocess.Popen([seega, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send = lambda m: (server.stdin.write(frame(m)), server.stdin.flush())
    uri = "file:///bench.sgn"

    def diagnostics(version):
        while True:
            m = read(server.stdout)
            if m.get("method") == "textDocument/publishDiagnostics" and \
                    m["params"].get("version") == version:
                return m["params"]["diagnostics"]

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    read(server.stdout)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    start = time.perf_counter()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "sgn", "version": 1, "text": text}}})
    diagnostics(1)
    opened = (time.perf_counter() - start) * 1000
    rng = random.Random(1)
    version = 1
    invalid = {}
    incremental, whole = [], []
    for kind in ("incremental", "whole"):
        for _ in range(changes):
            line = rng.choice(firsts)
            old = lines[line][3:8]
            new = invalid.pop(line, None)
            if new is None:
                invalid[line] = old
                new = "c3" + old[2:]
            lines[line] = lines[line][:3] + new + lines[line][8:]
            version += 1
            if kind == "incremental":
                rng_ = {"start": {"line": line, "character": 3},
                        "end": {"line": line, "character": 8}}
                change = {"range": rng_, "text": new}
            else:
                change = {"text": "\n".join(lines)}
            start = time.perf_counter()
            send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
            got = diagnostics(version)
            (incremental if kind == "incremental" else whole).append(
                (time.perf_counter() - start) * 1000)
            assert len(got) >= len(invalid), (len(got), len(invalid))
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    read(server.stdout)
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait()

    def figures(times):
        times = sorted(times)
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        return f"median {times[len(times) // 2]:.2f} ms, p95 {p95:.2f} ms, worst {times[-1]:.2f} ms"

    print(f"{games} games, {len(text) / 1e6:.2f} MB, opened and checked in {opened:.1f} ms")
    print(f"{changes} edits of one turn: {figures(incremental)}")
    print(f"{changes} whole texts:      {figures(whole)}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""How long `gts serve` takes to answer the Connect 4 page's positions that
the bundled book covers: every distinct position of fewer plies than the
book's depth (each of its moves then leads into the book), asked once over
one kept-alive connection as the page asks (/api/c4?moves=...), the time
from the request to the whole answer; then all of them again (the cache).
Prints the book, the count and the median, 99th percentile and largest
time of each pass, and the most positions an answer visited (book
look-ups included: a search past the book would show in millions) (docs/notes/serve.md has the figures).

usage: bench/serve_c4.py [GTS_BINARY] [--book FILE] [--threads N]
  GTS_BINARY  default build/release/gts
"""
import http.client
import json
import re
import statistics
import subprocess
import sys
import time


def positions(depth):
    """One move string for each distinct position of fewer than depth plies."""
    seen, level, out = set(), [""], []
    for _ in range(depth):
        out += level
        nxt = []
        for m in level:
            for c in "1234567":
                if m.count(c) == 6:
                    continue
                key = tuple("".join("xo"[i % 2] for i, x in enumerate(m + c) if x == col) for col in "1234567")
                if key not in seen:
                    seen.add(key)
                    nxt.append(m + c)
        level = nxt
    return out


def ask(conn, moves):
    start = time.perf_counter()
    conn.request("GET", "/api/c4?moves=" + moves)
    body = conn.getresponse().read()
    return (time.perf_counter() - start) * 1000, json.loads(body)


def run(conn, todo):
    times, worst, nodes = [], ("", 0.0), 0
    for m in todo:
        ms, a = ask(conn, m)
        if "scores" not in a:
            sys.exit("%s: %s" % (m, a))
        nodes = max(nodes, a["nodes"])
        times.append(ms)
        worst = max(worst, (m, ms), key=lambda w: w[1])
    times.sort()
    return "%d positions: median %.2f ms, 99th percentile %.2f ms, largest %.2f ms (%s), at most %d nodes" % (
        len(times), statistics.median(times), times[int(len(times) * 0.99)], worst[1], worst[0] or "-", nodes)


def main():
    args = sys.argv[1:]
    gts = args.pop(0) if args and not args[0].startswith("--") else "build/release/gts"
    server = subprocess.Popen([gts, "serve", "--port", "0"] + args, stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
        _, a = ask(conn, "")
        book = a["book"]
        if not book:
            sys.exit("no book: nothing to measure")
        print("book %s: depth %d, %d positions" % (book["file"], book["depth"], book["positions"]))
        todo = positions(book["depth"])
        print("first ask:  " + run(conn, todo))
        print("asked again: " + run(conn, todo))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()

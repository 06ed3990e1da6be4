#!/usr/bin/env python3
"""gts serve against a hostile client (issue 38, #7-#13 and #24), on
127.0.0.1 (and 127.0.0.2, another client of the same machine): clients
that trickle their headers are cut at their deadline while a fresh client
is answered; more searches than the bound are told 503 at once and the
bounded ones finish; a waiting stream sends keep-alive lines and every
stream ends with its answer and the chunked reply's end; a half-closed
request is answered; every answer is JSON, even for bytes that are not
UTF-8; a Host not allowed gets 421; a missing --www is refused at start.

Bounded by counts, not clocks: each wait is for a sign (a line, a count of
/api/status) with a generous limit for a loaded 2-core machine.
Skipped (77) where gts was built without libmicrohttpd.

usage: test_serve_limits.py GTS_BINARY SOURCE_DIR
"""
import atexit
import json
import os
import re
import select
import socket
import subprocess
import sys
import tempfile
import time

GTS, SRC = sys.argv[1], sys.argv[2]
WAIT = 120          # seconds: the most any sign is waited for
FAILURES = []
CHECKS = 0


def check(cond, what):
    global CHECKS
    CHECKS += 1
    if not cond:
        FAILURES.append(what)
        print("FAILED:", what, file=sys.stderr)


SERVERS = []


@atexit.register
def stop_servers():
    """A check that raised leaves no server behind."""
    for p in SERVERS:
        if p.poll() is None:
            p.kill()
            p.wait()


class Server:
    def __init__(self, *args):
        self.err = tempfile.TemporaryFile()
        self.p = subprocess.Popen([GTS, "serve", "--port", "0", "--www", os.path.join(SRC, "data/www"),
                                   "--tt-mb", "4"] + list(args),
                                  stdout=subprocess.PIPE, stderr=self.err, text=True)
        SERVERS.append(self.p)
        line = self.p.stdout.readline()
        m = re.match(r"gts serve: listening on http://127\.0\.0\.1:(\d+)/$", line.strip())
        if not m:
            self.p.wait()
            self.err.seek(0)
            err = self.err.read().decode()
            if "built without libmicrohttpd" in err:
                print("SKIP:", err.strip())
                sys.exit(77)
            sys.exit("FAILED: the server did not start: " + err)
        self.port = int(m.group(1))

    def stop(self):
        self.p.terminate()
        check(self.p.wait(WAIT) == 0, "the server's exit status after SIGTERM")


def connect(port, source="127.0.0.1"):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(WAIT)
    s.bind((source, 0))
    s.connect(("127.0.0.1", port))
    return s


class Reply:
    """An HTTP/1.1 reply read from a socket: status, headers, and its body
    by line as it comes (chunked or not)."""

    def __init__(self, sock):
        self.sock, self.buf, self.body, self.ended = sock, b"", b"", False
        head = self._until(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.status = int(lines[0].split()[1])
        self.headers = {k.strip().lower(): v.strip() for k, v in (l.split(":", 1) for l in lines[1:] if ":" in l)}
        self.chunked = self.headers.get("transfer-encoding", "").lower() == "chunked"

    def _more(self):
        data = self.sock.recv(65536)
        if not data:
            raise EOFError
        self.buf += data

    def _until(self, mark):
        while mark not in self.buf:
            self._more()
        head, self.buf = self.buf.split(mark, 1)
        return head

    def _exactly(self, n):
        while len(self.buf) < n:
            self._more()
        data, self.buf = self.buf[:n], self.buf[n:]
        return data

    def _body_more(self):
        """More of the body; False at its end (the last chunk, or EOF)."""
        if self.ended:
            return False
        try:
            if self.chunked:
                size = int(self._until(b"\r\n").split(b";")[0], 16)
                if size == 0:
                    self._until(b"\r\n")
                    self.ended = True
                    return False
                self.body += self._exactly(size)
                self._exactly(2)
            else:
                if not self.buf:
                    self._more()
                self.body += self.buf
                self.buf = b""
        except EOFError:
            self.ended = True
            self.cut = self.chunked   # a chunked reply must end with its last chunk
            return False
        return True

    cut = False

    def line(self):
        """The next line of the body (without its newline), or None at its end."""
        while b"\n" not in self.body:
            if not self._body_more():
                if self.body:
                    line, self.body = self.body, b""
                    return line.decode()
                return None
        line, self.body = self.body.split(b"\n", 1)
        return line.decode()

    def all(self):
        while self._body_more():
            pass
        body, self.body = self.body, b""
        return body


def request(port, path, host="localhost", source="127.0.0.1", half_close=False, extra=""):
    s = connect(port, source)
    s.sendall(("GET %s HTTP/1.1\r\n%sConnection: close\r\n%s\r\n" %
               (path, "Host: %s\r\n" % host if host is not None else "", extra)).encode("latin-1"))
    if half_close:
        s.shutdown(socket.SHUT_WR)
    return s, Reply(s)


def get(port, path, **kw):
    s, r = request(port, path, **kw)
    body = r.all()
    s.close()
    return r, body


def status(port):
    return json.loads(get(port, "/api/status")[1])


def wait_status(port, want):
    """/api/status until it shows the counts in want (bounded by count)."""
    for _ in range(WAIT * 10):
        st = status(port)
        if all(st[k] == v for k, v in want.items()):
            return st
        time.sleep(0.1)
    return st


def first_line(r):
    """The first non-empty line of a stream."""
    line = r.line()
    while line == "":
        line = r.line()
    return line


POS = "2252576253462244111563365343671351441"   # an End-Easy position: answered at once


def test_start():
    r = subprocess.run([GTS, "serve", "--port", "0", "--www", "/nonexistent"], capture_output=True, text=True,
                       timeout=WAIT)
    err = r.stderr.strip().splitlines()
    check(r.returncode != 0 and len(err) == 1 and "--www /nonexistent" in err[0],
          "--www /nonexistent: a one-line error at start (rc %d, %r)" % (r.returncode, r.stderr))
    r = subprocess.run([GTS, "serve", "--port", "0", "--allow-host", "a:80"], capture_output=True, text=True,
                       timeout=WAIT)
    check(r.returncode == 2 and "--allow-host" in r.stderr, "--allow-host with a port: a usage error")


def test_json_and_hosts():
    srv = Server("--allow-host", "localhost", "--allow-host", "gts.example")
    for path in ("/%c0%ae%ff", "/api/%c0%ae%ff", "/api/c4?moves=%c0%ae%ff%22%5c%01", "/api/othello?moves=%ff",
                 "/api/gomoku?moves=%ed%a0%80", "/api/c4?moves=4&progress=%e9"):
        r, body = get(srv.port, path)
        try:
            doc = json.loads(body.decode("utf-8"))
            check(r.status in (400, 404) and "error" in doc, "%s: an error (%d %r)" % (path, r.status, body))
        except ValueError as e:
            check(False, "%s: not JSON (%s): %r" % (path, e, body))
    r, body = get(srv.port, "/api/status", host="evil.example")
    check(r.status == 421 and "evil.example" in json.loads(body)["error"], "Host evil.example: 421 (%d)" % r.status)
    r, body = get(srv.port, "/api/status", host=None)
    check(r.status == 421, "no Host: 421 (%d)" % r.status)
    for host in ("localhost:%d" % srv.port, "GTS.example"):
        r, body = get(srv.port, "/api/status", host=host)
        check(r.status == 200, "Host %s: 200 (%d)" % (host, r.status))
    srv.stop()


def test_half_close():
    srv = Server("--max-seconds", "600")
    # Half a second of search on one core: long past the watchdog's look
    # (10 ms) that took the half-close for a hang-up.
    r, body = get(srv.port, "/api/c4?moves=44443333", half_close=True)
    check(r.status == 200 and b'"scores":[' in body, "half-closed request: answered (%d %r)" % (r.status, body))
    s, r = request(srv.port, "/api/c4?moves=44443333&progress=1", half_close=True)
    lines = [l for l in iter(r.line, None) if l]
    s.close()
    check(r.status == 200 and lines and '"scores":[' in lines[-1] and not r.cut,
          "half-closed stream: the answer last (%r)" % lines[-1:])
    srv.stop()


def test_searches():
    srv = Server("--searches", "2", "--book", "none", "--max-seconds", "600")
    # Two searches of the empty board (without the book: far longer than
    # the test) take both places.
    slow = []
    for _ in range(2):
        s, r = request(srv.port, "/api/c4?moves=&progress=1")
        check(first_line(r).startswith('{"col":'), "a slow search started")
        slow.append(s)
    # Two quick ones wait (the stream says so, then keeps alive).
    waiting = []
    for n in (1, 2):
        s, r = request(srv.port, "/api/c4?moves=%s&progress=1" % POS)
        check(first_line(r) == '{"queued":%d}' % n, "stream %d waits" % n)
        waiting.append((s, r))
    check(waiting[0][1].line() == "", "a waiting stream: an empty keep-alive line")
    # This client has 4: refused; another client: the server is full.
    r, body = get(srv.port, "/api/c4?moves=%s" % POS)
    check(r.status == 503 and "this client has 4" in json.loads(body)["error"] and "retry-after" in r.headers,
          "a client's 5th search: 503 with Retry-After (%d %r)" % (r.status, body))
    r, body = get(srv.port, "/api/c4?moves=%s" % POS, source="127.0.0.2")
    check(r.status == 503 and json.loads(body)["error"].startswith("busy: 2 searches running, 2 waiting") and
          "retry-after" in r.headers, "a full server: 503 busy with Retry-After (%d %r)" % (r.status, body))
    st = status(srv.port)
    check(st["running"] == 2 and st["waiting"] == 2, "status: 2 running, 2 waiting (%r)" % st)
    # The slow clients hang up: the waiting ones run and end with their
    # answer, the chunked reply ended.
    for s in slow:
        s.close()
    for s, r in waiting:
        lines = [l for l in iter(r.line, None) if l]
        s.close()
        check(lines and '"scores":[' in lines[-1] and not r.cut, "a waiting search's answer (%r)" % lines[-1:])
    st = wait_status(srv.port, {"searches": 0})
    check(st["searches"] == 0, "every search over (%r)" % st)
    r, body = get(srv.port, "/api/c4?moves=%s" % POS, source="127.0.0.2")
    check(r.status == 200, "a search once the server is free (%d)" % r.status)
    srv.stop()


def test_stream_bound():
    # The search's own time (60 s) past the server's bound (3 s): the
    # stream still ends with the move and the chunked reply's end.
    srv = Server("--max-seconds", "3")
    s, r = request(srv.port, "/api/gomoku?moves=h8i9&ms=60000&progress=1")
    lines = [l for l in iter(r.line, None) if l]
    s.close()
    check(lines and lines[-1].startswith('{"size":15,"move":"') and not r.cut,
          "a Gomoku stream past the bound: the move last (%r)" % lines[-1:])
    srv.stop()


def trickle(socks, limit):
    """Sends a header line on each socket every 0.25 s until the server
    closes it (at most `limit` rounds); returns how many are still open."""
    open_ = list(socks)
    for _ in range(limit):
        for s in list(open_):
            try:
                s.sendall(b"X-Slow: 1\r\n")
                ready, _, _ = select.select([s], [], [], 0)
                if ready and not s.recv(4096):
                    raise ConnectionError
            except OSError:
                open_.remove(s)
        if not open_:
            break
        time.sleep(0.25)
    return len(open_)


def test_slow_clients():
    srv = Server("--client-seconds", "20")
    slow = []
    for _ in range(16):
        s = connect(srv.port)
        s.sendall(b"GET /api/status HTTP/1.1\r\nHost: localhost\r\n")
        slow.append(s)
    # A 17th connection of the same client is closed unanswered; another
    # client is answered meanwhile.
    s = connect(srv.port)
    try:
        s.sendall(b"GET /api/status HTTP/1.1\r\nHost: localhost\r\n\r\n")
        got = s.recv(4096)
    except OSError:
        got = b""
    s.close()
    check(got == b"", "a client's 17th connection: refused (%r)" % got[:40])
    r, body = get(srv.port, "/api/status", source="127.0.0.2")
    check(r.status == 200, "another client answered beside 16 slow ones (%d)" % r.status)
    # Each header line would restart an idle timer; the deadline cuts them.
    left = trickle(slow, WAIT * 4)
    check(left == 0, "slow clients cut at their deadline (%d still open)" % left)
    for s in slow:
        s.close()
    r, body = get(srv.port, "/api/status")
    check(r.status == 200, "the slow client answered once it sends a whole request (%d)" % r.status)
    srv.stop()


for test in (test_start, test_json_and_hosts, test_half_close, test_searches, test_stream_bound, test_slow_clients):
    try:
        test()
    except (OSError, EOFError, ValueError, KeyError, IndexError, subprocess.TimeoutExpired) as e:
        check(False, "%s: %s: %s" % (test.__name__, type(e).__name__, e))
    stop_servers()
if FAILURES:
    print("%d of %d checks failed" % (len(FAILURES), CHECKS), file=sys.stderr)
    sys.exit(1)
print("all %d checks passed" % CHECKS)

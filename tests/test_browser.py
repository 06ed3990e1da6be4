#!/usr/bin/env python3
"""The page of `gts serve` in a real browser: headless Chromium driven
through ChromeDriver's WebDriver protocol (plain HTTP and JSON, so the
standard library is enough).  Each game's page is played for a few moves
and what it shows is checked against the engine's own answers: the
command line (`gts c4 analyze`) and the JSON API.  A long analysis shows
its progress and the Cancel button stops it on the server.

usage: test_browser.py GTS_BINARY SOURCE_DIR [--screenshots DIR]

Exit 77 (skipped) with the reason when Chromium, ChromeDriver or
libmicrohttpd is missing; `make test` installs them when run as root.
"""
import base64
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

CHECKS = 0
FAILED = []


def check(ok, what):
    global CHECKS
    CHECKS += 1
    if not ok:
        FAILED.append(what)
        print("FAILED: " + what, file=sys.stderr)
    return ok


def skip(why):
    print("SKIP: " + why)
    sys.exit(77)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_json(method, url, body=None, timeout=60):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return json.loads(r.read().decode() or "null")
    except urllib.error.HTTPError as e:
        return json.loads(e.read().decode() or "null")


def wait_until(what, probe, seconds):
    """probe() until it returns something true; that, or None after seconds."""
    end = time.time() + seconds
    while True:
        got = probe()
        if got:
            return got
        if time.time() > end:
            check(False, "timed out waiting for " + what)
            return None
        time.sleep(0.05)


class Browser:
    """A WebDriver session of headless Chromium."""

    def __init__(self, driver_url):
        self.url = driver_url
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": shutil.which("chromium"),
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=820,900"]}}}}
        answer = http_json("POST", driver_url + "/session", caps, timeout=120)["value"]
        if "sessionId" not in answer:
            raise RuntimeError("ChromeDriver could not start Chromium: " + json.dumps(answer)[:300])
        self.session = driver_url + "/session/" + answer["sessionId"]

    def _call(self, method, path, body=None):
        value = http_json(method, self.session + path, body)["value"]
        if isinstance(value, dict) and "error" in value:
            raise RuntimeError("WebDriver %s %s: %s" % (method, path, value.get("message", "")[:200]))
        return value

    def open(self, url):
        self._call("POST", "/url", {"url": url})

    def js(self, script, *args):
        return self._call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def click(self, css):
        """A real click (the browser's own input events) on the first match."""
        el = self._call("POST", "/element", {"using": "css selector", "value": css})
        self._call("POST", "/element/%s/click" % next(iter(el.values())), {})

    def type_into(self, css, text):
        el = next(iter(self._call("POST", "/element", {"using": "css selector", "value": css}).values()))
        self._call("POST", "/element/%s/clear" % el, {})
        self._call("POST", "/element/%s/value" % el, {"text": text})

    def text(self, css):
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", css)

    def screenshot(self):
        return base64.b64decode(self._call("GET", "/screenshot"))

    def close(self):
        try:
            http_json("DELETE", self.session)
        except OSError:
            pass


def c4_analyze(gts, moves):
    """`gts c4 analyze`'s scores as the page shows them ('' for full)."""
    out = subprocess.run([gts, "c4", "analyze", moves or "-"], capture_output=True, text=True, check=True).stdout
    fields = out.split()[1:8]
    return ["" if f == "." else ("+" + f if int(f) > 0 else f) for f in fields]


def c4_page(b, base, gts, shots):
    status = lambda: b.text("#status") or ""
    scores = lambda: b.js("return [...document.querySelectorAll('#scores .score')].map(d => d.textContent);")
    # A position from the End-Easy set: every column's score as the solver's.
    pos = "2252576253462244111563365343671351441"
    b.open(base + "/c4.html#" + pos)
    wait_until("the Connect 4 scores", lambda: "to move" in status(), 30)
    check(scores() == c4_analyze(gts, pos), "c4: the page's scores %s, gts c4 analyze's %s" %
          (scores(), c4_analyze(gts, pos)))
    # A click on a column plays there: the address, the board and the scores follow.
    b.click('.cell[data-col="6"]')
    wait_until("the scores after a move", lambda: b.js("return location.hash;") == "#" + pos + "6"
               and "to move" in status(), 30)
    check(scores() == c4_analyze(gts, pos + "6"), "c4: the scores after playing column 6")
    check(b.js("return document.querySelectorAll('#board .cell.p1, #board .cell.p2').length;") == len(pos) + 1,
          "c4: the board shows every disc")
    b.click("#undo")
    wait_until("the scores after undo", lambda: b.js("return location.hash;") == "#" + pos
               and "to move" in status(), 30)
    check(scores() == c4_analyze(gts, pos), "c4: the scores after undo")
    # A pasted move string.
    mid = "1233722555341451114725221333"
    b.type_into("#moves", mid)
    b.click("#load")
    wait_until("the scores of a pasted position", lambda: b.js("return location.hash;") == "#" + mid
               and "to move" in status(), 60)
    check(scores() == c4_analyze(gts, mid), "c4: the scores of a pasted position")
    shots["c4"] = b.screenshot()
    # New game: the empty board's scores at once, from the bundled book.
    b.click("#new")
    wait_until("the empty board's scores", lambda: b.js("return location.hash;") in ("", "#")
               and "to move" in status(), 30)
    check(scores() == ["-2", "-1", "0", "+1", "0", "-1", "-2"], "c4: the empty board's scores %s" % scores())
    # Just past the book a position takes longer than this test: the page
    # shows the range a column's score is known to lie in, and Cancel stops
    # the search on the server.
    b.open(base + "/c4.html#44444")
    wait_until("progress past the book", lambda: "Solving column" in status(), 30)
    check(b.js("return document.querySelectorAll('#scores .score.range').length;") >= 1,
          "c4: a column shows the range of its score while it is solved")
    b.click("#cancel")
    check(status() == "Cancelled.", "c4: the status after Cancel is '%s'" % status())
    wait_until("the search to stop after Cancel",
               lambda: http_json("GET", base + "/api/status")["searches"] == 0, 10)


def othello_page(b, base, shots):
    status = lambda: b.text("#status") or ""
    moves = "f5d6c3d3c4f4f6f3e6e7"
    b.open(base + "/othello.html#" + moves)
    b.js("const e = document.getElementById('engine'); e.value = 'none'; e.dispatchEvent(new Event('change'));")
    wait_until("the Othello values", lambda: "black to move" in status(), 30)
    want = http_json("GET", base + "/api/othello?moves=%s&depth=6" % moves)
    shown = b.js("return Object.fromEntries([...document.querySelectorAll('.sq.legal')].map(e => [e.id, "
                 "e.textContent]));")
    check(shown == {m["move"]: ("+" if m["value"] > 0 else "") + str(m["value"]) + ("" if m["exact"] else "~")
                    for m in want["moves"]}, "othello: the page's values %s, the API's %s" % (shown, want["moves"]))
    # A click on a legal move plays it: the disc is there, white to move.
    first = want["moves"][0]["move"]
    b.click("#" + first)
    wait_until("the position after a move", lambda: "white to move" in status(), 30)
    check(b.js("return document.getElementById(arguments[0]).classList.contains('black');", first),
          "othello: a black disc on %s after clicking it" % first)
    # The engine plays white: black's move is answered at once.
    b.js("const e = document.getElementById('engine'); e.value = 'white'; e.dispatchEvent(new Event('change'));")
    wait_until("the engine's answer", lambda: "black to move" in status(), 30)
    check(len(b.js("return location.hash;")) == 1 + len(moves) + 4, "othello: the engine answered one move")
    shots["othello"] = b.screenshot()


def gomoku_page(b, base, shots):
    status = lambda: b.text("#status") or ""
    # Black has four in a row with both ends open: the click on l8 makes five.
    b.open(base + "/gomoku.html#15:h8a1i8a2j8a3k8a4")
    wait_until("the Gomoku board", lambda: b.js("return document.querySelectorAll('.pt.black').length;") == 4, 30)
    b.click("#l8")
    wait_until("the five", lambda: "wins" in status(), 30)
    check(status() == "black wins", "gomoku: the status is '%s'" % status())
    five = b.js("return [...document.querySelectorAll('.pt.five')].map(e => e.id).sort();")
    check(five == sorted(["h8", "i8", "j8", "k8", "l8"]), "gomoku: the five shown is %s" % five)
    shots["gomoku_five"] = b.screenshot()
    # A new game: the engine answers black's stone with a white one.
    b.click("#new")
    b.click("#h8")
    wait_until("the engine's move", lambda: "your move" in status(), 30)
    check(b.js("return document.querySelectorAll('.pt.white').length;") == 1, "gomoku: the engine played one stone")
    check(re.fullmatch(r"#15:h8[a-o]\d+", b.js("return location.hash;")) is not None,
          "gomoku: the address holds the game")
    shots["gomoku"] = b.screenshot()


def start(cmd, line_pattern, what, log):
    """A server process and the first match of line_pattern in its output."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, text=True)
    line = p.stdout.readline()
    m = re.search(line_pattern, line)
    if not m:
        p.kill()
        log.seek(0)
        err = log.read().strip()
        if "built without libmicrohttpd" in err:
            skip(err)
        raise RuntimeError("%s did not start: %s %s" % (what, line.strip(), err))
    return p, m


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    gts, src = sys.argv[1], sys.argv[2]
    shots_dir = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--screenshots" else None
    for tool in ("chromium", "chromedriver"):
        if not shutil.which(tool):
            skip("%s not found (apt-get install chromium chromium-driver; make test installs them as root)" % tool)
    procs = []
    browser = None
    with tempfile.TemporaryFile("w+") as log:
        try:
            server, m = start([gts, "serve", "--port", "0", "--www", os.path.join(src, "data", "www"),
                               "--tt-mb", "4", "--max-seconds", "60"], r"http://127\.0\.0\.1:(\d+)/", "gts serve",
                              log)
            procs.append(server)
            base = "http://127.0.0.1:" + m.group(1)
            port = free_port()
            driver = subprocess.Popen(["chromedriver", "--port=%d" % port], stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL)
            procs.append(driver)
            driver_url = "http://127.0.0.1:%d" % port
            wait_until("ChromeDriver", lambda: _ready(driver_url), 30)
            browser = Browser(driver_url)
            shots = {}
            c4_page(browser, base, gts, shots)
            othello_page(browser, base, shots)
            gomoku_page(browser, base, shots)
            for name, png in shots.items():
                check(png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10000, "the screenshot of %s is a picture" % name)
                if shots_dir:
                    with open(os.path.join(shots_dir, "serve_%s.png" % name), "wb") as f:
                        f.write(png)
        finally:
            if browser:
                browser.close()
            for p in procs:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(10)
                except subprocess.TimeoutExpired:
                    p.kill()
            check(not procs or procs[0].returncode == 0, "gts serve's exit status after SIGTERM")
    if FAILED:
        print("%d of %d checks failed" % (len(FAILED), CHECKS))
        sys.exit(1)
    print("browser: %d checks passed" % CHECKS)


def _ready(url):
    try:
        return http_json("GET", url + "/status", timeout=2)["value"].get("ready")
    except OSError:
        return False


if __name__ == "__main__":
    main()

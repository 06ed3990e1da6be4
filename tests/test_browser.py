#!/usr/bin/env python3
"""The page of `gts serve` in a real browser: headless Chromium driven
through ChromeDriver's WebDriver protocol (plain HTTP and JSON, so the
standard library is enough).  Each game's page is played to the game's
end against the engine (a Connect 4 win from a late position, an Othello
game to the last disc at depth 1, a Gomoku five), at a desktop width and
a phone's (390 px, where no page may scroll sideways), and what it shows
is checked against the engine's own answers: the command line (`gts c4
analyze`) and the JSON API.  A long analysis shows its progress and the
Cancel button stops it on the server.

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

    def size(self, width, height):
        self._call("POST", "/window/rect", {"width": width, "height": height})

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


def suffix(width):
    """The screenshot's name: serve_c4.png at a desktop's width, serve_c4_phone.png at a phone's."""
    return "" if width > 500 else "_phone"


def fits(b, what):
    """The page is no wider than the window: nothing to scroll sideways."""
    w = b.js("return [document.documentElement.scrollWidth, window.innerWidth];")
    check(w[0] <= w[1], "%s: %d px wide in a window of %d" % (what, w[0], w[1]))


def c4_page(b, base, gts, shots, width):
    status = lambda: b.text("#status") or ""
    scores = lambda: b.js("return [...document.querySelectorAll('#scores .score')].map(d => d.textContent);")
    hash_ = lambda: b.js("return location.hash;")
    # A position from the End-Easy set: every column's score as the solver's.
    pos = "2252576253462244111563365343671351441"
    b.open(base + "/c4.html#" + pos)
    wait_until("the Connect 4 scores", lambda: "to move" in status(), 120)
    check(scores() == c4_analyze(gts, pos), "c4: the page's scores %s, gts c4 analyze's %s" %
          (scores(), c4_analyze(gts, pos)))
    check("7x6-depth" in (b.text("#book") or ""), "c4: the book is named: '%s'" % b.text("#book"))
    check("Answered in" in (b.text("#time") or ""), "c4: the time to answer is shown")
    fits(b, "c4 at %d px" % width)
    # Undo and Redo.
    b.click('.cell[data-col="6"]')
    wait_until("a move", lambda: hash_() == "#" + pos + "6" and "to move" in status(), 120)
    check(scores() == c4_analyze(gts, pos + "6"), "c4: the scores after playing column 6")
    check(b.js("return document.querySelectorAll('#board .cell.p1, #board .cell.p2').length;") == len(pos) + 1,
          "c4: the board shows every disc")
    check(b.js("return document.querySelectorAll('#board .cell.last').length;") == 1, "c4: the last move marked")
    b.click("#undo")
    wait_until("undo", lambda: hash_() == "#" + pos and "to move" in status(), 120)
    b.click("#redo")
    wait_until("redo", lambda: hash_() == "#" + pos + "6" and "to move" in status(), 120)
    b.click("#undo")
    wait_until("undo", lambda: hash_() == "#" + pos and "to move" in status(), 120)
    # The solver plays Red, the side that wins here; Yellow (this test)
    # plays its leftmost free column until the game is over.
    b.js("const e = document.getElementById('solver'); e.value = '0'; e.dispatchEvent(new Event('change'));")
    while True:
        wait_until("Yellow's turn or the end", lambda: "Yellow to move" in status() or "Game over" in status(), 120)
        if "Game over" in status():
            break
        free = b.js("return [1,2,3,4,5,6,7].filter(c => document.querySelectorAll("
                    "'.cell.p1[data-col=\"' + c + '\"], .cell.p2[data-col=\"' + c + '\"]').length < 6);")
        before = hash_()
        b.click('.cell[data-col="%d"]' % free[0])
        wait_until("the move played", lambda: hash_() != before, 60)
    played = hash_()[1:]
    api = http_json("GET", base + "/api/c4?moves=" + played)
    check(api.get("over") is True and api.get("winner") == 1, "c4: the API's end of %s: %s" % (played, api))
    check(status().startswith("Game over: Red wins"), "c4: the status at the end is '%s'" % status())
    four = b.js("return [...document.querySelectorAll('.cell.four')].map(e => [+e.dataset.col, +e.dataset.row]);")
    check(sorted(four) == sorted(api.get("line") or []), "c4: the four shown %s, the API's %s" % (four, api.get("line")))
    list_len = b.js("return document.querySelectorAll('#list .mv').length;")
    check(list_len == len(played), "c4: the move list has %d of %d moves" % (list_len, len(played)))
    b.click('.cell[data-col="%d"]' % 1)
    check(hash_() == "#" + played, "c4: no move after the end")
    shots["c4" + suffix(width)] = b.screenshot()
    # New game: the empty board's scores at once, from the bundled book.
    b.js("const e = document.getElementById('solver'); e.value = '-1'; e.dispatchEvent(new Event('change'));")
    b.click("#new")
    wait_until("the empty board's scores", lambda: hash_() in ("", "#") and "to move" in status(), 120)
    check(scores() == ["-2", "-1", "0", "+1", "0", "-1", "-2"], "c4: the empty board's scores %s" % scores())
    b.click("#hint")
    check(b.js("return [...document.querySelectorAll('.score.best')].map(e => e.id);") == ["score4"],
          "c4: the hint is the centre column")


def c4_cancel(b, base):
    """Just past the book a position takes longer than this test: the page
    shows the range a column's score is known to lie in, and Cancel stops
    the search on the server."""
    status = lambda: b.text("#status") or ""
    b.open(base + "/c4.html#44444")
    wait_until("progress past the book", lambda: "Solving column" in status(), 60)
    check(b.js("return document.querySelectorAll('#scores .score.range').length;") >= 1,
          "c4: a column shows the range of its score while it is solved")
    b.click("#cancel")
    check(status() == "Cancelled.", "c4: the status after Cancel is '%s'" % status())
    wait_until("the search to stop after Cancel",
               lambda: http_json("GET", base + "/api/status")["searches"] == 0, 30)


def set_select(b, id_, value):
    b.js("const e = document.getElementById(arguments[0]); e.value = arguments[1];"
         "e.dispatchEvent(new Event('change'));", id_, value)


def othello_page(b, base, shots, width):
    """A whole game at depth 1, exact for the last 12 empties: this test
    plays black's first legal move, the engine white."""
    status = lambda: b.text("#status") or ""
    b.open(base + "/othello.html#")
    set_select(b, "engine", "none")
    set_select(b, "depth", "1")
    set_select(b, "exact", "12")
    wait_until("the Othello values", lambda: "black to move" in status(), 120)
    want = http_json("GET", base + "/api/othello?moves=&depth=1&exact=12")
    shown = b.js("return Object.fromEntries([...document.querySelectorAll('.sq.legal')].map(e => [e.id, "
                 "e.textContent]));")
    check(shown == {m["move"]: "~" + ("+" if m["value"] > 0 else "") + "%.1f" % m["value"] for m in want["moves"]},
          "othello: the page's values %s, the API's %s" % (shown, want["moves"]))
    check(len(set(shown.values())) == 1, "othello: the four first moves' values are equal: %s" % shown)
    fits(b, "othello at %d px" % width)
    set_select(b, "engine", "white")
    while True:
        wait_until("black's turn or the end", lambda: "black to move" in status() or "Game over" in status(), 120)
        if "Game over" in status():
            break
        first = b.js("return document.querySelector('.sq.legal').id;")
        before = b.js("return location.hash;")
        b.click("#" + first)
        wait_until("the move played", lambda: b.js("return location.hash;") != before, 60)
    played = b.js("return location.hash;")[1:]
    api = http_json("GET", base + "/api/othello?moves=%s&depth=1&exact=12" % played)
    check(api.get("over") is True, "othello: the API's end of the game: %s" % api)
    black, white = api["board"].count("X"), api["board"].count("O")
    check(b.text("#discs") == "Discs: black %d, white %d." % (black, white),
          "othello: the disc count '%s', the API's %d-%d" % (b.text("#discs"), black, white))
    diff = black - white
    want_status = "Game over: a draw" if diff == 0 else "Game over: %s wins by %d" % (
        "black" if diff > 0 else "white", abs(diff))
    check(status() == want_status, "othello: the status '%s', expected '%s'" % (status(), want_status))
    check(b.js("return document.querySelectorAll('#list .mv').length;") == len(played) // 2,
          "othello: the move list holds every move")
    check(b.js("return document.querySelector('.sq.last').id;") == played[-2:], "othello: the last move marked")
    shots["othello" + suffix(width)] = b.screenshot()


def gomoku_page(b, base, shots, width):
    status = lambda: b.text("#status") or ""
    # Black has four in a row with both ends open: the click on l8 makes five.
    b.open(base + "/gomoku.html#15:h8a1i8a2j8a3k8a4")
    wait_until("the Gomoku board", lambda: b.js("return document.querySelectorAll('.pt.black').length;") == 4, 30)
    b.click("#l8")
    wait_until("the five", lambda: "wins" in status(), 60)
    check(status() == "black wins", "gomoku: the status is '%s'" % status())
    five = b.js("return [...document.querySelectorAll('.pt.five')].map(e => e.id).sort();")
    check(five == sorted(["h8", "i8", "j8", "k8", "l8"]), "gomoku: the five shown is %s" % five)
    # A whole game on 19x19: black (this test) plays along the first
    # column, the engine (white, 0.3 s a move) makes five.
    b.open(base + "/gomoku.html#19:")
    set_select(b, "size", "19")
    set_select(b, "ms", "300")
    fits(b, "gomoku 19x19 at %d px" % width)
    b.click("#hint")
    wait_until("the hint", lambda: "would play" in status(), 120)
    hint = b.js("return [...document.querySelectorAll('.pt.hint')].map(e => e.className);")
    check(len(hint) == 1 and "black" not in hint[0] and "white" not in hint[0], "gomoku: one hint, on a free point")
    for i in range(1, 20, 2):
        wait_until("your move or the end", lambda: "your move" in status() or "wins" in status(), 120)
        if "wins" in status():
            break
        cell = "a%d" % i
        if b.js("return document.getElementById(arguments[0]).className;", cell) != "pt ":
            cell = "s%d" % i
        b.click("#" + cell)
    wait_until("the end", lambda: "wins" in status(), 120)
    played = b.js("return location.hash;").split(":")[-1]
    api = http_json("GET", base + "/api/gomoku?size=19&moves=%s&ms=1" % played)
    check(status() == "white wins" and api.get("winner") == "white",
          "gomoku: the status '%s', the API's winner %s" % (status(), api.get("winner")))
    five = b.js("return [...document.querySelectorAll('.pt.five')].map(e => e.id).sort();")
    check(five == sorted(api.get("five", [])), "gomoku: the five shown %s, the API's %s" % (five, api.get("five")))
    numbers = b.js("return [...document.querySelectorAll('.pt.black, .pt.white')].map(e => +e.textContent)"
                   ".sort((x, y) => x - y);")
    check(numbers == list(range(1, len(numbers) + 1)), "gomoku: every stone numbered")
    before = b.js("return location.hash;")
    b.click("#j10")
    check(b.js("return location.hash;") == before, "gomoku: no move after the end")
    shots["gomoku" + suffix(width)] = b.screenshot()


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
            for width in (820, 390):
                browser.size(width, 900)
                c4_page(browser, base, gts, shots, width)
                othello_page(browser, base, shots, width)
                gomoku_page(browser, base, shots, width)
            c4_cancel(browser, base)
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

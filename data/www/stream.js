// Asks the API for an answer with its progress (&progress=1): the server
// sends one JSON object a line as the search goes, the answer (or
// {"error": ...}) last.  Each line goes to onLine as it comes; the last
// is returned.  Aborting signal closes the connection, which stops the
// search on the server.
"use strict";
async function askWithProgress(url, signal, onLine) {
  const r = await fetch(url + "&progress=1", { signal });
  if (!r.ok) return r.json();   // a bad request is answered at once
  const reader = r.body.getReader(), text = new TextDecoder();
  let pending = "", last = { error: "the server closed the answer early" };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return last;
    pending += text.decode(value, { stream: true });
    let end;
    while ((end = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      if (!line) continue;
      last = JSON.parse(line);
      onLine(last);
    }
  }
}

// A request that a newer one, or the Cancel button, replaces.
class Asker {
  constructor(cancelButton, onCancel) {
    this.current = null;
    this.button = cancelButton;
    this.button.disabled = true;
    this.button.onclick = () => { this.cancel(); onCancel(); };
  }
  cancel() {
    if (this.current) this.current.abort();
    this.current = null;
    this.button.disabled = true;
  }
  // The answer, or null when cancelled or replaced; this.ms: the time the
  // server took to answer it, as the page saw it (a cached one: at once).
  async ask(url, onLine) {
    this.cancel();
    const mine = (this.current = new AbortController());
    this.button.disabled = false;
    const start = performance.now();
    try {
      const answer = await askWithProgress(url, mine.signal, onLine);
      this.ms = performance.now() - start;
      return this.current === mine ? answer : null;
    } catch (e) {
      if (e.name === "AbortError") return null;
      return { error: String(e) };
    } finally {
      if (this.current === mine) { this.current = null; this.button.disabled = true; }
    }
  }
}

// A game's moves with Undo and Redo: an undone move can be played again
// until another move is played.
class History {
  constructor(moves) { this.moves = moves; this.undone = []; }
  play(m) { this.moves.push(m); this.undone = []; }
  reset(moves) { this.moves = moves; this.undone = []; }
  undo(n) { for (let i = 0; i < n && this.moves.length; i++) this.undone.push(this.moves.pop()); }
  redo(n) { for (let i = 0; i < n && this.undone.length; i++) this.moves.push(this.undone.pop()); }
}

// The moves as a numbered list ("1. d3 2. c5 ..."), the last marked.
function showMoves(element, labels) {
  element.innerHTML = "";
  labels.forEach((m, i) => {
    const e = document.createElement("span");
    e.className = "mv" + (i === labels.length - 1 ? " last" : "");
    e.textContent = (i + 1) + ". " + m;
    element.appendChild(e);
    element.appendChild(document.createTextNode(" "));
  });
}

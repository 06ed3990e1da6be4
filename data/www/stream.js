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
  // The answer, or null when cancelled or replaced.
  async ask(url, onLine) {
    this.cancel();
    const mine = (this.current = new AbortController());
    this.button.disabled = false;
    try {
      const answer = await askWithProgress(url, mine.signal, onLine);
      return this.current === mine ? answer : null;
    } catch (e) {
      if (e.name === "AbortError") return null;
      return { error: String(e) };
    } finally {
      if (this.current === mine) { this.current = null; this.button.disabled = true; }
    }
  }
}

// The Gomoku page: you play black, the engine answers through
// /api/gomoku; the five is shown when a side makes one.
"use strict";
let moves = [];
let five = [];
let over = false;
let pending = null;

function size() { return +document.getElementById("size").value; }
function cellName(x, y) { return "abcdefghijklmnopqrstuvwxyz"[x] + (y + 1); }

function draw() {
  const n = size(), board = document.getElementById("board");
  board.style.gridTemplateColumns = "repeat(" + n + ", 24px)";
  board.className = "go";
  board.innerHTML = "";
  const stone = {};
  moves.forEach((m, i) => (stone[m] = i % 2 ? "white" : "black"));
  for (let y = n - 1; y >= 0; y--)
    for (let x = 0; x < n; x++) {
      const name = cellName(x, y), cell = document.createElement("div");
      cell.className = "pt " + (stone[name] || "") + (five.includes(name) ? " five" : "");
      cell.onclick = () => play(name);
      board.appendChild(cell);
    }
}

async function play(name) {
  if (over || pending || moves.includes(name) || moves.length % 2) return;
  moves.push(name);
  draw();
  const status = document.getElementById("status");
  status.textContent = "The engine thinks...";
  pending = new AbortController();
  try {
    const url = "/api/gomoku?size=" + size() + "&moves=" + moves.join("") + "&ms=" + document.getElementById("ms").value;
    const r = await fetch(url, { signal: pending.signal });
    const s = await r.json();
    if (!r.ok) { status.textContent = s.error; moves.pop(); }
    else {
      if (s.move) moves.push(s.move);
      five = s.five;
      over = s.winner !== null || s.full;
      status.textContent = s.winner ? s.winner + " wins" : s.full ? "a draw" :
        "your move (the engine's score " + s.score + ", depth " + s.depth + ")";
    }
  } catch (e) {
    if (e.name !== "AbortError") status.textContent = "error: " + e;
  }
  pending = null;
  draw();
}

function restart() {
  if (pending) pending.abort();
  moves = []; five = []; over = false; pending = null;
  document.getElementById("status").textContent = "your move: you play black";
  draw();
}

document.getElementById("undo").onclick = () => {
  if (pending) return;
  moves = moves.slice(0, Math.max(0, moves.length - 2)); five = []; over = false; draw();
};
document.getElementById("new").onclick = restart;
document.getElementById("size").onchange = restart;
restart();

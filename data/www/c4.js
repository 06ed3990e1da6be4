// The Connect 4 page: the board from the moves, each column's exact score
// from /api/c4 (a new request cancels the one it replaces), the moves in
// the address so that a position can be shared.
"use strict";
const W = 7, H = 6;
let moves = (location.hash.match(/^#([1-7]*)$/) || [, ""])[1];
let pending = null;

function heights() {
  const h = new Array(W).fill(0);
  for (const m of moves) h[m - 1]++;
  return h;
}

function draw() {
  const board = document.getElementById("board");
  board.innerHTML = "";
  const grid = [];
  for (let c = 0; c < W; c++) grid.push([]);
  [...moves].forEach((m, i) => grid[m - 1].push(i % 2 ? "p2" : "p1"));
  for (let r = H - 1; r >= 0; r--)
    for (let c = 0; c < W; c++) {
      const cell = document.createElement("div");
      cell.className = "cell " + (grid[c][r] || "");
      cell.dataset.col = c + 1;
      cell.onclick = () => play(c + 1);
      board.appendChild(cell);
    }
  location.hash = moves;
  document.getElementById("moves").value = moves;
}

function showScores(scores) {
  const row = document.getElementById("scores");
  row.innerHTML = "";
  scores.forEach((s) => {
    const d = document.createElement("div");
    d.className = "score" + (s === null ? "" : s > 0 ? " win" : s < 0 ? " loss" : "");
    d.textContent = s === null ? "" : (s > 0 ? "+" : "") + s;
    row.appendChild(d);
  });
}

async function analyse() {
  if (pending) pending.abort();
  pending = new AbortController();
  const status = document.getElementById("status");
  status.textContent = "Solving...";
  showScores(new Array(W).fill(null));
  try {
    const r = await fetch("/api/c4?moves=" + moves, { signal: pending.signal });
    const j = await r.json();
    if (!r.ok) { status.textContent = j.error; return; }
    showScores(j.scores);
    status.textContent = (moves.length % 2 ? "Yellow" : "Red") + " to move (" + j.nodes + " positions, " +
      j.ms.toFixed(1) + " ms)";
  } catch (e) {
    if (e.name !== "AbortError") status.textContent = "error: " + e;
  }
}

function play(col) {
  if (heights()[col - 1] >= H) return;
  moves += col;
  draw();
  analyse();
}

document.getElementById("undo").onclick = () => { moves = moves.slice(0, -1); draw(); analyse(); };
document.getElementById("new").onclick = () => { moves = ""; draw(); analyse(); };
document.getElementById("load").onclick = () => {
  const m = document.getElementById("moves").value.trim();
  if (/^[1-7]*$/.test(m)) { moves = m; draw(); analyse(); }
  else document.getElementById("status").textContent = "moves are digits 1-7";
};
draw();
analyse();

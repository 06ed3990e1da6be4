// The Connect 4 page: the board from the moves, each column's exact score
// from /api/c4 as the solver finds it (the range it is known to lie in
// meanwhile), the moves in the address so that a position can be shared.
"use strict";
const W = 7, H = 6;
function fromAddress() { return (location.hash.match(/^#([1-7]*)$/) || [, ""])[1]; }
let moves = fromAddress();
const status = document.getElementById("status");
const asker = new Asker(document.getElementById("cancel"), () => (status.textContent = "Cancelled."));

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
  const row = document.getElementById("scores");
  row.innerHTML = "";
  for (let c = 1; c <= W; c++) {
    const d = document.createElement("div");
    d.className = "score";
    d.id = "score" + c;
    row.appendChild(d);
  }
}

function signed(s) { return (s > 0 ? "+" : "") + s; }

// A column's score once known; its range while the solver narrows it.
function showColumn(col, line) {
  const d = document.getElementById("score" + col);
  if ("score" in line) {
    d.className = "score" + (line.score > 0 ? " win" : line.score < 0 ? " loss" : "");
    d.textContent = signed(line.score);
  } else {
    d.className = "score range";
    d.textContent = signed(line.min) + ".." + signed(line.max);
    status.textContent = "Solving column " + col + ": between " + signed(line.min) + " and " + signed(line.max) +
      " (" + line.nodes.toLocaleString() + " positions)";
  }
}

async function analyse() {
  status.textContent = "Solving...";
  const j = await asker.ask("/api/c4?moves=" + moves, (line) => { if ("col" in line) showColumn(line.col, line); });
  if (!j) return;
  if (j.error) { status.textContent = j.error; return; }
  j.scores.forEach((s, c) => { if (s !== null) showColumn(c + 1, { score: s }); });
  const best = Math.max(...j.scores.filter((s) => s !== null));
  j.scores.forEach((s, c) => { if (s === best) document.getElementById("score" + (c + 1)).classList.add("best"); });
  status.textContent = (moves.length % 2 ? "Yellow" : "Red") + " to move (" + j.nodes.toLocaleString() +
    " positions, " + j.ms.toFixed(1) + " ms)";
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
  else status.textContent = "moves are digits 1-7";
};
// A position typed into the address, or the browser's Back.
window.onhashchange = () => { if (fromAddress() !== moves) { moves = fromAddress(); draw(); analyse(); } };
draw();
analyse();

// The Connect 4 page: the board from the moves, each column's exact score
// from /api/c4 as the solver finds it (the range it is known to lie in
// meanwhile), the solver playing either side, the game's end (the winner,
// the four marked, no more moves), the moves in the address so that a
// position can be shared.
"use strict";
const W = 7, H = 6, NAMES = ["Red", "Yellow"];
function fromAddress() { return (location.hash.match(/^#([1-7]*)$/) || [, ""])[1]; }
const game = new History([...fromAddress()]);
let last = null;   // the last answer, for the hint
let over = false;  // the game is over: no more moves
const status = document.getElementById("status");
const asker = new Asker(document.getElementById("cancel"), () => (status.textContent = "Cancelled."));
const moves = () => game.moves.join("");

function heights() {
  const h = new Array(W).fill(0);
  for (const m of game.moves) h[m - 1]++;
  return h;
}

function draw() {
  const board = document.getElementById("board");
  board.innerHTML = "";
  const grid = [];
  for (let c = 0; c < W; c++) grid.push([]);
  game.moves.forEach((m, i) => grid[m - 1].push(i));
  const lastCol = game.moves[game.moves.length - 1];
  for (let r = H - 1; r >= 0; r--)
    for (let c = 0; c < W; c++) {
      const cell = document.createElement("div"), i = grid[c][r];
      cell.className = "cell" + (i === undefined ? "" : i % 2 ? " p2" : " p1");
      if (i !== undefined && +lastCol === c + 1 && r === grid[c].length - 1) cell.classList.add("last");
      cell.dataset.col = c + 1;
      cell.dataset.row = r;
      cell.onclick = () => click(c + 1);
      board.appendChild(cell);
    }
  location.hash = moves();
  document.getElementById("moves").value = moves();
  showMoves(document.getElementById("list"), game.moves);
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

function showBook(b) {
  document.getElementById("book").textContent = b ? "Opening book " + b.file + ": every position of up to " +
    b.depth + " moves (" + b.positions.toLocaleString() + " positions); one of fewer moves is answered at once." :
    "No opening book.";
}

function showOver(j) {
  for (const [c, r] of j.line || [])
    document.querySelector('.cell[data-col="' + c + '"][data-row="' + r + '"]').classList.add("four");
  status.textContent = "Game over: " + (j.winner ? NAMES[j.winner - 1] + " wins" : "a draw") + " after " +
    game.moves.length + " moves.";
}

async function analyse() {
  last = null;
  over = false;
  status.textContent = "Solving...";
  const j = await asker.ask("/api/c4?moves=" + moves(), (line) => { if ("col" in line) showColumn(line.col, line); });
  if (!j) return;
  if (j.error) { status.textContent = j.error; return; }
  last = j;
  showBook(j.book);
  document.getElementById("time").textContent = "Answered in " + asker.ms.toFixed(0) + " ms.";
  over = j.over;
  if (over) { showOver(j); return; }
  j.scores.forEach((s, c) => { if (s !== null) showColumn(c + 1, { score: s }); });
  status.textContent = NAMES[game.moves.length % 2] + " to move (" + j.nodes.toLocaleString() + " positions, " +
    j.ms.toFixed(1) + " ms)";
  if (solverSide() === game.moves.length % 2) play(best(j)[0]);
}

// The columns of the best score.
function best(j) {
  const top = Math.max(...j.scores.filter((s) => s !== null));
  return j.scores.flatMap((s, c) => (s === top ? [c + 1] : []));
}

// 0 or 1: the side the solver plays; -1: none.
function solverSide() { return +document.getElementById("solver").value; }

function play(col) {
  game.play(String(col));
  draw();
  analyse();
}

// A click plays only on the player's turn of a game still going.
function click(col) {
  if (over || solverSide() === game.moves.length % 2 || heights()[col - 1] >= H) return;
  play(col);
}

function go(change) { change(); draw(); analyse(); }
// Undo and Redo step over the solver's reply: back to the player's turn.
const step = () => (solverSide() < 0 ? 1 : 2);
document.getElementById("undo").onclick = () => go(() => game.undo(step()));
document.getElementById("redo").onclick = () => go(() => game.redo(step()));
document.getElementById("hint").onclick = () => {
  if (!last || last.over) return;
  for (const c of best(last)) document.getElementById("score" + c).classList.add("best");
};
document.getElementById("new").onclick = () => go(() => game.reset([]));
document.getElementById("solver").onchange = () => { if (last && !last.over) analyse(); };
document.getElementById("load").onclick = () => {
  const m = document.getElementById("moves").value.trim();
  if (/^[1-7]*$/.test(m)) go(() => game.reset([...m]));
  else status.textContent = "moves are digits 1-7";
};
// A position typed into the address, or the browser's Back.
window.onhashchange = () => { if (fromAddress() !== moves()) go(() => game.reset([...fromAddress()])); };
draw();
analyse();

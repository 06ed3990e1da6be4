// The Othello page: the position from the move list (the server plays it
// and answers the board and every legal move's value in discs, each as it
// comes: exact ones in bold, the search's estimates in italics with "~"),
// the engine playing either side, the best of those values its move.
"use strict";
function fromAddress() { return (location.hash.match(/^#((?:[a-h][1-8])*)$/) || [, ""])[1]; }
const game = new History(fromAddress().match(/../g) || []);
let last = null;   // the last answer, for the hint
const status = document.getElementById("status");
const asker = new Asker(document.getElementById("cancel"), () => (status.textContent = "Cancelled."));
const moves = () => game.moves.join("");

function square(i) { return "abcdefgh"[i % 8] + (1 + Math.floor(i / 8)); }
// A value as shown: exact discs "+4", an estimate "~+0.4".
function shown(m) {
  const v = m.exact ? String(m.value) : m.value.toFixed(1);
  return (m.exact ? "" : "~") + (m.value > 0 ? "+" : "") + v;
}

function draw(state) {
  const board = document.getElementById("board");
  board.innerHTML = "";
  const values = {};
  for (const m of state.moves) values[m.move] = m;
  const lastMove = game.moves[game.moves.length - 1];
  for (let i = 0; i < 64; i++) {
    const cell = document.createElement("div");
    const disc = state.board[i];
    cell.className = "sq" + (disc === "X" ? " black" : disc === "O" ? " white" : "");
    cell.id = square(i);
    cell.title = square(i);
    if (i % 8 === 0) cell.dataset.rank = 1 + i / 8;
    if (square(i) === lastMove) cell.classList.add("last");
    const v = values[square(i)];
    if (v) {
      cell.textContent = shown(v);
      cell.classList.add("legal", v.exact ? "exact" : "estimate");
      cell.onclick = () => { if (engine() !== state.to_move) play(square(i)); };
    }
    board.appendChild(cell);
  }
  showMoves(document.getElementById("list"), game.moves);
  const black = [...state.board].filter((c) => c === "X").length, white = [...state.board].filter((c) => c === "O").length;
  document.getElementById("discs").textContent = "Discs: black " + black + ", white " + white + ".";
}

function engine() { return document.getElementById("engine").value; }

async function refresh() {
  location.hash = moves();
  last = null;
  status.textContent = "Thinking...";
  const depth = document.getElementById("depth").value, exact = document.getElementById("exact").value;
  const done = [];
  const s = await asker.ask("/api/othello?moves=" + moves() + "&depth=" + depth + "&exact=" + exact, (line) => {
    if (!line.move) return;
    done.push(line.move + " " + shown(line));
    status.textContent = "Thinking... " + done.join(", ");
  });
  if (!s) return;
  if (s.error) { status.textContent = s.error; return; }
  last = s;
  draw(s);
  document.getElementById("time").textContent = "Answered in " + asker.ms.toFixed(0) + " ms.";
  status.textContent = s.over ? "Game over: " + (s.discs === 0 ? "a draw" :
    ((s.discs > 0) === (s.to_move === "black") ? "black" : "white") + " wins by " + Math.abs(s.discs)) :
    s.to_move + " to move" + (s.passed ? " (the other side passed)" : "");
  if (!s.over && s.moves.length && engine() === s.to_move) play(best(s)[0]);
}

// The moves of the best value.
function best(s) {
  const top = Math.max(...s.moves.map((m) => m.value));
  return s.moves.filter((m) => m.value === top).map((m) => m.move);
}

function play(sq) { game.play(sq); refresh(); }

// Undo and Redo step over the engine's reply: back to your turn.
const step = () => (engine() === "none" ? 1 : 2);
document.getElementById("undo").onclick = () => { game.undo(step()); refresh(); };
document.getElementById("redo").onclick = () => { game.redo(step()); refresh(); };
document.getElementById("hint").onclick = () => {
  if (last) for (const m of best(last)) document.getElementById(m).classList.add("best");
};
document.getElementById("new").onclick = () => { game.reset([]); refresh(); };
for (const id of ["depth", "exact", "engine"]) document.getElementById(id).onchange = refresh;
window.onhashchange = () => {
  if (fromAddress() !== moves()) { game.reset(fromAddress().match(/../g) || []); refresh(); }
};
refresh();

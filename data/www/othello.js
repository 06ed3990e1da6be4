// The Othello page: the position from the move list (the server plays it
// and answers the board and every legal move's value, each move's value
// shown as it comes), the engine's move the best of those values when it
// is its turn.
"use strict";
function fromAddress() { return (location.hash.match(/^#([a-h1-8]*)$/) || [, ""])[1]; }
let moves = fromAddress();
const status = document.getElementById("status");
const asker = new Asker(document.getElementById("cancel"), () => (status.textContent = "Cancelled."));

function square(i) { return "abcdefgh"[i % 8] + (1 + Math.floor(i / 8)); }
function signed(v) { return (v > 0 ? "+" : "") + v; }

function draw(state) {
  const board = document.getElementById("board");
  board.innerHTML = "";
  const values = {};
  for (const m of state.moves) values[m.move] = m;
  const best = Math.max(...state.moves.map((m) => m.value));
  const last = moves.slice(-2);
  for (let i = 0; i < 64; i++) {
    const cell = document.createElement("div");
    const disc = state.board[i];
    cell.className = "sq" + (disc === "X" ? " black" : disc === "O" ? " white" : "");
    cell.id = square(i);
    if (square(i) === last) cell.classList.add("last");
    const v = values[square(i)];
    if (v) {
      cell.textContent = signed(v.value) + (v.exact ? "" : "~");
      cell.classList.add("legal");
      if (v.value === best) cell.classList.add("best");
      cell.onclick = () => play(square(i));
    }
    board.appendChild(cell);
  }
}

async function refresh() {
  location.hash = moves;
  status.textContent = "Thinking...";
  const depth = document.getElementById("depth").value;
  const done = [];
  const s = await asker.ask("/api/othello?moves=" + moves + "&depth=" + depth, (line) => {
    if (!line.move) return;
    done.push(line.move + " " + signed(line.value) + (line.exact ? "" : "~"));
    status.textContent = "Thinking... " + done.join(", ");
  });
  if (!s) return;
  if (s.error) { status.textContent = s.error; return; }
  draw(s);
  status.textContent = s.over ? "Game over: " + (s.discs === 0 ? "a draw" :
    ((s.discs > 0) === (s.to_move === "black") ? "black" : "white") + " wins by " + Math.abs(s.discs)) :
    s.to_move + " to move" + (s.passed ? " (the other side passed)" : "");
  if (!s.over && s.moves.length && document.getElementById("engine").value === s.to_move) {
    const best = s.moves.reduce((a, b) => (b.value > a.value ? b : a));
    play(best.move);
  }
}

function play(sq) { moves += sq; refresh(); }

document.getElementById("undo").onclick = () => {
  // Back to your turn: the engine's answer goes too.
  moves = moves.slice(0, document.getElementById("engine").value === "none" ? -2 : -4);
  refresh();
};
document.getElementById("new").onclick = () => { moves = ""; refresh(); };
document.getElementById("depth").onchange = refresh;
document.getElementById("engine").onchange = refresh;
window.onhashchange = () => { if (fromAddress() !== moves) { moves = fromAddress(); refresh(); } };
refresh();

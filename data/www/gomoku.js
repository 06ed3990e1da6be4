// The Gomoku page: you play black or white, the engine the other side
// through /api/gomoku (each finished depth of its search shown as it
// comes); each stone shows its move number; the five is shown when a side
// makes one; the moves are in the address.
"use strict";
let moves = [];
let five = [];
let over = false;
const status = document.getElementById("status");
const asker = new Asker(document.getElementById("cancel"), () => {
  moves.pop();   // your move back: the engine did not answer it
  status.textContent = "Cancelled: your move";
  draw();
});

function size() { return +document.getElementById("size").value; }
function cellName(x, y) { return "abcdefghijklmnopqrstuvwxyz"[x] + (y + 1); }

function draw() {
  const n = size(), board = document.getElementById("board");
  document.documentElement.style.setProperty("--n", n);
  board.className = "go";
  board.innerHTML = "";
  const stone = {}, number = {};
  moves.forEach((m, i) => { stone[m] = i % 2 ? "white" : "black"; number[m] = i + 1; });
  for (let y = n - 1; y >= 0; y--)
    for (let x = 0; x < n; x++) {
      const name = cellName(x, y), cell = document.createElement("div");
      cell.className = "pt " + (stone[name] || "") + (five.includes(name) ? " five" : "") +
        (name === moves[moves.length - 1] ? " last" : "");
      cell.id = name;
      cell.title = name;
      cell.textContent = number[name] || "";
      cell.onclick = () => play(name);
      board.appendChild(cell);
    }
  location.hash = size() + ":" + moves.join("");
  showMoves(document.getElementById("list"), moves);
}

// 0: you play black, 1: white.
function side() { return +document.getElementById("side").value; }

function play(name) {
  if (over || asker.current || moves.length % 2 !== side()) return;
  if (moves.includes(name)) { status.textContent = name + " is taken: your move elsewhere"; return; }
  moves.push(name);
  answer();
}

// The engine's move for the side to move, or the game's end.
async function answer() {
  draw();
  status.textContent = "The engine thinks...";
  const url = "/api/gomoku?size=" + size() + "&moves=" + moves.join("") + "&ms=" +
    document.getElementById("ms").value + "&rule=" + document.getElementById("rule").value;
  const s = await asker.ask(url, (line) => {
    if ("depth" in line && !("size" in line))
      status.textContent = "The engine thinks: depth " + line.depth + ", best " + line.move + " (" + line.score + ")";
  });
  if (!s) return;
  if (s.error) { status.textContent = s.error; moves.pop(); }
  else {
    if (s.move) moves.push(s.move);
    five = s.five;
    over = s.winner !== null || s.full;
    status.textContent = s.winner ? s.winner + " wins" : s.full ? "a draw" :
      "your move (the engine's score " + s.score + ", depth " + s.depth + "; answered in " +
      asker.ms.toFixed(0) + " ms)";
  }
  draw();
}

function restart(list) {
  asker.cancel();
  moves = list; five = []; over = false;
  if (moves.length % 2 !== side()) { answer(); return; }
  status.textContent = "your move: you play " + (side() ? "white" : "black");
  draw();
}

// A shared position: #SIZE:MOVES, the moves as cells ("h8i9").
function fromAddress() {
  const m = location.hash.match(/^#(\d+):((?:[a-z]\d+)*)$/);
  if (!m || ![...document.getElementById("size").options].some((o) => o.value === m[1])) return [];
  document.getElementById("size").value = m[1];
  return m[2].match(/[a-z]\d+/g) || [];
}

document.getElementById("undo").onclick = () => {
  if (asker.current) return;
  moves = moves.slice(0, Math.max(0, moves.length - 2)); five = []; over = false; draw();
};
document.getElementById("new").onclick = () => restart([]);
document.getElementById("size").onchange = () => restart([]);
document.getElementById("side").onchange = () => restart([]);
document.getElementById("rule").onchange = () => restart([]);
window.onhashchange = () => {
  if (location.hash !== "#" + size() + ":" + moves.join("")) restart(fromAddress());
};
restart(fromAddress());

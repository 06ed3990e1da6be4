// The Gomoku page: you play black or white, the engine the other side
// through /api/gomoku (each finished depth of its search shown as it
// comes); each stone shows its move number; the five is shown when a side
// makes one; the game is in the address (#SIZE:RULE:MOVES).
"use strict";
const game = new History([]);
let five = [];
let over = false;
const status = document.getElementById("status");
const asker = new Asker(document.getElementById("cancel"), () => {
  if (game.moves.length % 2 !== side()) game.moves.pop();   // your move back: the engine did not answer it
  status.textContent = "Cancelled: your move";
  draw();
});
const value = (id) => document.getElementById(id).value;

function size() { return +value("size"); }
// 0: you play black, 1: white.
function side() { return +value("side"); }
function cellName(x, y) { return "abcdefghijklmnopqrstuvwxyz"[x] + (y + 1); }
function address() { return "#" + size() + ":" + value("rule") + ":" + game.moves.join(""); }

function draw(hint) {
  const n = size(), board = document.getElementById("board"), moves = game.moves;
  document.documentElement.style.setProperty("--n", n);
  board.className = "go";
  board.innerHTML = "";
  const stone = {}, number = {};
  moves.forEach((m, i) => { stone[m] = i % 2 ? "white" : "black"; number[m] = i + 1; });
  for (let y = n - 1; y >= 0; y--)
    for (let x = 0; x < n; x++) {
      const name = cellName(x, y), cell = document.createElement("div");
      cell.className = "pt " + (stone[name] || "") + (five.includes(name) ? " five" : "") +
        (name === moves[moves.length - 1] ? " last" : "") + (name === hint ? " hint" : "");
      cell.id = name;
      cell.title = name;
      cell.textContent = number[name] || "";
      cell.onclick = () => play(name);
      board.appendChild(cell);
    }
  location.hash = address();
  showMoves(document.getElementById("list"), moves);
}

function play(name) {
  if (over || asker.current || game.moves.length % 2 !== side()) return;
  if (game.moves.includes(name)) { status.textContent = name + " is taken: your move elsewhere"; return; }
  game.play(name);
  answer(true);
}

// The engine's move for the side to move (played, or with hint only
// shown), or the game's end.
async function answer(playIt) {
  draw();
  status.textContent = playIt ? "The engine thinks..." : "Looking for your best move...";
  const url = "/api/gomoku?size=" + size() + "&moves=" + game.moves.join("") + "&ms=" + value("ms") + "&rule=" +
    value("rule");
  const s = await asker.ask(url, (line) => {
    if ("depth" in line && !("size" in line))
      status.textContent = "The engine thinks: depth " + line.depth + ", best " + line.move + " (" + line.score + ")";
  });
  if (!s) return;
  if (s.error) {
    status.textContent = s.error;
    if (playIt) game.moves.pop();
    draw();
    return;
  }
  if (!playIt) {
    draw(s.move);
    status.textContent = "your move: the engine would play " + s.move;
    return;
  }
  if (s.move) game.moves.push(s.move);
  five = s.five;
  over = s.winner !== null || s.full;
  status.textContent = s.winner ? s.winner + " wins" : s.full ? "a draw" :
    "your move (the engine's score " + s.score + ", depth " + s.depth + "; answered in " + asker.ms.toFixed(0) +
    " ms)";
  draw();
}

function restart(list) {
  asker.cancel();
  game.reset(list); five = []; over = false;
  if (game.moves.length % 2 !== side()) { answer(true); return; }
  status.textContent = "your move: you play " + (side() ? "white" : "black");
  draw();
}

// A shared position: #SIZE:RULE:MOVES (#SIZE:MOVES freestyle), the moves
// as cells ("h8i9").
function fromAddress() {
  const m = location.hash.match(/^#(\d+):(?:(freestyle|standard|renju|caro|caro-exact):)?((?:[a-z]\d+)*)$/);
  if (!m || ![...document.getElementById("size").options].some((o) => o.value === m[1])) return [];
  document.getElementById("size").value = m[1];
  document.getElementById("rule").value = m[2] || "freestyle";
  return m[3].match(/[a-z]\d+/g) || [];
}

// Undo and Redo step over the engine's reply: back to your turn.
function step(change) {
  if (asker.current) return;
  change();
  five = []; over = false;
  if (game.moves.length % 2 !== side()) { answer(true); return; }   // you play white: the engine opens
  status.textContent = "your move";
  draw();
}
document.getElementById("undo").onclick = () => step(() => game.undo(2));
document.getElementById("redo").onclick = () => step(() => game.redo(2));
document.getElementById("hint").onclick = () => {
  if (!over && !asker.current && game.moves.length % 2 === side()) answer(false);
};
document.getElementById("new").onclick = () => restart([]);
for (const id of ["size", "side", "rule"]) document.getElementById(id).onchange = () => restart([]);
window.onhashchange = () => { if (location.hash !== address()) restart(fromAddress()); };
restart(fromAddress());

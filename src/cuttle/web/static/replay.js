// Replay viewer: every position of a finished game, all cards shown.
import { botName, renderBoard, statusText } from "./board.js";
import { attachAnalysis } from "./analysis.js";

const root = document.getElementById("replay-root");
const gid = root.dataset.game;
const me = root.dataset.seat === "" ? null : Number(root.dataset.seat); // the viewer's seat, if any
const $ = (id) => document.getElementById(id);
let data = null;
let i = 0;
let analysis = null; // the engine review's panel (analysis.js)

// The seats' names as the live table shows them ("Easy bot 2" where bots share a level),
// for a server that sends none (the replay's "names" are in the reader's language).
function namesOf(players) {
  const base = players.map((p, i) => (p.bot ? botName(p.bot) : p.name || `p${i}`));
  return base.map((b, i) => (base.filter((x) => x === b).length > 1 ? (players[i].bot ? `${b} ${i}` : `${b} (p${i})`) : b));
}

// A move line with the seat's name: "Easy bot: points 7H".
function named(line) {
  return line.replace(/^p(\d+):/, (_, s) => `${data.names[Number(s)] || "p" + s}:`);
}

// Move k in words (the server's sentence, all cards public in a finished game), else
// its notation with the seat's name.
function told(k) { return (data.said && data.said[k]) || named(data.lines[k]); }

// The status line at move i: the move in words, and at the last one how the game ended.
function moveLine(i, view, meta) {
  const move = told(i - 1);
  if (i !== data.lines.length) return _("Move {n}: {move}", { n: i, move });
  const ended = view.winner !== undefined && view.winner !== null
    ? statusText({ ...view, termination: data.termination }, meta, me) : _("game over");
  return _("Move {n}: {move} — {ended}", { n: i, move, ended });
}

function show() {
  const view = data.positions[i];
  // Scores and goals as they stood at this position (a king lowers a goal later on).
  const meta = { ...data, scores: data.scores_at[i], goals: data.goals_at[i] };
  const compact = window.matchMedia("(max-width: 760px)").matches && view.hands.length >= 3;
  renderBoard($("board"), view, meta, me, { showScrap: true }, { compact });
  $("rp-pos").textContent = `${i} / ${data.lines.length}`;
  $("status-line").textContent = i === 0 ? _("The deal") : moveLine(i, view, meta);
  const ol = $("log");
  ol.replaceChildren();
  data.lines.forEach((line, k) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button"; b.className = "link"; b.textContent = told(k);
    b.dataset.line = line;
    b.onclick = () => { i = k + 1; show(); };
    if (k + 1 === i) li.className = "current";
    li.appendChild(b);
    ol.appendChild(li);
  });
  if (analysis) analysis.show(i);
}

function step(to) { i = Math.max(0, Math.min(data.lines.length, to)); show(); }

async function init() {
  const r = await fetch(`/api/games/${gid}/replay`);
  data = await r.json();
  if (!r.ok) { $("status-line").textContent = data.error; return; }
  data.names = data.names || namesOf(data.players);
  analysis = attachAnalysis({ gid, data, me, step, board: $("board"), log: $("log") });
  $("rp-first").onclick = () => step(0);
  $("rp-prev").onclick = () => step(i - 1);
  $("rp-next").onclick = () => step(i + 1);
  $("rp-last").onclick = () => step(data.lines.length);
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") step(i + 1);
    if (e.key === "ArrowLeft") step(i - 1);
    if (e.key === "Home") step(0);
    if (e.key === "End") step(data.lines.length);
  });
  show();
}
init();

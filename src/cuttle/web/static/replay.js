// Replay viewer: every position of a finished game, all cards shown; step, or play it
// (autoplay at 0.5×–4×), and see the table from any seat's side, every hand open.
import { botName, renderBoard, statusText } from "./board.js";
import { attachAnalysis } from "./analysis.js";

const root = document.getElementById("replay-root");
const gid = root.dataset.game;
const me = root.dataset.seat === "" ? null : Number(root.dataset.seat); // the viewer's seat, if any
const $ = (id) => document.getElementById(id);
const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 1500; // one move a second and a half at 1×
const SPEED_KEY = "cuttle.replaySpeed";
const PLAY_ICON = "M8 5v14l11-7z";
const PAUSE_ICON = "M6 5h4v14H6zM14 5h4v14h-4z";
let data = null;
let i = 0;
let side = me === null ? 0 : me; // the seat drawn at the bottom
let timer = null; // the autoplay's interval, while it plays
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
  renderBoard($("board"), view, meta, me, { showScrap: true }, { compact, bottom: side });
  $("rp-pos").textContent = `${i} / ${data.lines.length}`;
  $("status-line").textContent = i === 0 ? _("The deal") : moveLine(i, view, meta);
  const ol = $("log");
  ol.replaceChildren();
  data.lines.forEach((line, k) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button"; b.className = "link"; b.textContent = told(k);
    b.dataset.line = line;
    b.onclick = () => { pause(); i = k + 1; show(); };
    if (k + 1 === i) li.className = "current";
    li.appendChild(b);
    ol.appendChild(li);
  });
  if (analysis) analysis.show(i);
}

function step(to) { i = Math.max(0, Math.min(data.lines.length, to)); show(); }

// ----------------------------------------------------------------- autoplay

function speed() { return Number($("rp-speed").value) || 1; }

function playing() { return timer !== null; }

function drawPlay() {
  const b = $("rp-play");
  b.dataset.playing = String(playing());
  b.setAttribute("aria-label", playing() ? _("Pause") : _("Play"));
  b.title = b.getAttribute("aria-label");
  $("rp-play-path").setAttribute("d", playing() ? PAUSE_ICON : PLAY_ICON);
}

function pause() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  drawPlay();
}

function play() {
  if (timer !== null) clearInterval(timer);
  if (i >= data.lines.length) step(0); // played to the end: from the deal again
  timer = setInterval(() => {
    if (i >= data.lines.length) { pause(); return; }
    step(i + 1);
    if (i >= data.lines.length) pause();
  }, STEP_MS / speed());
  drawPlay();
}

function setupSpeed() {
  const select = $("rp-speed");
  const saved = Number(localStorage.getItem(SPEED_KEY));
  select.replaceChildren(...SPEEDS.map((s) => {
    const o = document.createElement("option");
    o.value = String(s);
    o.textContent = _("{speed}×", { speed: s.toLocaleString(document.documentElement.lang || undefined) });
    o.selected = s === (SPEEDS.includes(saved) ? saved : 1);
    return o;
  }));
  select.onchange = () => {
    localStorage.setItem(SPEED_KEY, select.value);
    if (playing()) play(); // at the new pace from now
  };
}

// ----------------------------------------------------------------- side

// "Seen from": any seat's side of the finished game (every hand is open in a replay).
function setupSide() {
  const select = $("rp-side");
  select.replaceChildren(...data.names.map((name, s) => {
    const o = document.createElement("option");
    o.value = String(s);
    o.textContent = s === me ? _("{name} (you)", { name }) : name;
    o.selected = s === side;
    return o;
  }));
  select.onchange = () => { side = Number(select.value); show(); };
}

async function init() {
  const r = await fetch(`/api/games/${gid}/replay`);
  data = await r.json();
  if (!r.ok) { // a game in play: no replay, no review, no controls
    $("status-line").textContent = data.error;
    for (const id of ["analysis", "rp-controls"]) if ($(id)) $(id).hidden = true;
    return;
  }
  data.names = data.names || namesOf(data.players);
  analysis = attachAnalysis({ gid, data, me, step, board: $("board"), log: $("log") });
  $("rp-first").onclick = () => { pause(); step(0); };
  $("rp-prev").onclick = () => { pause(); step(i - 1); };
  $("rp-next").onclick = () => { pause(); step(i + 1); };
  $("rp-last").onclick = () => { pause(); step(data.lines.length); };
  $("rp-play").onclick = () => (playing() ? pause() : play());
  setupSpeed();
  setupSide();
  drawPlay();
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("select, input, textarea, summary, details")) return; // its own keys
    if (e.key === "ArrowRight") { pause(); step(i + 1); }
    if (e.key === "ArrowLeft") { pause(); step(i - 1); }
    if (e.key === "Home") { pause(); step(0); }
    if (e.key === "End") { pause(); step(data.lines.length); }
    if (e.key === " " && !(e.target.closest && e.target.closest("button, a, label"))) {
      e.preventDefault();
      if (playing()) pause(); else play();
    }
  });
  show();
}
init();

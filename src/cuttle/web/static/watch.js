// Watching: the live games list and the bots' exhibition form (/watch), and the TV (/tv),
// which watches the strongest game in progress as a spectator (hidden cards stay "??")
// and, when it ends, the next one.
import { botName, renderBoard, seatName, statusText } from "./board.js";

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 5000; // the list's refresh, and the TV's look for a game when none is on
const TV_PACE_MS = 1200; // the TV shows at most one move in this time
const TV_BEHIND = 12; // more moves than this waiting: the TV jumps to the newest
const NEXT_AFTER_MS = 8000; // the end of a game stays on the TV this long

function csrf() {
  const m = document.querySelector('meta[name="csrf"]');
  return m ? m.content : "";
}

/** A seat's name in a games list ("Hard bot", "alice"). */
function seatLabel(s) { return s.bot ? botName(s.bot) : s.name; }

/** The players of a listed game, "Medium bot · Hard bot". */
function playersOf(game) { return game.seats.map(seatLabel).join(" · "); }

// ----------------------------------------------------------------- the list

function gameRow(g) {
  const tr = document.createElement("tr");
  tr.dataset.game = g.id;
  const cell = (text, label) => {
    const td = document.createElement("td");
    td.textContent = text;
    if (label) td.dataset.label = label; // shown before the value on a phone
    tr.appendChild(td);
    return td;
  };
  cell(playersOf(g));
  const rules = cell(g.rules, _("Rules"));
  if (g.ranked) {
    const tag = document.createElement("span");
    tag.className = "tag"; tag.textContent = _("ranked");
    rules.append(" ", tag);
  }
  cell(String(g.moves), _("Moves"));
  cell(String(g.strength), _("Strength"));
  const a = document.createElement("a");
  a.className = "button"; a.href = g.url; a.textContent = _("Watch");
  a.setAttribute("aria-label", _("Watch game {gid}", { gid: g.id }));
  cell("").appendChild(a);
  return tr;
}

async function refreshList() {
  try {
    const r = await fetch("/api/watch/games");
    if (!r.ok) return;
    const { games } = await r.json();
    $("watch-games").replaceChildren(...games.map(gameRow));
    $("watch-none").hidden = games.length > 0;
  } catch { /* offline a moment: the next refresh tries again */ }
}

function setupExhibition() {
  const form = $("exhibit");
  const err = $("exhibit-error");
  form.onsubmit = async (e) => {
    e.preventDefault();
    err.hidden = true;
    $("exhibit-start").disabled = true;
    try {
      const body = { levels: [$("exhibit-level1").value, $("exhibit-level2").value], rules: $("exhibit-rules").value };
      const r = await fetch("/api/watch/exhibitions", {
        method: "POST", body: JSON.stringify(body),
        headers: { "content-type": "application/json", "x-csrf-token": csrf() },
      });
      const data = await r.json();
      if (!r.ok) throw new Error(data.error || String(r.status));
      location.href = data.url;
    } catch (x) {
      err.textContent = x.message;
      err.hidden = false;
      err.scrollIntoView({ block: "nearest" });
    } finally {
      $("exhibit-start").disabled = false;
    }
  };
}

// ----------------------------------------------------------------- the TV

const tv = {
  game: null, // the listed game on screen
  ws: null,
  n: 0, // the newest event received
  shown: 0, // the event on screen
  view: null,
  meta: {},
  queue: [],
  pumping: false,
  ended: new Set(), // games seen to the end: never picked again
  lookTimer: null,
  nextTimer: null, // the countdown to the next game
};

function tvDraw(lastText) {
  const compact = window.matchMedia("(max-width: 760px)").matches && tv.view.hands.length >= 3;
  renderBoard($("board"), tv.view, tv.meta, null, {}, { compact });
  $("status-line").textContent = statusText(tv.view, tv.meta, null);
  if (lastText !== undefined) $("tv-last").textContent = lastText;
}

function tvTitle(game, meta) {
  const names = game.seats.map((s, i) => seatName(meta, i) || seatLabel(s));
  $("tv-title").textContent = _("Cuttle TV: {players} ({rules}, move {n})", {
    players: names.join(" · "), rules: game.rules, n: tv.shown,
  });
}

function over(view) { return view && view.winner !== null && view.winner !== undefined; }

function tvMessage(m) {
  if (m.t === "state") {
    tv.queue = [];
    tv.n = tv.shown = m.n; tv.view = m.view;
    tv.meta = { ...tv.meta, ...m };
    const said = m.said || [];
    tvDraw(said.length ? said[said.length - 1] : "");
    tvTitle(tv.game, tv.meta);
    if (over(tv.view)) tvEnded();
  } else if (m.t === "event") {
    if (m.n !== tv.n + 1) { tv.ws.send(JSON.stringify({ t: "sync", n: tv.n })); return; }
    tv.n = m.n;
    tv.queue.push(m);
    tvPump();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Show the moves in order, one per TV_PACE_MS; far behind, jump to the newest.
async function tvPump() {
  if (tv.pumping) return;
  tv.pumping = true;
  try {
    while (tv.queue.length) {
      if (tv.queue.length > TV_BEHIND) tv.queue = tv.queue.slice(-1);
      const ev = tv.queue.shift();
      tv.shown = ev.n; tv.view = ev.view;
      tv.meta.scores = ev.scores; tv.meta.goals = ev.goals;
      if (ev.result) { tv.meta.status = "over"; tv.meta.termination = ev.termination; }
      tvDraw(ev.text || ev.line);
      tvTitle(tv.game, tv.meta);
      if (over(tv.view)) { tvEnded(); break; }
      await sleep(TV_PACE_MS);
    }
  } finally {
    tv.pumping = false;
  }
}

// The game on screen ended: its result stays a while, then the next game.
function tvEnded() {
  if (!tv.game || tv.ended.has(tv.game.id)) return;
  tv.ended.add(tv.game.id);
  $("tv-root").dataset.ended = tv.game.id;
  const next = $("tv-next");
  const until = performance.now() + NEXT_AFTER_MS;
  const tick = () => {
    const left = Math.ceil((until - performance.now()) / 1000);
    if (left <= 0) { next.hidden = true; tvLook(); return; }
    next.textContent = _n("The next game in {n} second…", "The next game in {n} seconds…", left);
    next.hidden = false;
    tv.nextTimer = setTimeout(tick, 250);
  };
  tick();
}

function tvClose() {
  if (tv.ws) { tv.ws.onclose = null; tv.ws.close(); tv.ws = null; }
}

function tvWatch(game) {
  tvClose();
  clearTimeout(tv.nextTimer);
  $("tv-next").hidden = true;
  tv.game = game; tv.n = tv.shown = 0; tv.queue = []; tv.meta = {};
  const root = $("tv-root");
  root.dataset.game = game.id;
  const open = $("tv-open");
  open.href = game.url; open.hidden = false;
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const ws = new WebSocket(`${proto}//${location.host}/ws/games/${game.id}`);
  tv.ws = ws;
  ws.onmessage = (e) => tvMessage(JSON.parse(e.data));
  ws.onclose = () => { if (tv.ws === ws) { tv.ws = null; setTimeout(tvLook, 2000); } };
}

// Watch the strongest game in progress not yet seen to its end; none: look again soon.
async function tvLook() {
  clearTimeout(tv.lookTimer);
  let games = [];
  try {
    const r = await fetch("/api/watch/games");
    if (r.ok) games = (await r.json()).games;
  } catch { /* offline a moment */ }
  const next = games.find((g) => !tv.ended.has(g.id));
  if (!next) {
    tvClose();
    tv.game = null;
    $("tv-root").dataset.game = "";
    $("tv-open").hidden = true;
    $("tv-title").textContent = _("Cuttle TV");
    $("status-line").textContent = _("No game is in progress right now: looking again in a moment.");
    $("tv-last").textContent = "";
    $("tv-next").hidden = true;
    $("board").replaceChildren();
    tv.lookTimer = setTimeout(tvLook, REFRESH_MS);
    return;
  }
  if (!tv.game || tv.game.id !== next.id || !tv.ws) tvWatch(next);
}

if ($("watch-games")) {
  setupExhibition();
  setInterval(refreshList, REFRESH_MS);
}
if ($("tv-root")) tvLook();

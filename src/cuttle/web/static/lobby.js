// Lobby: learn to play, quick play, game creation with rule sets, variants and seats,
// the open games and the games in progress, refreshed every few seconds.
import { askToNotify } from "/static/notify.js";

const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);
const REFRESH_MS = 3000;
let options = null;

// A bot level's name in words ("easy" -> "easy", "leicht", ...).
const LEVELS = {
  random: () => _p("bot level", "random"), easy: () => _p("bot level", "easy"),
  medium: () => _p("bot level", "medium"), hard: () => _p("bot level", "hard"),
  expert: () => _p("bot level", "expert"),
};
const levelName = (v) => {
  if (LEVELS[v]) return LEVELS[v]();
  const n = /^level(\d+)$/.exec(v);
  return n ? _p("bot level", "level {n}", { n: n[1] }) : v;
};
// With its measured rating on the league's scale (docs/strength.md, "The ladder").
const ratedName = (v) => {
  const r = options && options.ratings && options.ratings[v];
  return r ? _("{level} ({rating})", { level: levelName(v), rating: r.rating }) : levelName(v);
};

// POST `body` as JSON; a refusal is written in `errId` (next to the control that sent
// it) and scrolled into view, and thrown.
async function post(url, body, errId = "lobby-error") {
  const e = $(errId);
  e.hidden = true;
  const r = await fetch(url, {
    method: "POST", headers: { "X-CSRF-Token": csrf, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) {
    e.hidden = false; e.textContent = data.error;
    e.scrollIntoView({ block: "nearest" });
    throw new Error(data.error);
  }
  return data;
}

// A clock is only for games between people: choosing one makes every bot seat a
// person's; choosing a bot for a seat stops the clock. The note says what changed.
function consistentClock(changed) {
  const kinds = [...document.querySelectorAll(".seat-kind")];
  const bots = kinds.filter((s) => s.value !== "person");
  const note = $("clock-hint");
  if (!$("create-clock").value || !bots.length) return;
  if (changed === "clock") {
    for (const s of bots) s.value = "person";
    note.textContent = _("A clock is for games between people: every seat is now a person's.");
  } else {
    $("create-clock").value = "";
    note.textContent = _("Bots play untimed: the clock is off.");
  }
}

function fillRules(select) {
  for (const [name, r] of Object.entries(options.rules)) {
    const o = document.createElement("option");
    o.value = name;
    o.textContent = r.min_players === r.max_players
      ? _n("{rules} ({n} player)", "{rules} ({n} players)", r.players, { rules: name })
      : _("{rules} ({min}–{max} players)", { rules: name, min: r.min_players, max: r.max_players });
    if (name === "standard") o.selected = true;
    select.appendChild(o);
  }
}

// The rule set's one-line description and a link to its page.
function describe(box, name) {
  box.replaceChildren(document.createTextNode(options.rules[name].description + " "));
  const a = document.createElement("a");
  a.href = `/rules/${name}`; a.textContent = _("{rules} rules", { rules: name });
  box.appendChild(a);
}

function levelSelect(value) {
  const s = document.createElement("select");
  for (const v of ["person", ...options.levels]) {
    const o = document.createElement("option");
    o.value = v; o.textContent = v === "person" ? _("a person") : _("bot: {level}", { level: ratedName(v) });
    if (v === value) o.selected = true;
    s.appendChild(o);
  }
  return s;
}

function refreshCreate() {
  const name = $("create-rules").value;
  const r = options.rules[name];
  describe($("rules-desc"), name);
  const ps = $("create-players");
  const keep = Number(ps.value) || r.players;
  ps.replaceChildren();
  for (let k = r.min_players; k <= r.max_players; k++) {
    const o = document.createElement("option");
    o.value = k; o.textContent = k; if (k === Math.min(Math.max(keep, r.min_players), r.max_players)) o.selected = true;
    ps.appendChild(o);
  }
  refreshSeats();
}

function refreshSeats() {
  const count = Number($("create-players").value);
  const box = $("create-seats");
  box.querySelectorAll(".seat-row").forEach((x) => x.remove());
  for (let i = 0; i < count; i++) {
    const row = document.createElement("div");
    row.className = "seat-row row";
    const radio = Object.assign(document.createElement("input"), { type: "radio", name: "my-seat", value: i, checked: i === 0 });
    radio.setAttribute("aria-label", _("sit in seat {seat}", { seat: `p${i}` }));
    const pick = document.createElement("label"); // the seat's name taps its radio too
    pick.className = "seat-pick";
    pick.append(radio, ` p${i} `);
    const sel = levelSelect(i === 0 || $("create-clock").value ? "person" : "easy");
    sel.className = "seat-kind";
    sel.setAttribute("aria-label", _("seat {seat}", { seat: `p${i}` }));
    sel.onchange = () => consistentClock("seat");
    row.append(pick, sel);
    box.appendChild(row);
  }
}

// Quick play's seat count: the rule set's range, its usual count chosen.
function quickSeats() {
  const r = options.rules[$("quick-rules").value];
  const ps = $("quick-players");
  ps.replaceChildren();
  for (let k = r.min_players; k <= r.max_players; k++) {
    ps.appendChild(Object.assign(document.createElement("option"), { value: k, textContent: k, selected: k === r.players }));
  }
  ps.disabled = r.min_players === r.max_players;
}

// The open games table, drawn from /api/games.
function renderOpen(games) {
  const body = $("open-games").querySelector("tbody");
  body.replaceChildren();
  if (!games.length) {
    const tr = document.createElement("tr");
    tr.className = "none";
    const td = Object.assign(document.createElement("td"), { colSpan: 3, textContent: _("No open games: create one, or play a bot.") });
    tr.appendChild(td);
    body.appendChild(tr);
    return;
  }
  for (const g of games) {
    const tr = document.createElement("tr");
    tr.dataset.game = g.id;
    const rules = document.createElement("td");
    rules.textContent = g.rules + (g.variants.length ? " + " + g.variants.join(", ") : "") + " ";
    // The same badges as the page's first drawing: ranked or casual, and the clock.
    rules.appendChild(g.ranked
      ? Object.assign(document.createElement("span"), { className: "badge-ranked", textContent: _("ranked") })
      : Object.assign(document.createElement("span"), { className: "muted", textContent: _("casual") }));
    if (g.time_control) {
      rules.append(" ", Object.assign(document.createElement("span"), { className: "clock-tag", textContent: _("clock {control}", { control: g.time_control }) }));
    }
    const seats = document.createElement("td");
    seats.textContent = g.seats.map((s) => (s.empty ? _("open") : s.name)).join(", ");
    const act = document.createElement("td");
    const b = Object.assign(document.createElement("button"), { type: "button", className: "join", textContent: _("Join") });
    b.dataset.game = g.id;
    b.setAttribute("aria-label", _("Join the {rules} game with {seats}", { rules: g.rules, seats: seats.textContent }));
    act.appendChild(b);
    tr.append(rules, seats, act);
    body.appendChild(tr);
  }
  wireJoins();
}

function wireJoins() {
  for (const b of document.querySelectorAll("button.join")) {
    b.onclick = async () => {
      askToNotify(); // a game between people: "your move" may come while looking elsewhere
      const g = await post(`/api/games/${b.dataset.game}/join`, {}, "open-error");
      location.href = g.url;
    };
  }
}

const LIVE_SHOWN = 8;

// The games in progress (from /api/watch/games, strongest first), each with a link to
// watch it; no card of any game is in that list.
function renderLive(games) {
  const body = $("live-games").querySelector("tbody");
  body.replaceChildren();
  if (!games.length) {
    const tr = Object.assign(document.createElement("tr"), { className: "none" });
    tr.appendChild(Object.assign(document.createElement("td"), { colSpan: 4, textContent: _("No game is being played now.") }));
    body.appendChild(tr);
    return;
  }
  for (const g of games.slice(0, LIVE_SHOWN)) {
    const tr = document.createElement("tr");
    tr.dataset.game = g.id;
    const players = g.seats.map((s) => s.shown || s.name).join(", ");
    const watch = Object.assign(document.createElement("a"), { href: g.url, className: "watch", textContent: _("Watch") });
    watch.setAttribute("aria-label", _("Watch {players} ({rules})", { players, rules: g.rules }));
    const cells = [
      Object.assign(document.createElement("td"), { textContent: g.rules }),
      Object.assign(document.createElement("td"), { textContent: players }),
      Object.assign(document.createElement("td"), { className: "moves", textContent: g.moves }),
      document.createElement("td"),
    ];
    cells[3].appendChild(watch);
    tr.append(...cells);
    body.appendChild(tr);
  }
}

async function refreshOpen() {
  try {
    const [open, live] = await Promise.all([
      fetch("/api/games", { headers: { accept: "application/json" } }),
      fetch("/api/watch/games", { headers: { accept: "application/json" } }),
    ]);
    if (open.ok) {
      renderOpen(await open.json());
      $("open-updated").textContent = _("(updated {time})", { time: new Date().toLocaleTimeString(document.documentElement.lang || undefined) });
    }
    if (live.ok) renderLive((await live.json()).games);
  } catch { /* offline: try again later */ }
}

async function init() {
  options = await (await fetch("/api/options")).json();
  for (const o of $("quick-level").options) o.textContent = ratedName(o.value);
  fillRules($("quick-rules"));
  fillRules($("create-rules"));
  for (const [name, desc] of Object.entries(options.variants)) {
    const l = document.createElement("label");
    l.className = "variant check";
    const box = Object.assign(document.createElement("input"), { type: "checkbox", value: name });
    const text = document.createElement("span");
    text.innerHTML = `<strong></strong> <small></small>`;
    text.querySelector("strong").textContent = name;
    text.querySelector("small").textContent = desc;
    l.append(box, text);
    $("create-variants").appendChild(l);
  }
  $("create-rules").onchange = refreshCreate;
  $("quick-rules").onchange = () => { describe($("quick-desc"), $("quick-rules").value); quickSeats(); };
  quickSeats();
  $("create-players").onchange = refreshSeats;
  $("create-clock").onchange = () => consistentClock("clock");
  describe($("quick-desc"), $("quick-rules").value);
  refreshCreate();
}

$("quick").onsubmit = async (e) => {
  e.preventDefault();
  const g = await post("/api/quickplay", {
    level: $("quick-level").value, rules: $("quick-rules").value, players: Number($("quick-players").value),
  }, "quick-error");
  location.href = g.url;
};
$("learn-play").onclick = async () => {
  const g = await post("/api/quickplay", { level: "easy", rules: "standard" }, "learn-error");
  location.href = g.url + "?learn=1";
};
$("create").onsubmit = async (e) => {
  e.preventDefault();
  const seats = [...document.querySelectorAll(".seat-kind")].map((s) =>
    s.value === "person" ? { kind: "human" } : { kind: "bot", level: s.value });
  if (seats.filter((s) => s.kind === "human").length > 1) askToNotify(); // waiting for people
  const mine = document.querySelector('input[name="my-seat"]:checked');
  const g = await post("/api/games", {
    rules: $("create-rules").value, players: Number($("create-players").value), seats,
    my_seat: mine ? Number(mine.value) : null, private: $("create-private").checked,
    ranked: $("create-ranked") ? $("create-ranked").checked : false,
    practice: $("create-practice").checked,
    variants: [...document.querySelectorAll("#create-variants input:checked")].map((x) => x.value),
    time_control: $("create-clock").value || null,
  }, "create-error");
  location.href = g.url;
};
wireJoins();
init();
refreshOpen();
setInterval(() => { if (!document.hidden) refreshOpen(); }, REFRESH_MS);
document.addEventListener("visibilitychange", () => { if (!document.hidden) refreshOpen(); });

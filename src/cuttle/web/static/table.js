// The live table: websocket client, click-to-move with legal targets highlighted: click a
// card, then a highlighted card or seat (a seat where the move names one: `oneoff 4C p2`,
// `jack JS 9H p2`). Everything is a button, so Tab/Enter do the same; Escape cancels.
import { CARD_RE, cardLabel } from "./cards.js";
import { renderBoard, statusText } from "./board.js";

const root = document.getElementById("table-root");
const gid = root.dataset.game;
const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);
let me = root.dataset.seat === "" ? null : Number(root.dataset.seat);
let n = -1;
let view = null;
let meta = {};
let legal = [];
let log = [];
let selected = null;
let selectedTarget = null; // the target card chosen when several moves share it (a seat is left)
let selectedSeat = null; // the seat chosen when several moves share it
let discardSel = [];
let ws = null;
let closedByUs = false;
let allOpen = false;

$("invite").value = location.origin + "/g/" + gid;

function parse(move) {
  const words = move.split(" ");
  return {
    text: move, verb: words[0],
    cards: words.slice(1).filter((w) => CARD_RE.test(w)),
    seats: words.slice(1).filter((w) => /^p\d$/.test(w)),
  };
}

const VERB_LABEL = {
  draw: "Draw", pass: "Pass", points: "Points", scuttle: "Scuttle", royal: "Play royal",
  glasses: "Glasses", jack: "Jack", oneoff: "One-off", counter: "Counter", resolve: "Resolve",
  take: "Take", discard: "Discard", scrap: "Scrap",
};

function label(m) {
  const p = parse(m);
  const rest = m.split(" ").slice(1).join(" ");
  return `${VERB_LABEL[p.verb] || p.verb} ${rest}`.trim();
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

root.addEventListener("cuttle:send", (e) => send(e.detail)); // chat and claims

function play(move) {
  $("error").textContent = "";
  selected = null;
  discardSel = [];
  send({ t: "move", move, id: Math.random().toString(36).slice(2, 12), n });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/games/${gid}`);
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    onMessage(m);
    root.dispatchEvent(new CustomEvent("cuttle:message", { detail: m })); // clock.js, chat.js
  };
  ws.onclose = () => {
    if (!closedByUs) {
      $("status-line").textContent = "Disconnected; reconnecting…";
      setTimeout(connect, 1000);
    }
  };
}

function onMessage(m) {
  if (m.t === "state") {
    n = m.n; view = m.view; legal = m.legal; log = m.log; me = m.seat;
    meta = { ...meta, ...m };
    const note = pendingNote();
    if (note) $("error").textContent = note;
    draw();
  } else if (m.t === "event") {
    if (m.n !== n + 1) { send({ t: "sync", n }); return; }
    n = m.n; view = m.view; legal = m.legal; log.push(m.line);
    meta.scores = m.scores; meta.goals = m.goals;
    meta.draw_offers = []; // a move ends pending draw offers
    if (m.meta) meta = { ...meta, ...m.meta };
    selected = null; discardSel = [];
    draw();
  } else if (m.t === "error") {
    $("error").textContent = m.error;
  } else if (m.t === "offer") {
    meta.draw_offers = m.draw;
    $("error").textContent = m.note || (m.draw.length ? `Draw offered by ${m.draw.map((s) => "p" + s).join(", ")}` : "Draw offer declined");
    draw();
  } else if (m.t === "rematch") {
    if (m.game) location.href = "/g/" + m.game;
    else { meta.rematch_asked = m.asked; $("error").textContent = pendingNote(); draw(); }
  }
}

// What is pending at the table (kept by the server across restarts): draw offers while
// playing, rematch asks once over; "" when nothing is.
function pendingNote() {
  const seats = (list) => list.map((s) => (s === me ? "you" : "p" + s)).join(", ");
  const over = meta.status === "over";
  if (!over && (meta.draw_offers || []).length) return `Draw offered by ${seats(meta.draw_offers)}`;
  if (over && !meta.rematch && (meta.rematch_asked || []).length) return `Rematch asked by ${seats(meta.rematch_asked)}`;
  return "";
}

function draw() {
  if (!view) return;
  const moves = legal.map(parse);
  const discarding = moves.length && moves.every((m) => m.verb === "discard");
  const sources = new Set();
  let cands = [];
  for (const m of moves) {
    if (m.verb !== "discard" && m.cards.length) sources.add(m.cards[0]);
  }
  if (selected) cands = moves.filter((m) => m.cards[0] === selected && m.verb !== "discard");
  const targets = new Set(cands.filter((m) => m.cards.length > 1).map((m) => m.cards[1]));
  if (!selected || !targets.has(selectedTarget)) selectedTarget = null;
  if (selectedTarget) cands = cands.filter((m) => m.cards[1] === selectedTarget);
  // Seats a click may name: with no target card chosen, moves of the card alone plus a
  // seat (a four's victim); with one chosen, the seats left for that card and target.
  const seatMoves = new Map();
  for (const m of cands) {
    if (!m.seats.length || (m.cards.length > 1) !== (selectedTarget !== null)) continue;
    const s = Number(m.seats[0].slice(1));
    seatMoves.set(s, [...(seatMoves.get(s) || []), m]);
  }
  if (!seatMoves.has(selectedSeat)) selectedSeat = null;
  if (selectedSeat !== null) cands = seatMoves.get(selectedSeat);
  const focusKey = boardFocus();
  const hooks = {
    showScrap: moves.some((m) => m.verb === "take"),
    deck: (node) => {
      if (legal.includes("draw")) {
        node.classList.add("playable");
        node.onclick = () => play("draw");
      }
    },
    card: (c, where, node) => {
      if (!c) return;
      if (discarding && where === "hand") {
        node.classList.add("playable");
        if (discardSel.includes(c)) node.classList.add("selected");
        node.onclick = () => {
          discardSel = discardSel.includes(c) ? discardSel.filter((x) => x !== c) : [...discardSel, c];
          draw();
        };
        return;
      }
      if (selected && targets.has(c) && where !== "hand") {
        node.classList.add("target");
        if (c === selectedTarget) node.classList.add("chosen");
        node.onclick = () => chooseTarget(c);
        return;
      }
      if (sources.has(c) && (where === "hand" || where === "revealed" || where === "scrap")) {
        node.classList.add("playable");
        if (c === selected) node.classList.add("selected");
        node.onclick = () => { selected = selected === c ? null : c; draw(); };
      }
    },
    seat: (s, box) => {
      const ms = seatMoves.get(s);
      if (!ms) return;
      box.classList.add("target");
      if (s === selectedSeat) box.classList.add("chosen");
      const plate = box.querySelector(".seat-name");
      const b = button(plate.textContent, (e) => { e.stopPropagation(); chooseSeat(s, ms); }, "seat-name seat-target");
      b.dataset.seat = s;
      b.setAttribute("aria-label", `${plate.textContent}: choose this seat for ${cardLabel(selected)}`);
      plate.replaceWith(b);
      // The whole seat area takes the click too, except on cards that do something else.
      box.onclick = (e) => {
        const card = e.target.closest(".card");
        if (card && (card.classList.contains("playable") || card.classList.contains("target"))) return;
        chooseSeat(s, ms);
      };
    },
  };
  renderBoard($("board"), view, meta, me, hooks);
  if (focusKey) {
    const again = $("board").querySelector(focusKey);
    if (again) again.focus();
  }
  $("status-line").textContent = statusText(view, meta, me);
  renderActions(moves, cands, discarding);
  renderLog();
  const over = view.winner !== null && view.winner !== undefined;
  $("btn-rematch").hidden = !over || me === null;
  $("btn-rematch").textContent = (meta.rematch_asked || []).includes(me) ? "Rematch asked" : (meta.rematch_asked || []).length ? "Accept rematch" : "Rematch";
  $("link-replay").hidden = !over;
  $("link-record").hidden = !over;
  $("btn-resign").hidden = over || me === null;
  $("btn-draw").hidden = over || me === null;
  $("btn-draw").textContent = (meta.draw_offers || []).length && !(meta.draw_offers || []).includes(me) ? "Accept draw" : "Offer draw";
}

// A selector for the focused board element, to focus it again after a redraw (keyboard
// users keep their place); null when the focus is elsewhere.
function boardFocus() {
  const a = document.activeElement;
  if (!a || !$("board").contains(a)) return null;
  if (a.id === "deck") return "#deck";
  if (a.classList.contains("seat-target")) return `.seat[data-seat="${a.dataset.seat}"] .seat-target`;
  return a.dataset.card ? `button[data-card="${a.dataset.card}"]` : null;
}

function chooseTarget(c) {
  if (c === selectedTarget) { selectedTarget = null; selectedSeat = null; draw(); return; }
  const left = legal.map(parse).filter((m) => m.verb !== "discard" && m.cards[0] === selected && m.cards[1] === c);
  if (left.length === 1) play(left[0].text);
  else { selectedTarget = c; selectedSeat = null; draw(); }
}

function chooseSeat(s, ms) {
  if (ms.length === 1) play(ms[0].text);
  else { selectedSeat = selectedSeat === s ? null : s; draw(); }
}

function button(text, onclick, cls, move) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
  if (move) b.dataset.move = move;
  b.onclick = onclick;
  return b;
}

const PROMPTS = {
  counter: "A one-off is on the table: counter it with a two, or let it resolve.",
  take: "Three: choose a card from the scrap (highlighted).",
  discard: "Four: choose cards to discard, then press Discard.",
  seven: "Seven: play one of the revealed cards.",
  "hand-limit": "Hand limit: choose cards to discard, then press Discard.",
  answer: "A royal was played: answer it with a nine, or resolve.",
};

function renderActions(moves, cands, discarding) {
  const box = $("actions");
  box.replaceChildren();
  const prompt = $("prompt");
  prompt.textContent = "";
  if (!moves.length) return;
  prompt.textContent = selected ? selectionPrompt(cands) : PROMPTS[view.phase] ||
    "Your move: click a card in your hand, the deck to draw, or pick below.";
  if (discarding) {
    const chosen = [...discardSel].sort();
    const match = moves.find((m) => [...m.cards].sort().join() === chosen.join());
    const b = button(`Discard ${chosen.join(" ")}`, () => match && play(match.text), "primary");
    b.id = "discard-button";
    b.disabled = !match;
    box.appendChild(b);
  }
  for (const m of moves) {
    if (!m.cards.length) box.appendChild(button(label(m.text), () => play(m.text), "primary", m.text));
  }
  for (const m of cands) box.appendChild(button(label(m.text), () => play(m.text), "cand", m.text));
  if (selected) box.appendChild(button("Cancel", () => { selected = null; draw(); }));
  const all = document.createElement("details");
  all.id = "all-moves";
  all.open = allOpen;
  all.ontoggle = () => { allOpen = all.open; };
  all.appendChild(Object.assign(document.createElement("summary"), { textContent: `All legal moves (${moves.length})` }));
  const list = document.createElement("div");
  list.className = "all-list";
  for (const m of moves) list.appendChild(button(label(m.text), () => play(m.text), "move", m.text));
  all.appendChild(list);
  box.appendChild(all);
}

// What to do with the selected card: which highlighted things a click may choose.
function selectionPrompt(cands) {
  const name = cardLabel(selected);
  if (selectedTarget) {
    const seats = selectedSeat === null && cands.some((m) => m.seats.length);
    const seat = seats ? " click the seat that gets it (highlighted) or" : "";
    return `${name} on ${cardLabel(selectedTarget)}:${seat} choose below.`;
  }
  const where = [];
  if (cands.some((m) => m.cards.length > 1)) where.push("a highlighted card");
  if (cands.some((m) => m.cards.length === 1 && m.seats.length)) where.push("a highlighted seat");
  return `${name}: choose how to play it${where.length ? " or click " + where.join(" or ") : ""}.`;
}

function renderLog() {
  const ol = $("log");
  ol.replaceChildren();
  for (const line of log) {
    const li = document.createElement("li");
    li.textContent = line;
    ol.appendChild(li);
  }
  ol.scrollTop = ol.scrollHeight;
}

$("move-form").onsubmit = (e) => {
  e.preventDefault();
  const text = $("move-text").value.trim();
  if (text) { play(text); $("move-text").value = ""; }
};
$("btn-resign").onclick = () => { if (confirm("Resign this game?")) send({ t: "resign" }); };
$("btn-draw").onclick = () => send({ t: "draw", action: (meta.draw_offers || []).length ? "accept" : "offer" });
$("btn-rematch").onclick = () => send({ t: "rematch" });
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") { selected = null; discardSel = []; draw(); }
});
const join = $("join-button");
if (join) {
  join.onclick = async () => {
    const r = await fetch(`/api/games/${gid}/join`, {
      method: "POST", headers: { "X-CSRF-Token": csrf, "content-type": "application/json" }, body: "{}",
    });
    const body = await r.json();
    if (!r.ok) { $("error").textContent = body.error; return; }
    closedByUs = true;
    location.reload();
  };
}
window.addEventListener("beforeunload", () => { closedByUs = true; });
connect();

// The live table: websocket client, click-to-move with legal targets highlighted.
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

function play(move) {
  $("error").textContent = "";
  selected = null;
  discardSel = [];
  send({ t: "move", move, id: Math.random().toString(36).slice(2, 12), n });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/games/${gid}`);
  ws.onmessage = (e) => onMessage(JSON.parse(e.data));
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
        node.onclick = () => chooseTarget(c, cands);
        return;
      }
      if (sources.has(c) && (where === "hand" || where === "revealed" || where === "scrap")) {
        node.classList.add("playable");
        if (c === selected) node.classList.add("selected");
        node.onclick = () => { selected = selected === c ? null : c; draw(); };
      }
    },
  };
  renderBoard($("board"), view, meta, me, hooks);
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

function chooseTarget(c, cands) {
  const left = cands.filter((m) => m.cards[1] === c);
  if (left.length === 1) play(left[0].text);
  else { renderActions(legal.map(parse), left, false); }
}

function button(text, onclick, cls) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  if (cls) b.className = cls;
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
  prompt.textContent = PROMPTS[view.phase] || (selected
    ? `${cardLabel(selected)}: choose how to play it${cands.some((m) => m.cards.length > 1) ? " or click a highlighted target" : ""}.`
    : "Your move: click a card in your hand, the deck to draw, or pick below.");
  if (discarding) {
    const chosen = [...discardSel].sort();
    const match = moves.find((m) => [...m.cards].sort().join() === chosen.join());
    const b = button(`Discard ${chosen.join(" ")}`, () => match && play(match.text), "primary");
    b.id = "discard-button";
    b.disabled = !match;
    box.appendChild(b);
  }
  for (const m of moves) {
    if (!m.cards.length) box.appendChild(button(label(m.text), () => play(m.text), "primary"));
  }
  for (const m of cands) box.appendChild(button(label(m.text), () => play(m.text), "cand"));
  if (selected) box.appendChild(button("Cancel", () => { selected = null; draw(); }));
  const all = document.createElement("details");
  all.id = "all-moves";
  all.open = allOpen;
  all.ontoggle = () => { allOpen = all.open; };
  all.appendChild(Object.assign(document.createElement("summary"), { textContent: `All legal moves (${moves.length})` }));
  const list = document.createElement("div");
  list.className = "all-list";
  for (const m of moves) list.appendChild(button(label(m.text), () => play(m.text), "move"));
  all.appendChild(list);
  box.appendChild(all);
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

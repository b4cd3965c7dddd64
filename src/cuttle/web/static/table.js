// The live table: websocket client, click-to-move with legal targets highlighted: click a
// card, then a highlighted card, seat or your own field (`points`), or a listed move.
// Everything is a button, so Tab/Enter do the same; Escape cancels.
//
// Incoming events wait in a queue and are shown one at a time, another seat's move at
// least `pace` ms after the one before (localStorage "cuttle.pace"), each with the moved
// card highlighted and the move told in words. While the socket is down, or a move of
// ours is on its way, the board takes no clicks, and says so.
//
// Cards travel from where they were to where they go (motion.js), a card may be dragged
// onto its target as well as clicked (drag.js), and the seat that decides shows
// "thinking…". The notation tools (every legal move listed, a typed move) wait behind
// the "Type moves" switch for experts (localStorage "cuttle.expert").
import { CARD_RE, cardLabel, shortName } from "./cards.js";
import { endSentence, nameList, renderBoard, seatName, statusText } from "./board.js";
import { play as sound, setSound, soundOn } from "./sound.js";
import { hinter } from "./hints.js";
import { phasePrompt, selectionPrompt, waitingPrompt } from "./prompts.js";
import { motionOn, snapshot, travel } from "./motion.js";
import { draggable } from "./drag.js";

const root = document.getElementById("table-root");
const gid = root.dataset.game;
const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);
const narrow = window.matchMedia("(max-width: 760px)");
const learn = new URLSearchParams(location.search).has("learn");
const hints = hinter(gid, learn);

let me = root.dataset.seat === "" ? null : Number(root.dataset.seat);
let n = -1; // the event shown
let recvN = -1; // the newest event received (queued or shown)
let view = null;
let meta = {};
let legal = [];
let log = [];
let said = [];
let selected = null;
let selectedTarget = null; // the target card chosen when several moves share it (a seat is left)
let selectedSeat = null; // the seat chosen when several moves share it
let discardSel = [];
let ws = null;
let closedByUs = false;
let connected = false;
let allOpen = false;
let inFlight = null; // {id, at, ackN} of our move on its way
let queue = [];
let pumping = false;
let lastShownAt = 0;
let lastMove = null; // the newest event shown: {by, line, text, fresh}
let noticeFlash = "";

// The refusal shown when a move is tried while the socket is down.
const NOT_CONNECTED = () => _("Not connected: your move was not sent. Reconnecting…");

// Notes the server may attach to a draw offer's answer, in words.
const NOTES = { "the bot declines": () => _("The bot declines.") };

function pace() {
  const v = Number(localStorage.getItem("cuttle.pace"));
  return Number.isFinite(v) && localStorage.getItem("cuttle.pace") !== null ? v : 600;
}

$("invite").value = location.origin + "/g/" + gid;
$("pace").value = String(pace());
$("pace").onchange = () => { localStorage.setItem("cuttle.pace", $("pace").value); };

function parse(move) {
  const words = move.split(" ");
  return {
    text: move, verb: words[0],
    cards: words.slice(1).filter((w) => CARD_RE.test(w)),
    seats: words.slice(1).filter((w) => /^p\d$/.test(w)),
  };
}

const name = (s) => (s === me ? _("you") : seatName(meta, s));

// A button's words for a move: "Points (7♥)", "Scuttle 5♦ with 7♥", "Jack on 7♥ for Bob".
function label(m) {
  const p = parse(m);
  const [card, target] = p.cards.map(shortName);
  const seat = p.seats.length ? Number(p.seats[0].slice(1)) : null;
  const mine = seat === me;
  const who = seat === null ? "" : seatName(meta, seat);
  switch (p.verb) {
    case "draw": return _("Draw a card");
    case "pass": return _("Pass");
    case "resolve": return _("Resolve");
    case "points": return _("Points ({card})", { card });
    case "scuttle": return _("Scuttle {target} with {card}", { card, target });
    case "royal":
      if (!target) return _("Play {card} as a royal", { card });
      if (seat === null) return _("Play {card} on {target}", { card, target });
      return mine ? _("Play {card} on {target} for you", { card, target }) : _("Play {card} on {target} for {name}", { card, target, name: who });
    case "glasses": return _("Glasses ({card})", { card });
    case "jack":
      if (seat === null) return _("Jack {card} on {target}", { card, target });
      return mine ? _("Jack {card} on {target} for you", { card, target }) : _("Jack {card} on {target} for {name}", { card, target, name: who });
    case "oneoff":
      if (seat !== null) {
        if (target) return _("One-off {card} on {target} against {name}", { card, target, name: mine ? _("you") : who });
        return _("One-off {card} against {name}", { card, name: mine ? _("you") : who });
      }
      return target ? _("One-off {card} on {target}", { card, target }) : _("One-off {card}", { card });
    case "counter": return _("Counter with {card}", { card });
    case "take": return _("Take {card}", { card });
    case "discard": return _("Discard {cards}", { cards: p.cards.map(shortName).join(" ") });
    case "scrap": return _("Scrap {card}", { card });
    default: return m;
  }
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
  return false;
}

root.addEventListener("cuttle:send", (e) => send(e.detail)); // chat and claims

function play(move) {
  if (!connected) { refuse(); return; }
  if (inFlight) return;
  $("error").textContent = "";
  const id = Math.random().toString(36).slice(2, 12);
  if (!send({ t: "move", move, id, n })) { refuse(); return; }
  inFlight = { id, at: Date.now(), ackN: null };
  selected = null; selectedTarget = null; selectedSeat = null; discardSel = [];
  draw();
}

// A click while the socket is down: nothing is sent, and the player is told.
function refuse() {
  $("error").textContent = NOT_CONNECTED();
  const c = $("conn");
  c.classList.remove("flash"); void c.offsetWidth; c.classList.add("flash");
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
    if (closedByUs) return;
    setConnected(false);
    setTimeout(connect, 1000);
  };
}

function setConnected(on) {
  connected = on;
  $("conn").hidden = on;
  $("board").classList.toggle("offline", !on);
  if (on && $("error").textContent === NOT_CONNECTED()) $("error").textContent = "";
  if (!on) inFlight = null;
  draw();
}

function onMessage(m) {
  if (m.t === "state") {
    queue = [];
    n = recvN = m.n; view = m.view; legal = m.legal; log = m.log; said = m.said || m.log.slice(); me = m.seat;
    meta = { ...meta, ...m };
    if (log.length) said[said.length - 1] = tellEnd(log[log.length - 1], said[said.length - 1], m.termination);
    inFlight = null;
    if (!connected) setConnected(true);
    draw();
    fitPhone();
  } else if (m.t === "event") {
    if (m.n !== recvN + 1) { send({ t: "sync", n: recvN }); return; }
    recvN = m.n;
    queue.push(m);
    pump();
  } else if (m.t === "ack") {
    if (inFlight && inFlight.id === m.id) inFlight.ackN = m.n;
    if (inFlight && inFlight.ackN !== null && n >= inFlight.ackN) { inFlight = null; draw(); }
  } else if (m.t === "error") {
    $("error").textContent = m.error;
    if (inFlight && (!m.id || m.id === inFlight.id)) { inFlight = null; draw(); }
  } else if (m.t === "offer") {
    const had = (meta.draw_offers || []).length;
    meta.draw_offers = m.draw;
    if (m.note) noticeFlash = NOTES[m.note] ? NOTES[m.note]() : `${m.note[0].toUpperCase()}${m.note.slice(1)}.`;
    else if (!m.draw.length && had) noticeFlash = _("The draw offer was declined.");
    else noticeFlash = "";
    draw();
    if (m.draw.length && !m.draw.includes(me)) sound("counter");
  } else if (m.t === "rematch") {
    if (m.game) location.href = "/g/" + m.game + (learn ? "?learn=1" : ""); // a guided game stays guided
    else { meta.rematch_asked = m.asked; draw(); }
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Show the queued events in order; another seat's move waits until `pace` ms after the
// move before it was shown.
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    while (queue.length) {
      const ev = queue[0];
      const wait = ev.by === me ? 0 : lastShownAt + pace() - performance.now();
      if (wait > 0) await sleep(wait);
      if (queue[0] !== ev) continue; // a state replaced the queue meanwhile
      queue.shift();
      if (ev.n <= n) continue;
      showEvent(ev);
      lastShownAt = performance.now();
    }
  } finally {
    pumping = false;
  }
}

// A flag or a left table is recorded as the loser's resignation: tell it as what it was.
function tellEnd(line, text, termination) {
  const r = /^p(\d+): resign$/.exec(line || "");
  return (r && endSentence(termination, Number(r[1]), meta, me)) || text;
}

function showEvent(m) {
  const end = (m.meta && m.meta.termination) || m.termination || view.termination;
  const text = tellEnd(m.line, m.text || m.line, end);
  const handsBefore = view ? view.hands.map((h) => h.slice()) : [];
  n = m.n; view = m.view; legal = m.legal; log.push(m.line); said.push(text);
  meta.scores = m.scores; meta.goals = m.goals;
  meta.draw_offers = []; // a move ends pending draw offers
  if (m.meta) meta = { ...meta, ...m.meta };
  if (m.result) meta.status = "over";
  if (inFlight && inFlight.ackN !== null && n >= inFlight.ackN) inFlight = null;
  selected = null; selectedTarget = null; selectedSeat = null; discardSel = [];
  noticeFlash = "";
  lastMove = { by: m.by, line: m.line, text, fresh: true, handsBefore };
  draw();
  lastMove.fresh = false;
  const over = view.winner !== null && view.winner !== undefined;
  if (over) {
    const w = Array.isArray(view.winner) ? view.winner : [view.winner];
    sound(w.includes(me) ? "win" : me === null || view.winner === "draw" ? "move" : "lose");
  } else if (m.line.includes(": counter ")) sound("counter");
  else if (legal.length) sound("mine");
  else sound("move");
}

const isOver = () => !!view && view.winner !== null && view.winner !== undefined;

function draw() {
  if (!view) return;
  const over = isOver();
  const waiting = meta.status === "open"; // seats still free: nobody moves yet
  const busy = !connected || !!inFlight || queue.length > 0;
  const moves = busy || over || waiting ? [] : legal.map(parse);
  const discarding = moves.length && moves.every((m) => m.verb === "discard");
  const discardCount = discarding ? moves[0].cards.length : 0;
  const sources = new Set();
  let cands = [];
  for (const m of moves) {
    if (m.verb !== "discard" && m.cards.length) sources.add(m.cards[0]);
  }
  if (selected && !sources.has(selected)) selected = null;
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
  // A click on one's own field plays the selected card there: points, else its one
  // royal or glasses move.
  let fieldMove = null;
  if (selected && !selectedTarget) {
    const here = cands.filter((m) => m.cards.length === 1 && !m.seats.length);
    fieldMove = here.find((m) => m.verb === "points") ||
      (here.filter((m) => m.verb === "royal" || m.verb === "glasses").length === 1
        ? here.find((m) => m.verb === "royal" || m.verb === "glasses") : null);
  }
  const focusKey = boardFocus();
  const hooks = {
    showScrap: moves.some((m) => m.verb === "take"),
    deck: (node) => {
      if (moves.some((m) => m.verb === "draw")) {
        node.classList.add("playable");
        node.setAttribute("aria-label", _("{deck}: draw a card", { deck: node.getAttribute("aria-label") }));
        node.onclick = () => play("draw");
      }
    },
    card: (c, where, node) => {
      if (!c) return;
      if (discarding && where === "hand") {
        node.classList.add("playable");
        if (discardSel.includes(c)) { node.classList.add("selected"); node.setAttribute("aria-pressed", "true"); }
        node.onclick = () => {
          if (discardCount === 1) {
            const one = moves.find((m) => m.cards[0] === c);
            if (one) { play(one.text); return; }
          }
          discardSel = discardSel.includes(c) ? discardSel.filter((x) => x !== c) : [...discardSel, c];
          draw();
        };
        return;
      }
      if (selected && targets.has(c) && where !== "hand") {
        node.classList.add("target");
        if (c === selectedTarget) node.classList.add("chosen");
        node.setAttribute("aria-label", _("{target}: target for {card}", { target: cardLabel(c), card: cardLabel(selected) }));
        node.onclick = (e) => { e.stopPropagation(); chooseTarget(c); };
        return;
      }
      if (sources.has(c) && (where === "hand" || where === "revealed" || where === "scrap")) {
        node.classList.add("playable");
        if (c === selected) { node.classList.add("selected"); node.setAttribute("aria-pressed", "true"); }
        node.onclick = (e) => { e.stopPropagation(); selected = selected === c ? null : c; draw(); };
      }
    },
    seat: (s, box) => {
      if (s === me && fieldMove && !seatMoves.has(s)) {
        const field = box.querySelector(".field");
        field.classList.add("drop");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "drop-here";
        b.dataset.move = fieldMove.text;
        b.textContent = fieldMove.verb === "points" ? _("Play {card} here for points", { card: shortName(selected) })
          : _("Play {card} here", { card: shortName(selected) });
        b.onclick = (e) => { e.stopPropagation(); play(fieldMove.text); };
        field.appendChild(b);
        field.onclick = (e) => {
          if (e.target.closest(".card.playable, .card.target")) return;
          play(fieldMove.text);
        };
      }
      const ms = seatMoves.get(s);
      if (!ms) return;
      box.classList.add("target");
      if (s === selectedSeat) box.classList.add("chosen");
      const plate = box.querySelector(".seat-name");
      const b = button(plate.textContent, (e) => { e.stopPropagation(); chooseSeat(s, ms); }, "seat-name seat-target");
      b.dataset.seat = s;
      b.setAttribute("aria-label", _("{seat}: choose this seat for {card}", { seat: plate.textContent, card: cardLabel(selected) }));
      plate.replaceWith(b);
      // The whole seat area takes the click too, except on cards that do something else.
      box.onclick = (e) => {
        const card = e.target.closest(".card");
        if (card && (card.classList.contains("playable") || card.classList.contains("target"))) return;
        chooseSeat(s, ms);
      };
    },
  };
  const compact = narrow.matches && view.hands.length >= 3;
  const board = $("board");
  const before = lastMove && lastMove.fresh && motionOn() ? snapshot(board) : null;
  renderBoard(board, view, { ...meta }, me, hooks, { compact });
  if (before) {
    const m = /^p(\d+): (\S+)/.exec(lastMove.line);
    travel(board, before, m ? Number(m[1]) : null, !!m && m[2] === "draw");
  }
  fieldDrop = fieldMove;
  markThinking(board, busy || over || waiting);
  board.setAttribute("aria-busy", busy ? "true" : "false");
  board.classList.toggle("busy", !!inFlight);
  markLastMove();
  const again = focusKey ? board.querySelector(focusKey) : null;
  if (again) again.focus();
  const status = statusText(view, meta, me);
  $("status-line").textContent = me === null && !over ? _("Watching. {status}", { status }) : status;
  $("role").hidden = me !== null;
  $("invite-box").hidden = meta.status !== "open";
  renderActions(moves, cands, discarding, discardCount);
  renderNotice(over);
  renderHint(moves);
  renderLog();
  if (!again && lostFocus() && moves.length) nextFocus(board);
  $("movebox").hidden = over || me === null;
  $("expert").hidden = over || me === null || !expertOn();
  $("btn-rematch").hidden = !over || me === null;
  $("btn-rematch").textContent = (meta.rematch_asked || []).includes(me) ? _("Rematch asked") : (meta.rematch_asked || []).length ? _("Accept rematch") : _("Rematch");
  $("btn-rematch").disabled = (meta.rematch_asked || []).includes(me);
  $("link-replay").hidden = !over;
  $("link-record").hidden = !over;
  const playing = !over && me !== null && meta.status === "playing";
  $("btn-resign").hidden = !playing;
  $("btn-draw").hidden = !playing || (meta.draw_offers || []).length > 0;
  $("btn-resign").disabled = $("btn-draw").disabled = !connected;
}

// The newest move: its sentence above the board, and the card it moved highlighted
// where it went (animated just after it happened, unless motion is reduced).
function markLastMove() {
  const line = $("last-move");
  if (!lastMove) { line.textContent = ""; return; }
  line.textContent = lastMove.text;
  line.classList.toggle("mine", lastMove.by === me);
  const board = $("board");
  const m = lastMove.line.match(/^p(\d+): (\S+)(.*)$/);
  if (!m) return;
  const by = Number(m[1]);
  const verb = m[2];
  const cards = m[3].trim().split(" ").filter((w) => CARD_RE.test(w));
  const seat = board.querySelector(`.seat[data-seat="${by}"]`);
  if (seat) seat.classList.add("just-acted");
  let node = null;
  if (verb === "draw") {
    // The card that was not in the hand before (a hand may be kept in order), else the last.
    const hand = [...board.querySelectorAll(`.seat[data-seat="${by}"] .hand .card`)];
    const had = (lastMove.handsBefore || [])[by] || [];
    node = hand.find((c) => c.dataset.card && !had.includes(c.dataset.card)) ||
      (hand.length ? hand[hand.length - 1] : board.querySelector(`.seat[data-seat="${by}"] .hand-count`));
  } else if (verb === "discard") {
    node = board.querySelector("#scrap .card:not(.empty-slot)");
  } else if (verb === "resolve") {
    node = board.querySelector("#pending .card") || board.querySelector("#scrap .card:not(.empty-slot)");
  } else if (cards.length) {
    // Where the card went: the table, the pending box, or the scrap (a scuttle).
    node = board.querySelector(`.card[data-card="${cards[0]}"]`) ||
      board.querySelector("#scrap .card:not(.empty-slot)");
  }
  if (node) {
    node.classList.add("just-moved");
    // A card that did not travel (it was shown where it lands) arrives in place.
    if (lastMove.fresh && motionOn() && !node.dataset.travel) node.classList.add("arrive");
  }
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

// Whether keyboard focus fell to the page (its button was redrawn away by a move).
function lostFocus() {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected;
}

// After a move, focus where the next one is made: the selected card's first choice, a
// playable card in the hand, the deck, else the first action button.
function nextFocus(board) {
  const to = (selected && $("actions").querySelector("button.cand")) ||
    board.querySelector(".seat.mine .hand .card.playable") ||
    board.querySelector("#deck.playable, .card.playable, .card.target") ||
    $("actions").querySelector("button");
  if (to) to.focus({ preventScroll: true });
}

// The seat that decides now, when it is not this reader and nothing is on its way:
// its badge says "thinking…" (a bot or a person choosing a move).
function markThinking(board, idle) {
  if (idle || view.to_act === me || view.to_act === null || view.to_act === undefined) return;
  const badge = board.querySelector(`.seat[data-seat="${view.to_act}"] .badge.act`);
  if (!badge) return;
  badge.classList.add("thinking");
  badge.textContent = _("thinking…");
  badge.setAttribute("aria-label", _("{name} is thinking", { name: seatName(meta, view.to_act) }));
}

// The notation tools for experts, shown only when switched on (remembered here).
function expertOn() {
  return localStorage.getItem("cuttle.expert") === "1";
}

function expertButton() {
  const on = expertOn();
  $("btn-expert").setAttribute("aria-pressed", on ? "true" : "false");
}
$("btn-expert").onclick = () => {
  localStorage.setItem("cuttle.expert", expertOn() ? "0" : "1");
  expertButton();
  draw();
};
expertButton();

// Drag and drop: a playable card picked up is selected (its targets light up); let go
// over a target, a seat or one's own field, it plays there as a click would.
let fieldDrop = null; // the move a drop on one's own field makes, as drawn last
draggable($("board"), {
  canDrag: (card) => connected && !inFlight && !queue.length &&
    legal.some((m) => m.split(" ")[1] === card && !m.startsWith("discard ")),
  begin: (card) => { selected = card; selectedTarget = null; selectedSeat = null; draw(); },
  cancel: () => { selected = null; draw(); },
  drop: (node) => {
    const target = node && node.closest(".card.target");
    if (target) { target.click(); return; }
    const seat = node && node.closest(".seat.target");
    if (seat) { seat.click(); return; }
    if (node && node.closest(".seat.mine") && fieldDrop) { play(fieldDrop.text); return; }
    selected = null; draw(); // let go elsewhere: nothing is played
  },
});

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

function renderActions(moves, cands, discarding, discardCount) {
  const box = $("actions");
  box.replaceChildren();
  $("expert-moves").replaceChildren();
  const prompt = $("prompt");
  prompt.textContent = "";
  if (!connected) { prompt.textContent = _("Reconnecting… moves are paused."); return; }
  if (inFlight) { prompt.textContent = _("Sending your move…"); return; }
  const t = { view, meta, me, legal, log, said, selected, selectedTarget, selectedSeat };
  if (meta.status === "open") { prompt.textContent = waitingPrompt(t); return; }
  if (!moves.length) return;
  prompt.textContent = selected ? selectionPrompt(t, cands) : phasePrompt(t, moves, discardCount);
  if (discarding) {
    if (moves.length === 1) {
      const b = button(label(moves[0].text), () => play(moves[0].text), "primary", moves[0].text);
      b.id = "discard-button";
      box.appendChild(b);
    } else if (discardCount > 1) {
      const chosen = [...discardSel].sort();
      const match = moves.find((m) => [...m.cards].sort().join() === chosen.join());
      const b = button(chosen.length ? _("Discard {cards}", { cards: chosen.map(shortName).join(" ") }) : _("Discard (choose {n})", { n: discardCount }),
        () => match && play(match.text), "primary");
      b.id = "discard-button";
      b.disabled = !match;
      box.appendChild(b);
    }
  }
  if (selected) {
    // The selected card's moves are the choice now: primary; the rest wait.
    for (const m of cands) box.appendChild(button(label(m.text), () => play(m.text), "cand primary", m.text));
    box.appendChild(button(_("Cancel"), () => { selected = null; draw(); }, "cancel"));
  } else {
    for (const m of moves) {
      if (!m.cards.length) box.appendChild(button(label(m.text), () => play(m.text), "primary", m.text));
    }
  }
  const all = document.createElement("details");
  all.id = "all-moves";
  all.open = allOpen;
  all.ontoggle = () => { allOpen = all.open; };
  all.appendChild(Object.assign(document.createElement("summary"), { textContent: _("All legal moves ({n})", { n: moves.length }) }));
  const list = document.createElement("div");
  list.className = "all-list";
  for (const m of moves) list.appendChild(button(label(m.text), () => play(m.text), "move", m.text));
  all.appendChild(list);
  $("expert-moves").appendChild(all); // for experts, below the game's own controls
}

// Draw offers and rematch asks, with their buttons; a flash note ("declined") once.
function renderNotice(over) {
  const box = $("notice");
  const text = $("notice-text");
  const acts = $("notice-actions");
  acts.replaceChildren();
  const offers = meta.draw_offers || [];
  const asked = meta.rematch_asked || [];
  let msg = "";
  if (!over && offers.length) {
    if (offers.includes(me)) {
      const waiting = (meta.players || []).map((p, i) => i).filter((i) => !offers.includes(i)).map(name);
      msg = _("You offered a draw; waiting for {names}.", { names: nameList(waiting) });
      acts.appendChild(button(_("Withdraw offer"), () => send({ t: "draw", action: "decline" }), "", ""));
    } else {
      msg = _n("{names} offers a draw.", "{names} offer a draw.", offers.length, { names: nameList(offers.map(name)) });
      if (me !== null) {
        const a = button(_("Accept draw"), () => send({ t: "draw", action: "accept" }), "primary");
        a.id = "btn-accept-draw";
        const d = button(_("Decline"), () => send({ t: "draw", action: "decline" }));
        d.id = "btn-decline-draw";
        acts.append(a, d);
      }
    }
  } else if (over && !meta.rematch && asked.length) {
    msg = _("Rematch asked by {names}.", { names: nameList(asked.map(name)) });
  } else if (noticeFlash) {
    msg = noticeFlash;
  }
  text.textContent = msg;
  box.hidden = !msg;
}

// One hint per decision: once dismissed, the next waits for the next move.
let hintDismissedAt = -1;

function renderHint(moves) {
  const box = $("hint");
  const h = hintDismissedAt === n ? null : hints.next(new Set(moves.map((m) => m.verb)));
  box.hidden = !h;
  if (!h) return;
  $("hint-text").textContent = h.text;
  box.dataset.verb = h.verb;
}
$("hint-ok").onclick = () => { hints.dismiss($("hint").dataset.verb); hintDismissedAt = n; draw(); };
$("hint-off").onclick = () => { hints.stop(); draw(); };

function renderLog() {
  const ol = $("log");
  if (ol.children.length === said.length) return;
  ol.replaceChildren();
  said.forEach((text, i) => {
    const li = document.createElement("li");
    li.textContent = text;
    li.dataset.line = log[i] || "";
    ol.appendChild(li);
  });
  ol.scrollTop = ol.scrollHeight;
}

// Clicks on the board while disconnected are refused visibly; while a move is on its way
// they are ignored (a double click plays once).
$("board").addEventListener("click", (e) => {
  if (!connected) { e.stopPropagation(); e.preventDefault(); refuse(); return; }
  if (inFlight) { e.stopPropagation(); e.preventDefault(); }
}, true);

$("move-form").onsubmit = (e) => {
  e.preventDefault();
  const text = $("move-text").value.trim();
  if (text) { play(text); $("move-text").value = ""; }
};
$("btn-resign").onclick = () => { if (confirm(_("Resign this game?"))) send({ t: "resign" }); };
$("btn-draw").onclick = () => { if (!(meta.draw_offers || []).length) send({ t: "draw", action: "offer" }); };
$("btn-rematch").onclick = () => send({ t: "rematch" });
$("copy-invite").onclick = async () => {
  const input = $("invite");
  try { await navigator.clipboard.writeText(input.value); } catch {
    input.select(); document.execCommand("copy");
  }
  $("copy-invite").textContent = _("Copied");
  setTimeout(() => { $("copy-invite").textContent = _("Copy link"); }, 2000);
};
function soundButton() {
  const on = soundOn();
  $("btn-sound").textContent = on ? _("Sound on") : _("Sound off");
  $("btn-sound").setAttribute("aria-pressed", on ? "true" : "false");
}
$("btn-sound").onclick = () => { setSound(!soundOn()); soundButton(); };
soundButton();
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") { selected = null; discardSel = []; draw(); }
});
// On a phone the actions follow the board (held at the bottom of the screen, see
// site.css) and the table fills the screen once it is drawn; wider, they sit at the side.
function placeMovebox() {
  if (narrow.matches) {
    $("board").after($("movebox"));
    $("controls").after($("prefs")); // sound, pace, "Type moves": below, with the controls
  } else {
    $("notice").after($("movebox"));
    document.querySelector("#table-root > .status").appendChild($("prefs"));
  }
}
placeMovebox();
narrow.addEventListener("change", () => { placeMovebox(); draw(); });
let fitted = false;
function fitPhone() {
  if (fitted || !narrow.matches) return;
  fitted = true;
  root.scrollIntoView({ block: "start" });
}
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
// A move never answered (a socket that died silently) frees the board after a while.
setInterval(() => { if (inFlight && Date.now() - inFlight.at > 10000) { inFlight = null; draw(); } }, 2000);
window.addEventListener("beforeunload", () => { closedByUs = true; });
connect();

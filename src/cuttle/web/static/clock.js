// Clocks at the table: each seat's remaining time, counted down here from the server's
// numbers (the server alone decides when time is up), the way the game ended on time,
// and who is away, with a "Claim victory" button once every opponent has been away long
// enough. Messages come as `cuttle:message` events on #table-root (see table.js).
import { nameList, seatName } from "./board.js";

const root = document.getElementById("table-root");
const panel = document.getElementById("clock-panel");

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function formatMs(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function setup() {
  let me = null;
  let meta = {};
  let clock = null; // {control, per_move, left, running}
  let at = 0; // performance.now() when `clock` arrived
  let away = null; // seconds away per seat when `awayAt`
  let awayAt = 0;
  let claimAfter = 60;
  let over = false;
  let termination = null;
  let result = null;

  const rows = el("div", "clock-rows");
  rows.id = "clocks";
  const note = el("p", "clock-note");
  note.id = "clock-note";
  note.setAttribute("aria-live", "polite");
  const claim = el("button", "claim", _("Claim victory"));
  claim.id = "btn-claim";
  claim.type = "button";
  claim.hidden = true;
  claim.onclick = () => root.dispatchEvent(new CustomEvent("cuttle:send", { detail: { t: "claim" } }));
  panel.append(rows, note, claim);

  function opponents() {
    const n = (meta.players || []).length;
    if (me === null || !n) return [];
    const team = (meta.teams || []).find((t) => t.includes(me)) || [me];
    return [...Array(n).keys()].filter((s) => !team.includes(s));
  }

  // The result code ("p1", "p0 p2", "draw") in words.
  function resultWords() {
    if (result === "draw") return _("A draw: no opponent could still win.");
    const won = String(result || "").match(/\d+/g) || [];
    const seats = won.map(Number);
    if (!seats.length) return "";
    if (seats.includes(me)) return _("You win.");
    return _n("{names} wins.", "{names} win.", seats.length, { names: nameList(seats.map((s) => seatName(meta, s))) });
  }

  // Who ran out of time, in a whole sentence.
  function flagWords(flagged) {
    if (!flagged.length) return _("A player ran out of time.");
    if (flagged.length === 1 && flagged[0] === me) return _("You ran out of time.");
    return _("{names} ran out of time.", { names: nameList(flagged.map((s) => (s === me ? _("you") : seatName(meta, s)))) });
  }

  function twoSides() {
    const n = (meta.players || []).length;
    return n === 2 || (meta.teams || []).length === 2;
  }

  function tick() {
    const now = performance.now();
    if (clock) {
      rows.hidden = false;
      const items = clock.left.map((ms, s) => {
        const running = !over && clock.running === s;
        const left = running ? ms - (now - at) : ms;
        const p = (meta.players || [])[s] || {};
        const row = el("div", "clock-row");
        row.dataset.seat = s;
        if (running) row.classList.add("running");
        if (left <= 10_000) row.classList.add("low");
        if (over && termination === "time" && clock.left[s] === 0) row.classList.add("flagged");
        const plate = s === me ? _("{name} (you)", { name: seatName(meta, s) }) : seatName(meta, s);
        const name = el("span", "clock-who", plate);
        const time = el("span", "clock-time", formatMs(left));
        time.setAttribute("aria-label", _("{name}: time left", { name: seatName(meta, s) }));
        row.append(name, time);
        return row;
      });
      const head = el("div", "clock-control", clock.per_move ? _("Clock {control} a move", { control: clock.control })
        : _("Clock {control}", { control: clock.control }));
      rows.replaceChildren(head, ...items);
    } else {
      rows.hidden = true;
    }
    const texts = [];
    if (over && termination === "time") {
      const flagged = clock ? clock.left.map((ms, s) => (ms === 0 ? s : -1)).filter((s) => s >= 0) : [];
      texts.push(flagWords(flagged), resultWords());
    } else if (over && termination === "abandoned") {
      texts.push(_("Won by claim: the other side left the table."), resultWords());
    }
    let canClaim = false;
    if (!over && away && meta.status === "playing") {
      const since = (now - awayAt) / 1000;
      away.forEach((secs, s) => {
        if (secs !== null && s !== me) {
          texts.push(_("{name} is disconnected ({seconds} s).", { name: seatName(meta, s), seconds: Math.floor(secs + since) }));
        }
      });
      const opps = opponents();
      canClaim = me !== null && twoSides() && opps.length > 0 &&
        opps.every((s) => away[s] !== null && away[s] + since >= claimAfter);
    }
    note.textContent = texts.filter((x) => x).join(" ");
    claim.hidden = !canClaim;
  }

  function takeClock(c) {
    if (c === undefined) return;
    clock = c; at = performance.now();
  }

  function takeEnd(m) {
    const src = m.meta || m;
    if (src.result !== undefined && src.result !== null) {
      over = true; result = src.result; termination = src.termination;
    }
  }

  root.addEventListener("cuttle:message", (e) => {
    const m = e.detail;
    if (m.t === "state") {
      me = m.seat; meta = m; over = m.status === "over"; result = m.result; termination = m.termination;
      takeClock(m.clock);
    } else if (m.t === "event") {
      if (m.meta) meta = { ...meta, ...m.meta };
      takeClock(m.clock);
      takeEnd(m);
    } else if (m.t === "presence") {
      away = m.away; awayAt = performance.now(); claimAfter = m.claim_after;
    }
    tick();
  });
  setInterval(tick, 100);
}

if (root && panel) setup();

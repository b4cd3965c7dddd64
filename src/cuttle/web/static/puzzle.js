// The puzzle page: fetch a puzzle (the solver's seat view only), offer its legal moves,
// send the chosen one, show whether it was the solution and the rating change.
import { renderBoard } from "./board.js";
import { shortName } from "./cards.js";

const $ = (id) => document.getElementById(id);
const csrf = document.querySelector('meta[name="csrf"]').content;
let current = null;

const THEMES = {
  "win-now": _("Win now"), points: _("Points"), scuttle: _("Scuttle"), "one-off": _("One-off"),
  ace: _("Ace"), two: _("Two"), three: _("Three"), four: _("Four"), five: _("Five"),
  six: _("Six"), seven: _("Seven"), nine: _("Nine"), counter: _("Counter"),
  resolve: _("Resolve"), royal: _("Royal"), king: _("King"), queen: _("Queen"),
  jack: _("Jack"), glasses: _("Glasses"), joker: _("Joker"), discard: _("Discard"),
  "hand-limit": _("Hand limit"), take: _("Take"), endgame: _("Endgame"),
};

// A move's words on its button: "Points (7♥)", "Scuttle 5♦ with 7♥", ...
export function moveLabel(move, me) {
  const words = move.split(" ");
  const verb = words[0];
  const cards = words.slice(1).filter((w) => /^(?:[A2-9TJQK][CDHS]|X[12])$/.test(w)).map(shortName);
  const seats = words.slice(1).filter((w) => /^p\d$/.test(w)).map((w) => Number(w.slice(1)));
  const [card, target] = cards;
  const who = seats.length ? (seats[0] === me ? _("you") : `p${seats[0]}`) : "";
  switch (verb) {
    case "draw": return _("Draw a card");
    case "pass": return _("Pass");
    case "resolve": return _("Resolve");
    case "points": return _("Points ({card})", { card });
    case "scuttle": return _("Scuttle {target} with {card}", { card, target });
    case "royal": return target ? _("Play {card} on {target}", { card, target }) : _("Play {card} as a royal", { card });
    case "glasses": return _("Glasses ({card})", { card });
    case "jack": return _("Jack {card} on {target}", { card, target });
    case "oneoff":
      if (who) return target ? _("One-off {card} on {target} against {name}", { card, target, name: who }) : _("One-off {card} against {name}", { card, name: who });
      return target ? _("One-off {card} on {target}", { card, target }) : _("One-off {card}", { card });
    case "counter": return _("Counter with {card}", { card });
    case "discard": return _("Discard {cards}", { cards: cards.join(" ") });
    case "take": return _("Take {card}", { card });
    case "scrap": return _("Scrap {card}", { card });
    default: return move;
  }
}

async function getJSON(url, opts) {
  const resp = await fetch(url, opts);
  const data = await resp.json().catch(() => ({}));
  if (!resp.ok) throw new Error(data.detail || resp.statusText);
  return data;
}

function showStanding(s) {
  $("pz-rating").textContent = `${s.rating}${s.provisional ? "?" : ""}`;
  $("pz-streak").textContent = String(s.streak);
  $("pz-best").textContent = String(s.best_streak);
  $("pz-counts").textContent = _("{solved} solved, {failed} missed", { solved: s.solved, failed: s.failed });
}

function showPuzzle(p) {
  current = p;
  const me = p.seat;
  const meta = { names: p.names, scores: p.scores, goals: p.goals, status: "playing" };
  renderBoard($("board"), p.view, meta, me, {}, { compact: window.matchMedia("(max-width: 760px)").matches && p.view.hands.length >= 3 });
  $("pz-task").textContent = _("Find the best move for you. Only one move keeps a clear win.");
  const recent = $("pz-recent");
  recent.replaceChildren(...p.recent.map((line) => { const li = document.createElement("li"); li.textContent = line; return li; }));
  const moves = $("pz-moves");
  moves.replaceChildren(...p.legal.map((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.move = m;
    b.textContent = moveLabel(m, me);
    b.onclick = () => attempt(m, b);
    return b;
  }));
  $("pz-result").replaceChildren();
}

async function attempt(move, button) {
  if (!current) return;
  const p = current;
  current = null;
  for (const b of $("pz-moves").children) b.disabled = true;
  try {
    const r = await getJSON(`/api/puzzles/${p.id}/attempt`, {
      method: "POST", headers: { "content-type": "application/json", "x-csrf-token": csrf },
      body: JSON.stringify({ move }),
    });
    button.classList.add(r.solved ? "right" : "wrong");
    const right = [...$("pz-moves").children].find((b) => b.dataset.move === r.solution);
    if (right) right.classList.add("right");
    const res = $("pz-result");
    const head = document.createElement("p");
    head.className = r.solved ? "good" : "bad";
    head.textContent = r.solved ? _("Solved!") : _("Not the best move: the solution was {move}.", { move: moveLabel(r.solution, p.seat) });
    const more = document.createElement("p");
    const change = r.rating_change > 0 ? `+${r.rating_change}` : String(r.rating_change);
    more.textContent = r.rated
      ? _("Rating {change}. Puzzle rating {rating}. Themes: {themes}.", { change, rating: r.puzzle_rating, themes: r.themes.map((t) => THEMES[t] || t).join(", ") })
      : _("Already tried: not rated. Themes: {themes}.", { themes: r.themes.map((t) => THEMES[t] || t).join(", ") });
    const why = document.createElement("p");
    why.className = "why";
    why.textContent = _("The solution keeps about {chance}% to win; no other move keeps more than {other}%.", { chance: Math.round(r.chance * 100), other: Math.round(r.next_best * 100) });
    res.replaceChildren(head, why, more);
    showStanding(r.solver);
  } catch (e) {
    $("pz-result").textContent = e.message;
  }
}

async function next() {
  const params = new URLSearchParams();
  if ($("pz-theme").value) params.set("theme", $("pz-theme").value);
  if ($("pz-rules").value) params.set("rules", $("pz-rules").value);
  try {
    const data = await getJSON(`/api/puzzles/next?${params}`);
    showStanding(data.solver);
    showPuzzle(data.puzzle);
  } catch (e) {
    $("pz-task").textContent = e.message;
    $("pz-moves").replaceChildren();
  }
}

async function start() {
  const s = await getJSON("/api/puzzles");
  showStanding(s.solver);
  for (const t of s.themes) {
    const o = document.createElement("option");
    o.value = t.theme;
    o.textContent = _("{theme} ({count})", { theme: THEMES[t.theme] || t.theme, count: t.count });
    $("pz-theme").appendChild(o);
  }
  for (const r of s.rules) {
    const o = document.createElement("option");
    o.value = r;
    o.textContent = r;
    $("pz-rules").appendChild(o);
  }
  $("pz-choice").onsubmit = (ev) => { ev.preventDefault(); next(); };
  next();
}

start();

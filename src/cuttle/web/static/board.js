// Draws a position (a view: hidden cards "??") as a card table.
import { cardEl, cardLabel, el, shortName, stackEl } from "./cards.js";

/** The name of seat `i`: the names the server sent, else the players' names, else "p<i>". */
export function seatName(meta, i) {
  if (meta.names && meta.names[i]) return meta.names[i];
  const p = meta.players && meta.players[i];
  return p ? (p.name || (p.empty ? "open seat" : `p${i}`)) : `p${i}`;
}

function teamOf(meta, seat) {
  for (const t of meta.teams || []) if (t.includes(seat)) return t;
  return null;
}

/**
 * Render `view` into `root`. `me` is the viewer's seat (null: spectator);
 * `hooks.card(name, where, el)` may make a card interactive, `hooks.seat(seat, el)` a
 * seat's area (its name plate is the `.seat-name` element inside). `opts.compact` draws
 * the other seats one line each (a phone at a table of three or more).
 */
export function renderBoard(root, view, meta, me, hooks = {}, opts = {}) {
  root.replaceChildren();
  const n = view.hands.length;
  const bottom = me === null || me === undefined ? 0 : me;
  const order = [];
  for (let k = 1; k < n; k++) order.push((bottom + k) % n);
  const top = el("div", opts.compact ? "opponents compact" : "opponents");
  for (const s of order) top.appendChild(seatEl(view, meta, s, me, hooks, opts.compact));
  root.appendChild(top);
  root.appendChild(centerEl(view, meta, hooks));
  root.appendChild(seatEl(view, meta, bottom, me, hooks, false));
  markTargeted(root, view);
}

// The card a pending one-off (or a counter's one-off) aims at, marked on the table.
function markTargeted(root, view) {
  const t = view.pending && view.pending.target;
  if (!t) return;
  for (const node of root.querySelectorAll(`.seat .card[data-card="${t}"]`)) {
    node.classList.add("targeted");
    node.setAttribute("aria-label", `${node.getAttribute("aria-label") || cardLabel(t)}, targeted`);
  }
}

function seatEl(view, meta, s, me, hooks, compact) {
  const box = el("section", compact ? "seat compact" : "seat");
  box.dataset.seat = s;
  const over = view.winner !== null && view.winner !== undefined;
  const acting = view.to_act === s && !over && meta.status !== "open";
  if (acting) box.classList.add("acting");
  if (s === me) box.classList.add("mine");
  const team = teamOf(meta, me);
  const label = s === me ? " (you)" : team && team.includes(s) ? " (partner)" : "";
  const name = seatName(meta, s);
  box.setAttribute("aria-label", `${name}${label}`);
  const head = el("header", "seat-head");
  head.appendChild(el("strong", "seat-name", `${name}${label}`));
  const score = meta.scores ? meta.scores[s] : 0;
  const goal = meta.goals ? meta.goals[s] : "";
  head.appendChild(el("span", "score", compact ? `${score}/${goal}` : `${score} / ${goal} points`));
  const hand = view.hands[s];
  const hidden = hand.filter((c) => c === "??").length;
  if (compact) head.appendChild(el("span", "hand-count", `${hand.length} in hand`));
  // One badge in words: who moves now, and whose turn an answer interrupts.
  const live = !over && meta.status !== "open";
  const turn = live && view.turn === s;
  if (acting) head.appendChild(el("span", "badge act", turn ? (s === me ? "your move" : "to move") : "answering"));
  else if (turn) head.appendChild(el("span", "badge", s === me ? "your turn" : "their turn"));
  if (view.skips && view.skips[s]) head.appendChild(el("span", "badge", "skips a turn"));
  box.appendChild(head);
  const f = view.fields[s];
  const nameOf = (i) => seatName(meta, i);
  if (compact) {
    // One line: the field as chips (still buttons where a move may target them), then
    // any hand cards this viewer may see.
    const line = el("div", "field chips");
    line.setAttribute("aria-label", `${name}'s field`);
    for (const st of [...f.points, ...f.faces, ...f.glasses]) {
      const node = stackEl(st, { button: true, chip: true }, nameOf);
      line.appendChild(node);
      hookStack(node, hooks, "field");
    }
    const seen = hand.filter((c) => c !== "??");
    if (seen.length) {
      const h = el("span", "seen-hand");
      h.appendChild(el("span", "muted-light", "hand:"));
      for (const c of seen) h.appendChild(cardEl(c, { chip: true }));
      line.appendChild(h);
    }
    if (!line.childNodes.length) line.appendChild(el("span", "muted-light", "no cards on the table"));
    box.appendChild(line);
    if (hooks.seat) hooks.seat(s, box);
    return box;
  }
  const field = el("div", "field");
  field.setAttribute("aria-label", `${name}'s field`);
  const pts = el("div", "points");
  for (const st of f.points) {
    const node = stackEl(st, { button: true }, nameOf);
    pts.appendChild(node);
    hookStack(node, hooks, "field");
  }
  const faces = el("div", "faces");
  for (const st of [...f.faces, ...f.glasses]) {
    const node = stackEl(st, { button: true }, nameOf);
    faces.appendChild(node);
    hookStack(node, hooks, "field");
  }
  field.append(pts, faces);
  if (!f.points.length && !f.faces.length && !f.glasses.length) {
    field.appendChild(el("span", "field-empty", s === me ? "your field" : "no cards on the table"));
  }
  box.appendChild(field);
  const handEl = el("div", "hand");
  handEl.setAttribute("aria-label", `${name}'s hand, ${hand.length} cards${hidden ? "" : ""}`);
  for (const c of hand) {
    const node = cardEl(c, { button: s === me && c !== "??" });
    if (view.frozen && view.frozen.includes(c)) {
      node.classList.add("frozen");
      node.setAttribute("aria-label", `${cardLabel(c)}, frozen`);
    }
    handEl.appendChild(node);
    if (s === me && hooks.card) hooks.card(c, "hand", node);
  }
  box.appendChild(handEl);
  if (hooks.seat) hooks.seat(s, box);
  return box;
}

function hookStack(node, hooks, where) {
  if (!hooks.card) return;
  if (node.classList.contains("card")) { hooks.card(node.dataset.card, where, node); return; }
  for (const c of node.querySelectorAll(".card")) hooks.card(c.dataset.card, where, c);
}

function centerEl(view, meta, hooks) {
  const mid = el("section", "center");
  mid.setAttribute("aria-label", "deck and scrap");
  const deck = el("div", "pile deck");
  const top = cardEl(view.deck.length ? view.deck[0] : "??", { button: true });
  top.id = "deck";
  if (!view.deck.length) top.classList.add("empty");
  const known = view.deck.length && view.deck[0] !== "??" ? `, ${cardLabel(view.deck[0])} on top` : "";
  top.setAttribute("aria-label", `deck, ${view.deck.length} cards${known}`);
  deck.append(top, el("span", "count", `deck ${view.deck.length}`));
  if (hooks.deck) hooks.deck(top);
  const scrap = el("div", "pile scrap");
  scrap.id = "scrap";
  const shown = hooks.showScrap ? view.scrap : view.scrap.slice(-1);
  if (!shown.length) scrap.appendChild(el("div", "card empty-slot", ""));
  for (const c of shown) {
    const node = cardEl(c, { button: true });
    scrap.appendChild(node);
    if (hooks.card) hooks.card(c, "scrap", node);
  }
  scrap.appendChild(el("span", "count", `scrap ${view.scrap.length}`));
  mid.append(deck, scrap);
  if (view.pending) {
    const p = view.pending;
    const box = el("div", "pending");
    box.id = "pending";
    box.appendChild(el("span", "", `${seatName(meta, p.by)} plays`));
    box.appendChild(cardEl(p.card));
    if (p.target) box.appendChild(el("span", "", `on ${shortName(p.target)}`));
    if (p.counters.length) box.appendChild(el("span", "", "countered by"));
    for (const c of p.counters) box.appendChild(cardEl(c, { small: true }));
    mid.appendChild(box);
  }
  if (view.revealed && view.revealed.length) {
    const box = el("div", "revealed");
    box.appendChild(el("span", "", "revealed:"));
    for (const c of view.revealed) {
      const node = cardEl(c, { button: true });
      box.appendChild(node);
      if (hooks.card) hooks.card(c, "revealed", node);
    }
    mid.appendChild(box);
  }
  return mid;
}

const ENDINGS = {
  points: "on points", resign: "by resignation", agreed: "by agreement", kings: "by kings",
  passes: "after too many passes in a row", "move-cap": "at the move limit",
  time: "on time", abandoned: "because the other side left the table",
};

/** The sentence for a game that ended by ``termination`` with seat ``s`` out (a flag, a
 * table left), told instead of the record's "resigns"; null for any other ending. */
export function endSentence(termination, s, meta, me) {
  const who = s === me ? "You" : seatName(meta, s);
  if (termination === "time") return `${who} ran out of time.`;
  if (termination === "abandoned") return `${who} left the table; the win was claimed.`;
  return null;
}

function winnersOf(view) {
  const w = view.winner;
  if (w === "draw" || w === null || w === undefined) return [];
  return Array.isArray(w) ? w : [w];
}

/** One line saying what is going on. */
export function statusText(view, meta, me) {
  if (meta.status === "open") return "Waiting for players to join…";
  if (view.winner !== null && view.winner !== undefined) {
    const why = view.termination && ENDINGS[view.termination] ? ` ${ENDINGS[view.termination]}` : "";
    if (view.winner === "draw") return `Game over. A draw${why}.`;
    const won = winnersOf(view);
    const names = won.map((s) => seatName(meta, s)).join(" and ");
    if (me !== null && me !== undefined) {
      if (won.includes(me)) {
        const others = won.filter((s) => s !== me).map((s) => seatName(meta, s));
        return `Game over. You won${others.length ? " with " + others.join(" and ") : ""}${why}!`;
      }
      return `Game over. You lost: ${names} won${why}.`;
    }
    return `Game over. ${names} won${why}.`;
  }
  const who = view.to_act === me ? "You are" : `${seatName(meta, view.to_act)} is`;
  const what = {
    main: "to play", counter: "deciding whether to counter", take: "choosing from the scrap",
    discard: "discarding", seven: "playing a revealed card", "hand-limit": "discarding to the hand limit",
    answer: "deciding whether to answer with a nine",
  }[view.phase] || view.phase;
  return `${who} ${what}.`;
}

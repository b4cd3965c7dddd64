// Draws a position (a view: hidden cards "??") as a card table.
import { cardEl, el, stackEl } from "./cards.js";

function seatName(meta, i) {
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
 * seat's area (its name plate is the `.seat-name` element inside).
 */
export function renderBoard(root, view, meta, me, hooks = {}) {
  root.replaceChildren();
  const n = view.hands.length;
  const bottom = me === null || me === undefined ? 0 : me;
  const order = [];
  for (let k = 1; k < n; k++) order.push((bottom + k) % n);
  const top = el("div", "opponents");
  for (const s of order) top.appendChild(seatEl(view, meta, s, me, hooks));
  root.appendChild(top);
  root.appendChild(centerEl(view, meta, hooks));
  root.appendChild(seatEl(view, meta, bottom, me, hooks));
}

function seatEl(view, meta, s, me, hooks) {
  const box = el("section", "seat");
  box.dataset.seat = s;
  if (view.to_act === s && view.winner === null) box.classList.add("acting");
  if (s === me) box.classList.add("mine");
  const team = teamOf(meta, me);
  const label = s === me ? " (you)" : team && team.includes(s) ? " (partner)" : "";
  const head = el("header", "seat-head");
  head.appendChild(el("strong", "seat-name", `p${s} ${seatName(meta, s)}${label}`));
  const score = meta.scores ? meta.scores[s] : 0;
  const goal = meta.goals ? meta.goals[s] : "";
  head.appendChild(el("span", "score", `${score} / ${goal} points`));
  if (view.turn === s) head.appendChild(el("span", "badge", "turn"));
  if (view.to_act === s && view.winner === null) head.appendChild(el("span", "badge act", "to act"));
  box.appendChild(head);
  const field = el("div", "field");
  const f = view.fields[s];
  const pts = el("div", "points");
  pts.setAttribute("aria-label", `p${s} points`);
  for (const st of f.points) {
    const node = stackEl(st, { button: true });
    pts.appendChild(node);
    hookStack(node, hooks, "field");
  }
  const faces = el("div", "faces");
  for (const st of [...f.faces, ...f.glasses]) {
    const node = stackEl(st, { button: true });
    faces.appendChild(node);
    hookStack(node, hooks, "field");
  }
  field.append(pts, faces);
  box.appendChild(field);
  const hand = el("div", "hand");
  hand.setAttribute("aria-label", `p${s} hand`);
  for (const c of view.hands[s]) {
    const node = cardEl(c, { button: s === me && c !== "??" });
    if (view.frozen && view.frozen.includes(c)) node.classList.add("frozen");
    hand.appendChild(node);
    if (s === me && hooks.card) hooks.card(c, "hand", node);
  }
  box.appendChild(hand);
  if (hooks.seat) hooks.seat(s, box);
  return box;
}

function hookStack(node, hooks, where) {
  if (!hooks.card) return;
  for (const c of node.querySelectorAll ? node.querySelectorAll(".card") : []) {
    hooks.card(c.dataset.card, where, c);
  }
  if (node.classList.contains("card")) hooks.card(node.dataset.card, where, node);
}

function centerEl(view, meta, hooks) {
  const mid = el("section", "center");
  const deck = el("div", "pile deck");
  const top = cardEl(view.deck.length ? view.deck[0] : "??", { button: true });
  top.id = "deck";
  if (!view.deck.length) top.classList.add("empty");
  top.setAttribute("aria-label", `deck, ${view.deck.length} cards`);
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
    box.appendChild(el("span", "", `pending: p${p.by}`));
    box.appendChild(cardEl(p.card));
    if (p.target) box.appendChild(el("span", "", `→ ${p.target}`));
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

/** One line saying what is going on. */
export function statusText(view, meta, me) {
  if (meta.status === "open") return "Waiting for players to join…";
  if (view.winner !== null && view.winner !== undefined) {
    const w = view.winner;
    const res = w === "draw" ? "Draw" : `Winner: ${Array.isArray(w) ? w.map((s) => "p" + s).join(" + ") : "p" + w}`;
    return `Game over. ${res}${view.termination ? " (" + view.termination + ")" : ""}.`;
  }
  const who = view.to_act === me ? "You are" : `p${view.to_act} ${seatName(meta, view.to_act)} is`;
  const what = {
    main: "to play", counter: "deciding whether to counter", take: "choosing from the scrap",
    discard: "discarding", seven: "playing a revealed card", "hand-limit": "discarding to the hand limit",
    answer: "deciding whether to answer with a nine",
  }[view.phase] || view.phase;
  return `${who} ${what}.`;
}

// Draws a position (a view: hidden cards "??") as a card table.
import { cardEl, cardLabel, el, shortName, stackEl } from "./cards.js";

// A bot's name by level; the server names bots with these same words in the reader's
// language (cuttle.server.game.protocol.seat_names reads them from this catalog).
const BOT_NAMES = {
  random: () => _p("bot name", "Random bot"), easy: () => _p("bot name", "Easy bot"),
  medium: () => _p("bot name", "Medium bot"), hard: () => _p("bot name", "Hard bot"),
  expert: () => _p("bot name", "Expert bot"),
};

/** A bot's name for its level ("Easy bot", "Level 4 bot"), in the page's language. */
export function botName(level) {
  const named = BOT_NAMES[level];
  if (named) return named();
  const n = /^level(\d+)$/.exec(level);
  if (n) return _p("bot name", "Level {n} bot", { n: n[1] });
  return `${level[0].toUpperCase()}${level.slice(1)} bot`;
}

/** The name of seat `i`: the names the server sent, else the players' names, else "p<i>". */
export function seatName(meta, i) {
  if (meta.names && meta.names[i]) return meta.names[i];
  const p = meta.players && meta.players[i];
  if (p && p.bot && !p.name) return botName(p.bot);
  return p ? (p.name || (p.empty ? _("open seat") : `p${i}`)) : `p${i}`;
}

function teamOf(meta, seat) {
  for (const t of meta.teams || []) if (t.includes(seat)) return t;
  return null;
}

/**
 * Render `view` into `root`. `me` is the viewer's seat (null: spectator);
 * `hooks.card(name, where, el)` may make a card interactive, `hooks.seat(seat, el)` a
 * seat's area (its name plate is the `.seat-name` element inside). `opts.compact` draws
 * the other seats one line each (a phone at a table of three or more); `opts.bottom` draws
 * that seat at the bottom (a replay seen from any side; default: `me`, else seat 0).
 */
export function renderBoard(root, view, meta, me, hooks = {}, opts = {}) {
  root.replaceChildren();
  const n = view.hands.length;
  const bottom = opts.bottom ?? (me === null || me === undefined ? 0 : me);
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
    node.setAttribute("aria-label", _("{card}, targeted", { card: node.getAttribute("aria-label") || cardLabel(t) }));
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
  const name = seatName(meta, s);
  const plate = s === me ? _("{name} (you)", { name })
    : team && team.includes(s) ? _("{name} (partner)", { name }) : name;
  box.setAttribute("aria-label", plate);
  const head = el("header", "seat-head");
  head.appendChild(el("strong", "seat-name", plate));
  const score = meta.scores ? meta.scores[s] : 0;
  const goal = meta.goals ? meta.goals[s] : "";
  head.appendChild(el("span", "score", compact ? `${score}/${goal}` : _("{score} / {goal} points", { score, goal })));
  const hand = view.hands[s];
  if (compact) head.appendChild(el("span", "hand-count", _("{n} in hand", { n: hand.length })));
  // One badge in words, on the seat that acts now (none once the game is over): whose
  // move it is, or who is answering another seat's card.
  const turn = view.turn === s;
  if (acting) head.appendChild(el("span", "badge act", turn ? (s === me ? _("your move") : _("to move")) : _("answering")));
  if (view.skips && view.skips[s]) head.appendChild(el("span", "badge", _("skips a turn")));
  box.appendChild(head);
  const f = view.fields[s];
  const nameOf = (i) => seatName(meta, i);
  if (compact) {
    // One line: the field as chips (still buttons where a move may target them), then
    // any hand cards this viewer may see.
    const line = el("div", "field chips");
    line.setAttribute("aria-label", _("{name}'s field", { name }));
    line.setAttribute("role", "group"); // a label needs a role (axe: even with no card in it)
    for (const st of [...f.points, ...f.faces, ...f.glasses]) {
      const node = stackEl(st, { button: true, chip: true }, nameOf);
      line.appendChild(node);
      hookStack(node, hooks, "field");
    }
    const seen = hand.filter((c) => c !== "??");
    if (seen.length) {
      const h = el("span", "seen-hand");
      h.appendChild(el("span", "muted-light", _("hand:")));
      for (const c of seen) h.appendChild(cardEl(c, { chip: true }));
      line.appendChild(h);
    }
    if (!line.childNodes.length) line.appendChild(el("span", "muted-light", _("no cards on the table")));
    box.appendChild(line);
    if (hooks.seat) hooks.seat(s, box);
    return box;
  }
  const field = el("div", "field");
  field.setAttribute("aria-label", _("{name}'s field", { name }));
  field.setAttribute("role", "group"); // a label needs a role (axe: even with no card in it)
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
    field.appendChild(el("span", "field-empty", s === me ? _("your field") : _("no cards on the table")));
  }
  box.appendChild(field);
  const handEl = el("div", "hand");
  handEl.setAttribute("aria-label", _n("{name}'s hand, {n} card", "{name}'s hand, {n} cards", hand.length, { name }));
  handEl.setAttribute("role", "group"); // a label needs a role (axe: even with no card in it)
  for (const c of hand) {
    const node = cardEl(c, { button: s === me && c !== "??" });
    if (view.frozen && view.frozen.includes(c)) {
      node.classList.add("frozen");
      node.setAttribute("aria-label", _("{card}, frozen", { card: cardLabel(c) }));
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
  mid.setAttribute("aria-label", _("deck and scrap"));
  const deck = el("div", "pile deck");
  const top = cardEl(view.deck.length ? view.deck[0] : "??", { button: true });
  top.id = "deck";
  if (!view.deck.length) top.classList.add("empty");
  const count = view.deck.length;
  top.setAttribute("aria-label", count && view.deck[0] !== "??"
    ? _n("deck, {n} card, {card} on top", "deck, {n} cards, {card} on top", count, { card: cardLabel(view.deck[0]) })
    : _n("deck, {n} card", "deck, {n} cards", count));
  deck.append(top, el("span", "count", _("deck {n}", { n: count })));
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
  scrap.appendChild(el("span", "count", _("scrap {n}", { n: view.scrap.length })));
  mid.append(deck, scrap);
  if (view.pending) {
    const p = view.pending;
    const box = el("div", "pending");
    box.id = "pending";
    box.appendChild(el("span", "", _("{name} plays", { name: seatName(meta, p.by) })));
    box.appendChild(cardEl(p.card));
    if (p.target) box.appendChild(el("span", "", _("on {card}", { card: shortName(p.target) })));
    if (p.counters.length) box.appendChild(el("span", "", _("countered by")));
    for (const c of p.counters) box.appendChild(cardEl(c, { small: true }));
    mid.appendChild(box);
  }
  if (view.revealed && view.revealed.length) {
    const box = el("div", "revealed");
    box.appendChild(el("span", "", _("revealed:")));
    for (const c of view.revealed) {
      const node = cardEl(c, { button: true });
      box.appendChild(node);
      if (hooks.card) hooks.card(c, "revealed", node);
    }
    mid.appendChild(box);
  }
  return mid;
}

// How a game ended, by termination code, for the sentences below (one whole sentence each).
const WON_BY = {
  points: () => _("on points"), resign: () => _("by resignation"), agreed: () => _("by agreement"),
  kings: () => _("by kings"), passes: () => _("after too many passes in a row"),
  "move-cap": () => _("at the move limit"), time: () => _("on time"),
  abandoned: () => _("because the other side left the table"),
};

/** The sentence for a game that ended by ``termination`` with seat ``s`` out (a flag, a
 * table left), told instead of the record's "resigns"; null for any other ending. */
export function endSentence(termination, s, meta, me) {
  if (termination === "time") {
    return s === me ? _("You ran out of time.") : _("{name} ran out of time.", { name: seatName(meta, s) });
  }
  if (termination === "abandoned") {
    return s === me ? _("You left the table; the win was claimed.")
      : _("{name} left the table; the win was claimed.", { name: seatName(meta, s) });
  }
  return null;
}

function winnersOf(view) {
  const w = view.winner;
  if (w === "draw" || w === null || w === undefined) return [];
  return Array.isArray(w) ? w : [w];
}

/** Names joined as a list in the page's language ("Ann and Bob", "Ann, Bob and Cy"). */
export function nameList(names) {
  if (names.length <= 1) return names.join("");
  return _("{names} and {last}", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] });
}

// What the seat to act is doing, by phase ("You are to play." / "Ann is to play.").
const DOING = {
  main: [() => _("You are to play."), (who) => _("{name} is to play.", who)],
  counter: [() => _("You are deciding whether to counter."), (who) => _("{name} is deciding whether to counter.", who)],
  take: [() => _("You are choosing from the scrap."), (who) => _("{name} is choosing from the scrap.", who)],
  discard: [() => _("You are discarding."), (who) => _("{name} is discarding.", who)],
  seven: [() => _("You are playing a revealed card."), (who) => _("{name} is playing a revealed card.", who)],
  "hand-limit": [() => _("You are discarding to the hand limit."), (who) => _("{name} is discarding to the hand limit.", who)],
  answer: [() => _("You are deciding whether to answer with a nine."), (who) => _("{name} is deciding whether to answer with a nine.", who)],
};

/** One line saying what is going on. */
export function statusText(view, meta, me) {
  if (meta.status === "open") return _("Waiting for players to join…");
  if (view.winner !== null && view.winner !== undefined) {
    const how = view.termination && WON_BY[view.termination] ? WON_BY[view.termination]() : "";
    if (view.winner === "draw") return how ? _("Game over. A draw {how}.", { how }) : _("Game over. A draw.");
    const won = winnersOf(view);
    const names = nameList(won.map((s) => seatName(meta, s)));
    if (me !== null && me !== undefined) {
      if (won.includes(me)) {
        const others = won.filter((s) => s !== me).map((s) => seatName(meta, s));
        if (others.length) {
          return how ? _("Game over. You won with {names} {how}!", { names: nameList(others), how })
            : _("Game over. You won with {names}!", { names: nameList(others) });
        }
        return how ? _("Game over. You won {how}!", { how }) : _("Game over. You won!");
      }
      return how ? _("Game over. You lost: {names} won {how}.", { names, how })
        : _("Game over. You lost: {names} won.", { names });
    }
    return how ? _("Game over. {names} won {how}.", { names, how }) : _("Game over. {names} won.", { names });
  }
  const doing = DOING[view.phase];
  if (!doing) return view.to_act === me ? _("You are to act.") : _("{name} is to act.", { name: seatName(meta, view.to_act) });
  return view.to_act === me ? doing[0]() : doing[1]({ name: seatName(meta, view.to_act) });
}

// The table's prompts: what the seat to act is asked to do now, in words. Each takes the
// table's state `t`: {view, meta, me, legal, log, said, selected, selectedTarget,
// selectedSeat} (see table.js).
import { cardLabel, shortName } from "./cards.js";
import { seatName } from "./board.js";

// The newest sentence of the newest event whose notation matches `re` (searching back).
function lastSaid(t, re) {
  for (let i = t.log.length - 1; i >= 0; i--) if (re.test(t.log[i])) return { i, text: t.said[i], line: t.log[i] };
  return null;
}

// What a one-off will do, from its sentence in English ("... as a one-off to destroy ...");
// in another language the prompt goes without it (the log tells it in that language).
function intentOf(t, p) {
  const played = lastSaid(t, new RegExp(`^p\\d+: oneoff ${p.card}\\b`));
  if (!played || !played.text.includes(" as a one-off ")) return "";
  return played.text.split(" as a one-off ")[1].replace(/\.$/, "").split(". ")[0];
}

// The first sentence of a narrated move ("A. B." -> "A."), with its full stop.
function firstSentence(text) {
  const first = text.split(". ")[0];
  return /[.!?]$/.test(first) ? first : `${first}.`;
}

// The answer the seat to act is offered under a pending one-off: counter (if it holds a
// two that may) or resolve.
function answerLine(two, resolveLine) {
  return two ? _("Counter back with a two, or {resolve}", { resolve: resolveLine })
    : _("You have no two to counter back. {resolve}", { resolve: resolveLine });
}

// What a pending one-off is and what Resolve will do, told to the seat that must answer.
function counterPrompt(t) {
  const p = t.view.pending;
  if (!p) return _("Counter with a two, or resolve.");
  const card = cardLabel(p.card);
  const intent = intentOf(t, p);
  const k = p.counters.length;
  // Only a seat holding a two that may counter is told to counter.
  const two = t.legal.some((m) => m.startsWith("counter "));
  if (!k) {
    const name = seatName(t.meta, p.by);
    // The one-off as the table told it in the reader's language (its first sentence),
    // else said here without what it does.
    const told = lastSaid(t, new RegExp(`^p\\d+: oneoff ${p.card}\\b`));
    const what = told && told.text ? firstSentence(told.text) : p.by === t.me
      ? (intent ? _("You play the {card} as a one-off {intent}.", { card, intent }) : _("You play the {card} as a one-off.", { card }))
      : (intent ? _("{name} plays the {card} as a one-off {intent}.", { name, card, intent }) : _("{name} plays the {card} as a one-off.", { name, card }));
    const next = two ? _("Counter it with a two, or Resolve to let it take effect.")
      : _("You have no two to counter it: Resolve to let it take effect.");
    return `${what} ${next}`;
  }
  const last = p.counters[k - 1];
  const who = lastSaid(t, new RegExp(`^p\\d+: counter ${last}\\b`));
  const by = who ? Number(who.line.slice(1, who.line.indexOf(":"))) : null;
  const two2 = cardLabel(last);
  let what;
  if (k === 1) {
    const whose = p.by === t.me;
    if (by === t.me) what = _("You countered {owner}'s {card} with the {two}.", { owner: seatName(t.meta, p.by), card, two: two2 });
    else if (by === null) what = whose ? _("Someone countered your {card} with the {two}.", { card, two: two2 })
      : _("Someone countered {owner}'s {card} with the {two}.", { owner: seatName(t.meta, p.by), card, two: two2 });
    else what = whose ? _("{name} countered your {card} with the {two}.", { name: seatName(t.meta, by), card, two: two2 })
      : _("{name} countered {owner}'s {card} with the {two}.", { name: seatName(t.meta, by), owner: seatName(t.meta, p.by), card, two: two2 });
  } else if (by === t.me) {
    what = _("You countered the counter with the {two}.", { two: two2 });
  } else {
    what = _("{name} countered the counter with the {two}.", { name: by === null ? _("Someone") : seatName(t.meta, by), two: two2 });
  }
  const resolve = k % 2 === 1
    ? _("Resolve: the {card} is cancelled and goes to the scrap with the twos.", { card })
    : intent ? _("Resolve: the {card} takes effect ({intent}).", { card, intent }) : _("Resolve: the {card} takes effect.", { card });
  return `${what} ${answerLine(two, resolve)}`;
}

// Before every seat is taken: who is still awaited, and how to bring them.
export function waitingPrompt(t) {
  const open = (t.meta.players || []).filter((p) => p.empty).length;
  return open > 1
    ? _n("Waiting for {n} more player to join: send them the invite link. The game starts when every seat is taken.",
      "Waiting for {n} more players to join: send them the invite link. The game starts when every seat is taken.", open)
    : _("Waiting for an opponent to join: send them the invite link. The game starts when every seat is taken.");
}

// The discard prompts: who made the seat discard (a five, a four from someone, the
// hand limit), and whether the cards are forced, one to click, or several to choose.
function discardPrompt(t, moves, discardCount) {
  const p = t.view.pending;
  const forced = moves.length === 1 ? moves[0].cards.map(shortName).join(" ") : null;
  if (p && p.card[0] === "5") {
    if (forced) return _("Five: you must discard {cards}.", { cards: forced });
    return discardCount === 1 ? _("Five: discard one card: click it.")
      : _n("Five: discard {n} card: choose it, then press Discard.", "Five: discard {n} cards: choose them, then press Discard.", discardCount);
  }
  if (p && p.card[0] === "4") {
    const name = seatName(t.meta, p.by);
    if (forced) return _("Four from {name}: you must discard {cards}.", { name, cards: forced });
    return discardCount === 1 ? _("Four from {name}: discard one card: click it.", { name })
      : _n("Four from {name}: discard {n} card: choose it, then press Discard.", "Four from {name}: discard {n} cards: choose them, then press Discard.", discardCount, { name });
  }
  if (forced) return _("Discard: you must discard {cards}.", { cards: forced });
  return discardCount === 1 ? _("Discard: discard one card: click it.")
    : _n("Discard: discard {n} card: choose it, then press Discard.", "Discard: discard {n} cards: choose them, then press Discard.", discardCount);
}

export function phasePrompt(t, moves, discardCount) {
  switch (t.view.phase) {
    case "counter": return counterPrompt(t);
    case "take": return _("Three: choose a card from the scrap (highlighted).");
    case "discard": return discardPrompt(t, moves, discardCount);
    case "seven": return _("Seven: play one of the revealed cards (highlighted).");
    case "hand-limit": return discardCount === 1 ? _("Hand limit: discard one card: click it.")
      : _n("Hand limit: discard {n} card, then press Discard.", "Hand limit: discard {n} cards, then press Discard.", discardCount);
    case "answer": return _("A royal was played: answer it with a nine, or resolve to let it stand.");
    default: return _("Your move: click a card in your hand, or the deck to draw.");
  }
}

// What to do with the selected card: which highlighted things a click may choose.
export function selectionPrompt(t, cands) {
  const card = cardLabel(t.selected);
  if (t.selectedTarget) {
    const target = cardLabel(t.selectedTarget);
    const seats = t.selectedSeat === null && cands.some((m) => m.seats.length);
    return seats ? _("{card} on {target}: click the seat that gets it (highlighted) or choose below.", { card, target })
      : _("{card} on {target}: choose below.", { card, target });
  }
  const points = cands.some((m) => m.verb === "points");
  const target = cands.some((m) => m.cards.length > 1);
  const seat = cands.some((m) => m.cards.length === 1 && m.seats.length);
  // Each combination a whole sentence (languages join the choices their own way).
  const key = `${points ? "p" : ""}${target ? "t" : ""}${seat ? "s" : ""}`;
  switch (key) {
    case "p": return _("{card}: click your field for points, or choose below.", { card });
    case "t": return _("{card}: click a highlighted card, or choose below.", { card });
    case "s": return _("{card}: click a highlighted seat, or choose below.", { card });
    case "pt": return _("{card}: click your field for points or a highlighted card, or choose below.", { card });
    case "ps": return _("{card}: click your field for points or a highlighted seat, or choose below.", { card });
    case "ts": return _("{card}: click a highlighted card or a highlighted seat, or choose below.", { card });
    case "pts": return _("{card}: click your field for points or a highlighted card or a highlighted seat, or choose below.", { card });
    default: return _("{card}: choose below.", { card });
  }
}

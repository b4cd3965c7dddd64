// The table's prompts: what the seat to act is asked to do now, in words. Each takes the
// table's state `t`: {view, meta, me, legal, log, said, selected, selectedTarget,
// selectedSeat} (see table.js).
import { cardLabel, shortName } from "./cards.js";
import { seatName } from "./board.js";

const NameOf = (t, s) => (s === t.me ? "You" : seatName(t.meta, s));

// The sentence of the newest event whose notation matches `re` (searching back).
function lastSaid(t, re) {
  for (let i = t.log.length - 1; i >= 0; i--) if (re.test(t.log[i])) return { i, text: t.said[i], line: t.log[i] };
  return null;
}

// What a pending one-off is and what Resolve will do, told to the seat that must answer.
function counterPrompt(t) {
  const p = t.view.pending;
  if (!p) return "Counter with a two, or resolve.";
  const card = cardLabel(p.card);
  const played = lastSaid(t, new RegExp(`^p\\d+: oneoff ${p.card}\\b`));
  const intent = played && played.text.includes(" as a one-off ")
    ? played.text.split(" as a one-off ")[1].replace(/\.$/, "").split(". ")[0] : "";
  const whose = p.by === t.me ? "your" : `${seatName(t.meta, p.by)}'s`;
  const k = p.counters.length;
  // Only a seat holding a two that may counter is told to counter.
  const two = t.legal.some((m) => m.startsWith("counter "));
  if (!k) {
    return `${NameOf(t, p.by)} ${p.by === t.me ? "play" : "plays"} the ${card} as a one-off${intent ? " " + intent : ""}. ` +
      (two ? "Counter it with a two, or Resolve to let it take effect." : "You have no two to counter it: Resolve to let it take effect.");
  }
  const last = p.counters[k - 1];
  const who = lastSaid(t, new RegExp(`^p\\d+: counter ${last}\\b`));
  const by = who ? Number(who.line.slice(1, who.line.indexOf(":"))) : null;
  const counterer = by === null ? "Someone" : NameOf(t, by);
  const verb = by === t.me ? "countered" : "countered";
  const what = k === 1 ? `${whose} ${card}` : "the counter";
  const resolve = k % 2 === 1
    ? `Resolve: the ${card} is cancelled and goes to the scrap with the twos.`
    : `Resolve: the ${card} takes effect${intent ? " (" + intent + ")" : ""}.`;
  return `${counterer} ${verb} ${what} with the ${cardLabel(last)}. ${two ? "Counter back with a two, or" : "You have no two to counter back."} ${resolve}`;
}

// Before every seat is taken: who is still awaited, and how to bring them.
export function waitingPrompt(t) {
  const open = (t.meta.players || []).filter((p) => p.empty).length;
  const who = open > 1 ? `${open} more players` : "an opponent";
  return `Waiting for ${who} to join: send them the invite link. The game starts when every seat is taken.`;
}

export function phasePrompt(t, moves, discardCount) {
  const p = t.view.pending;
  switch (t.view.phase) {
    case "counter": return counterPrompt(t);
    case "take": return "Three: choose a card from the scrap (highlighted).";
    case "discard": {
      const what = p && p.card[0] === "5" ? "Five" : p && p.card[0] === "4" ? `Four from ${seatName(t.meta, p.by)}` : "Discard";
      const many = discardCount === 1 ? "one card: click it" : `${discardCount} cards: choose them, then press Discard`;
      return moves.length === 1 ? `${what}: you must discard ${moves[0].cards.map(shortName).join(" ")}.` : `${what}: discard ${many}.`;
    }
    case "seven": return "Seven: play one of the revealed cards (highlighted).";
    case "hand-limit": return `Hand limit: discard ${discardCount === 1 ? "one card: click it" : discardCount + " cards, then press Discard"}.`;
    case "answer": return "A royal was played: answer it with a nine, or resolve to let it stand.";
    default: return "Your move: click a card in your hand, or the deck to draw.";
  }
}

// What to do with the selected card: which highlighted things a click may choose.
export function selectionPrompt(t, cands) {
  const nm = cardLabel(t.selected);
  if (t.selectedTarget) {
    const seats = t.selectedSeat === null && cands.some((m) => m.seats.length);
    const seat = seats ? " click the seat that gets it (highlighted) or" : "";
    return `${nm} on ${cardLabel(t.selectedTarget)}:${seat} choose below.`;
  }
  const where = [];
  if (cands.some((m) => m.verb === "points")) where.push("your field for points");
  if (cands.some((m) => m.cards.length > 1)) where.push("a highlighted card");
  if (cands.some((m) => m.cards.length === 1 && m.seats.length)) where.push("a highlighted seat");
  return `${nm}: click ${where.length ? where.join(" or ") + ", or " : ""}choose below.`;
}


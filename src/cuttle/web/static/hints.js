// The guided first game: a hint for each kind of move the first time it is possible,
// keyed on the verbs of the legal moves; dismissible one by one or all at once.
// Each hint a function, so that it is read in the page's language when shown.
export const HINTS = {
  draw: () => _("Draw: click the deck to take its top card. It scores nothing, but a bigger hand gives you more choices later."),
  points: () => _("Points: pick a number card (Ace to 10) in your hand, then click your own field. Its value counts towards your goal, shown next to your name."),
  scuttle: () => _("Scuttle: pick a point card, then click an opponent's lower point card (or the same rank in a lower suit, ♣ < ♦ < ♥ < ♠). Both cards go to the scrap."),
  oneoff: () => _("One-off: an Ace to 7, or a 9, can be played for its effect instead of points; the card then goes to the scrap. The buttons say what each one does. Your opponent may cancel it with a Two."),
  royal: () => _("Royals: a King lowers your goal, a Queen protects your other cards from targeted effects, a Jack steals a point card. Pick one, then choose below."),
  glasses: () => _("Glasses: an Eight played this way scores nothing but lays your opponent's hand open to you."),
  jack: () => _("Jack: pick the Jack, then click an opponent's point card: it moves to your field."),
  counter: () => _("Counter: a Two cancels the one-off on the table. Your opponent may counter your Two with another Two, and so on. Or press Resolve to let it happen."),
  resolve: () => _("Resolve: let the card on the table take effect (or, if it was countered an odd number of times, fizzle into the scrap)."),
  take: () => _("Three: choose any card from the scrap (highlighted) to take into your hand."),
  discard: () => _("Discard: click the cards to give up in your hand, then press Discard (a single card goes at once)."),
  pass: () => _("Pass: the deck is empty, so you may pass. When every player passes in a row the game is a draw."),
  scrap: () => _("Seven: play one of the revealed cards as usual, or scrap it."),
};
const ORDER = ["counter", "resolve", "discard", "take", "scrap", "draw", "points", "scuttle", "oneoff", "royal", "jack", "glasses", "pass"];

/** The hinter for game `gid`; `on()` says whether it is active, `next(verbs)` the hint to show. */
export function hinter(gid, active) {
  const key = `cuttle.hints.${gid}`;
  const seen = new Set();
  try { for (const v of JSON.parse(sessionStorage.getItem(key) || "[]")) seen.add(v); } catch { /* none */ }
  let off = !active;
  const save = () => { try { sessionStorage.setItem(key, JSON.stringify([...seen])); } catch { /* none */ } };
  return {
    on: () => !off,
    next(verbs) {
      if (off) return null;
      const v = ORDER.find((x) => verbs.has(x) && !seen.has(x));
      return v ? { verb: v, text: HINTS[v]() } : null;
    },
    dismiss(verb) { seen.add(verb); save(); },
    stop() { off = true; },
  };
}

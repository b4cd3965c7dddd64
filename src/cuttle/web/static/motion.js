// Cards that move: each card travels from where it was to where it goes (hand, deck,
// field, scrap), FLIP-style. Before the board is drawn again, `snapshot` records where
// every card is (by card name) and where each seat's hand and the deck are; after,
// `travel` starts each card that moved at its old place and lets it glide to its new one
// (a transform animated back to none, under 400 ms). A card that was nowhere to be seen
// comes from the deck (a draw) or from the hand of the seat that moved (a card played
// from a hidden hand). Nothing moves when the reader asks for reduced motion.

/** How long a card takes to travel, in ms (under 400 ms, as the issue asks). */
export const TRAVEL_MS = 320;

const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

/** Whether cards may move (the reader did not ask for reduced motion). */
export function motionOn() {
  return !reduceMotion.matches;
}

/** Where every card and pile is on `board` now: {cards: Map, hands: Map, deck: DOMRect}. */
export function snapshot(board) {
  const cards = new Map();
  for (const node of board.querySelectorAll(".card[data-card]")) {
    if (!cards.has(node.dataset.card)) cards.set(node.dataset.card, node.getBoundingClientRect());
  }
  const hands = new Map();
  for (const seat of board.querySelectorAll(".seat[data-seat]")) {
    const hand = seat.querySelector(".hand") || seat.querySelector(".hand-count") || seat;
    hands.set(Number(seat.dataset.seat), hand.getBoundingClientRect());
  }
  const deck = board.querySelector("#deck");
  return { cards, hands, deck: deck ? deck.getBoundingClientRect() : null };
}

// Start `node` at `from` and let it glide to where it is drawn now.
function glide(node, from, how) {
  const to = node.getBoundingClientRect();
  if (!to.width || !from || !from.width) return false;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return false;
  const scale = Math.min(2, Math.max(0.4, from.width / to.width));
  node.dataset.travel = how;
  const anim = node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
    { duration: TRAVEL_MS, easing: "cubic-bezier(.2, .7, .3, 1)", id: "travel" },
  );
  anim.onfinish = anim.oncancel = () => { delete node.dataset.travel; };
  return true;
}

/**
 * Let the cards of `board` travel from the places in `before` (a {@link snapshot}) to
 * where they are now. `mover` is the seat whose move this was, `drew` whether it drew a
 * card (its new hidden card comes from the deck). Returns how many cards travel.
 */
export function travel(board, before, mover, drew) {
  if (!before || !motionOn()) return 0;
  let moved = 0;
  const seen = new Set();
  for (const node of board.querySelectorAll(".card[data-card]")) {
    const card = node.dataset.card;
    if (seen.has(card)) continue; // a card drawn twice (a pending card's caption) moves once
    seen.add(card);
    let from = before.cards.get(card);
    let how = "moved";
    if (!from) {
      const inHand = node.closest(".hand");
      const seat = node.closest(".seat[data-seat]");
      const owner = seat ? Number(seat.dataset.seat) : null;
      if (inHand && (drew || owner !== mover)) { from = before.deck; how = "from-deck"; }
      else { from = before.hands.get(mover) || before.deck; how = "from-hand"; }
    }
    if (glide(node, from, how)) moved += 1;
  }
  if (drew && mover !== null) { // a hidden card drawn by another seat: from the deck to its hand
    const backs = board.querySelectorAll(`.seat[data-seat="${mover}"] .hand .card.back`);
    if (backs.length && glide(backs[backs.length - 1], before.deck, "from-deck")) moved += 1;
  }
  return moved;
}

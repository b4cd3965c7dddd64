// Cards drawn with HTML and CSS: no images, no external assets.
export const CARD_RE = /^(?:[A2-9TJQK][CDHS]|X[12])$/;
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = { T: "10" };
const SUIT_NAMES = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
const RANK_NAMES = {
  A: "Ace", 2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
  9: "Nine", T: "Ten", J: "Jack", Q: "Queen", K: "King",
};

/** A spoken name for a card, e.g. "Seven of Hearts". */
export function cardLabel(name) {
  if (!name || name === "??") return "hidden card";
  if (name[0] === "X") return `Joker ${name[1]}`;
  return `${RANK_NAMES[name[0]] || name[0]} of ${SUIT_NAMES[name[1]]}`;
}

/** A short name for a card, e.g. "7♥", "10♣", "Joker 1". */
export function shortName(name) {
  if (!name || name === "??") return "?";
  if (name[0] === "X") return `Joker ${name[1]}`;
  return (RANKS[name[0]] || name[0]) + SUITS[name[1]];
}

/** Whether a card is red (hearts, diamonds). */
export function isRed(name) {
  return !!name && (name[1] === "D" || name[1] === "H");
}

/**
 * Build a card element; `opts.button` makes it focusable and clickable, `opts.small`
 * draws it small (rank and suit still shown), `opts.chip` as a one-line chip ("7♥").
 */
export function cardEl(name, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "div");
  el.className = "card";
  if (opts.button) el.type = "button";
  if (opts.small) el.classList.add("small");
  if (opts.chip) el.classList.add("chip");
  if (name === "??") {
    el.classList.add("back");
    if (opts.button) el.setAttribute("aria-label", "hidden card");
    else { el.setAttribute("role", "img"); el.setAttribute("aria-label", "hidden card"); }
    return el;
  }
  el.dataset.card = name;
  if (!opts.button) el.setAttribute("role", "img");
  el.setAttribute("aria-label", cardLabel(name));
  if (name[0] !== "X" && isRed(name)) el.classList.add("red");
  if (opts.chip) {
    el.textContent = shortName(name);
    if (name[0] === "X") el.classList.add("joker");
    return el;
  }
  if (name[0] === "X") {
    el.classList.add("joker");
    el.innerHTML = `<span class="corner" aria-hidden="true">★</span><span class="pip" aria-hidden="true">JOKER</span>`;
    return el;
  }
  const suit = name[1];
  const rank = RANKS[name[0]] || name[0];
  if (opts.small) {
    el.innerHTML = `<span class="pip" aria-hidden="true">${rank}${SUITS[suit]}</span>`;
    return el;
  }
  el.innerHTML = `<span class="corner" aria-hidden="true">${rank}<br>${SUITS[suit]}</span>` +
    `<span class="pip" aria-hidden="true">${"JQK".includes(name[0]) ? name[0] + SUITS[suit] : SUITS[suit]}</span>` +
    `<span class="corner bottom" aria-hidden="true">${rank}<br>${SUITS[suit]}</span>`;
  return el;
}

/** A point card stack: the card and the jacks (or jokers) on it. */
export function stackEl(stack, opts = {}, nameOf = (s) => `p${s}`) {
  if (typeof stack === "string") return cardEl(stack, opts);
  const wrap = document.createElement("div");
  wrap.className = "cstack";
  wrap.appendChild(cardEl(stack.card, opts));
  for (const cover of stack.jacks || stack.jokers || []) {
    const c = cardEl(cover.card, { ...opts, small: !opts.chip });
    c.classList.add("cover");
    c.title = `${cardLabel(cover.card)} → ${nameOf(cover.to)}`;
    wrap.appendChild(c);
  }
  return wrap;
}

/** The value a point card scores. */
export function pointValue(name) {
  const r = name[0];
  if (r === "A") return 1;
  if (r === "T") return 10;
  const v = parseInt(r, 10);
  return Number.isNaN(v) ? 0 : v;
}

export function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

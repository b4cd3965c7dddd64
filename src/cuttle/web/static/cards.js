// Cards drawn with HTML and CSS: no images, no external assets.
export const CARD_RE = /^(?:[A2-9TJQK][CDHS]|X[12])$/;
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = { T: "10" };
const SUIT_NAMES = { C: "Clubs", D: "Diamonds", H: "Hearts", S: "Spades" };
const RANK_NAMES = { A: "Ace", T: "Ten", J: "Jack", Q: "Queen", K: "King" };

/** A readable name for a card, e.g. "Seven of Hearts". */
export function cardLabel(name) {
  if (name === "??") return "hidden card";
  if (name[0] === "X") return `Joker ${name[1]}`;
  const r = RANK_NAMES[name[0]] || name[0];
  return `${r} of ${SUIT_NAMES[name[1]]}`;
}

/** Build a card element; `opts.button` makes it focusable and clickable. */
export function cardEl(name, opts = {}) {
  const el = document.createElement(opts.button ? "button" : "div");
  el.className = "card";
  if (opts.small) el.classList.add("small");
  if (name === "??") {
    el.classList.add("back");
    el.setAttribute("aria-label", "hidden card");
    if (opts.button) el.type = "button";
    return el;
  }
  el.dataset.card = name;
  el.setAttribute("aria-label", cardLabel(name));
  if (opts.button) el.type = "button";
  if (name[0] === "X") {
    el.classList.add("joker");
    el.innerHTML = `<span class="corner">★</span><span class="pip">JOKER</span>`;
    return el;
  }
  const suit = name[1];
  if (suit === "D" || suit === "H") el.classList.add("red");
  const rank = RANKS[name[0]] || name[0];
  el.innerHTML = `<span class="corner">${rank}<br>${SUITS[suit]}</span>` +
    `<span class="pip">${"JQK".includes(name[0]) ? name[0] + SUITS[suit] : SUITS[suit]}</span>` +
    `<span class="corner bottom">${rank}<br>${SUITS[suit]}</span>`;
  return el;
}

/** A point card stack: the card and the jacks (or jokers) on it. */
export function stackEl(stack, opts = {}) {
  if (typeof stack === "string") return cardEl(stack, opts);
  const wrap = document.createElement("div");
  wrap.className = "cstack";
  wrap.appendChild(cardEl(stack.card, opts));
  for (const cover of stack.jacks || stack.jokers || []) {
    const c = cardEl(cover.card, { ...opts, small: true });
    c.classList.add("cover");
    c.title = `${cardLabel(cover.card)} → p${cover.to}`;
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

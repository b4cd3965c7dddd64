// Cards drawn with HTML and CSS: no images, no external assets.
export const CARD_RE = /^(?:[A2-9TJQK][CDHS]|X[12])$/;
const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const RANKS = { T: "10" };
// Card names in words, whole per language ("Seven of Hearts", "Herz-Sieben"): one message
// a card, so that a language orders rank and suit as it likes.
const CARD_NAMES = {
  "AC": () => _("Ace of Clubs"), "AD": () => _("Ace of Diamonds"), "AH": () => _("Ace of Hearts"), "AS": () => _("Ace of Spades"),
  "2C": () => _("Two of Clubs"), "2D": () => _("Two of Diamonds"), "2H": () => _("Two of Hearts"), "2S": () => _("Two of Spades"),
  "3C": () => _("Three of Clubs"), "3D": () => _("Three of Diamonds"), "3H": () => _("Three of Hearts"), "3S": () => _("Three of Spades"),
  "4C": () => _("Four of Clubs"), "4D": () => _("Four of Diamonds"), "4H": () => _("Four of Hearts"), "4S": () => _("Four of Spades"),
  "5C": () => _("Five of Clubs"), "5D": () => _("Five of Diamonds"), "5H": () => _("Five of Hearts"), "5S": () => _("Five of Spades"),
  "6C": () => _("Six of Clubs"), "6D": () => _("Six of Diamonds"), "6H": () => _("Six of Hearts"), "6S": () => _("Six of Spades"),
  "7C": () => _("Seven of Clubs"), "7D": () => _("Seven of Diamonds"), "7H": () => _("Seven of Hearts"), "7S": () => _("Seven of Spades"),
  "8C": () => _("Eight of Clubs"), "8D": () => _("Eight of Diamonds"), "8H": () => _("Eight of Hearts"), "8S": () => _("Eight of Spades"),
  "9C": () => _("Nine of Clubs"), "9D": () => _("Nine of Diamonds"), "9H": () => _("Nine of Hearts"), "9S": () => _("Nine of Spades"),
  "TC": () => _("Ten of Clubs"), "TD": () => _("Ten of Diamonds"), "TH": () => _("Ten of Hearts"), "TS": () => _("Ten of Spades"),
  "JC": () => _("Jack of Clubs"), "JD": () => _("Jack of Diamonds"), "JH": () => _("Jack of Hearts"), "JS": () => _("Jack of Spades"),
  "QC": () => _("Queen of Clubs"), "QD": () => _("Queen of Diamonds"), "QH": () => _("Queen of Hearts"), "QS": () => _("Queen of Spades"),
  "KC": () => _("King of Clubs"), "KD": () => _("King of Diamonds"), "KH": () => _("King of Hearts"), "KS": () => _("King of Spades"),
};

/** A spoken name for a card in the page's language, e.g. "Seven of Hearts". */
export function cardLabel(name) {
  if (!name || name === "??") return _("hidden card");
  if (name[0] === "X") return _("Joker {number}", { number: name[1] });
  const spoken = CARD_NAMES[name];
  return spoken ? spoken() : name;
}

/** A short name for a card, e.g. "7♥", "10♣", "Joker 1". */
export function shortName(name) {
  if (!name || name === "??") return "?";
  if (name[0] === "X") return _("Joker {number}", { number: name[1] });
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
    if (opts.button) el.setAttribute("aria-label", _("hidden card"));
    else { el.setAttribute("role", "img"); el.setAttribute("aria-label", _("hidden card")); }
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
    const joker = _("JOKER");
    el.innerHTML = `<span class="corner" aria-hidden="true">★</span><span class="pip" aria-hidden="true">${joker}</span>`;
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
    c.title = _("{card} → {seat}", { card: cardLabel(cover.card), seat: nameOf(cover.to) });
    wrap.appendChild(c);
  }
  const covers = (stack.jacks || stack.jokers || []).length;
  if (covers > 1) { // several jacks on one card: how many, at a glance (each is also shown)
    const count = document.createElement("span");
    count.className = "cover-count";
    count.setAttribute("aria-hidden", "true");
    count.textContent = `×${covers}`;
    wrap.appendChild(count);
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

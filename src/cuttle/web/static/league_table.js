// At a ranked table: a banner with the match score and, once a game ends, the next game
// (asked for as soon as the table says the game ended and every 300 ms after that until
// it is there, for up to 10 s; every 3 s otherwise).
const gid = location.pathname.split("/g/")[1].split("/")[0];
let timer = null;
const SLOW_MS = 3000;
const FAST_MS = 300;
const FAST_FOR_MS = 10000;
let fastUntil = 0; // after a game's end: ask often until the next game is there
const banner = document.createElement("div");
banner.className = "league-banner";
banner.id = "league-banner";
banner.hidden = true;
document.querySelector("main").prepend(banner);

// A rating change in the way players read it: +12, −12, ±0.
const signed = (d) => (d > 0 ? "+" : d < 0 ? "−" : "±") + Math.abs(d);

function text(m) {
  const [a, b] = m.players;
  const score = { a, b, sa: m.score[0], sb: m.score[1] };
  if (m.winner && m.rating_change) {
    return _("Ranked match, first to two: {a} {sa} – {sb} {b}. {winner} wins the match. Rating change: {a} {da}, {b} {db}.",
      { ...score, winner: m.winner, da: signed(m.rating_change[0]), db: signed(m.rating_change[1]) });
  }
  if (m.winner) return _("Ranked match, first to two: {a} {sa} – {sb} {b}. {winner} wins the match.", { ...score, winner: m.winner });
  return _("Ranked match, first to two: {a} {sa} – {sb} {b}", score);
}

async function poll() {
  let again = true;
  try {
    const info = await (await fetch(`/api/games/${gid}`)).json();
    if (!info.ranked) return; // a casual game: no banner
    if (info.match == null) {
      banner.hidden = false;
      banner.textContent = info.players.length === 2 ? _("Ranked: this game starts a first-to-two match.") : _("Ranked: rated with openskill.");
    } else {
      const m = await (await fetch(`/api/league/matches/${info.match}`)).json();
      banner.hidden = false;
      banner.replaceChildren(document.createTextNode(text(m) + " "));
      const link = document.createElement("a");
      link.href = `/league/matches/${m.id}`;
      link.textContent = _("match page");
      banner.append(link);
      if (m.game && m.game !== gid) {
        const next = document.createElement("a");
        next.href = `/g/${m.game}`; next.id = "next-game"; next.className = "button primary";
        next.textContent = _("Next game →");
        banner.append(" ", next);
        again = false;
      }
      // A match just over: its rating change is written just after; ask until it is there.
      if (m.status !== "playing") again = !m.rating_change && Date.now() < fastUntil;
    }
  } catch (e) { /* try again */ }
  if (again) timer = setTimeout(poll, Date.now() < fastUntil ? FAST_MS : SLOW_MS);
}
poll();
const table = document.getElementById("table-root");
if (table) {
  table.addEventListener("cuttle:message", (e) => {
    const m = e.detail;
    const ended = m.t === "event" && (m.result || (m.meta && m.meta.result));
    if (ended) { clearTimeout(timer); fastUntil = Date.now() + FAST_FOR_MS; poll(); }
  });
}

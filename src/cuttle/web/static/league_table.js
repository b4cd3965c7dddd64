// At a ranked table: a banner with the match score and, once a game ends, the next game
// (asked for as soon as the table says the game ended, and every 3 s meanwhile).
const gid = location.pathname.split("/g/")[1].split("/")[0];
let timer = null;
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
      if (m.status !== "playing") again = false;
    }
  } catch (e) { /* try again */ }
  if (again) timer = setTimeout(poll, 3000);
}
poll();
const table = document.getElementById("table-root");
if (table) {
  table.addEventListener("cuttle:message", (e) => {
    const m = e.detail;
    const ended = m.t === "event" && (m.result || (m.meta && m.meta.result));
    if (ended) { clearTimeout(timer); poll(); }
  });
}

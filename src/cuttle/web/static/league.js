// The league: live brackets, organiser buttons, the ranked queue and challenges (live:
// a challenge appears, and an accepted one opens its game, without a reload).
import { askToNotify, notify } from "/static/notify.js";

const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);

// A refusal is written beside the control that sent it (`errId`, else the page's own
// error line) and scrolled into view.
function showError(text, errId) {
  const e = (errId && $(errId)) || $("league-error") || $("lobby-error");
  if (e) { e.hidden = false; e.textContent = text; e.scrollIntoView({ block: "nearest" }); }
}

async function post(url, body = {}, errId = null) {
  const e = errId && $(errId);
  if (e) e.hidden = true;
  const r = await fetch(url, {
    method: "POST", headers: { "X-CSRF-Token": csrf, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) { showError(data.error, errId); throw new Error(data.error); }
  return data;
}

// A bracket page redraws itself when the bracket changes (polled every 2 s).
const bracket = $("bracket");
if (bracket) {
  const id = bracket.dataset.bracket;
  const poll = async () => {
    try {
      const r = await fetch(`/api/league/brackets/${id}`);
      if (r.ok) {
        const data = await r.json();
        if (data.version !== bracket.dataset.version) {
          const html = await (await fetch(`/league/brackets/${id}?fragment=1`)).text();
          bracket.innerHTML = html;
          bracket.dataset.version = data.version;
        }
        if (data.status === "finished") return;
      }
    } catch (e) { /* the next poll tries again */ }
    setTimeout(poll, 2000);
  };
  setTimeout(poll, 2000);
  for (const b of document.querySelectorAll("#organiser button[data-action]")) {
    b.onclick = async () => { await post(`/api/league/brackets/${id}/${b.dataset.action}`); location.reload(); };
  }
  const f = $("forfeit");
  if (f) f.onsubmit = async (e) => {
    e.preventDefault();
    await post(`/api/league/brackets/${id}/forfeit`, { match: f.match.value, winner: f.winner.value });
    location.reload();
  };
}

// A match page follows its match: when a game ends or the next one starts it is drawn
// again (polled every second while the match is played).
const MATCH_MS = 1000;
const matchGames = $("match-games");
if (matchGames && !matchGames.dataset.version.startsWith("over")) {
  const follow = async () => {
    try {
      const r = await fetch(`/api/league/matches/${matchGames.dataset.match}`);
      if (r.ok) {
        const m = await r.json();
        if (`${m.status}-${m.games.length}-${m.game || ""}` !== matchGames.dataset.version) {
          location.reload();
          return;
        }
      }
    } catch { /* the next poll tries again */ }
    setTimeout(follow, MATCH_MS);
  };
  setTimeout(follow, MATCH_MS);
}

for (const form of document.querySelectorAll("form[data-kind]")) {
  form.onsubmit = async (e) => {
    e.preventDefault();
    const body = { kind: form.dataset.kind, rules: form.rules.value, publish: true };
    if (form.season) body.season = Number(form.season.value);
    if (form.year) body.year = Number(form.year.value);
    const b = await post("/api/league/brackets", body);
    location.href = b.url;
  };
}

// The ranked queue: join, then poll until paired (the band widens while waiting).
const queue = $("queue");
if (queue) {
  const status = $("queue-status");
  const leave = $("queue-leave");
  const show = (s) => {
    if (s.status === "matched") {
      notify(_("A ranked opponent is found: your game begins."), { tag: "queue", url: s.url });
      location.href = s.url;
      return false;
    }
    leave.hidden = s.status !== "waiting";
    status.textContent = s.status === "waiting"
      ? _("Waiting ({seconds} s): opponents within {band} of {rating}", { seconds: s.waited.toFixed(0), band: s.band, rating: s.rating })
      : "";
    return s.status === "waiting";
  };
  const poll = async () => {
    const s = await (await fetch("/api/league/queue")).json();
    if (show(s)) setTimeout(poll, 1500);
  };
  queue.onsubmit = async (e) => {
    e.preventDefault();
    askToNotify();
    if (show(await post("/api/league/queue", { rules: queue.rules.value }, "queue-error"))) setTimeout(poll, 1500);
  };
  leave.onclick = async () => show(await post("/api/league/queue/leave", {}, "queue-error"));
  poll();
}

// Challenges, kept live by a short poll of /api/league/challenges: a new challenge shows
// (and is told in a hidden tab), and when the player one challenged from this page
// accepts, the challenger is taken to the match's game.
const CHALLENGES_MS = 2000;
const challengeList = $("challenge-list");

function challengeLine(c, way) {
  const p = document.createElement("p");
  p.className = way === "in" ? "row challenge" : "row challenge muted";
  p.dataset.id = c.id; p.dataset.way = way;
  p.textContent = way === "in"
    ? _("{name} challenges you ({rules})", { name: c.from, rules: c.rules })
    : _("You challenged {name} ({rules})", { name: c.to, rules: c.rules });
  const answers = way === "in" ? [["accept", _("Accept")], ["decline", _("Decline")]] : [["decline", _("Cancel")]];
  for (const [answer, label] of answers) {
    const b = Object.assign(document.createElement("button"), { type: "button", textContent: label });
    b.dataset.challenge = c.id; b.dataset.answer = answer;
    p.append(" ", b);
  }
  return p;
}

function wireAnswers() {
  for (const b of document.querySelectorAll("button[data-challenge]")) {
    b.onclick = async () => {
      const r = await post(`/api/league/challenges/${b.dataset.challenge}/${b.dataset.answer}`, {}, $("challenge-error") ? "challenge-error" : null);
      if (r.match) location.href = r.match.url; else refreshChallenges();
    };
  }
}

const shownIds = (way) => new Set([...document.querySelectorAll(`#challenge-list [data-way="${way}"]`)].map((p) => Number(p.dataset.id)));
let waitingFor = challengeList ? shownIds("out") : new Set(); // sent from this page, not yet answered
let incoming = challengeList ? shownIds("in") : new Set();

async function refreshChallenges() {
  if (!challengeList) { location.reload(); return; } // a page that lists no challenges
  let data;
  try {
    const r = await fetch("/api/league/challenges");
    if (!r.ok) return;
    data = await r.json();
  } catch { return; /* offline: the next poll tries again */ }
  for (const c of data.answered || []) {
    if (!waitingFor.has(c.id)) continue;
    if (c.status === "accepted" && c.url) {
      notify(_("{name} accepted your challenge: your match begins.", { name: c.to }), { tag: "challenge", url: c.url });
      location.href = c.url;
      return;
    }
    $("challenge-news").textContent = _("{name} declined your challenge.", { name: c.to });
  }
  const lines = [];
  for (const c of data.incoming) {
    const line = challengeLine(c, "in");
    if (!incoming.has(c.id)) {
      line.classList.add("news");
      notify(_("{name} challenges you to a ranked match ({rules}).", { name: c.from, rules: c.rules }), { tag: `challenge-${c.id}`, url: "/" });
    }
    lines.push(line);
  }
  for (const c of data.outgoing) lines.push(challengeLine(c, "out"));
  challengeList.replaceChildren(...lines);
  incoming = new Set(data.incoming.map((c) => c.id));
  waitingFor = new Set(data.outgoing.map((c) => c.id));
  wireAnswers();
}

const challenge = $("challenge");
if (challenge) {
  challenge.onsubmit = async (e) => {
    e.preventDefault();
    askToNotify();
    await post("/api/league/challenges", { opponent: challenge.opponent.value, rules: challenge.rules.value }, "challenge-error");
    challenge.opponent.value = "";
    await refreshChallenges();
  };
}
wireAnswers();
if (challengeList) setInterval(refreshChallenges, CHALLENGES_MS);

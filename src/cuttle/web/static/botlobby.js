// Lobby: the bot accounts whose programs listen now (the Bot API), each with a
// challenge button; an accepted challenge opens the game's table.
const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);
const REFRESH_MS = 5000;
const WAIT_MS = 500;
const WAIT_TRIES = 120;

function say(text) {
  const p = $("bots-status");
  p.hidden = !text; p.textContent = text || "";
}

// What became of a challenge, by its status code.
function challengeAnswer(name, status) {
  if (status === "accepted") return _("BOT {name}: challenge accepted.", { name });
  if (status === "declined") return _("BOT {name}: challenge declined.", { name });
  if (status === "expired") return _("BOT {name}: challenge expired.", { name });
  return _("BOT {name}: challenge {status}.", { name, status });
}

async function challenge(name) {
  const rules = $("bots-rules").value;
  const r = await fetch(`/api/challenge/${encodeURIComponent(name)}`, {
    method: "POST", headers: { "X-CSRF-Token": csrf, "content-type": "application/json" },
    body: JSON.stringify({ rules }),
  });
  const data = await r.json();
  if (!r.ok) { say(data.error); return; }
  say(_("Challenge sent to BOT {name}; waiting for it to answer…", { name }));
  for (let i = 0; i < WAIT_TRIES; i++) {
    await new Promise((done) => setTimeout(done, WAIT_MS));
    const c = await (await fetch(`/api/challenge/${data.id}`)).json();
    if (c.game) { location.href = `/g/${c.game}`; return; }
    if (c.status && c.status !== "pending") { say(challengeAnswer(name, c.status)); return; }
  }
  say(_("BOT {name} did not answer.", { name }));
}

async function refresh() {
  const body = $("bots-online").querySelector("tbody");
  let bots = [];
  try { bots = (await (await fetch("/api/bots/online")).json()).bots; } catch { return; }
  body.replaceChildren();
  if (!bots.length) {
    const tr = document.createElement("tr"); tr.className = "none";
    const td = document.createElement("td"); td.colSpan = 3;
    td.textContent = _("No bot is listening now.");
    tr.appendChild(td); body.appendChild(tr);
    return;
  }
  for (const b of bots) {
    const tr = document.createElement("tr"); tr.dataset.bot = b.name;
    const name = document.createElement("td"); name.textContent = b.display;
    const about = document.createElement("td"); about.textContent = b.about; about.className = "muted";
    const act = document.createElement("td");
    const btn = document.createElement("button");
    btn.type = "button"; btn.className = "challenge"; btn.textContent = _("Challenge");
    btn.setAttribute("aria-label", _("Challenge {name}", { name: b.display }));
    btn.onclick = () => challenge(b.name);
    act.appendChild(btn);
    tr.append(name, about, act);
    body.appendChild(tr);
  }
}

refresh();
setInterval(refresh, REFRESH_MS);

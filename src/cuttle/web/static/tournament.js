// Tournaments: organise one, join from the lobby, and follow its pairings, standings and
// bracket live (the page polls /api/tournaments/{id} every 2 s and redraws its body when
// the tournament's `version` changes, as the league's bracket page does).
const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);

function showError(text) {
  const e = $("tournament-error");
  if (!e) return;
  e.hidden = false;
  e.textContent = text;
  e.scrollIntoView({ block: "nearest" }); // an error is seen where the button was pressed
}

async function post(url, body = {}) {
  const r = await fetch(url, {
    method: "POST",
    headers: { "X-CSRF-Token": csrf, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    showError(data.error || _("The request failed ({status}).", { status: r.status }));
    throw new Error(data.error);
  }
  return data;
}

// Start times are stored in UTC: show them in the reader's own time.
function localTimes(root) {
  for (const t of root.querySelectorAll("time[datetime]")) {
    const d = new Date(t.getAttribute("datetime"));
    if (!Number.isNaN(d.getTime())) {
      t.textContent = d.toLocaleString(document.documentElement.lang || undefined, {
        dateStyle: "medium", timeStyle: "short",
      });
    }
  }
}

function bindJoins(root) {
  for (const b of root.querySelectorAll("button[data-join]")) {
    b.onclick = async () => {
      b.disabled = true;
      try {
        const t = await post(`/api/tournaments/${b.dataset.join}/join`);
        location.href = t.url;
      } catch (e) { b.disabled = false; }
    };
  }
}

// The lobby's list: open and running tournaments, refreshed every 5 s.
const lobbyBox = $("lobby-tournament-box");
if (lobbyBox) {
  const refresh = async () => {
    try {
      const r = await fetch("/tournaments?fragment=1");
      if (r.ok) {
        lobbyBox.innerHTML = await r.text();
        localTimes(lobbyBox);
        bindJoins(lobbyBox);
      }
    } catch (e) { /* the next refresh tries again */ }
    setTimeout(refresh, 5000);
  };
  refresh();
}

// The tournaments page: the list and the form.
const list = $("tournament-list");
if (list && !lobbyBox) { localTimes(list); bindJoins(list); }
const form = $("tournament-form");
if (form) {
  const start = $("t-start");
  const pad = (n) => String(n).padStart(2, "0");
  const soon = new Date(Date.now() + 30 * 60 * 1000);
  soon.setMinutes(Math.ceil(soon.getMinutes() / 15) * 15, 0, 0);
  start.value = `${soon.getFullYear()}-${pad(soon.getMonth() + 1)}-${pad(soon.getDate())}T${pad(soon.getHours())}:${pad(soon.getMinutes())}`;
  const format = $("t-format");
  const rounds = $("t-rounds-label");
  const showRounds = () => { rounds.hidden = format.value !== "swiss"; };
  format.onchange = showRounds;
  showRounds();
  form.onsubmit = async (e) => {
    e.preventDefault();
    const when = new Date(start.value);
    if (Number.isNaN(when.getTime())) { showError(_("Choose the start time.")); return; }
    const body = {
      name: form.name.value, format: format.value, rules: form.rules.value,
      starts_at: when.toISOString(),
    };
    if (format.value === "swiss" && form.rounds.value) body.rounds = Number(form.rounds.value);
    const t = await post("/api/tournaments", body);
    location.href = t.url;
  };
}

// A tournament's page: the buttons, and the live body.
const box = $("tournament");
if (box) {
  const id = box.dataset.tournament;
  localTimes(document);
  for (const b of document.querySelectorAll("#t-actions button[data-action]")) {
    b.onclick = async () => {
      const body = b.dataset.action === "bots" ? { level: $("t-bot-level").value } : {};
      b.disabled = true;
      try {
        await post(`/api/tournaments/${id}/${b.dataset.action}`, body);
        location.reload();
      } catch (e) { b.disabled = false; }
    };
  }
  // The organiser decides a match whose player does not come (the buttons are redrawn
  // with the body: one listener on the box serves them all).
  box.addEventListener("click", async (e) => {
    const b = e.target.closest("button[data-forfeit]");
    if (!b) return;
    b.disabled = true;
    try {
      await post(`/api/tournaments/${id}/forfeit`, { match: Number(b.dataset.forfeit), winner: b.dataset.winner });
      box.dataset.version = ""; // redraw at the next poll
    } catch (err) { b.disabled = false; }
  });
  const poll = async () => {
    try {
      const r = await fetch(`/api/tournaments/${id}`);
      if (r.ok) {
        const t = await r.json();
        if (t.status !== box.dataset.status && box.dataset.status === "open") {
          location.reload(); // it started: the buttons change too
          return;
        }
        if (t.version !== box.dataset.version) {
          const html = await (await fetch(`/tournaments/${id}?fragment=1`)).text();
          box.innerHTML = html;
          box.dataset.version = t.version;
          box.dataset.status = t.status;
          localTimes(box);
        }
        if (t.status === "finished") return;
      }
    } catch (e) { /* the next poll tries again */ }
    setTimeout(poll, 2000);
  };
  setTimeout(poll, 2000);
}

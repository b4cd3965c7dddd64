// Lobby: quick play, game creation with rule sets, variants and seats, joining.
const csrf = document.querySelector('meta[name="csrf"]').content;
const $ = (id) => document.getElementById(id);
let options = null;

async function post(url, body) {
  const r = await fetch(url, {
    method: "POST", headers: { "X-CSRF-Token": csrf, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await r.json();
  if (!r.ok) { const e = $("lobby-error"); e.hidden = false; e.textContent = data.error; throw new Error(data.error); }
  return data;
}

function fillRules(select) {
  for (const [name, r] of Object.entries(options.rules)) {
    const o = document.createElement("option");
    o.value = name; o.textContent = `${name} (${r.min_players === r.max_players ? r.players : r.min_players + "–" + r.max_players} players)`;
    if (name === "standard") o.selected = true;
    select.appendChild(o);
  }
}

function levelSelect(value) {
  const s = document.createElement("select");
  for (const v of ["person", ...options.levels]) {
    const o = document.createElement("option");
    o.value = v; o.textContent = v === "person" ? "a person" : `bot: ${v}`;
    if (v === value) o.selected = true;
    s.appendChild(o);
  }
  return s;
}

function refreshCreate() {
  const r = options.rules[$("create-rules").value];
  $("rules-desc").textContent = r.description;
  const ps = $("create-players");
  const keep = Number(ps.value) || r.players;
  ps.replaceChildren();
  for (let k = r.min_players; k <= r.max_players; k++) {
    const o = document.createElement("option");
    o.value = k; o.textContent = k; if (k === Math.min(Math.max(keep, r.min_players), r.max_players)) o.selected = true;
    ps.appendChild(o);
  }
  refreshSeats();
}

function refreshSeats() {
  const count = Number($("create-players").value);
  const box = $("create-seats");
  box.querySelectorAll(".seat-row").forEach((x) => x.remove());
  for (let i = 0; i < count; i++) {
    const row = document.createElement("div");
    row.className = "seat-row row";
    const radio = Object.assign(document.createElement("input"), { type: "radio", name: "my-seat", value: i, checked: i === 0 });
    radio.setAttribute("aria-label", `sit in seat p${i}`);
    const sel = levelSelect(i === 0 ? "person" : "easy");
    sel.className = "seat-kind";
    sel.setAttribute("aria-label", `seat p${i}`);
    row.append(radio, document.createTextNode(` p${i} `), sel);
    box.appendChild(row);
  }
}

async function init() {
  options = await (await fetch("/api/options")).json();
  fillRules($("quick-rules"));
  fillRules($("create-rules"));
  for (const [name, desc] of Object.entries(options.variants)) {
    const l = document.createElement("label");
    l.className = "variant";
    l.innerHTML = `<input type="checkbox" value="${name}"> ${name} <small>${desc}</small>`;
    $("create-variants").appendChild(l);
  }
  $("create-rules").onchange = refreshCreate;
  $("create-players").onchange = refreshSeats;
  refreshCreate();
}

$("quick").onsubmit = async (e) => {
  e.preventDefault();
  const g = await post("/api/quickplay", { level: $("quick-level").value, rules: $("quick-rules").value });
  location.href = g.url;
};
$("create").onsubmit = async (e) => {
  e.preventDefault();
  const seats = [...document.querySelectorAll(".seat-kind")].map((s) =>
    s.value === "person" ? { kind: "human" } : { kind: "bot", level: s.value });
  const mine = document.querySelector('input[name="my-seat"]:checked');
  const g = await post("/api/games", {
    rules: $("create-rules").value, players: Number($("create-players").value), seats,
    my_seat: mine ? Number(mine.value) : null, private: $("create-private").checked,
    ranked: $("create-ranked") ? $("create-ranked").checked : false,
    variants: [...document.querySelectorAll("#create-variants input:checked")].map((x) => x.value),
    time_control: $("create-clock").value || null,
  });
  location.href = g.url;
};
for (const b of document.querySelectorAll("button.join")) {
  b.onclick = async () => { const g = await post(`/api/games/${b.dataset.game}/join`, {}); location.href = g.url; };
}
init();

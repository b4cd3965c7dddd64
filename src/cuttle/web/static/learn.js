// The lessons: the index's ticks and one lesson's steps. Each step shows the learner's
// seat view (renderBoard), pulses the cards to click, and sends the chosen move to the
// server, which checks it against the engine. Progress lives in localStorage.
import { renderBoard } from "./board.js";
import { shortName } from "./cards.js";

const $ = (id) => document.getElementById(id);
const KEY = "cuttle-lessons";

function progress() {
  try { return JSON.parse(localStorage.getItem(KEY) || "{}"); } catch { return {}; }
}

function remember(slug, done) {
  const p = progress();
  p[slug] = Math.max(p[slug] || 0, done);
  localStorage.setItem(KEY, JSON.stringify(p));
}

// The index: a tick beside every finished lesson.
function showTicks() {
  const p = progress();
  for (const li of document.querySelectorAll("[data-lesson]")) {
    const done = (p[li.dataset.lesson] || 0) >= Number(li.dataset.steps);
    li.classList.toggle("done", done);
    const tick = li.querySelector(".tick");
    if (tick) tick.textContent = done ? "✓" : "";
    if (tick) tick.setAttribute("aria-label", done ? _("finished") : "");
  }
}

// A move's words on its action button.
function label(move) {
  const [verb, ...rest] = move.split(" ");
  const [card, target] = rest.filter((w) => /^[A2-9TJQK][CDHS]$/.test(w)).map(shortName);
  switch (verb) {
    case "draw": return _("Draw a card");
    case "resolve": return _("Resolve");
    case "points": return _("Points ({card})", { card });
    case "scuttle": return _("Scuttle {target} with {card}", { card, target });
    case "royal": return _("Play {card} as a royal", { card });
    case "jack": return _("Jack {card} on {target}", { card, target });
    case "oneoff": return target ? _("One-off {card} on {target}", { card, target }) : _("One-off {card}", { card });
    case "counter": return _("Counter with {card}", { card });
    default: return move;
  }
}

let lesson = null;
let index = 0;
let picked = null;
let busy = false;

function movesOf(card) {
  const step = lesson.steps[index];
  return step.legal.filter((m) => m.split(" ")[1] === card);
}

function drawStep() {
  const step = lesson.steps[index];
  $("learn-step").textContent = _("Step {n} of {total}", { n: index + 1, total: lesson.steps.length });
  $("learn-task").textContent = step.instruction;
  const meta = { names: [_("Learner"), _("opponent")], scores: step.scores, goals: step.goals, status: "playing" };
  const hooks = {
    card(c, where, node) {
      if (step.highlight.includes(c)) node.classList.add("learn-pulse");
      if (c === picked && where === "hand") node.classList.add("selected");
      node.tabIndex = 0;
      node.setAttribute("role", "button");
      const go = () => clickCard(c, where);
      node.onclick = go;
      node.onkeydown = (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(); } };
    },
    seat(s, box) {
      if (s !== 0) return;
      box.classList.add("learn-target");
      if (picked && step.expected.includes(`points ${picked}`)) box.classList.add("learn-pulse");
      box.addEventListener("click", (ev) => { if (!ev.target.closest(".card") && picked) send(`points ${picked}`); });
    },
  };
  renderBoard($("board"), step.view, meta, 0, hooks, {});
  drawActions();
}

function drawActions() {
  const step = lesson.steps[index];
  const list = picked ? movesOf(picked) : step.legal.filter((m) => !m.includes(" ") || m.startsWith("counter"));
  $("learn-actions").replaceChildren(...list.map((m) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.move = m;
    b.textContent = label(m);
    if (step.expected.includes(m)) b.classList.add("learn-pulse");
    b.onclick = () => send(m);
    return b;
  }));
}

function clickCard(card, where) {
  if (busy) return;
  // A card of one's own to play: in the hand, or revealed by a seven.
  if (where === "hand" || (movesOf(card).length && !(picked && where === "field"))) {
    picked = picked === card ? null : card;
    drawStep();
    return;
  }
  if (!picked) return;
  // A card aimed at: the lesson's move if it is one, else a scuttle or a jack.
  const aimed = movesOf(picked).filter((m) => m.split(" ")[2] === card);
  const step = lesson.steps[index];
  const chosen = aimed.find((m) => step.expected.includes(m)) || aimed.find((m) => /^(scuttle|jack) /.test(m));
  if (chosen) send(chosen);
}

async function send(move) {
  if (busy) return;
  busy = true;
  const out = $("learn-result");
  try {
    const resp = await fetch(`/api/lessons/${lesson.slug}/${index}/check?move=${encodeURIComponent(move)}`);
    const data = await resp.json().catch(() => ({}));
    if (!resp.ok) { out.className = "learn-result bad"; out.textContent = data.detail || resp.statusText; return; }
    out.className = data.right ? "learn-result good" : "learn-result bad";
    out.textContent = data.right ? data.text : _("{why} Try again.", { why: data.text });
    picked = null;
    if (data.right) {
      remember(lesson.slug, index + 1);
      const meta = { names: [_("Learner"), _("opponent")], scores: data.after.scores, goals: data.after.goals, status: "playing" };
      renderBoard($("board"), data.after.view, meta, 0, {}, {});
      $("learn-actions").replaceChildren();
      const next = document.createElement(index + 1 < lesson.steps.length ? "button" : "a");
      next.id = "learn-next";
      if (index + 1 < lesson.steps.length) {
        next.type = "button";
        next.textContent = _("Next");
        next.onclick = () => { index += 1; out.textContent = ""; drawStep(); };
      } else {
        next.href = "/learn";
        next.className = "button";
        next.textContent = _("Lesson complete: back to the lessons");
      }
      $("learn-actions").appendChild(next);
      next.focus();
    } else {
      drawStep();
    }
  } finally {
    busy = false;
  }
}

async function start() {
  const root = $("learn-root");
  if (!root) { showTicks(); return; }
  const resp = await fetch(`/api/lessons/${root.dataset.lesson}`);
  lesson = await resp.json();
  drawStep();
}

start();

// The engine review of a finished game on the replay page (issue 28): asks for it, shows
// its progress, draws the win-chance graph (inline SVG), marks the moves (?! ? ??), the
// accuracy of each player, and the best move on the board for a marked move.
// replay.js calls attachAnalysis(...) once its data is loaded, then show(i) after every
// position it draws. Words come from static/i18n.js's _() / _n() (the `review` catalog).
import { renderBoard } from "./board.js";
import { el } from "./cards.js";

function fill(msg, params) {
  return String(msg).replace(/\{(\w+)(?::[^}]*)?\}/g, (m, k) => (params && k in params ? String(params[k]) : m));
}
// static/i18n.js defines the globals; without it (an old page) English with the fields filled.
const _ = typeof globalThis._ === "function" ? globalThis._ : fill;
const _n = typeof globalThis._n === "function" ? globalThis._n
  : (one, many, n, params) => fill(n === 1 ? one : many, { n, ...params });

const POLL_MS = 1000;
const SVG = "http://www.w3.org/2000/svg";
const SYMBOLS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const MARKS = ["inaccuracy", "mistake", "blunder"];
const CARD = /\b(?:[A2-9TJQK][CDHS]|X[12])\b/g;

/** The mark's name in the reader's language. */
function markName(mark) {
  return { inaccuracy: _("Inaccuracy"), mistake: _("Mistake"), blunder: _("Blunder") }[mark] || mark;
}

function pct(v) { return Math.round(v * 100); }

function svgEl(tag, attrs, cls) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (cls) node.setAttribute("class", cls);
  return node;
}

function symEl(mark) {
  const s = el("span", `an-sym mark-${mark}`, SYMBOLS[mark]);
  s.title = markName(mark);
  return s;
}

/**
 * Attach the review panel (templates/analysis_panel.html) of game `gid` to the replay:
 * `data` is the replay's JSON (names, lines, positions), `me` the viewer's seat, `step(i)`
 * shows position i, `board` and `log` the replay's board and move list.
 * Returns `{ show(i) }`, to call after the replay draws position i.
 */
export function attachAnalysis({ gid, data, me, step, board, log }) {
  const $ = (id) => document.getElementById(id);
  const panel = $("analysis");
  if (!panel) return { show() {} };
  let review = null;
  let byPly = new Map();
  let at = 0;
  let timer = null;
  const name = (s) => (data.names && data.names[s]) || `p${s}`;

  $("an-title").textContent = _("Engine analysis");
  const button = $("an-request");
  button.textContent = _("Request analysis");
  button.onclick = request;
  $("an-best-show").onclick = showBest;

  function status(text) { $("an-status").textContent = text; }

  function csrf() {
    const m = document.querySelector('meta[name="csrf"]');
    return m ? m.content : "";
  }

  async function request() {
    button.disabled = true;
    try {
      const r = await fetch(`/api/games/${gid}/analysis`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": csrf() },
        body: "{}",
      });
      const body = await r.json();
      if (!r.ok) { status(body.error || _("The analysis could not be requested.")); button.disabled = false; return; }
      update(body);
    } catch (e) {
      status(_("The analysis could not be requested.")); button.disabled = false;
    }
  }

  async function poll() {
    timer = null;
    try {
      const r = await fetch(`/api/games/${gid}/analysis`);
      const body = await r.json();
      if (!r.ok) { status(body.error || ""); return; }
      update(body);
    } catch (e) {
      timer = setTimeout(poll, POLL_MS * 3); // the site is away for a moment: try again
    }
  }

  function update(state) {
    const progress = $("an-progress");
    panel.dataset.status = state.status;
    button.hidden = !(state.status === "none" || state.status === "failed");
    button.disabled = false;
    progress.hidden = !(state.status === "queued" || state.status === "running");
    if (state.status === "none") status(_("No engine analysis of this game yet."));
    else if (state.status === "failed") {
      status(_("The analysis failed. You may ask again."));
      button.textContent = _("Try again");
    } else if (state.status === "queued") status(_("Waiting for an analysis worker…"));
    else if (state.status === "running") {
      const { done, total } = state.progress;
      progress.max = Math.max(1, total);
      progress.value = done;
      status(total ? _("Analysing: {done} of {total} moves", { done, total }) : _("Analysing…"));
    }
    if (state.status === "queued" || state.status === "running") {
      if (timer === null) timer = setTimeout(poll, POLL_MS);
      return;
    }
    if (state.status === "done" && state.review) {
      review = state.review;
      byPly = new Map(review.plies.map((p) => [p.ply, p]));
      status("");
      drawAccuracy();
      drawLegend();
      show(at);
    }
  }

  function drawGraph() {
    const box = $("an-graph");
    box.replaceChildren();
    const series = review.series || [];
    if (series.length < 2) return;
    const W = 300, H = 110, last = series.length - 1;
    const x = (k) => (k / last) * W;
    const y = (v) => (1 - v) * H;
    const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, role: "img" });
    const title = svgEl("title", {});
    title.textContent = _("{name}'s chance to win, move by move", { name: name(0) });
    svg.appendChild(title);
    svg.appendChild(svgEl("rect", { x: 0, y: 0, width: W, height: H }, "an-back"));
    const pts = series.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`);
    svg.appendChild(svgEl("path", { d: `M0,${H} L${pts.join(" L")} L${W},${H} Z` }, "an-area0"));
    svg.appendChild(svgEl("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2 }, "an-mid"));
    svg.appendChild(svgEl("path", { d: `M${pts.join(" L")}` }, "an-line"));
    svg.appendChild(svgEl("line", { x1: x(at), y1: 0, x2: x(at), y2: H }, "an-cursor"));
    for (const p of review.plies) {
      if (!p.mark || p.ply > last) continue;
      const dot = svgEl("circle", { cx: x(p.ply), cy: y(series[p.ply]), r: 4 }, `an-${p.mark}`);
      dot.dataset.ply = p.ply;
      const t = svgEl("title", {});
      t.textContent = _("Move {n}: {mark}", { n: p.ply, mark: markName(p.mark) });
      dot.appendChild(t);
      svg.appendChild(dot);
    }
    svg.onclick = (e) => {
      const r = svg.getBoundingClientRect();
      step(Math.round(((e.clientX - r.left) / Math.max(1, r.width)) * last));
    };
    box.appendChild(svg);
  }

  function drawAccuracy() {
    const table = $("an-accuracy");
    table.replaceChildren();
    const head = el("tr");
    head.append(el("th", "", _("Player")), el("th", "", _("Accuracy")));
    for (const m of MARKS) { const th = el("th"); th.appendChild(symEl(m)); head.appendChild(th); }
    table.appendChild(head);
    (review.accuracy || []).forEach((acc, s) => {
      const row = el("tr");
      row.dataset.seat = s;
      const counts = (review.marks && review.marks[s]) || {};
      row.append(el("td", "", name(s)), el("td", "an-acc", acc === null ? "–" : _("{accuracy}%", { accuracy: Number(acc).toFixed(1) })));
      for (const m of MARKS) row.appendChild(el("td", "", String(counts[m] || 0)));
      table.appendChild(row);
    });
    table.hidden = false;
  }

  function drawLegend() {
    const legend = $("an-legend");
    legend.replaceChildren();
    for (const m of MARKS) {
      const item = el("span", "an-key");
      item.append(symEl(m), document.createTextNode(markName(m)));
      legend.appendChild(item);
    }
    legend.hidden = false;
  }

  function markMoves() {
    log.querySelectorAll("li").forEach((li, k) => {
      const p = byPly.get(k + 1);
      if (!p || !p.mark) return;
      li.classList.add(`mark-${p.mark}`);
      li.dataset.mark = p.mark;
      const b = li.querySelector("button");
      if (!b || b.querySelector(".an-sym")) return;
      b.setAttribute("aria-label", `${b.textContent} (${markName(p.mark)})`);
      b.appendChild(symEl(p.mark)); // at the end of the move's words
    });
  }

  function showBestText(i) {
    const box = $("an-best");
    const p = i > 0 ? byPly.get(i) : null;
    if (!p || !p.mark || !p.best) { box.hidden = true; return; }
    box.className = `an-best mark-${p.mark}`;
    $("an-best-text").textContent = _(
      "{mark}: {who} played {move} ({after}% to win). Best was {best} ({chance}%).",
      { mark: markName(p.mark), who: name(p.seat), move: p.move, after: pct(p.after), best: p.best, chance: pct(p.best_chance) },
    );
    $("an-best-show").textContent = _("Show the best move on the board");
    box.hidden = false;
  }

  // The position before the marked move, with the best move's cards picked out.
  function showBest() {
    const p = byPly.get(at);
    if (!p || !p.best) return;
    const k = at - 1;
    const meta = { ...data, scores: data.scores_at[k], goals: data.goals_at[k] };
    const compact = window.matchMedia("(max-width: 760px)").matches && data.positions[k].hands.length >= 3;
    renderBoard(board, data.positions[k], meta, me, { showScrap: true }, { compact });
    const cards = p.best.match(CARD) || [];
    for (const c of cards) for (const node of board.querySelectorAll(`.card[data-card="${c}"]`)) node.classList.add("an-best-card");
    if (/^draw\b/.test(p.best)) { const deck = board.querySelector("#deck"); if (deck) deck.classList.add("an-best-card"); }
    const caption = el("p", "an-caption", _("Before move {n}: the best move was {best}.", { n: at, best: p.best }));
    caption.id = "an-caption";
    board.prepend(caption);
    const first = board.querySelector(".an-best-card");
    if (first && first.scrollIntoView) first.scrollIntoView({ block: "nearest" });
    const back = $("an-best-show");
    back.textContent = _("Back to the move played");
    back.onclick = () => { back.onclick = showBest; step(at); };
  }

  function show(i) {
    at = i;
    if (!review) return;
    $("an-best-show").onclick = showBest;
    drawGraph();
    markMoves();
    showBestText(i);
  }

  poll();
  return { show };
}

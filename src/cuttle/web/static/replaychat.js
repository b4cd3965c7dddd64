// The players' chat of a finished game, under its replay (names and text as text only).
import { chatLine, mutedNames } from "./chat.js";

const root = document.getElementById("replay-root");
const box = document.getElementById("replay-chat");

async function init() {
  const r = await fetch(`/api/games/${root.dataset.game}/replay`);
  if (!r.ok) return;
  const data = await r.json();
  const muted = mutedNames();
  const list = document.createElement("ol");
  list.className = "chat-log";
  list.id = "replay-chat-log";
  const shown = (data.chat || []).filter((m) => !muted.has(m.name));
  list.append(...shown.map((m) => chatLine(m, null)));
  const h = document.createElement("h3");
  h.textContent = shown.length ? _("Players' chat") : _("Players' chat (none)");
  box.replaceChildren(h, list);
}
if (root && box) init();

// Telling a player who looks elsewhere: when this tab is hidden and something needs them
// (their move at a table, a challenge in the lobby), a system notification where the
// player allowed them, and the tab's title flashing the news until they come back.
const FLASH_MS = 1000;
const plainTitle = document.title;
let flashing = null;

function stopFlashing() {
  if (flashing !== null) clearInterval(flashing);
  flashing = null;
  document.title = plainTitle;
}

function flashTitle(text) {
  stopFlashing();
  let news = true;
  document.title = text;
  flashing = setInterval(() => {
    news = !news;
    document.title = news ? text : plainTitle;
  }, FLASH_MS);
}

document.addEventListener("visibilitychange", () => { if (!document.hidden) stopFlashing(); });

// Ask for the notification permission; call it from a click (browsers ignore it otherwise).
export function askToNotify() {
  if ("Notification" in window && Notification.permission === "default") {
    Notification.requestPermission().catch(() => null);
  }
}

// Tell `text` if the tab is hidden (a notification if permitted, and the title); clicking
// the notification brings the tab forward and, with `url`, goes there. Whether it told.
export function notify(text, { tag = "cuttle", url = null } = {}) {
  if (!document.hidden) return false;
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification("Cuttle", { body: text, tag, icon: "/static/icon-192.png" });
      n.onclick = () => { window.focus(); if (url) location.href = url; n.close(); };
    } catch { /* a browser that only notifies from a service worker: the title still flashes */ }
  }
  flashTitle(text);
  return true;
}

// At a table: "Your move" once the turn comes to this player while the tab is hidden
// (table.js hands every server message to `cuttle:message` events on #table-root).
const table = document.getElementById("table-root");
if (table) {
  let mine = null; // unknown until the first message: no news for the position one opens
  table.addEventListener("cuttle:message", (e) => {
    const m = e.detail;
    if (!m || (m.t !== "state" && m.t !== "event") || !Array.isArray(m.legal)) return;
    const now = m.legal.length > 0 && !m.result;
    if (now && mine === false) notify(_("Your move"), { tag: "your-move" });
    mine = now;
  });
}

// Chat at the table: the players' channel for seated players, the spectators' channel for
// everyone else (the server never crosses them). Every message is shown with textContent,
// never as HTML. A user muted here (stored in localStorage) is hidden on this browser.
// The table (table.js) hands every server message to `cuttle:message` events on
// #table-root and sends what it gets as `cuttle:send` events.
const MUTE_KEY = "cuttle-muted";
const MAX_CHARS = 300;

export function mutedNames() {
  try {
    const list = JSON.parse(localStorage.getItem(MUTE_KEY) || "[]");
    return new Set(Array.isArray(list) ? list.filter((x) => typeof x === "string") : []);
  } catch { return new Set(); }
}

function saveMuted(set) { localStorage.setItem(MUTE_KEY, JSON.stringify([...set])); }

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

// One message as a list item: the sender's name, the text, and (unless `onMute` is null)
// a button that mutes the sender.
export function chatLine(m, onMute) {
  const li = el("li", "chat-msg");
  li.dataset.name = m.name;
  const who = el("span", "chat-name", m.seat === null || m.seat === undefined ? m.name : `${m.name} (p${m.seat})`);
  const text = el("span", "chat-text", m.text);
  li.append(who, document.createTextNode(": "), text);
  if (onMute) {
    const b = el("button", "link chat-mute", _("mute"));
    b.type = "button";
    b.title = _("Hide messages from {name} on this browser", { name: m.name });
    b.setAttribute("aria-label", _("mute {name}", { name: m.name }));
    b.onclick = () => onMute(m.name);
    li.append(" ", b);
  }
  return li;
}

function setupTable(root, panel) {
  let channel = null;
  let messages = [];
  let myName = root.dataset.me || null; // the viewer's name, seated or watching: no mute on one's own lines
  let muted = mutedNames();

  const title = el("h3", "chat-title", _("Chat"));
  const list = el("ol", "chat-log");
  list.id = "chat-log";
  list.setAttribute("aria-live", "polite");
  const mutedLine = el("p", "chat-muted muted");
  const form = el("form", "row chat-form");
  const input = el("input");
  input.id = "chat-input";
  input.maxLength = MAX_CHARS;
  input.autocomplete = "off";
  input.placeholder = _("Say something…");
  input.setAttribute("aria-label", _("chat message"));
  const button = el("button", "", _("Send"));
  button.type = "submit";
  button.id = "chat-send";
  form.append(input, button);
  const error = el("p", "error chat-error");
  error.id = "chat-error";
  error.setAttribute("role", "alert");
  panel.append(title, list, mutedLine, form, error);

  function mute(name) { muted.add(name); saveMuted(muted); render(); }
  function unmute(name) { muted.delete(name); saveMuted(muted); render(); }

  function render() {
    title.textContent = channel === "spectators" ? _("Chat (spectators)") : _("Chat (players)");
    list.replaceChildren(...messages.filter((m) => !muted.has(m.name))
      .map((m) => chatLine(m, m.name === myName ? null : mute)));
    list.scrollTop = list.scrollHeight;
    mutedLine.replaceChildren();
    if (muted.size) {
      mutedLine.append(_("Muted:"), " ");
      for (const name of muted) {
        const b = el("button", "link", `${name} ✕`);
        b.type = "button";
        b.setAttribute("aria-label", _("unmute {name}", { name }));
        b.onclick = () => unmute(name);
        mutedLine.append(b, " ");
      }
    }
  }

  root.addEventListener("cuttle:message", (e) => {
    const m = e.detail;
    if (m.t === "state") {
      if (m.seat !== null && m.players && m.players[m.seat]) { myName = m.players[m.seat].name; render(); }
    } else if (m.t === "chat_log") {
      channel = m.channel; messages = m.messages; render();
    } else if (m.t === "chat") {
      if (m.channel !== channel) return;
      messages.push(m);
      if (messages.length > 200) messages = messages.slice(-200);
      error.textContent = "";
      render();
    } else if (m.t === "error" && m.about === "chat") {
      error.textContent = m.error;
    }
  });

  form.onsubmit = (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (text.length > MAX_CHARS) { error.textContent = _("At most {n} characters.", { n: MAX_CHARS }); return; }
    root.dispatchEvent(new CustomEvent("cuttle:send", { detail: { t: "chat", text } }));
    input.value = "";
  };
  window.addEventListener("storage", (e) => { if (e.key === MUTE_KEY) { muted = mutedNames(); render(); } });
  render();
}

const root = document.getElementById("table-root");
const panel = document.getElementById("chat-panel");
if (root && panel) setupTable(root, panel);

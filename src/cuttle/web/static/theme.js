// Themes (issue 26): light or dark (the reader's choice, else the system's
// prefers-color-scheme), a two- or four-colour deck, and the card backs; remembered in
// localStorage and set on <html> as data-theme, data-deck and data-back for theme.css.
//
// A classic script loaded in <head> after i18n.js, so that the page is drawn in its theme
// from the first paint; once the page is parsed it fills the header's #theme-menu with a
// disclosure of three radio groups.
(function () {
  "use strict";
  const root = document.documentElement;
  const dark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  // static/i18n.js (loaded just before) defines _(); the English words without it.
  const _ = typeof window._ === "function" ? window._ : (msg) => msg;
  const CHOICES = {
    theme: { key: "cuttle.theme", values: ["auto", "light", "dark"], fallback: "auto" },
    deck: { key: "cuttle.deck", values: ["two", "four"], fallback: "two" },
    back: { key: "cuttle.back", values: ["red", "blue", "green"], fallback: "red" },
  };

  function read(name) {
    const c = CHOICES[name];
    let v = null;
    try { v = localStorage.getItem(c.key); } catch (e) { /* storage off: the default */ }
    return c.values.includes(v) ? v : c.fallback;
  }

  function write(name, value) {
    try { localStorage.setItem(CHOICES[name].key, value); } catch (e) { /* not remembered */ }
  }

  function apply() {
    const theme = read("theme");
    root.dataset.theme = theme === "auto" ? (dark && dark.matches ? "dark" : "light") : theme;
    root.dataset.deck = read("deck");
    root.dataset.back = read("back");
  }

  apply();
  if (dark && dark.addEventListener) dark.addEventListener("change", apply);
  window.addEventListener("storage", apply); // chosen in another tab

  // The words of each choice (one message each, in the page's language).
  function words() {
    return {
      theme: [_("Colours"), { auto: _("As the system"), light: _("Light"), dark: _("Dark") }],
      deck: [_("Deck"), { two: _("Two colours"), four: _("Four colours (♦ blue, ♣ green)") }],
      back: [_("Card backs"), { red: _("Red"), blue: _("Blue"), green: _("Green") }],
    };
  }

  function menu(host) {
    const details = document.createElement("details");
    details.className = "thememenu";
    details.id = "theme-details";
    const summary = document.createElement("summary");
    summary.innerHTML = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">'
      + '<path d="M12 3a9 9 0 1 0 0 18z" fill="currentColor"/>'
      + '<circle cx="12" cy="12" r="8.2" fill="none" stroke="currentColor" stroke-width="1.6"/></svg>';
    const label = document.createElement("span");
    label.textContent = _("Theme");
    summary.appendChild(label);
    const box = document.createElement("div");
    box.className = "theme-opts";
    const w = words();
    for (const name of Object.keys(CHOICES)) {
      const set = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = w[name][0];
      set.appendChild(legend);
      for (const value of CHOICES[name].values) {
        const lab = document.createElement("label");
        const input = document.createElement("input");
        input.type = "radio";
        input.name = `theme-${name}`;
        input.value = value;
        input.id = `theme-${name}-${value}`;
        input.checked = read(name) === value;
        input.onchange = () => { write(name, value); apply(); };
        lab.append(input, document.createTextNode(w[name][1][value]));
        set.appendChild(lab);
      }
      box.appendChild(set);
    }
    details.append(summary, box);
    host.replaceChildren(details);
    // Closed by Escape (focus back on the summary) or a click elsewhere.
    details.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && details.open) { details.open = false; summary.focus(); }
    });
    document.addEventListener("click", (e) => { if (!details.contains(e.target)) details.open = false; });
  }

  function start() {
    const host = document.getElementById("theme-menu");
    if (host) menu(host);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();

// The table's words in the reader's language (issue 27).
//
// base.html embeds the `table` catalog of the page's language as
//   <script id="i18n-catalog" type="application/json">{"lang", "plural", "messages"}</script>
// where `messages` maps each English source (or "context\u0004source") to its translation:
// a string, or a list of plural forms; `plural` is the language's C plural expression
// (such as "(n != 1)"). This classic script (loaded before the modules) defines the globals
//   _(msg, params)                      the message in the page's language
//   _n(singular, plural, n, params)     the form for n (params.n defaults to n)
//   _p(context, msg, params)            a message told apart from the same words elsewhere
// each filling `{name}` placeholders from params ("{{" and "}}" stand for braces; a format
// spec after a colon, "{card:acc}", is read as the bare name). No catalog, a malformed one,
// or a message it lacks: the English source.
//
// The plural expression is compiled by a small parser that knows only `n`, whole numbers,
// parentheses and the C operators a plural rule uses (! * / % + - < <= > >= == != && || ?:);
// anything else falls back to English's rule. Nothing in the catalog is ever evaluated as code.
(function (global) {
  "use strict";

  function englishPlural(n) {
    return n === 1 ? 0 : 1;
  }

  // Tokens of a plural expression: numbers, `n`, operators and parentheses.
  function tokenize(text) {
    const tokens = [];
    const pattern = /\s*(\d+|n|&&|\|\||==|!=|<=|>=|[<>!%*/+\-?:()])/y;
    let at = 0;
    while (at < text.length) {
      if (/^\s*$/.test(text.slice(at))) break;
      pattern.lastIndex = at;
      const match = pattern.exec(text);
      if (!match) throw new Error("bad plural expression at " + at);
      tokens.push(match[1]);
      at = pattern.lastIndex;
    }
    return tokens;
  }

  const BINARY = [
    ["||"],
    ["&&"],
    ["==", "!="],
    ["<", "<=", ">", ">="],
    ["+", "-"],
    ["*", "/", "%"],
  ];

  function apply(op, a, b) {
    switch (op) {
      case "||": return a || b ? 1 : 0;
      case "&&": return a && b ? 1 : 0;
      case "==": return a === b ? 1 : 0;
      case "!=": return a !== b ? 1 : 0;
      case "<": return a < b ? 1 : 0;
      case "<=": return a <= b ? 1 : 0;
      case ">": return a > b ? 1 : 0;
      case ">=": return a >= b ? 1 : 0;
      case "+": return a + b;
      case "-": return a - b;
      case "*": return a * b;
      case "/": return b === 0 ? 0 : Math.trunc(a / b);
      default: return b === 0 ? 0 : a % b;
    }
  }

  // Compile a C plural expression into a function of n (throws on anything else).
  function compilePlural(text) {
    const tokens = tokenize(String(text));
    let pos = 0;
    const peek = () => tokens[pos];
    const take = (expected) => {
      const token = tokens[pos];
      if (expected !== undefined && token !== expected) {
        throw new Error("expected " + expected + " in plural expression");
      }
      pos += 1;
      return token;
    };

    function ternary() {
      const cond = binary(0);
      if (peek() !== "?") return cond;
      take("?");
      const yes = ternary();
      take(":");
      const no = ternary();
      return (n) => (cond(n) ? yes(n) : no(n));
    }

    function binary(level) {
      if (level === BINARY.length) return unary();
      let left = binary(level + 1);
      while (BINARY[level].includes(peek())) {
        const op = take();
        const right = binary(level + 1);
        const l = left;
        left = (n) => apply(op, l(n), right(n));
      }
      return left;
    }

    function unary() {
      const token = peek();
      if (token === "!") {
        take();
        const inner = unary();
        return (n) => (inner(n) ? 0 : 1);
      }
      if (token === "-") {
        take();
        const inner = unary();
        return (n) => -inner(n);
      }
      return primary();
    }

    function primary() {
      const token = take();
      if (token === "(") {
        const inner = ternary();
        take(")");
        return inner;
      }
      if (token === "n") return (n) => n;
      if (token !== undefined && /^\d+$/.test(token)) {
        const value = Number(token);
        return () => value;
      }
      throw new Error("unexpected " + token + " in plural expression");
    }

    const rule = ternary();
    if (pos !== tokens.length) throw new Error("trailing text in plural expression");
    return (n) => {
      const index = Number(rule(Math.abs(Math.trunc(Number(n) || 0))));
      return Number.isFinite(index) ? index : 0;
    };
  }

  function readCatalog() {
    const empty = { lang: "en", plural: englishPlural, messages: {} };
    const doc = global.document;
    const node = doc && doc.getElementById ? doc.getElementById("i18n-catalog") : null;
    if (!node) return empty;
    try {
      const data = JSON.parse(node.textContent || "{}");
      const messages =
        data && typeof data.messages === "object" && data.messages !== null ? data.messages : {};
      let plural = englishPlural;
      try {
        if (data.plural) plural = compilePlural(data.plural);
      } catch (err) {
        plural = englishPlural;
      }
      return { lang: String(data.lang || "en"), plural: plural, messages: messages };
    } catch (err) {
      return empty;
    }
  }

  let catalog = readCatalog();

  // Fill "{name}" from params ("{{"/"}}" are literal braces; unknown names stay as written).
  function fill(text, params) {
    return String(text).replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)(?::[^{}]*)?\}/g, (all, name) => {
      if (all === "{{") return "{";
      if (all === "}}") return "}";
      if (params && Object.prototype.hasOwnProperty.call(params, name)) {
        const value = params[name];
        return value === null || value === undefined ? "" : String(value);
      }
      return all;
    });
  }

  function lookup(key) {
    const value = Object.prototype.hasOwnProperty.call(catalog.messages, key)
      ? catalog.messages[key]
      : undefined;
    return value;
  }

  function gettext(msg, params) {
    const found = lookup(msg);
    const text = typeof found === "string" && found ? found : Array.isArray(found) && found[0] ? found[0] : msg;
    return fill(text, params);
  }

  function ngettext(singular, plural, n, params) {
    const values = Object.assign({ n: n }, params || {});
    const found = lookup(singular);
    if (Array.isArray(found) && found.length) {
      const index = catalog.plural(n);
      const form = found[Math.min(Math.max(index, 0), found.length - 1)];
      if (form) return fill(form, values);
    }
    return fill(englishPlural(Number(n)) === 0 ? singular : plural, values);
  }

  function pgettext(context, msg, params) {
    const found = lookup(context + "\u0004" + msg);
    return fill(typeof found === "string" && found ? found : msg, params);
  }

  global._ = gettext;
  global._n = ngettext;
  global._p = pgettext;
  global.cuttleI18n = {
    // The page's language code ("en" without a catalog).
    lang: () => catalog.lang,
    // Read the embedded catalog again (after a page swaps it in).
    reload: () => {
      catalog = readCatalog();
      return catalog.lang;
    },
    compilePlural: compilePlural,
    fill: fill,
  };
})(typeof window !== "undefined" ? window : globalThis);

"""The catalogs kept with Babel: extraction, update, compilation and the parity check.

``python -m cuttle.i18n messages`` extracts every domain's messages from its sources
(:data:`SOURCES`) into ``locale/<domain>.pot`` and merges them into each language's
``.po`` (new messages arrive empty, gone ones are dropped); ``python -m cuttle.i18n
compile`` writes the ``.mo`` files; ``python -m cuttle.i18n check`` lists every problem
:func:`problems` finds (``make test`` runs it through ``tests/test_i18n_catalogs.py``).
"""

from __future__ import annotations

import io
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from . import DEFAULT, DOMAINS, LANGUAGES, LOCALE_DIR

PACKAGE = Path(__file__).resolve().parent.parent
"""``src/cuttle``: the sources' root."""

SOURCES: dict[str, tuple[tuple[str, str], ...]] = {
    "analysis": (
        ("analysis/**/*.py", "python"),
        ("tui/review*.py", "python"),
        ("cli/analyse*.py", "python"),
        ("cli/puzzle*.py", "python"),
    ),
    "review": (
        ("web/static/analysis*.js", "javascript"),
        ("web/static/puzzle*.js", "javascript"),
        ("web/templates/analysis*.html", "jinja2.ext:babel_extract"),
        ("web/templates/puzzle*.html", "jinja2.ext:babel_extract"),
    ),
    "narration": (("engine/**/*.py", "python"),),
    "site": (
        ("web/templates/**/*.html", "jinja2.ext:babel_extract"),
        ("server/**/*.py", "python"),
        ("league/**/*.py", "python"),
        ("lessons/**/*.py", "python"),
    ),
    "table": (("web/static/**/*.js", "javascript"),),
    "terminal": (
        ("tui/**/*.py", "python"),
        ("cli/**/*.py", "python"),
        ("table/**/*.py", "python"),
    ),
}
"""Each domain's source files (globs under ``src/cuttle``) with their extraction method.

A file belongs to the first domain whose globs match it in :data:`ORDER` (``analysis``
and ``review`` first: ``web/static/analysis.js`` is the review domain's)."""

KEYWORDS: dict[str, Any] = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "N_": None,
    "_n": (1, 2),  # the browser: _n("one card", "{n} cards", n, {n})
    "_p": ((1, "c"), 2),  # the browser: _p("context", "...")
}
"""The function names whose string arguments are messages, in Python, templates and JS."""

ORDER = ("analysis", "review", "narration", "site", "table", "terminal")
"""The order in which domains claim files."""


def domain_files() -> dict[str, list[tuple[Path, str]]]:
    """Each domain's source files with their method (a file in its first domain only)."""
    taken: set[Path] = set()
    out: dict[str, list[tuple[Path, str]]] = {d: [] for d in DOMAINS}
    for domain in ORDER:
        for pattern, method in SOURCES[domain]:
            for path in sorted(PACKAGE.glob(pattern)):
                if path in taken or "locale" in path.parts:
                    continue
                taken.add(path)
                out[domain].append((path, method))
    return out


def _messages(domain: str, files: list[tuple[Path, str]]) -> Iterator[tuple[Any, ...]]:
    for path, method in files:
        options = {"trimmed": "true"} if "jinja2" in method else {}
        rel = path.relative_to(PACKAGE).as_posix()
        with path.open("rb") as f:
            for lineno, message, comments, context in _extract(method, f, options):
                yield rel, lineno, message, comments, context


def _extract(method: str, f: Any, options: dict[str, str]) -> Iterator[tuple[Any, ...]]:
    from babel.messages.extract import extract

    yield from extract(
        method, f, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), options=options
    )


def extract_domain(domain: str) -> Catalog:
    """A fresh template (``.pot``) of ``domain``'s messages, read from its sources."""
    catalog = Catalog(project="cuttle", domain=domain, charset="utf-8", fuzzy=False)
    for rel, lineno, message, comments, context in _messages(domain, domain_files()[domain]):
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        catalog.add(message, None, [(rel, lineno)], auto_comments=comments, context=context)
    return catalog


def _pot(domain: str) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def _po(lang: str, domain: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"


_DATED = re.compile(rb'^"(?:POT-Creation-Date|PO-Revision-Date): .*$', re.MULTILINE)


def _write(path: Path, catalog: Catalog) -> None:
    """Write ``catalog`` to ``path`` unless only its dates would change (no churn)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=True, no_location=True)
    new = buf.getvalue()
    if path.exists() and _DATED.sub(b"", path.read_bytes()) == _DATED.sub(b"", new):
        return
    path.write_bytes(new)


def read(path: Path, lang: str | None = None) -> Catalog:
    """The catalog in the ``.po``/``.pot`` file ``path``."""
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=path.stem)


def update_messages(domains: tuple[str, ...] = DOMAINS) -> None:
    """Extract ``domains`` (default: all) and merge each into every language's catalog."""
    for domain in domains:
        template = extract_domain(domain)
        _write(_pot(domain), template)
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            path = _po(lang, domain)
            if path.exists():
                catalog = read(path, lang)
            else:
                catalog = Catalog(locale=lang, domain=domain, project="cuttle", fuzzy=False)
            catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
            catalog.obsolete.clear()
            _write(path, catalog)


def compiled(po: Path) -> io.BytesIO:
    """The ``.po`` file ``po`` compiled to ``.mo`` bytes."""
    catalog = read(po, po.parent.parent.name)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return buf


def compile_all() -> int:
    """Write every language's ``.mo`` files next to their ``.po``; return how many."""
    done = 0
    for lang in LANGUAGES:
        for domain in DOMAINS:
            po = _po(lang, domain)
            if po.exists():
                po.with_suffix(".mo").write_bytes(compiled(po).getvalue())
                done += 1
    return done


def fields(text: str) -> set[str]:
    """The names of the ``str.format`` fields in ``text`` (``"{card:acc}"`` -> ``card``)."""
    names: set[str] = set()
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return {"<unbalanced braces>"}
    for _, name, _, _ in parsed:
        if name is not None:
            names.add(name.split(".")[0].split("[")[0])
    return names


def _key(message: Any) -> tuple[str, str | None]:
    mid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return mid, message.context


def problems(domains: tuple[str, ...] = DOMAINS) -> list[str]:
    """What is wrong with the catalogs of ``domains`` (default: all): a stale extraction, a
    message missing from a language or empty there, a fuzzy one, a placeholder lost or
    invented. Empty: all well."""
    found: list[str] = []
    for domain in domains:
        fresh = {_key(m) for m in extract_domain(domain) if m.id}
        pot_path = _pot(domain)
        kept = {_key(m) for m in read(pot_path) if m.id} if pot_path.exists() else set()
        for mid, _ctx in sorted(fresh - kept, key=str):
            found.append(f"{domain}: {mid!r} is in the sources but not extracted (make messages)")
        for mid, _ctx in sorted(kept - fresh, key=str):
            found.append(f"{domain}: {mid!r} is extracted but no longer in the sources")
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            path = _po(lang, domain)
            if not path.exists():
                found.append(f"{lang}/{domain}.po is missing")
                continue
            catalog = read(path, lang)
            have = {_key(m): m for m in catalog if m.id}
            for key in sorted(fresh - have.keys(), key=str):
                found.append(f"{lang}/{domain}: {key[0]!r} is not in the catalog")
            for key, message in have.items():
                if key not in fresh:
                    continue
                found.extend(_message_problems(f"{lang}/{domain}", message))
    return found


def _message_problems(where: str, message: Any) -> list[str]:
    out: list[str] = []
    ids = list(message.id) if isinstance(message.id, tuple | list) else [message.id]
    strings = list(message.string) if isinstance(message.string, tuple | list) else [message.string]
    if message.fuzzy:
        out.append(f"{where}: {ids[0]!r} is fuzzy")
    if not all(strings):
        out.append(f"{where}: {ids[0]!r} has no translation")
        return out
    source = set().union(*(fields(i) for i in ids))
    needed = source - {"n", "count"} if len(ids) > 1 else source
    for text in strings:
        got = fields(text)
        if got - source:
            out.append(f"{where}: {ids[0]!r} invents {sorted(got - source)} in {text!r}")
        if needed - got:
            out.append(f"{where}: {ids[0]!r} loses {sorted(needed - got)} in {text!r}")
    return out


def browser_catalog(lang: str, domain: str) -> dict[str, object]:
    """The JSON catalog :func:`cuttle.i18n.catalog_json` serves to the browser."""
    messages: dict[str, object] = {}
    plural = "n != 1"
    path = _po(lang, domain)
    if lang != DEFAULT and path.exists():
        catalog = read(path, lang)
        plural = catalog.plural_expr
        for m in catalog:
            if not m.id or not m.string or m.fuzzy:
                continue
            mid = m.id[0] if isinstance(m.id, tuple | list) else m.id
            key = f"{m.context}\x04{mid}" if m.context else mid
            messages[key] = list(m.string) if isinstance(m.string, tuple | list) else m.string
    return {"lang": lang, "plural": plural, "messages": messages}

"""The rules for people: ``/rules`` in the reader's language, ``/rules/<rule set>`` and
the engine's reference at ``/rules/reference``.

The how-to-play documents are translated as documents, not message by message: one
Markdown file per language, ``web/howto/<lang>.md``, all with the same structure. Each
starts with a small header of the page's own words (``key: value`` lines between two
``---`` lines: the table of contents' title, the links), then a ``# `` title, and
``## `` / ``### `` headings that end in an id (``## The goal {#goal}``) which is the same
in every language, so that ``/rules#cutthroat`` means the same section to everyone.
``[[7D]]`` in the text draws the card 7♦ as a chip, ``[[7D face]]`` as a small face.

The reference (``docs/rules.md``, the engine's specification for developers) stays in
English.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from markdown_it import MarkdownIt
from markupsafe import Markup

from cuttle.engine.rules import PRESETS
from cuttle.i18n import DEFAULT, LANGUAGES

from .deps import ensure_async
from .language import language_of
from .pages import WEB, render

HOWTO_DIR = WEB / "howto"
"""Where the how-to-play documents live, one per language (``en.md``, ``de.md``, ...)."""
RULES_DOC = (
    Path(__file__).resolve().parents[4] / "docs" / "rules.md",  # a checkout (editable install)
    WEB / "rules.md",  # the wheel's copy (web/rules.md links to docs/rules.md)
)
"""Where the engine's rules reference (docs/rules.md) is read."""
WORDS = ("contents", "all_rules", "reference", "play", "back")
"""The page's own words every document's header must give."""

HEADING = re.compile(r"^(#{1,3}) (.+?)\s*\{#([a-z0-9-]+)\}\s*$")
CARD = re.compile(r"\[\[(?:([A2-9TJQK])([CDHS])|X([12]))( face)?\]\]")
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

router = APIRouter()


@dataclass(frozen=True)
class Section:
    """One headed part of a document: its id (the same in every language), its heading
    level (2 or 3), its title and its body as HTML."""

    id: str
    level: int
    title: str
    html: Markup
    children: list[Section] = field(default_factory=list)


@dataclass(frozen=True)
class HowTo:
    """A how-to-play document in one language: its title, the words of its page, its
    introduction and its sections in order (``##`` ones, each with its ``###`` ones)."""

    lang: str
    title: str
    words: dict[str, str]
    intro: Markup
    sections: list[Section]

    def find(self, section_id: str) -> Section | None:
        """The section (or subsection) with id ``section_id``, or None."""
        for top in self.sections:
            for s in (top, *top.children):
                if s.id == section_id:
                    return s
        return None

    def ids(self) -> list[str]:
        """Every section's id, in document order."""
        return [s.id for top in self.sections for s in (top, *top.children)]


def _card(match: re.Match[str]) -> str:
    rank, suit, joker, face = match.groups()
    if joker:
        if face:
            return '<span class="card small joker"><span class="pip">★</span></span>'
        return '<span class="card chip joker">★</span>'
    text = ("10" if rank == "T" else rank) + SUITS[suit]
    kind = "small" if face else "chip"
    red = " red" if suit in "DH" else ""
    inner = f'<span class="pip">{text}</span>' if face else text
    return f'<span class="card {kind}{red}">{inner}</span>'


def markdown(text: str) -> Markup:
    """``text`` (Markdown with tables; raw HTML escaped) as safe HTML, with ``[[7D]]``
    card chips drawn."""
    md = MarkdownIt("commonmark", {"html": False}).enable("table")
    html = md.render(text).replace("<th></th>", '<th><span class="sr">rule</span></th>')
    return Markup(CARD.sub(_card, html))


def parse(lang: str, text: str) -> HowTo:
    """A how-to document (see the module's docstring) read from ``text``; a ValueError
    names what is missing or malformed."""
    words: dict[str, str] = {}
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":
        end = lines.index("---", 1)
        for line in lines[1:end]:
            key, _, value = line.partition(":")
            words[key.strip()] = value.strip()
        lines = lines[end + 1 :]
    missing = [w for w in WORDS if not words.get(w)]
    if missing:
        raise ValueError(f"{lang}.md: the header lacks {', '.join(missing)}")
    title = ""
    intro: list[str] = []
    parts: list[tuple[int, str, str, list[str]]] = []
    for line in lines:
        head = HEADING.match(line)
        if head and len(head.group(1)) == 1:
            title = head.group(2)
        elif head:
            parts.append((len(head.group(1)), head.group(3), head.group(2), []))
        elif line.startswith("#"):
            raise ValueError(f"{lang}.md: a heading without an id: {line!r}")
        else:
            (parts[-1][3] if parts else intro).append(line)
    if not title:
        raise ValueError(f"{lang}.md: no '# title {{#id}}' line")
    sections: list[Section] = []
    for level, sid, head_text, body in parts:
        section = Section(sid, level, head_text, markdown("\n".join(body)))
        if level == 3 and sections:
            sections[-1].children.append(section)
        else:
            sections.append(section)
    return HowTo(lang, title, words, markdown("\n".join(intro)), sections)


@cache
def howto(lang: str) -> HowTo:
    """The how-to-play document in ``lang`` (English where that language has none)."""
    path = HOWTO_DIR / f"{lang}.md"
    if lang not in LANGUAGES or not path.is_file():
        path, lang = HOWTO_DIR / f"{DEFAULT}.md", DEFAULT
    return parse(lang, path.read_text(encoding="utf-8"))


@cache
def reference() -> Markup:
    """docs/rules.md as HTML; a 404 where it is not installed with this server."""
    for path in RULES_DOC:
        if path.is_file():
            return markdown(path.read_text(encoding="utf-8"))
    raise HTTPException(404, "the rules reference is not installed with this server")


@router.get("/rules", response_class=HTMLResponse)
async def howto_page(request: Request) -> Response:
    """How to play, in the reader's language: the whole document with its contents."""
    ctx = await ensure_async(request)
    doc = howto(language_of(request))
    return render(request, ctx, "howto.html", doc=doc, mode="howto", section=None)


@router.get("/rules/reference", response_class=HTMLResponse)
async def reference_page(request: Request) -> Response:
    """The complete rules reference for developers (docs/rules.md, in English)."""
    ctx = await ensure_async(request)
    doc = howto(language_of(request))
    return render(
        request, ctx, "howto.html", doc=doc, mode="reference", section=None, body=reference()
    )


@router.get("/rules/{name}", response_class=HTMLResponse)
async def ruleset_page(request: Request, name: str) -> Response:
    """One rule set: its section of the how-to document, in the reader's language."""
    ctx = await ensure_async(request)
    doc = howto(language_of(request))
    section = doc.find(name) if name in PRESETS else None
    if section is None:
        raise HTTPException(404, f"no rule set {name[:40]!r}; known: {', '.join(PRESETS)}")
    return render(request, ctx, "howto.html", doc=doc, mode="ruleset", section=section)

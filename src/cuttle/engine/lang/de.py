"""German: four cases (``nom``, ``acc``, ``dat``, ``gen``), three genders, ``du``.

Spec in a translation: ``{card:acc}``, ``{target:dat}``, ``{actor:gen}`` (the plain
field is the nominative). Cards are named like German players say them: the short form
keeps the symbol (``die 7♦``, ``den K♥``), the full name is suit and rank
(``die Karo-Sieben``, ``der Pik-König``, ``das Herz-Ass``).
"""

from __future__ import annotations

from . import OTHER, OWN, READER, Grammar
from .en import short

_CASES = {"": 0, "nom": 0, "acc": 1, "dat": 2, "gen": 3}
_ARTICLE = {
    "m": ("der", "den", "dem", "des"),
    "f": ("die", "die", "der", "der"),
    "n": ("das", "das", "dem", "des"),
}
_YOUR = {
    "m": ("dein", "deinen", "deinem", "deines"),
    "f": ("deine", "deine", "deiner", "deiner"),
    "n": ("dein", "dein", "deinem", "deines"),
}
_WEAK = {"m": ("e", "en", "en", "en"), "f": ("e", "e", "en", "en"), "n": ("e", "e", "en", "en")}
_STRONG = {
    "m": ("er", "en", "em", "en"),
    "f": ("e", "e", "er", "er"),
    "n": ("es", "es", "em", "en"),
}
_RANK_WORDS = (
    "Ass", "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn",
    "Bube", "Dame", "König",
)  # fmt: skip
_SUITS = ("Kreuz", "Karo", "Herz", "Pik")
_NUMBERS = ("keine", "eine", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht")
_YOU = ("du", "dich", "dir", "deiner")


def gender(c: int) -> str:
    """The card's gender: ``das Ass``, ``der König``/``Bube``/``Joker``, else ``die``."""
    if c >= 52:
        return "m"
    rank = c // 4
    if rank == 0:
        return "n"
    return "m" if rank in (10, 12) else "f"


def _noun(c: int, case: int) -> str:
    """The full name's noun in ``case`` (``Buben``, ``Königs``, ``Asses``)."""
    if c >= 52:
        return f"Joker{'s' if case == 3 else ''} {c - 51}"
    rank = c // 4
    word = _RANK_WORDS[rank]
    if rank == 10 and case:
        word = "Buben"
    elif rank == 12 and case == 3:
        word = "Königs"
    elif rank == 0 and case == 3:
        word = "Asses"
    return f"{_SUITS[c % 4]}-{word}"


def genitive(name: str) -> str:
    """``Bobs``, ``Klaus'``: a name as owner."""
    return f"{name}'" if name.endswith(("s", "ß", "x", "z")) else f"{name}s"


class German(Grammar):
    """Deutsch."""

    code = "de"
    specs = ("", "nom", "acc", "dat", "gen")
    cap_after_colon = True
    and_word = "und"

    def render_person(self, name: str, reader: bool, spec: str) -> str:
        """``du``/``dich``/``dir``; a name (``Bobs`` in the genitive)."""
        case = _CASES.get(spec, 0)
        if reader:
            return _YOU[case]
        return genitive(name) if case == 3 else name

    def render_card(self, c: int | None, full: bool, spec: str) -> str:
        """``die 7♦``, ``den Pik-König``, ``einer Karte``."""
        case = _CASES.get(spec, 0)
        if c is None:
            return ("eine", "eine", "einer", "einer")[case] + " Karte"
        name = _noun(c, case) if full else short(c)
        return f"{_ARTICLE[gender(c)][case]} {name}"

    def _whose(self, g: str, owner: str, relation: str, case: int) -> str:
        if relation == READER:
            return _YOUR[g][case]
        if relation == OTHER:
            return genitive(owner)
        # own: ``die eigene``, ``deine eigene``
        lead = _YOUR[g][case] if relation != OWN else _ARTICLE[g][case]
        ending = _WEAK[g][case]
        if relation != OWN and lead in ("dein", "deines"):
            ending = _STRONG[g][case]
        return f"{lead} eigen{ending}"

    def render_owned(self, c: int, owner: str, relation: str, spec: str) -> str:
        """``deine 7♦``, ``Bobs K♥``, ``den eigenen K♥``."""
        return f"{self._whose(gender(c), owner, relation, _CASES.get(spec, 0))} {short(c)}"

    def render_hand(self, owner: str, relation: str, spec: str) -> str:
        """``deine Hand``, ``Bobs Hand``, ``die eigene Hand``."""
        return f"{self._whose('f', owner, relation, _CASES.get(spec, 0))} Hand"

    def render_turn(self, owner: str, relation: str, spec: str) -> str:
        """``deinen nächsten Zug``, ``Bobs nächsten Zug``."""
        case = _CASES.get(spec, 0)
        if relation == OTHER:
            return f"{genitive(owner)} nächst{_STRONG['m'][case]} Zug"
        lead = _YOUR["m"][case] if relation != OWN else _ARTICLE["m"][case]
        ending = _STRONG["m"][case] if lead == "dein" else _WEAK["m"][case]
        return f"{lead} nächst{ending} Zug"

    def render_count(self, k: int, spec: str) -> str:
        """``zwei Karten``, ``eine Karte``, ``keine Karte``."""
        case = _CASES.get(spec, 0)
        if k == 1:
            return ("eine", "eine", "einer", "einer")[case] + " Karte"
        if k == 0:
            return ("keine", "keine", "keiner", "keiner")[case] + " Karte"
        word = _NUMBERS[k] if k < len(_NUMBERS) else str(k)
        return f"{word} Karten"

    def render_more(self, k: int, others: bool, spec: str) -> str:
        """``zwei weitere Karten``."""
        if not others:
            return self.render_count(k, spec)
        case = _CASES.get(spec, 0)
        if k == 1:
            return ("eine weitere", "eine weitere", "einer weiteren", "einer weiteren")[case] + (
                " Karte"
            )
        word = _NUMBERS[k] if k < len(_NUMBERS) else str(k)
        return f"{word} weitere{'n' if case == 2 else ''} Karten"

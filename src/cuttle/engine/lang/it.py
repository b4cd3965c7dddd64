"""Italian: ``il``/``la``/``l'``, articulated prepositions (``del``, ``al``, ``dal``,
``sul``, ``nel``, ``dell'``), possessive with article (``il tuo``), ``tu``/``te``.

Specs: ``{card:di}``, ``{card:a}``, ``{card:da}``, ``{card:su}``, ``{hand:in}``, ``{card:con}``,
``{actor:subj}`` (``tu``). Full names: ``il sette di quadri``, ``la regina di picche``,
``l'asso di cuori``, ``il fante di fiori``.
"""

from __future__ import annotations

from typing import ClassVar

from .romance import Romance

_ARTICLES = ("il", "la", "l'")
_FUSED: dict[tuple[str, str], str] = {}
for _prep, _stem in (("di", "de"), ("a", "a"), ("da", "da"), ("su", "su"), ("in", "ne")):
    _FUSED[(_prep, "il")] = f"{_stem}l" if _prep != "in" else "nel"
    _FUSED[(_prep, "la")] = f"{_stem}lla"
    _FUSED[(_prep, "l'")] = f"{_stem}ll'"


class Italian(Romance):
    """Italiano."""

    code = "it"
    specs = ("", "di", "a", "da", "su", "in", "con", "subj")
    and_word = "e"
    ranks = (
        "asso", "due", "tre", "quattro", "cinque", "sei", "sette", "otto", "nove", "dieci",
        "fante", "regina", "re",
    )  # fmt: skip
    suits = ("fiori", "quadri", "cuori", "picche")
    joker = "jolly"
    of = "di"
    feminine = frozenset({11})
    vowel = frozenset({0, 7})
    articles: ClassVar[dict[str, str]] = {"m": "il", "f": "la", "v": "l'"}
    fused: ClassVar[dict[tuple[str, str], str]] = _FUSED
    preps: ClassVar[dict[str, str]] = {
        "di": "di",
        "a": "a",
        "da": "da",
        "su": "su",
        "con": "con",
        "in": "in",
    }
    your: ClassVar[dict[str, str]] = {"m": "il tuo", "f": "la tua", "v": "il tuo"}
    own: ClassVar[dict[str, str]] = {"m": "il proprio", "f": "la propria"}
    a_card = "una carta"
    you = "te"
    you_subject = "tu"
    numbers = (
        "nessuna carta", "una carta", "due carte", "tre carte", "quattro carte",
        "cinque carte", "sei carte", "sette carte", "otto carte",
    )  # fmt: skip
    more = (
        "nessun'altra carta", "un'altra carta", "altre due carte", "altre tre carte",
        "altre quattro carte", "altre cinque carte", "altre sei carte", "altre sette carte",
        "altre otto carte",
    )  # fmt: skip
    hand_word = "mano"
    turn_word = "prossimo turno"

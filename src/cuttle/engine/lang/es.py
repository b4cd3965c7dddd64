"""Spanish: ``el``/``la``, ``del``/``al`` fused, ``tú``/``ti``.

Specs: ``{card:de}`` (``del 7♦``, ``de la reina de picas``), ``{card:a}`` (``al 7♦``,
``a ti``), ``{actor:subj}`` (``tú``). Full names: ``el siete de diamantes``, ``la jota
de tréboles``, ``el as de corazones``.
"""

from __future__ import annotations

from typing import ClassVar

from .romance import Romance


class Spanish(Romance):
    """Español."""

    code = "es"
    specs = ("", "de", "a", "con", "en", "subj")
    and_word = "y"
    ranks = (
        "as", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
        "jota", "reina", "rey",
    )  # fmt: skip
    suits = ("tréboles", "diamantes", "corazones", "picas")
    joker = "comodín"
    of = "de"
    feminine = frozenset({10, 11})
    vowel = frozenset()
    articles: ClassVar[dict[str, str]] = {"m": "el", "f": "la", "v": "el"}
    fused: ClassVar[dict[tuple[str, str], str]] = {("de", "el"): "del", ("a", "el"): "al"}
    preps: ClassVar[dict[str, str]] = {"de": "de", "a": "a", "con": "con", "en": "en"}
    your: ClassVar[dict[str, str]] = {"m": "tu", "f": "tu", "v": "tu"}
    own: ClassVar[dict[str, str]] = {"m": "su propio", "f": "su propia"}
    a_card = "una carta"
    you = "ti"
    you_subject = "tú"
    numbers = (
        "ninguna carta", "una carta", "dos cartas", "tres cartas", "cuatro cartas",
        "cinco cartas", "seis cartas", "siete cartas", "ocho cartas",
    )  # fmt: skip
    more = (
        "ninguna otra carta", "otra carta", "otras dos cartas", "otras tres cartas",
        "otras cuatro cartas", "otras cinco cartas", "otras seis cartas",
        "otras siete cartas", "otras ocho cartas",
    )  # fmt: skip
    hand_word = "mano"
    turn_word = "próximo turno"

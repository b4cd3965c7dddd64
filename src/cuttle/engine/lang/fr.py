"""French: articles with elision (``l'as``), ``du``/``au`` fused, ``tu``/``toi``.

Specs: ``{card:de}`` (``du 7♦``, ``de la dame de pique``, ``d'une carte``), ``{card:a}``
(``au 7♦``, ``à toi``), ``{actor:subj}`` (``tu``). Full names: ``le sept de carreau``,
``la dame de pique``, ``l'as de cœur``.
"""

from __future__ import annotations

from typing import ClassVar

from .romance import Romance

_VOWELS = tuple("aeiouhâéèêîôûAEIOUHÂÉÈÊÎÔÛ")


class French(Romance):
    """Français."""

    code = "fr"
    specs = ("", "de", "a", "subj")
    and_word = "et"
    ranks = (
        "as", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
        "valet", "dame", "roi",
    )  # fmt: skip
    suits = ("trèfle", "carreau", "cœur", "pique")
    joker = "joker"
    of = "de"
    feminine = frozenset({11})
    vowel = frozenset({0})
    articles: ClassVar[dict[str, str]] = {"m": "le", "f": "la", "v": "l'"}
    fused: ClassVar[dict[tuple[str, str], str]] = {
        ("de", "le"): "du",
        ("a", "le"): "au",
        ("de", "les"): "des",
        ("a", "les"): "aux",
    }
    preps: ClassVar[dict[str, str]] = {"de": "de", "a": "à"}
    your: ClassVar[dict[str, str]] = {"m": "ton", "f": "ta", "v": "ton"}
    own: ClassVar[dict[str, str]] = {"m": "son propre", "f": "sa propre"}
    a_card = "une carte"
    you = "toi"
    you_subject = "tu"
    numbers = (
        "aucune carte", "une carte", "deux cartes", "trois cartes", "quatre cartes",
        "cinq cartes", "six cartes", "sept cartes", "huit cartes",
    )  # fmt: skip
    more = (
        "aucune autre carte", "une autre carte", "deux autres cartes", "trois autres cartes",
        "quatre autres cartes", "cinq autres cartes", "six autres cartes",
        "sept autres cartes", "huit autres cartes",
    )  # fmt: skip
    hand_word = "main"
    turn_word = "prochain tour"

    def elide(self, word: str, phrase: str) -> str:
        """``de Bob``, ``d'Alice``, ``d'une carte``."""
        if word == "de" and phrase.startswith(_VOWELS):
            return f"d'{phrase}"
        return f"{word} {phrase}"

"""Ukrainian: six cases (``nom``, ``acc``, ``gen``, ``dat``, ``ins``, ``loc``), no
articles, possessives agreeing with the noun, the polite ``ви``.

Specs: ``{card:acc}``, ``{card:ins}``, ``{hand:gen}``, ``{actor:dat}``. As card
players say, masculine cards are declined as living things (``грає короля``). Names are
not declined; another seat's card is ``7♦ гравця Bob`` (the player's). Full names are rank
and suit: ``сімка бубон``, ``дама пік``, ``король черв``, ``туз треф``.
"""

from __future__ import annotations

from . import OTHER, OWN, Grammar
from .en import short

_CASES = {"": 0, "nom": 0, "acc": 1, "gen": 2, "dat": 3, "ins": 4, "loc": 5}
_FEM = ("а", "у", "и", "і", "ою", "і")
_KA = ("ка", "ку", "ки", "ці", "кою", "ці")
_MASC = {
    "туз": ("туз", "туза", "туза", "тузу", "тузом", "тузі"),
    "валет": ("валет", "валета", "валета", "валету", "валетом", "валеті"),
    "король": ("король", "короля", "короля", "королю", "королем", "королі"),
    "джокер": ("джокер", "джокера", "джокера", "джокеру", "джокером", "джокері"),
}
_STEMS = (
    "туз", "двій", "трій", "четвір", "п'ятір", "шіст", "сім", "вісім", "дев'ят", "десят",
    "валет", "дам", "король",
)  # fmt: skip
_SUITS = ("треф", "бубон", "черв", "пік")
_YOU = ("ви", "вас", "вас", "вам", "вами", "вас")
_YOUR = {
    "m": ("ваш", "вашого", "вашого", "вашому", "вашим", "вашому"),
    "f": ("ваша", "вашу", "вашої", "вашій", "вашою", "вашій"),
}
_OWN = {
    "m": ("свій", "свого", "свого", "своєму", "своїм", "своєму"),
    "f": ("своя", "свою", "своєї", "своїй", "своєю", "своїй"),
}
_NEXT = ("наступний хід", "наступний хід", "наступного ходу", "наступному ходу",
         "наступним ходом", "наступному ході")  # fmt: skip
_ONE = ("одна", "одну", "однієї", "одній", "однією", "одній")
_FEW = {
    2: ("дві", "дві", "двох", "двом", "двома", "двох"),
    3: ("три", "три", "трьох", "трьом", "трьома", "трьох"),
    4: ("чотири", "чотири", "чотирьох", "чотирьом", "чотирма", "чотирьох"),
}
_MANY = {5: "п'ять", 6: "шість", 7: "сім", 8: "вісім"}
_MANY_OBL = {5: "п'яти", 6: "шести", 7: "семи", 8: "восьми"}
_CARDS_PL = ("карти", "карти", "карт", "картам", "картами", "картах")


def gender(c: int) -> str:
    """``f`` for the numbers and the queen (``сімка``, ``дама``), else ``m``."""
    if c >= 52:
        return "m"
    rank = c // 4
    return "m" if rank in (0, 10, 12) else "f"


def _rank(c: int, case: int) -> str:
    rank = c // 4
    stem = _STEMS[rank]
    if stem in _MASC:
        return _MASC[stem][case]
    if rank == 11:
        return stem + _FEM[case]
    return stem + _KA[case]


def _card_word(case: int) -> str:
    return "карт" + _FEM[case]


class Ukrainian(Grammar):
    """Українська."""

    code = "uk"
    specs = ("", "nom", "acc", "gen", "dat", "ins", "loc")
    and_word = "і"

    def render_person(self, name: str, reader: bool, spec: str) -> str:
        """``ви``/``вас``/``вам``/``вами``; names as they are."""
        return _YOU[_CASES.get(spec, 0)] if reader else name

    def render_card(self, c: int | None, full: bool, spec: str) -> str:
        """``7♦``, ``сімку бубон``, ``карту``."""
        case = _CASES.get(spec, 0)
        if c is None:
            return _card_word(case)
        if c >= 52:
            return f"{_MASC['джокер'][case]} {c - 51}"
        return f"{_rank(c, case)} {_SUITS[c % 4]}" if full else short(c)

    def _whose(self, g: str, owner: str, relation: str, case: int, noun: str) -> str:
        if relation == OTHER:
            return f"{noun} гравця {owner}"
        table = _OWN if relation == OWN else _YOUR
        return f"{table[g][case]} {noun}"

    def render_owned(self, c: int, owner: str, relation: str, spec: str) -> str:
        """``вашу 7♦``, ``свого K♥``, ``7♦ гравця Bob``."""
        return self._whose(gender(c), owner, relation, _CASES.get(spec, 0), short(c))

    def render_hand(self, owner: str, relation: str, spec: str) -> str:
        """``вашу руку``, ``руки гравця Bob``."""
        case = _CASES.get(spec, 0)
        return self._whose(
            "f", owner, relation, case, "рук" + ("а", "у", "и", "і", "ою", "і")[case]
        )

    def render_turn(self, owner: str, relation: str, spec: str) -> str:
        """``ваш наступний хід``, ``наступний хід гравця Bob``."""
        case = _CASES.get(spec, 0)
        return self._whose("m", owner, relation, case, _NEXT[case])

    def render_count(self, k: int, spec: str) -> str:
        """``одну карту``, ``дві карти``, ``п'ять карт``, ``жодної карти``."""
        case = _CASES.get(spec, 0)
        if k == 0:
            return "жодна карта" if case == 0 else "жодної карти"
        if k == 1:
            return f"{_ONE[case]} {_card_word(case)}"
        if k in _FEW:
            return f"{_FEW[k][case]} {_CARDS_PL[case]}"
        if case in (0, 1):
            return f"{_MANY.get(k, str(k))} карт"
        return f"{_MANY_OBL.get(k, str(k))} {_CARDS_PL[case]}"

    def render_more(self, k: int, others: bool, spec: str) -> str:
        """``ще дві карти``."""
        text = self.render_count(k, spec)
        return f"ще {text}" if others else text

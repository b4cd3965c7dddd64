# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Compiled writers of the observation vector and the legal-action map (optional).

:mod:`cuttle.bots.encoding` is the reference: :class:`~cuttle.bots.encoding.SeatEncoder`
builds an :class:`ObsWriter` from its own tables and layout, and falls back to the pure
Python path when this extension is not built (or ``CUTTLE_PURE_PYTHON=1``). The vectors
are byte-equal (``tests/envs/test_envs_compiled.py``).

The writer reads a game's public state and, for hands, exactly what
:func:`cuttle.engine.seatview.seat_position` lets the seat see: the whole hand when
``game.can_see_hand(seat, holder)`` says so, else only the cards ``game.known`` marks
as known to the seat. The deck shows its top ``deck_known`` cards only.
"""

from cpython.buffer cimport (
    PyBUF_C_CONTIGUOUS,
    PyBUF_FORMAT,
    PyBUF_WRITABLE,
    PyBuffer_Release,
    PyObject_GetBuffer,
)
from cpython.dict cimport PyDict_GetItem, PyDict_Keys, PyDict_SetItem
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE, PyList_New, PyList_SET_ITEM
from cpython.long cimport PyLong_AsLongAndOverflow
from cpython.tuple cimport PyTuple_GET_ITEM
from cpython.ref cimport PyObject, Py_INCREF, Py_XDECREF, _Py_REFCNT
from libc.math cimport tanh
from libc.string cimport memcpy, memset


cdef extern from "Python.h":
    # the offset of a ``__slots__`` member, held by its descriptor (CPython's
    # PyMemberDescrObject and PyMemberDef, cpython/descrobject.h and structmember.h)
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member
    # the getter of a C-level attribute (a mypyc-compiled class keeps its attributes in
    # a C struct behind these: PyGetSetDescrObject and PyGetSetDef, cpython/descrobject.h)
    ctypedef struct PyGetSetDef:
        void* get
        void* closure
    ctypedef struct PyGetSetDescrObject:
        PyGetSetDef* d_getset
    ctypedef struct PyTypeObject:
        void* tp_getattro
        unsigned int tp_version_tag
    PyObject* PyObject_GenericGetAttr(PyObject* o, PyObject* name)
    dict _PyDict_NewPresized(Py_ssize_t minused)

# R_*: the fields of one seat's offsets (bots.encoding._SeatOffsets, in that order);
# K_*: the action key table's axes (verb, card + 1, target + 1, relative seat + 1)
cdef enum:
    NSEATS = 5
    NCARDS = 54
    NREL = 12
    R_R = 0
    R_HAND = 1
    R_POINTS = 2
    R_FACES = 3
    R_GLASSES = 4
    R_COVERS = 5
    R_HAND_COUNT = 6
    R_SCORE = 7
    R_GOAL = 8
    R_KINGS = 9
    R_QUEENS = 10
    R_SKIPS = 11
    K_VERBS = 16
    K_CARDS = 55
    K_SEATS = NSEATS + 1
    # A_*: the game attributes ObsWriter._fill reads, in the order of _ATTRS
    A_HANDS = 0
    A_POINTS = 1
    A_FACES = 2
    A_GLASSES = 3
    A_KNOWN = 4
    A_WINNERS = 5
    A_PERMS = 6
    A_RULES = 7
    A_DECK = 8
    A_REVEALED = 9
    A_OPPS = 10
    A_SCRAP = 11
    A_DECK_KNOWN = 12
    A_FROZEN = 13
    A_PASSES = 14
    A_MOVES = 15
    A_SKIPS = 16
    A_PHASE = 17
    A_TURN = 18
    A_TO_ACT = 19
    A_PENDING = 20
    N_ATTRS = 21
    # P_*: the pending card's attributes, in the order of _PENDING_ATTRS
    P_CARD = 0
    P_TARGET = 1
    P_COUNTERS = 2
    P_BY = 3
    P_KIND = 4
    P_VICTIM = 5
    MAX_ATTRS = 24

_ATTRS = (
    "hands", "points", "faces", "glasses", "known", "winners", "_perms", "rules", "deck",
    "revealed", "_opps", "scrap", "deck_known", "frozen", "passes", "moves_played", "skips",
    "phase", "turn", "to_act", "pending",
)
_PENDING_ATTRS = ("card", "target", "counters", "by", "kind", "victim")


ctypedef object (*_getter)(object, void*)


cdef class _Slots:
    """Reads named attributes of instances of ``base`` straight from the object: a
    ``__slots__`` member from its offset, an attribute of a compiled (mypyc) class
    through its descriptor's C getter. Several times cheaper than ``getattr``, for a
    class whose attribute lookup is the generic one and whose every attribute named
    (and each of ``same``) is ``base``'s own; ``ok`` says which, ``get`` reads. The
    answer for the last class that passed is kept."""

    cdef object base
    cdef tuple names
    cdef tuple checked
    cdef tuple descrs
    cdef Py_ssize_t off[MAX_ATTRS]
    cdef void* gets[MAX_ATTRS]
    cdef void* closures[MAX_ATTRS]
    cdef object seen
    cdef unsigned int seen_tag
    cdef int never

    def __init__(self, base, tuple names, tuple same=()):
        cdef int k
        if len(names) > MAX_ATTRS:
            raise ValueError("too many attributes")
        self.base = base
        self.names = names
        self.checked = names + same
        self.descrs = tuple(base.__dict__[name] for name in self.checked)
        self.never = 0
        for k in range(len(names)):
            d = self.descrs[k]
            self.off[k] = 0
            self.gets[k] = NULL
            self.closures[k] = NULL
            kind = type(d).__name__
            if kind == "member_descriptor":
                self.off[k] = (<PyMemberDescrObject*><PyObject*>d).d_member.offset
            elif kind == "getset_descriptor" and (
                <PyGetSetDescrObject*><PyObject*>d
            ).d_getset.get != NULL:
                # a compiled class's attribute: its getter, called as getattr would
                # (the descriptor, kept in descrs, keeps it alive)
                self.gets[k] = (<PyGetSetDescrObject*><PyObject*>d).d_getset.get
                self.closures[k] = (<PyGetSetDescrObject*><PyObject*>d).d_getset.closure
            else:  # anything else (a property, say): every read goes through getattr
                self.never = 1
        self.seen = None

    cdef int ok(self, obj) except -1:
        """1 where ``obj``'s attributes can be read from the slots, else 0. The class
        that passed last is trusted while its version tag stands (CPython gives a
        class a new one when it or a base changes)."""
        cdef PyTypeObject* t
        cdef Py_ssize_t i
        if self.never:
            return 0
        tp = type(obj)
        t = <PyTypeObject*>tp
        if tp is self.seen and t.tp_version_tag == self.seen_tag:
            return 1
        self.seen = None
        if t.tp_getattro != <void*>PyObject_GenericGetAttr:
            return 0
        if not issubclass(tp, self.base):
            return 0
        for i in range(len(self.checked)):
            name = self.checked[i]
            for klass in tp.__mro__:
                if name in klass.__dict__:
                    if klass.__dict__[name] is not self.descrs[i]:
                        return 0
                    break
        getattr(tp, self.checked[0])  # a class lookup: gives the class a version tag
        if t.tp_version_tag != 0:
            self.seen = tp
            self.seen_tag = t.tp_version_tag
        return 1

    cdef inline object get(self, obj, int fast, int k):
        """``getattr(obj, names[k])``, read straight from the slot when ``fast`` (what
        ``ok`` said), ``getattr`` explaining an unset one."""
        cdef PyObject* p
        if fast:
            if self.gets[k] != NULL:
                # raises AttributeError for an unset attribute, as getattr does
                return (<_getter>self.gets[k])(obj, self.closures[k])
            p = (<PyObject**>((<char*><PyObject*>obj) + self.off[k]))[0]
            if p != NULL:
                return <object>p
        return getattr(obj, <str>self.names[k])

    cdef inline int put(self, obj, int fast, int k, value) except -1:
        """``setattr(obj, names[k], value)``, written straight into a ``__slots__``
        member when ``fast``."""
        cdef PyObject** slot
        cdef PyObject* old
        if fast and self.gets[k] == NULL:
            slot = <PyObject**>((<char*><PyObject*>obj) + self.off[k])
            old = slot[0]
            Py_INCREF(value)
            slot[0] = <PyObject*>value
            Py_XDECREF(old)
            return 0
        setattr(obj, <str>self.names[k], value)
        return 0




# A journal of the entries _put writes, while a caller sets one (the vector stepper: it
# then restores only those entries of a row from the template before the next write).
cdef int* _journal = NULL
cdef int _journal_n = 0
cdef int _journal_cap = 0


cdef inline int _put(float* w, Py_ssize_t i, float x, Py_ssize_t size) except -1:
    global _journal_n
    if <size_t>i >= <size_t>size:
        raise IndexError(f"observation entry {i} is outside the vector")
    w[i] = x
    if _journal != NULL:
        if _journal_n < _journal_cap:
            _journal[_journal_n] = <int>i
        _journal_n += 1
    return 0


cdef inline int _card(object x) except -1:
    cdef int c = x
    if c < 0 or c >= NCARDS:
        raise ValueError(f"card index {c} is outside 0..{NCARDS - 1}")
    return c


cdef inline int _stack(
    float* w, tuple st, int v, int* ro, int zone, int stolen, int top, Py_ssize_t size
) except -1:
    """Write one stack of seat ``v``'s field (a card with who played it and what covers
    it) into ``zone`` of the seat's block; returns the card."""
    cdef int c = _card(st[0])
    cdef tuple covers
    _put(w, ro[zone] + c, 1.0, size)
    if <int>st[1] != v:
        _put(w, stolen + c, 1.0, size)
    covers = st[2]
    if covers:
        for y in covers:
            _put(w, ro[R_COVERS] + _card((<tuple>y)[0]), 1.0, size)
        _put(w, top + _card((<tuple>covers[len(covers) - 1])[0]), 1.0, size)
    return c


cdef class _Pool:
    """A few vectors of one size for reuse, each with its data address (fixed: the
    pool's reference stops numpy resizing it)."""

    cdef list arrays
    cdef void* addr[8]
    cdef Py_ssize_t nbytes

    def __cinit__(self, Py_ssize_t nbytes):
        self.arrays = []
        self.nbytes = nbytes

    cdef object take(self, object make, void** ptr):
        """A vector that nobody else holds (only the pool refers to it, so no caller
        can see it change), or a new one from ``make()`` (kept while there is room);
        its data address goes to ``ptr``.

        An array referred to by a caller, by a view of it or by an exported buffer is
        never reused."""
        cdef Py_ssize_t i, k = PyList_GET_SIZE(self.arrays)
        cdef PyObject* p
        cdef Py_buffer buf
        for i in range(k):
            p = PyList_GET_ITEM(self.arrays, i)
            if _Py_REFCNT(p) == 1:
                ptr[0] = self.addr[i]
                return <object>p
        a = make()
        PyObject_GetBuffer(a, &buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        ptr[0] = buf.buf
        PyBuffer_Release(&buf)
        if buf.len != self.nbytes:
            raise ValueError(f"make() gave {buf.len} bytes, not {self.nbytes}")
        if k < 8:
            self.addr[k] = ptr[0]
            self.arrays.append(a)
        return a


cdef class ObsWriter:
    """Writes one rule set's observation vectors (built by ``SeatEncoder``)."""

    cdef int n
    cdef Py_ssize_t size
    cdef double cap
    cdef float goal[5]
    cdef float* tpl
    cdef int rel[NSEATS][NSEATS][NREL]
    cdef int point_value[NCARDS]
    cdef int rank[NCARDS]
    cdef int king, queen
    cdef int o_stolen, o_top, o_scrap, o_scrap_count, o_deck_known, o_deck_count
    cdef int o_revealed, o_frozen, o_chosen, o_passes, o_moves, o_phase, o_turn, o_to_act
    cdef int o_p_card, o_p_target, o_p_counters, o_p_by, o_p_kind, o_p_victim, o_winners
    cdef dict phase_slot
    cdef dict kind_slot
    cdef int phase_other, kind_other
    cdef tuple _args
    cdef object core_can_see
    cdef _Pool pool
    cdef public object make
    cdef _Slots core_slots
    cdef _Slots pending_slots
    cdef object rules_seen
    cdef int r_open_on_empty, r_glasses_public

    def __cinit__(self):
        self.tpl = NULL

    def __dealloc__(self):
        if self.tpl != NULL:
            PyMem_Free(self.tpl)

    def __init__(self, int n, int cap, goals, templates, rel, offsets, point_value, rank,
                 int king, int queen, dict phase_slot, int phase_other, dict kind_slot,
                 int kind_other):
        cdef int s, v, k
        cdef Py_ssize_t size
        cdef const unsigned char[::1] t
        self._args = (n, cap, goals, templates, rel, offsets, point_value, rank, king, queen,
                      phase_slot, phase_other, kind_slot, kind_other)
        if n < 1 or n > NSEATS:
            raise ValueError(f"{n} seats: 1 to {NSEATS} supported")
        self.n = n
        self.cap = cap
        for k in range(5):
            self.goal[k] = goals[k]
        size = len(templates[0]) // 4
        self.size = size
        self.tpl = <float*>PyMem_Malloc(n * size * sizeof(float))
        if self.tpl == NULL:
            raise MemoryError()
        for s in range(n):
            t = templates[s]
            if t.shape[0] != size * 4:
                raise ValueError("templates differ in size")
            memcpy(self.tpl + s * size, &t[0], size * sizeof(float))
            for v in range(n):
                for k in range(NREL):
                    self.rel[s][v][k] = rel[s][v][k]
        for k in range(NCARDS):
            self.point_value[k] = point_value[k]
            self.rank[k] = rank[k]
        self.king = king
        self.queen = queen
        o = offsets
        self.o_stolen = o["stolen"]
        self.o_top = o["top_covers"]
        self.o_scrap = o["scrap"]
        self.o_scrap_count = o["scrap_count"]
        self.o_deck_known = o["deck_known"]
        self.o_deck_count = o["deck_count"]
        self.o_revealed = o["revealed"]
        self.o_frozen = o["frozen"]
        self.o_chosen = o["discard_chosen"]
        self.o_passes = o["passes"]
        self.o_moves = o["moves_used"]
        self.o_phase = o["phase"]
        self.o_turn = o["turn"]
        self.o_to_act = o["to_act"]
        self.o_p_card = o["pending_card"]
        self.o_p_target = o["pending_target"]
        self.o_p_counters = o["pending_counters"]
        self.o_p_by = o["pending_by"]
        self.o_p_kind = o["pending_kind"]
        self.o_p_victim = o["pending_victim"]
        self.o_winners = o["winners"]
        self.phase_slot = phase_slot
        self.phase_other = phase_other
        self.kind_slot = kind_slot
        self.kind_other = kind_other
        from cuttle.engine.core import Core
        self.core_can_see = Core.can_see_hand
        self.pool = _Pool(size * 4)
        self.make = None
        from cuttle.engine.table import Pending
        self.core_slots = _Slots(Core, _ATTRS, ("can_see_hand",))
        self.pending_slots = _Slots(Pending, _PENDING_ATTRS)
        self.rules_seen = None

    def __reduce__(self):
        # the arguments, then ``make`` as the state: a writer rebuilt from its arguments
        # alone has no ``make`` and fails at its first ``encode_new`` (an unpickled
        # environment, at its first ``last()``)
        return (ObsWriter, self._args, self.make)

    def __setstate__(self, make):
        self.make = make

    def __copy__(self):
        return self  # never changed after __init__

    def __deepcopy__(self, memo):
        return self

    def encode(self, game, int seat, chosen, out):
        """Write ``seat``'s observation of ``game`` into ``out`` (float32, C-contiguous)."""
        return self._encode(game, seat, chosen, out)

    cdef object _encode(self, game, int seat, chosen, out):
        cdef Py_buffer buf
        if seat < 0 or seat >= self.n:
            raise ValueError(f"seat {seat} is not at this table")
        PyObject_GetBuffer(out, &buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS | PyBUF_FORMAT)
        try:
            if buf.itemsize != 4 or buf.len != self.size * 4 or buf.format == NULL or (
                buf.format[0] != b"f" and buf.format[1] != b"f"
            ):
                raise ValueError(f"out must be a float32 vector of {self.size} entries")
            self._fill(game, seat, chosen, <float*>buf.buf)
        finally:
            PyBuffer_Release(&buf)
        return out

    def encode_new(self, game, int seat, chosen):
        """``encode`` into a vector nobody holds: one of a few kept for reuse (no caller
        holds it, so none sees it change) or a new one from ``self.make()``."""
        cdef void* ptr
        if seat < 0 or seat >= self.n:
            raise ValueError(f"seat {seat} is not at this table")
        out = self.pool.take(self.make, &ptr)
        self._fill(game, seat, chosen, <float*>ptr)
        return out

    cdef int _rel(self, int seat, object who) except -1:
        cdef int t = who
        if t < 0 or t >= self.n:
            raise ValueError(f"seat {t} is not at this table")
        return self.rel[seat][t][R_R]

    cdef int _fill(self, game, int seat, chosen, float* w) except -1:
        """Write ``seat``'s observation of ``game`` into ``w``."""
        memcpy(w, self.tpl + seat * self.size, self.size * sizeof(float))
        return self._over_template(game, seat, chosen, w)

    cdef int _over_template(self, game, int seat, chosen, float* w) except -1:
        """``_fill`` into a vector that holds the seat's template already (every entry
        but the template's is written through ``_put``, which a journal may record)."""
        cdef int n = self.n
        cdef Py_ssize_t size = self.size
        cdef int v, c, k, score, kings, queens, rk, i, m
        cdef long bit = 1L << seat
        cdef int* ro
        cdef PyObject* kn
        # the game's attributes straight from Core's slots where its class allows
        # (several times cheaper than getattr; _Slots.ok says when)
        cdef _Slots slots = self.core_slots
        cdef int fast = slots.ok(game)
        cdef list hands = slots.get(game, fast, A_HANDS)
        cdef list points = slots.get(game, fast, A_POINTS)
        cdef list faces = slots.get(game, fast, A_FACES)
        cdef list glasses = slots.get(game, fast, A_GLASSES)
        cdef dict known = slots.get(game, fast, A_KNOWN)
        cdef list hand, pts, deck, skips
        cdef int stolen = self.o_stolen, top = self.o_top
        cdef double used
        cdef int mirror, open_all, glasses_public, with_glasses, mine
        if len(hands) != n or len(points) != n or len(faces) != n or len(glasses) != n:
            raise ValueError("the game's table size differs from the encoder's")
        # Whose hands the seat sees: Core.can_see_hand (engine/core.py), decided here
        # once per call rather than by a Python call per hand; a game class with its
        # own can_see_hand is asked per hand. The tests check both agree everywhere.
        mirror = fast or getattr(type(game), "can_see_hand") is self.core_can_see
        open_all = glasses_public = with_glasses = mine = 0
        winners = slots.get(game, fast, A_WINNERS)
        if mirror:
            if winners is not None:
                open_all = 1
            elif slots.get(game, fast, A_PERMS) and game.hands_open():
                open_all = 1
            else:
                rules = slots.get(game, fast, A_RULES)
                if rules is not self.rules_seen:  # its two flags, read once per rule set
                    self.r_open_on_empty = 1 if rules.open_hands_on_empty_deck else 0
                    self.r_glasses_public = 1 if rules.glasses_public else 0
                    self.rules_seen = rules
                if (
                    self.r_open_on_empty
                    and not slots.get(game, fast, A_DECK)
                    and not slots.get(game, fast, A_REVEALED)
                ):
                    open_all = 1
                elif self.r_glasses_public:
                    glasses_public = 1
                    for v in range(n):
                        if glasses[v]:
                            with_glasses += 1
                elif glasses[seat]:
                    mine = 1
                    opps = slots.get(game, fast, A_OPPS)[seat]
        for v in range(n):
            ro = &self.rel[seat][v][0]
            hand = hands[v]
            if v == seat or open_all:
                sees = True
            elif not mirror:
                sees = game.can_see_hand(seat, v)
            elif glasses_public:
                # another seat than the holder has glasses on its field
                sees = with_glasses - (1 if glasses[v] else 0) > 0
            else:
                sees = mine and v in opps
            if sees:
                for x in hand:
                    _put(w, ro[R_HAND] + _card(x), 1.0, size)
            else:
                for x in hand:
                    kn = PyDict_GetItem(known, x)
                    if kn != NULL and (<long><object>kn) & bit:
                        _put(w, ro[R_HAND] + _card(x), 1.0, size)
            _put(w, ro[R_HAND_COUNT], len(hand), size)
            pts = points[v]
            if pts:
                score = 0
                for x in pts:
                    c = _stack(w, <tuple>x, v, ro, R_POINTS, stolen, top, size)
                    score += self.point_value[c]
                _put(w, ro[R_SCORE], score, size)
            pts = faces[v]
            if pts:
                kings = queens = 0
                for x in pts:
                    c = _stack(w, <tuple>x, v, ro, R_FACES, stolen, top, size)
                    rk = self.rank[c]
                    if rk == self.king:
                        kings += 1
                    elif rk == self.queen:
                        queens += 1
                if kings:
                    k = kings if kings < 4 else 4
                    _put(w, ro[R_KINGS], k, size)
                    _put(w, ro[R_GOAL], self.goal[k], size)
                if queens:
                    _put(w, ro[R_QUEENS], queens if queens < 4 else 4, size)
            for x in <list>glasses[v]:
                _put(w, ro[R_GLASSES] + _card(x), 1.0, size)
        pts = slots.get(game, fast, A_SCRAP)
        if pts:
            for x in pts:
                _put(w, self.o_scrap + _card(x), 1.0, size)
            _put(w, self.o_scrap_count, len(pts), size)
        deck = slots.get(game, fast, A_DECK)
        m = len(deck)
        k = slots.get(game, fast, A_DECK_KNOWN)
        if k > m:
            k = m
        for i in range(k):
            _put(w, self.o_deck_known + _card(deck[m - 1 - i]), 1.0, size)
        _put(w, self.o_deck_count, m, size)
        for x in slots.get(game, fast, A_REVEALED):
            _put(w, self.o_revealed + _card(x), 1.0, size)
        for x in slots.get(game, fast, A_FROZEN):
            _put(w, self.o_frozen + _card(x), 1.0, size)
        for x in chosen:
            _put(w, self.o_chosen + _card(x), 1.0, size)
        k = slots.get(game, fast, A_PASSES)
        if k:
            _put(w, self.o_passes, k if k < 255 else 255, size)
        m = slots.get(game, fast, A_MOVES)
        if m:
            used = (<double>m) / self.cap
            _put(w, self.o_moves, used if used < 1.0 else 1.0, size)
        skips = slots.get(game, fast, A_SKIPS)
        if len(skips) > n:
            raise ValueError("more skips than seats")
        for v in range(len(skips)):
            k = skips[v]
            if k:
                _put(w, self.rel[seat][v][R_SKIPS], k if k < 255 else 255, size)
        kn = PyDict_GetItem(self.phase_slot, slots.get(game, fast, A_PHASE))
        _put(w, self.o_phase + (<int><object>kn if kn != NULL else self.phase_other), 1.0, size)
        _put(w, self.o_turn + self._rel(seat, slots.get(game, fast, A_TURN)), 1.0, size)
        _put(w, self.o_to_act + self._rel(seat, slots.get(game, fast, A_TO_ACT)), 1.0, size)
        p = slots.get(game, fast, A_PENDING)
        if p is not None:
            slots = self.pending_slots
            fast = slots.ok(p)
            _put(w, self.o_p_card + _card(slots.get(p, fast, P_CARD)), 1.0, size)
            c = slots.get(p, fast, P_TARGET)
            if c >= 0:
                _put(w, self.o_p_target + _card(c), 1.0, size)
            for x in slots.get(p, fast, P_COUNTERS):
                _put(w, self.o_p_counters + _card(x), 1.0, size)
            _put(w, self.o_p_by + self._rel(seat, slots.get(p, fast, P_BY)), 1.0, size)
            kn = PyDict_GetItem(self.kind_slot, slots.get(p, fast, P_KIND))
            _put(w, self.o_p_kind + (<int><object>kn if kn != NULL else self.kind_other), 1.0,
                 size)
            c = slots.get(p, fast, P_VICTIM)
            if c >= 0:
                _put(w, self.o_p_victim + self._rel(seat, c), 1.0, size)
        if winners:
            for x in winners:
                _put(w, self.o_winners + self._rel(seat, x), 1.0, size)
        return 0


cdef class ActionKeys:
    """Move tuple -> action index for one table size, from a dense key table."""

    cdef const short[::1] table
    cdef int discard_verb
    cdef int discard_base
    cdef object _keep
    cdef _Pool pool
    cdef public object make
    cdef tuple ints
    cdef int* idx  # _indices' answer (idx_cap entries)
    cdef Py_ssize_t idx_cap

    def __cinit__(self):
        self.idx = NULL
        self.idx_cap = 0

    def __dealloc__(self):
        PyMem_Free(self.idx)

    def __init__(self, table, int discard_verb, Py_ssize_t n_actions, int discard_base=-1):
        """``table``: the dense int16 key table; ``discard_base``: the index of
        ``discard-card`` of card 0 (the 54 follow), or -1 to leave discards to Python."""
        cdef Py_ssize_t i
        self._keep = table
        self.table = table
        if self.table.shape[0] != K_VERBS * K_CARDS * K_CARDS * K_SEATS:
            raise ValueError("the key table has the wrong size")
        if discard_base >= 0 and discard_base + NCARDS > n_actions:
            raise ValueError("the discard indices lie outside the actions")
        self.discard_base = discard_base
        for i in range(self.table.shape[0]):
            if self.table[i] >= n_actions:
                raise ValueError("the key table holds an index outside the actions")
        self.ints = tuple(range(n_actions))  # the map's keys, made once
        self.discard_verb = discard_verb
        self.pool = _Pool(n_actions)
        self.make = None

    def legal_map_new(self, list legal, int actor, int players):
        """``(legal_map(...), mask)`` with a zeroed int8 mask nobody holds (kept for
        reuse, or new from ``self.make()``); None where ``legal_map`` gives None."""
        cdef void* ptr
        mask = self.pool.take(self.make, &ptr)
        memset(ptr, 0, self.pool.nbytes)
        out = self._legal_map_into(legal, actor, players, <char*>ptr, self.pool.nbytes)
        if out is None:
            return None
        return out, mask

    def legal_map_obs_new(self, list legal, ObsWriter writer not None, game, int seat):
        """``(legal_map, mask, vec)``: ``legal_map_new(legal, seat, writer's seats)`` and
        ``writer.encode_new(game, seat, ())`` in one call (the environments' first look
        at a position, where ``seat`` is to act with no discard under way); None where
        ``legal_map`` gives None, the observation then unwritten."""
        cdef void* ptr
        if seat < 0 or seat >= writer.n:
            raise ValueError(f"seat {seat} is not at this table")
        mask = self.pool.take(self.make, &ptr)
        memset(ptr, 0, self.pool.nbytes)
        out = self._legal_map_into(legal, seat, writer.n, <char*>ptr, self.pool.nbytes)
        if out is None:
            return None
        vec = writer.pool.take(writer.make, &ptr)
        writer._fill(game, seat, (), <float*>ptr)
        return out, mask, vec

    def __reduce__(self):
        # ``make`` as the state, as ObsWriter's
        args = (self._keep, self.discard_verb, self.pool.nbytes, self.discard_base)
        return (ActionKeys, args, self.make)

    def __setstate__(self, make):
        self.make = make

    def __copy__(self):
        return self  # never changed after __init__

    def __deepcopy__(self, memo):
        return self

    def legal_map(self, list legal, int actor, int players, mask):
        """``{index: move}`` of ``legal`` moves with no discard card chosen yet (``None``
        for the first card of a discard, as ``legal_indices`` gives it), marking each in
        ``mask`` (an int8/bool buffer, or None); None when a move needs the Python path
        (a discard without ``discard_base`` or of no card, or a move outside the key
        table)."""
        return self._legal_map(legal, actor, players, mask)

    cdef object _legal_map(self, list legal, int actor, int players, mask):
        cdef Py_buffer buf
        if mask is None:
            return self._legal_map_into(legal, actor, players, NULL, 0)
        PyObject_GetBuffer(mask, &buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
        try:
            if buf.itemsize != 1:
                raise ValueError("mask must be a one-byte-per-entry vector")
            return self._legal_map_into(legal, actor, players, <char*>buf.buf, buf.len)
        finally:
            PyBuffer_Release(&buf)

    cdef Py_ssize_t _indices(self, list legal, int actor, int players,
                             unsigned long long* firsts) except -2:
        """Each legal move's action index into ``self.idx`` (grown as needed): -1 for a
        discard chosen card by card, whose first step (its lowest card, as
        ``DiscardChooser.allowed`` gives it with nothing chosen) sets a bit of
        ``firsts``. Returns the count, or -1 where a move needs the Python path (a
        discard without ``discard_base`` or of no card, or a move outside the table)."""
        cdef Py_ssize_t k, n = PyList_GET_SIZE(legal)
        cdef tuple m, cs
        cdef int verb, c, t, s, rel, idx, lo
        cdef int* grown
        if n > self.idx_cap:
            grown = <int*>PyMem_Realloc(self.idx, n * sizeof(int))
            if grown == NULL:
                raise MemoryError()
            self.idx = grown
            self.idx_cap = n
        for k in range(n):
            m = <tuple>PyList_GET_ITEM(legal, k)  # a Move: a tuple subclass
            verb = m[0]
            if verb == self.discard_verb:
                cs = m[4]
                if self.discard_base < 0 or not cs:
                    return -1
                lo = NCARDS
                for y in cs:
                    c = _card(y)
                    if c < lo:
                        lo = c
                firsts[0] |= 1ULL << lo
                self.idx[k] = -1
                continue
            if verb < 0 or verb >= K_VERBS:
                return -1
            c = m[1]
            t = m[2]
            s = m[3]
            if s >= 0:
                rel = (s - actor) % players
                if rel < 0:
                    rel += players
            else:
                rel = -1
            if c < -1 or c >= NCARDS or t < -1 or t >= NCARDS or rel >= NSEATS:
                return -1
            idx = self.table[((verb * K_CARDS + c + 1) * K_CARDS + t + 1) * K_SEATS + rel + 1]
            if idx < 0:
                return -1
            self.idx[k] = idx
        return n

    cdef object _legal_map_into(self, list legal, int actor, int players, char* mk,
                                Py_ssize_t mlen):
        cdef unsigned long long firsts = 0
        cdef Py_ssize_t k, n = self._indices(legal, actor, players, &firsts)
        cdef int c, idx
        cdef dict out
        if n < 0:
            return None
        out = _PyDict_NewPresized(n)
        for k in range(n):
            idx = self.idx[k]
            if idx < 0:
                continue
            PyDict_SetItem(out, <object>PyTuple_GET_ITEM(self.ints, idx),
                           <object>PyList_GET_ITEM(legal, k))
            if mk != NULL:
                if idx >= mlen:
                    raise IndexError("mask too short")
                mk[idx] = 1
        if firsts:
            for c in range(NCARDS):  # ascending, as DiscardChooser.allowed gives them
                if (firsts >> c) & 1:
                    idx = self.discard_base + c
                    PyDict_SetItem(out, <object>PyTuple_GET_ITEM(self.ints, idx), None)
                    if mk != NULL:
                        if idx >= mlen:
                            raise IndexError("mask too short")
                        mk[idx] = 1
        return out


cdef class ValueNet:
    """The value head of :class:`cuttle.bots.neural.PolicyValueNet` in C: ReLU layers,
    then ``tanh(h @ wv + bv)``, for one observation (the search's leaf evaluation).

    The first layer reads only the observation's non-zero inputs and every layer skips
    the inputs ReLU zeroed, as the numpy form does; float32 sums in another order, so the
    two agree to float32 rounding, not bit for bit (``tests/test_learned.py``)."""

    cdef float** w
    cdef float** b
    cdef Py_ssize_t* width
    cdef Py_ssize_t layers
    cdef Py_ssize_t n_in
    cdef float* wv
    cdef double bv
    cdef float* h
    cdef float* h2

    def __cinit__(self, list weights, list biases, wv, double bv):
        cdef Py_ssize_t k, cap, rows, cols
        cdef const float[:, ::1] w
        cdef const float[::1] b
        cdef const float[::1] v
        self.layers = len(weights)
        if self.layers == 0 or len(biases) != self.layers:
            raise ValueError("a value net needs as many biases as weights, at least one")
        self.w = <float**>PyMem_Malloc(self.layers * sizeof(float*))
        self.b = <float**>PyMem_Malloc(self.layers * sizeof(float*))
        self.width = <Py_ssize_t*>PyMem_Malloc((self.layers + 1) * sizeof(Py_ssize_t))
        if self.w == NULL or self.b == NULL or self.width == NULL:
            raise MemoryError()
        memset(self.w, 0, self.layers * sizeof(float*))
        memset(self.b, 0, self.layers * sizeof(float*))
        cap = 0
        for k in range(self.layers):
            w = weights[k]
            b = biases[k]
            rows = w.shape[0]
            cols = w.shape[1]
            if k == 0:
                self.width[0] = rows
            elif rows != self.width[k]:
                raise ValueError(f"layer {k} reads {rows} inputs; the one before gives {self.width[k]}")
            if b.shape[0] != cols:
                raise ValueError(f"layer {k} has {cols} outputs but {b.shape[0]} biases")
            self.width[k + 1] = cols
            cap = max(cap, cols)
            self.w[k] = <float*>PyMem_Malloc(rows * cols * sizeof(float))
            self.b[k] = <float*>PyMem_Malloc(cols * sizeof(float))
            if self.w[k] == NULL or self.b[k] == NULL:
                raise MemoryError()
            memcpy(self.w[k], &w[0, 0], rows * cols * sizeof(float))
            memcpy(self.b[k], &b[0], cols * sizeof(float))
        v = wv
        if v.shape[0] != self.width[self.layers]:
            raise ValueError("the value head's weights do not match the last layer")
        self.wv = <float*>PyMem_Malloc(v.shape[0] * sizeof(float))
        self.h = <float*>PyMem_Malloc(cap * sizeof(float))
        self.h2 = <float*>PyMem_Malloc(cap * sizeof(float))
        if self.wv == NULL or self.h == NULL or self.h2 == NULL:
            raise MemoryError()
        memcpy(self.wv, &v[0], v.shape[0] * sizeof(float))
        self.bv = bv
        self.n_in = self.width[0]

    def __dealloc__(self):
        cdef Py_ssize_t k
        if self.w != NULL:
            for k in range(self.layers):
                PyMem_Free(self.w[k])
            PyMem_Free(self.w)
        if self.b != NULL:
            for k in range(self.layers):
                PyMem_Free(self.b[k])
            PyMem_Free(self.b)
        PyMem_Free(self.width)
        PyMem_Free(self.wv)
        PyMem_Free(self.h)
        PyMem_Free(self.h2)

    def value(self, const float[::1] obs):
        """The value of one observation, in [-1, 1]."""
        cdef Py_ssize_t i, j, k, rows, cols
        cdef float x
        cdef float* row
        cdef float* h = self.h
        cdef float* h2 = self.h2
        cdef float* tmp
        cdef float* w
        cdef double v = 0.0
        if obs.shape[0] != self.n_in:
            raise ValueError(f"the net reads {self.n_in} inputs, not {obs.shape[0]}")
        for k in range(self.layers):
            rows = self.width[k]
            cols = self.width[k + 1]
            w = self.w[k]
            memcpy(h2, self.b[k], cols * sizeof(float))
            for i in range(rows):
                x = obs[i] if k == 0 else h[i]
                if x != 0.0:
                    row = w + i * cols
                    for j in range(cols):
                        h2[j] += x * row[j]
            for j in range(cols):
                if h2[j] < 0.0:
                    h2[j] = 0.0
            tmp = h
            h = h2
            h2 = tmp
        cols = self.width[self.layers]
        for j in range(cols):
            v += h[j] * self.wv[j]
        return tanh(v + self.bv)


DEALT = 8
"""Added to a row's code by ``Stepper.advance_stream_all`` when it dealt the row a new
game (the code's low three bits say how that game stands, as ``advance``'s)."""


include "_fastenc_stepper.pxi"

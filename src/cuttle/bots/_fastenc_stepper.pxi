# The vector environment's stepper, part of the ``cuttle.bots._fastenc`` module
# (included by _fastenc.pyx: it reads the observation writer's and the action keys'
# C fields). One job: many single-seat games stepped in one call, with no Python per move.

import random as _random_module

DEALT = 8
"""Added to a row's code by ``Stepper.advance_stream_all`` when it dealt the row a new
game (the code's low three bits say how that game stands, as ``advance_all``'s)."""

_Random = _random_module.Random
_GETRANDBITS = _random_module.Random.getrandbits

# the EnvGame attributes the stepper reads and writes (E_*: their index in _ENV_ATTRS)
_ENV_ATTRS = ("game", "log", "chosen", "_legal", "_held", "_obs", "_mask", "_texts")
cdef enum:
    JCAP = 512  # observation entries a row's journal holds (more: the next write copies)
    MCAP = 512  # mask entries a row remembers (more: the next write clears it all)
    E_GAME = 0
    E_LOG = 1
    E_CHOSEN = 2
    E_LEGAL = 3
    E_HELD = 4
    E_OBS = 5
    E_MASK = 6
    E_TEXTS = 7


cdef inline void _sort_ints(int* a, Py_ssize_t n):
    """Sort ``a[0:n]`` ascending, by insertion (random play here never gave an agent
    more than 42 legal actions; MCAP bounds the rest)."""
    cdef Py_ssize_t k, j
    cdef int x
    for k in range(1, n):
        x = a[k]
        j = k - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef Py_ssize_t _randbelow(gen, Py_ssize_t n) except -1:
    """``gen.randrange(n)`` for ``n > 0``, drawn as CPython draws it (and as
    :func:`cuttle.bots.policy.randbelow`): ``getrandbits`` of ``n``'s bit length,
    again while out of range."""
    cdef int k = 0
    cdef Py_ssize_t r, m = n
    if n <= 0:
        raise ValueError("no moves to draw from")
    while m:
        k += 1
        m >>= 1
    if type(gen) is _Random:  # the C method itself: no bound method made per draw
        r = _GETRANDBITS(gen, k)
        while r >= n:
            r = _GETRANDBITS(gen, k)
        return r
    getrandbits = gen.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


cdef class Stepper:
    """One step of many single-seat games against the ``random`` bot, with no Python per
    move: the agent's move (or one card of a discard chosen card by card), the bots'
    replies and the next observation and mask, written into row ``i`` of two
    preallocated arrays (:class:`cuttle.envs.vector.CuttleVectorEnv`).

    What it does is what :meth:`cuttle.envs.gym.CuttleEnv.step` does for a legal move
    when every other seat is the ``random`` bot: the same moves drawn from the same
    generators in the same order (each bot draws with ``rng.choice`` from its legal move
    texts, sorted; streamed, from the stream by the engine's order), the same history,
    the same vectors. Anything else is left to that method (the row comes back with
    -1, nothing changed)."""

    cdef ActionKeys keys
    cdef ObsWriter writer
    cdef float[:, ::1] obs
    cdef signed char[:, ::1] mask
    cdef dict texts
    cdef object text_of
    cdef int discard_done
    cdef _Slots env_slots  # the EnvGame's own (made at the first game seen)
    cdef object game_type  # the engine game class whose two methods are kept
    cdef unsigned int game_tag
    cdef object f_legal
    cdef object f_apply
    # each row as the stepper last left it: the observation entries written over the
    # template of seat jseat[i] (jn[i] of them in jidx, -1: unknown, copy it all) and
    # the mask entries set (mn[i] of them in midx, -1: unknown, clear it all)
    cdef Py_ssize_t rows
    # the legal moves of the position each row was last written for, where the stepper
    # wrote it (no legal map in the EnvGame then): apos[i][action] is the move's place
    # in row_moves[i] (-2: a discard's first card; -1: not legal), valid while
    # row_game[i] is the game and row_mp[i] its move count
    cdef short* apos
    cdef list row_moves
    cdef list row_game
    cdef long* row_mp
    cdef list row_legal  # the legal list of the row just written (for _all)
    cdef int* jn
    cdef int* jseat
    cdef int* jidx
    cdef int* mn
    cdef int* midx

    def __cinit__(self):
        self.jn = self.jseat = self.jidx = self.mn = self.midx = NULL
        self.apos = NULL
        self.row_mp = NULL

    def __dealloc__(self):
        PyMem_Free(self.apos)
        PyMem_Free(self.row_mp)
        PyMem_Free(self.jn)
        PyMem_Free(self.jseat)
        PyMem_Free(self.jidx)
        PyMem_Free(self.mn)
        PyMem_Free(self.midx)

    def __init__(self, ActionKeys keys not None, ObsWriter writer not None, obs, mask,
                 dict texts not None, text_of, int discard_done=-1):
        """``obs``: float32 rows of the writer's size; ``mask``: int8 rows of the action
        table's size, as many; ``texts``: the move -> text cache the environment keeps;
        ``text_of``: what writes a text the cache lacks; ``discard_done``: the index of
        ``discard-done``, or -1 to leave a discard chosen card by card to Python."""
        self.discard_done = discard_done
        self.keys = keys
        self.writer = writer
        self.obs = obs
        self.mask = mask
        if self.obs.shape[1] != writer.size or self.mask.shape[1] != keys.pool.nbytes:
            raise ValueError("the rows do not fit the observation or the action table")
        if self.obs.shape[0] != self.mask.shape[0]:
            raise ValueError("as many observation rows as mask rows are needed")
        self.texts = texts
        self.text_of = text_of
        self.env_slots = None
        self.game_type = None
        self.rows = self.obs.shape[0]
        self.jn = <int*>PyMem_Malloc(self.rows * sizeof(int))
        self.jseat = <int*>PyMem_Malloc(self.rows * sizeof(int))
        self.jidx = <int*>PyMem_Malloc(self.rows * JCAP * sizeof(int))
        self.mn = <int*>PyMem_Malloc(self.rows * sizeof(int))
        self.midx = <int*>PyMem_Malloc(self.rows * MCAP * sizeof(int))
        self.apos = <short*>PyMem_Malloc(self.rows * self.mask.shape[1] * sizeof(short))
        self.row_mp = <long*>PyMem_Malloc(self.rows * sizeof(long))
        if not (self.jn and self.jseat and self.jidx and self.mn and self.midx and self.apos
                and self.row_mp):
            raise MemoryError()
        memset(self.apos, 0xFF, self.rows * self.mask.shape[1] * sizeof(short))  # all -1
        self.row_moves = [None] * self.rows
        self.row_game = [None] * self.rows
        self.row_legal = None
        for i in range(self.rows):
            self.jn[i] = self.mn[i] = -1

    def forget_row(self, Py_ssize_t i):
        """Row ``i`` was written by someone else (the Python path): the next write
        copies the template and clears the mask whole."""
        if i < 0 or i >= self.rows:
            raise IndexError(f"row {i} is out of range")
        self._mask_clear(i)  # the stepper's own entries (the mask row is written anew)
        self.jn[i] = -1
        self.row_game[i] = None

    # ----------------------------------------------------------------- the calls

    def advance_all(self, list games, list actions, list seats, list rngs, list done,
                    list legal_out):
        """For each row ``i`` (except where ``done[i]`` is true or ``rngs[i]`` is None):
        play integer ``actions[i]`` for seat ``seats[i]`` of ``games[i]`` (an
        ``EnvGame``), then each bot's move, ``rngs[i][seat]`` its generator, until the
        agent must act or the game ends. Sets ``legal_out[i]`` to the sorted legal
        indices where the row is written with the agent to act (code 0: also a discard
        going on), to an empty list where the game ended (code 1: its last observation
        written), and returns the other rows as ``(i, code)``: 2 (the agent to act, the
        row left to the Python path), 3 (skipped), -1 (nothing done: a move not legal, a
        game over or not the agent's turn, or a row the stepper did not write)."""
        return self._all(games, actions, seats, rngs, done, legal_out, None, None, None)

    def advance_stream_all(self, list games, list actions, list seats, list gens,
                           list done, list legal_out, deal, list seat_choice, list dealt):
        """:meth:`advance_all` for games whose every other seat is a ``"random"``
        opponent drawn from one stream (``seeding="stream"``): ``gens[i]`` is row
        ``i``'s :class:`random.Random` (None: the row is left alone), and each bot move
        is ``moves[randbelow(gens[i], len(moves))]`` of the engine's legal moves.

        A row whose ``done[i]`` is set is dealt a new game here, as the single
        environment's ``reset()`` deals it from the stream: the agent's seat drawn first
        where ``seat_choice[i]`` is -1 (else that seat), then ``deal(gens[i])`` (a new
        ``EnvGame``), then the bots' moves up to the agent's turn; ``games[i]``,
        ``seats[i]`` and ``done[i]`` are updated, ``dealt[i]`` set, and the row comes
        back (with :data:`DEALT` added to its code) only where the new game is not
        simply the agent's to play. A game that ends in the step (code 1) has its last
        observation written and its mask cleared, its legal list empty."""
        if len(seat_choice) != len(games) or len(dealt) != len(games):
            raise ValueError("one seat choice and one dealt flag per game")
        return self._all(games, actions, seats, gens, done, legal_out, deal, seat_choice,
                         dealt)

    cdef list _all(self, list games, list actions, list seats, list rngs, list done,
                   list legal_out, deal, list seat_choice, list dealt):
        """Both ``advance_all`` (``seat_choice`` None) and ``advance_stream_all``."""
        cdef Py_ssize_t i, n = len(games)
        cdef int code, stream = seat_choice is not None
        cdef list left = [], legal
        if len(actions) != n or len(seats) != n or len(rngs) != n or len(done) != n \
                or len(legal_out) != n:
            raise ValueError("one action, seat, generator and flag per game")
        for i in range(n):
            r = rngs[i]
            if r is None or (done[i] and (not stream or deal is None)):
                left.append((i, 3))
                continue
            if done[i]:
                code = self._deal(i, games, seats, r, deal, seat_choice[i]) | DEALT
                done[i] = (code & 7) == 1
                dealt[i] = True
            elif stream:
                code = self._advance(i, games[i], actions[i], seats[i], None, r)
            else:
                code = self._advance(i, games[i], actions[i], seats[i], <list>r, None)
            if (code & 7) == 0:
                legal_out[i] = self.row_legal
                self.row_legal = None
                if code == 0 or code == DEALT:
                    continue
            elif (code & 7) == 1:
                legal_out[i] = []
                self.mn[i] = 0
            left.append((i, code))
        return left

    # ------------------------------------------------------------ a row's arrays

    cdef int _mask_clear(self, Py_ssize_t i) except -1:
        """Zero row ``i`` of the mask, and of the action places: the entries set last,
        where they are known."""
        cdef Py_ssize_t nbytes = self.mask.shape[1]
        cdef char* row = <char*>&self.mask[i, 0]
        cdef short* ap = self.apos + i * nbytes
        cdef int k, n = self.mn[i]
        cdef int* mi = self.midx + i * MCAP
        if n < 0:
            memset(row, 0, nbytes)
            memset(ap, 0xFF, nbytes * sizeof(short))
        else:
            for k in range(n):
                row[mi[k]] = 0
                ap[mi[k]] = -1
        self.mn[i] = -1  # unknown until _mask_set says which entries are set
        return 0

    cdef int _mask_set(self, Py_ssize_t i, list legal) except -1:
        """Remember which mask entries of row ``i`` are set: ``legal``'s (the row's
        legal list, kept for ``_all``)."""
        cdef Py_ssize_t k, n = PyList_GET_SIZE(legal)
        cdef int* mi = self.midx + i * MCAP
        self.row_legal = legal
        if n > MCAP:
            self.mn[i] = -1
            return 0
        for k in range(n):
            mi[k] = <object>PyList_GET_ITEM(legal, k)
        self.mn[i] = <int>n
        return 0

    cdef int _obs_write(self, Py_ssize_t i, g, int me, chosen) except -1:
        """Write ``me``'s observation of ``g`` into row ``i``: the template restored
        where the last write left it (only the entries that write touched, when known),
        then the position's entries, recorded for the next time."""
        global _journal, _journal_n, _journal_cap
        cdef ObsWriter wr = self.writer
        cdef float* w = &self.obs[i, 0]
        cdef float* tpl
        cdef int k, n = self.jn[i]
        cdef int* jr = self.jidx + i * JCAP
        if me < 0 or me >= wr.n:
            raise ValueError(f"seat {me} is not at this table")
        tpl = wr.tpl + me * wr.size
        if n >= 0 and self.jseat[i] == me:
            for k in range(n):
                w[jr[k]] = tpl[jr[k]]
        else:
            memcpy(w, tpl, wr.size * sizeof(float))
        self.jn[i] = -1
        _journal = jr
        _journal_n = 0
        _journal_cap = JCAP
        try:
            wr._over_template(g, me, chosen, w)
        finally:
            _journal = NULL
        if _journal_n <= JCAP:
            self.jn[i] = _journal_n
        self.jseat[i] = me
        return 0

    # ------------------------------------------------------------ one row's step

    cdef int _deal(self, Py_ssize_t i, list games, list seats, gen, deal, int choice) \
            except -2:
        """Row ``i``'s new game from the stream ``gen`` (see ``advance_stream_all``)."""
        cdef int me
        cdef int fast
        if i < 0 or i >= self.obs.shape[0]:
            raise IndexError(f"row {i} is out of range")
        me = <int>_randbelow(gen, self.writer.n) if choice < 0 else choice
        eg = deal(gen)
        games[i] = eg
        seats[i] = me
        fast = self._env_ok(eg)
        g = self.env_slots.get(eg, fast, E_GAME)
        self._bots(g, self.env_slots.get(eg, fast, E_LOG), me, None, gen)
        return self._settle(i, eg, fast, g, me)

    cdef int _advance(self, Py_ssize_t i, eg, action, int me, list rngs, gen) except -2:
        """One row's step; the bots draw by their texts from ``rngs`` by seat, or (where
        ``rngs`` is None) from the stream ``gen`` by the engine's order."""
        cdef dict legal
        cdef _Slots es
        cdef int fast
        if i < 0 or i >= self.obs.shape[0]:
            raise IndexError(f"row {i} is out of range")
        if type(action) is not int:
            return -1
        fast = self._env_ok(eg)
        es = self.env_slots
        g = es.get(eg, fast, E_GAME)
        self._know(g)
        if self._winners(g) is not None or self._to_act(g) != me:
            return -1
        lg = es.get(eg, fast, E_LEGAL)
        if lg is not None:  # a legal map in the EnvGame (its Python path built it)
            legal = <dict>lg
            move = legal.get(action)
            if move is None or es.get(eg, fast, E_CHOSEN):
                # a step of a discard chosen card by card, or an illegal action
                if action not in legal or self.discard_done < 0:
                    return -1
                move = self._discard(i, eg, fast, g, action, me)
                if move is None:
                    return 0  # a card chosen, the discard goes on: the row is written
        else:  # the places the stepper wrote for the row
            if self.row_game[i] is not g or self.row_mp[i] != self._moves_played(g):
                return -1
            p = self._place(i, action)
            if p == -1:
                return -1  # not legal
            if p == -2:
                if self.discard_done < 0:
                    return -1
                move = self._discard(i, eg, fast, g, action, me)
                if move is None:
                    return 0
            else:
                move = (<list>self.row_moves[i])[p]
        log = es.get(eg, fast, E_LOG)
        self.f_apply(g, move)
        (<list>log).append((me, move))
        es.put(eg, fast, E_CHOSEN, ())
        self._bots(g, log, me, rngs, gen)
        return self._settle(i, eg, fast, g, me)

    cdef int _bots(self, g, log, int me, list rngs, gen) except -1:
        """The bots' moves until ``me`` is to act or the game is over."""
        cdef int s
        self._know(g)
        while self._winners(g) is None:
            s = self._to_act(g)
            if s == me:
                break
            moves = self.f_legal(g)
            if rngs is None:
                m = moves[_randbelow(gen, PyList_GET_SIZE(moves))]
            else:
                m = self._pick(moves, rngs[s])
            self.f_apply(g, m)
            (<list>log).append((s, m))
        return 0

    cdef object _pick(self, list moves, rng):
        """``rng.choice`` of ``moves`` by their sorted texts (as the ``random`` bot)."""
        cdef dict texts = self.texts, by_text
        cdef Py_ssize_t k, n = PyList_GET_SIZE(moves)
        cdef PyObject* t
        cdef list keyed = PyList_New(0)
        if len(texts) + n >= 200_000:  # the cache's bound, as the environment keeps it
            texts.clear()
        for m in moves:
            t = PyDict_GetItem(texts, m)
            if t == NULL:
                text = self.text_of(m)
                texts[m] = text
                keyed.append(text)
            else:
                keyed.append(<object>t)
        cdef list listed = list(keyed)  # in the moves' order, to find the chosen one
        keyed.sort()
        for k in range(1, n):
            if keyed[k] == keyed[k - 1]:
                # two moves of one text: the bot sees the text once (a dict of them)
                by_text = {}
                for k in range(n):
                    by_text[listed[k]] = moves[k]
                return by_text[rng.choice(sorted(by_text))]
        chosen = rng.choice(keyed)
        for k in range(n):
            if <PyObject*>PyList_GET_ITEM(listed, k) == <PyObject*>chosen:
                return moves[k]
        raise AssertionError("the chosen text names no legal move")

    cdef object _discard(self, Py_ssize_t i, eg, int fast, g, int action, int me):
        """One step of a discard chosen card by card (``DiscardChooser``'s rules: the
        cards ascending, ``discard-done`` where the cards chosen already make a legal
        discard and more could follow; ``action`` is one of the legal map's). Returns
        the legal discard move the chosen cards make, or None: the card is added to
        ``eg.chosen`` and row ``i`` written (the observation with the chosen cards, the
        mask and legal map of the next cards)."""
        cdef _Slots es = self.env_slots
        cdef tuple chosen = es.get(eg, fast, E_CHOSEN), cs
        cdef Py_ssize_t k, nk
        cdef int c, longer = 0
        cdef list found = [], opts = [], nxt
        cdef char* row
        cdef dict out
        held = es.get(eg, fast, E_HELD)
        if held is None or held[0] is not g or held[1] != self._moves_played(g):
            moves = self.f_legal(g)
        else:
            moves = held[2]
        for m in moves:
            if (<tuple>m)[0] == self.keys.discard_verb:
                opts.append((tuple(sorted((<tuple>m)[4])), m))
        if action == self.discard_done:
            for cs, m in opts:
                if cs == chosen:
                    return m
            raise AssertionError("discard-done names no legal discard")
        chosen = chosen + (action - self.keys.discard_base,)
        nk = len(chosen)
        made = None
        for cs, m in opts:
            if cs[:nk] == chosen:
                found.append(cs)
                if len(cs) > nk:
                    longer = 1
                elif len(cs) == nk:
                    made = m
        if made is not None and not longer:
            return made
        # the discard goes on: the next cards (ascending), discard-done first where the
        # cards so far make one
        nxt = sorted({cs[nk] for cs in found if len(cs) > nk})
        out = {}
        row = <char*>&self.mask[i, 0]
        self._mask_clear(i)
        if made is not None:
            out[self.discard_done] = None
            row[self.discard_done] = 1
        for c in nxt:
            k = self.keys.discard_base + c
            out[k] = None
            row[k] = 1
        self._mask_set(i, sorted(out))
        self.row_game[i] = None  # the legal map is the EnvGame's now
        es.put(eg, fast, E_CHOSEN, chosen)
        self._forget(eg, fast, out)
        es.put(eg, fast, E_HELD, (g, self._moves_played(g), moves))
        self._obs_write(i, g, me, chosen)
        return None

    cdef int _settle(self, Py_ssize_t i, eg, int fast, g, int me) except -2:
        """Write row ``i`` after the moves: the last observation and an empty mask (1:
        the game is over), the observation, mask, legal list and action places (0), or
        nothing (2: a move outside the action table, for the Python path)."""
        cdef Py_ssize_t nbytes = self.mask.shape[1]
        cdef char* row = <char*>&self.mask[i, 0]
        cdef short* ap = self.apos + i * nbytes
        cdef int* out = self.midx + i * MCAP
        cdef int* idx_of
        cdef unsigned long long firsts = 0
        cdef Py_ssize_t k, n, m = 0
        cdef int idx, c
        cdef list legal
        self._forget(eg, fast, None)
        self.row_game[i] = None
        self._mask_clear(i)
        if self._winners(g) is not None:
            self._obs_write(i, g, me, ())
            return 1
        moves = self.f_legal(g)
        n = self.keys._indices(moves, me, self.writer.n, &firsts)
        if n < 0:
            return 2
        idx_of = self.keys.idx
        # each action's place (a later move of one index wins, as a dict's insertion)
        for k in range(n + NCARDS):
            if k < n:
                idx = idx_of[k]
                if idx < 0:
                    continue  # a discard: its first card below
            else:
                c = <int>(k - n)
                if not (firsts >> c) & 1:
                    continue
                idx = self.keys.discard_base + c
            if idx >= nbytes:
                raise IndexError("mask too short")
            if not row[idx]:
                row[idx] = 1
                if m < MCAP:
                    out[m] = idx
                m += 1
            ap[idx] = <short>(k if k < n else -2)
        if m <= MCAP:
            _sort_ints(out, m)
            legal = PyList_New(m)
            for k in range(m):
                item = <object>PyTuple_GET_ITEM(self.keys.ints, out[k])
                Py_INCREF(item)
                PyList_SET_ITEM(legal, k, item)
            self.mn[i] = <int>m
        else:  # too many to remember: the mask row read back
            legal = [k for k in range(nbytes) if row[k]]
        self.row_legal = legal
        self.row_moves[i] = moves
        self.row_game[i] = g
        mp = self._moves_played(g)
        self.row_mp[i] = mp
        self.env_slots.put(eg, fast, E_HELD, (g, mp, moves))
        self._obs_write(i, g, me, ())
        return 0

    cdef inline int _place(self, Py_ssize_t i, action) except -3:
        """The place of integer ``action`` in row ``i``'s moves (-2: a discard's first
        card; -1: not legal)."""
        cdef int overflow = 0
        cdef long a = PyLong_AsLongAndOverflow(action, &overflow)
        cdef Py_ssize_t nbytes = self.mask.shape[1]
        if overflow or a < 0 or a >= nbytes:
            return -1
        return self.apos[i * nbytes + a]

    # -------------------------------------------------------- the objects' fields

    cdef int _env_ok(self, eg) except -1:
        """``_Slots.ok`` for an EnvGame (the reader made at the first one seen)."""
        if self.env_slots is None:
            self.env_slots = _Slots(type(eg), _ENV_ATTRS)
        return self.env_slots.ok(eg)

    cdef int _forget(self, eg, int fast, legal) except -1:
        """What ``EnvGame._moved`` forgets after a step, with ``legal`` as the map."""
        cdef _Slots es = self.env_slots
        es.put(eg, fast, E_LEGAL, legal)
        es.put(eg, fast, E_MASK, None)
        es.put(eg, fast, E_TEXTS, None)
        if es.get(eg, fast, E_OBS):
            es.put(eg, fast, E_OBS, {})
        return 0

    cdef int _know(self, g) except -1:
        """Keep the engine game class's ``legal_actions`` and ``apply`` (looked up again
        when the class, or its version, changes)."""
        cdef PyTypeObject* t
        tp = type(g)
        t = <PyTypeObject*>tp
        if tp is self.game_type and t.tp_version_tag == self.game_tag:
            return 0
        self.f_legal = tp.legal_actions  # a class lookup: gives the class a version tag
        self.f_apply = tp.apply
        self.game_type = tp if t.tp_version_tag != 0 else None
        self.game_tag = t.tp_version_tag
        return 0

    cdef inline object _winners(self, g):
        cdef _Slots cs = self.writer.core_slots
        return cs.get(g, cs.ok(g), A_WINNERS)

    cdef inline int _to_act(self, g) except? -1:
        cdef _Slots cs = self.writer.core_slots
        return cs.get(g, cs.ok(g), A_TO_ACT)

    cdef inline object _moves_played(self, g):
        cdef _Slots cs = self.writer.core_slots
        return cs.get(g, cs.ok(g), A_MOVES)

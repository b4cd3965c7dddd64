"""The game tier: one game's life on the site, from its creation (:mod:`.spec`) to its
last event; the features around a game (clocks, presence, chat, draws, rematches) are
small modules here that call its one commit path and public names only."""

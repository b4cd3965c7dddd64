"""The widgets of the table: cards, seats, the hand, the move list and the log."""

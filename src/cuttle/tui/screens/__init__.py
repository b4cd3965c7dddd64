"""The screens of the table: setup, the table itself, and its dialogs."""

"""The interactive lessons' pages and API (data in :mod:`cuttle.lessons`)."""

"""The league: matches, ratings, weekly points, seasons, championships."""

"""The static site: pages gathered in memory, then written under site/games/ only."""

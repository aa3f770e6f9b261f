"""The coach on screen: the replay viewer, its verdict panel, its words and model, opening records."""

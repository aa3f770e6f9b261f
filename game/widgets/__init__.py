"""Table widgets shared by both games: card sprites, hand fans, drag-and-drop, piles, cached text."""

"""How Salon looks and sounds: card art, the cloth, sound effects, the theme, finding shipped files."""

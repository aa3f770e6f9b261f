"""The menus and dialogs: main menu, New game, Settings, Statistics, Rules, About, the game number dialog."""

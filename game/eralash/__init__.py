"""Eralash at the table: the scene, hands, trick, plaques, declarations, score sheet, the example."""

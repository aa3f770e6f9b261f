"""Playing with people: hosting a table, joining one, and a seat at it played from this app."""

"""What Salon keeps on disk: data folder, settings, saved game, statistics, records, game numbers."""

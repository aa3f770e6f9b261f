"""Checks that drive the real app: --smoke (with the layout check), --soak, --bench, the review bench."""

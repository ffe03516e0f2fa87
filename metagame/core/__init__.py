"""What the field plays, with no Django: archetypes as rules over decklists, and the figures
(meta share, match records, win rates with their Wilson intervals, the head-to-head matrix)."""

"""Perception question sets (VisOnlyQA-style): figures built to order, or GeomVerse figures."""

"""Step-level grading of chains of thought against the gold proof."""

"""Answer reading and scoring: extraction from free text, scores per item, reports."""

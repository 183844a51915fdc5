"""Floor 5: model evaluation against geomill's ground truth.

Backends (transformers, vLLM, any OpenAI-compatible server, replay and baselines), prompts,
answer extraction, scoring, step-by-step grading and reports. Builds on every floor below;
only the command line sits above it. Heavy libraries are imported inside their backend only.
"""

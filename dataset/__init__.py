"""The dataset floor: what flows between generation and evaluation, and how it lies on disk.

Typed records, items, manifests and parts; shards, images, label sidecars and manifests read and
written here only; atomic writes; the one JSON Lines reader. Floors above (generate, evaluate,
the commands) read and write dataset files through this package, never by themselves."""

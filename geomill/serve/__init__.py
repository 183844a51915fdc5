"""``geomill serve``: the playground and the dataset browser, a local web app.

``app`` is the HTTP server (standard library), ``work`` what a problem text is turned into (run in
worker processes, ``pool``), ``data`` the dataset folder reading; ``static`` holds the two pages.
"""

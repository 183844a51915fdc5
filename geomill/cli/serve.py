"""``geomill serve``: the playground (write a problem, see its figure and proof) and the dataset
browser, in the browser (see docs/playground.md)."""
from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path

from geomill.engine.errors import GeomillError

from . import flags


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="the playground and dataset browser in the browser (local web app)",
                       description="Starts a local web server and prints its URL: the playground page (an "
                                   "editor for the language with the figure, answer and gold solution redrawn as "
                                   "you type) and the dataset page (the records of a folder under --data).")
    p.add_argument("--port", type=flags.integer(0, 65535), default=8765, help="0: any free port (default 8765)")
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default: this machine only)")
    p.add_argument("--data", metavar="DIR", help="the folder whose datasets and runs the dataset page reads "
                                                  "(nothing outside it is read)")
    p.add_argument("--workers", type=flags.COUNT, default=2, help="processes solving and drawing problems")
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    from geomill.serve.app import make_server

    data = Path(args.data) if args.data else None
    if data is not None and not data.is_dir():
        raise GeomillError(f"--data {args.data}: not a folder")
    server = make_server(args.host, args.port, data, args.workers)
    signal.signal(signal.SIGTERM, _stop)  # as Ctrl-C: the workers are stopped on the way out
    host, port = server.server_address[:2]
    print(f"geomill serve: http://{host}:{port}/  (dataset page: http://{host}:{port}/dataset; Ctrl-C stops)",
          file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    finally:
        server.server_close()
        server.app.pool.close()
    return 0


def _stop(signum, frame) -> None:
    raise KeyboardInterrupt

"""`rag serve`: prepare the store and the starting backend, then run the chat page until interrupted.

Plugged into the `rag` command line through the `paper_rag.commands` entry point (`register`).
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path
from typing import Any

from rag.api import build_api
from rag.auth import PASSWORD_ENV, USER_ENV, api_guard
from rag.errors import RagError
from rag.service import RagService

STATIC = Path(__file__).resolve().parent / "static"


def register(commands: Any, common: argparse.ArgumentParser) -> None:
    """Add `rag serve` to the `rag` command line's subcommands."""
    serve_cmd = commands.add_parser("serve", parents=[common], help="run the chat page (ingests the seeds into an empty store)")
    serve_cmd.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1; any other needs PAPER_RAG_USER and PAPER_RAG_PASSWORD)")
    serve_cmd.add_argument("--port", type=int, default=7860, help="TCP port (default: 7860)")
    serve_cmd.set_defaults(handler=_serve_command)


def _serve_command(args: argparse.Namespace, service: RagService) -> int:
    if not 1 <= args.port <= 65535:
        raise RagError(f"--port must be between 1 and 65535, not {args.port}")
    serve(service, host=args.host, port=args.port, debug=args.debug)
    return 0


def serve(service: RagService, host: str, port: int, debug: bool = False) -> None:
    """Serve the chat page at / and the HTTP API (rag.api) on host:port until interrupted.

    Refuses a non-loopback host without login credentials, ingests the seeds into an empty store,
    and starts the service's profile before listening, so a failure is reported before any page.
    A rejected request is logged in one line; `debug` logs its traceback too.
    """
    settings = service.settings
    guard = api_guard(host, settings.api.token_env)
    _check_port(host, port)  # before the slow part, so a taken port fails at once
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    import gradio as gr
    import uvicorn

    from ui.app import build_app
    from ui.guard import quiet_server_errors, set_debug

    stats = service.ensure_corpus()
    service.start(settings.profile)
    app = gr.mount_gradio_app(
        build_api(service, guard, settings.api.max_body_bytes), build_app(service, settings.profile, stats), path="/",
        auth=guard.login, css_paths=[STATIC / "app.css"], ssr_mode=False, show_error=False, footer_links=[],
    )
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning", access_log=False))
    set_debug(debug)
    quiet_server_errors()
    login = f"; login required (user from {USER_ENV}, password from {PASSWORD_ENV}, or a bearer token from ${settings.api.token_env} for the API)" if guard.login else ""
    print(f"serving profile '{settings.profile}' on http://{_url_host(host)}:{port} (chat page at /, API at /v1){login}; Ctrl+C stops",
          file=sys.stderr, flush=True)
    server.run()
    if not server.started:
        raise _port_error(host, port)


def _check_port(host: str, port: int) -> None:
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            raise _port_error(host, port) from None


def _port_error(host: str, port: int) -> RagError:
    return RagError(f"cannot listen on {host}:{port} (port in use, or not an address of this machine); pick another --port or --host")


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host

"""`rag serve`: prepare the store and the starting backend, then run the chat page until interrupted.

Plugged into the `rag` command line through the `paper_rag.commands` entry point (`register`).
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import socket
import sys
from pathlib import Path
from typing import Any, Mapping

from rag.errors import RagError
from rag.service import RagService

USER_ENV = "PAPER_RAG_USER"
PASSWORD_ENV = "PAPER_RAG_PASSWORD"
STATIC = Path(__file__).resolve().parent / "static"


def credentials(host: str, environ: Mapping[str, str] = os.environ) -> tuple[str, str] | None:
    """Login required to serve on `host`: None on a loopback address, else (user, password) from
    PAPER_RAG_USER / PAPER_RAG_PASSWORD; raises RagError when those are missing."""
    if _is_loopback(host):
        return None
    user, password = environ.get(USER_ENV, ""), environ.get(PASSWORD_ENV, "")
    if not user or not password:
        raise RagError(
            f"serving on {host} exposes the chat beyond this machine; set {USER_ENV} and {PASSWORD_ENV} "
            f"to require a login, or use --host 127.0.0.1"
        )
    return user, password


def register(commands: Any, common: argparse.ArgumentParser) -> None:
    """Add `rag serve` to the `rag` command line's subcommands."""
    serve_cmd = commands.add_parser("serve", parents=[common], help="run the chat page (ingests the seeds into an empty store)")
    serve_cmd.add_argument("--host", default="127.0.0.1", help="interface to bind (default: 127.0.0.1; any other needs PAPER_RAG_USER and PAPER_RAG_PASSWORD)")
    serve_cmd.add_argument("--port", type=int, default=7860, help="TCP port (default: 7860)")
    serve_cmd.set_defaults(handler=_serve_command)


def _serve_command(args: argparse.Namespace, service: RagService) -> int:
    if not 1 <= args.port <= 65535:
        raise RagError(f"--port must be between 1 and 65535, not {args.port}")
    serve(service, host=args.host, port=args.port)
    return 0


def serve(service: RagService, host: str, port: int) -> None:
    """Serve the chat page on host:port until interrupted.

    Refuses a non-loopback host without login credentials, ingests the seeds into an empty store,
    and starts the service's profile before listening, so a failure is reported before any page.
    """
    auth = credentials(host)
    _check_port(host, port)  # before the slow part, so a taken port fails at once
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    from ui.app import build_app

    profile = service.settings.profile
    stats = service.ensure_corpus()
    service.start(profile)
    app = build_app(service, profile, stats)
    try:
        app.launch(
            server_name=host, server_port=port, auth=auth, css_paths=[STATIC / "app.css"],
            ssr_mode=False, quiet=True, show_error=False, footer_links=[], prevent_thread_lock=True,
        )
    except OSError:
        raise _port_error(host, port) from None
    login = f"; login required (user from {USER_ENV}, password from {PASSWORD_ENV})" if auth else ""
    print(f"serving profile '{profile}' on http://{_url_host(host)}:{port}{login}; Ctrl+C stops", file=sys.stderr, flush=True)
    app.block_thread()


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


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host

"""`rag serve`: prepare the store and the starting backend, then run the chat page until interrupted."""

from __future__ import annotations

import ipaddress
import os
import socket
import sys
from pathlib import Path
from typing import Any, Mapping

from rag.errors import RagError
from rag.settings import Settings

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


def ensure_corpus(settings: Settings) -> dict[str, Any]:
    """The store's stats, after ingesting corpus.default_paths (the seeds) if the store is empty."""
    from rag.ingest import ingest
    from rag.stats import collect_stats

    stats = collect_stats(settings)
    if stats["papers"] == 0:
        paths = [settings.resolve_path(p) for p in settings.corpus.default_paths]
        print(f"the store is empty; ingesting {', '.join(map(str, paths))}", file=sys.stderr, flush=True)
        ingest(settings, paths, progress=True)
        stats = collect_stats(settings)
    return stats


def serve(settings: Settings, host: str, port: int, overrides: Mapping[str, Any]) -> None:
    """Serve the chat page on host:port until interrupted.

    Refuses a non-loopback host without login credentials, ingests the seeds into an empty store,
    and starts the settings' profile before listening, so a failure is reported before any page.
    `overrides` (the command line's dotted settings) apply to every profile the page switches to.
    """
    auth = credentials(host)
    _check_port(host, port)  # before the slow part, so a taken port fails at once
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    from ui.app import build_app
    from ui.backends import BackendRegistry

    stats = ensure_corpus(settings)
    registry = BackendRegistry(overrides=overrides)
    registry.get(settings.profile)
    app = build_app(registry, settings.profile, stats)
    try:
        app.launch(
            server_name=host, server_port=port, auth=auth, css_paths=[STATIC / "app.css"],
            ssr_mode=False, quiet=True, show_error=False, footer_links=[], prevent_thread_lock=True,
        )
    except OSError:
        raise _port_error(host, port) from None
    login = f"; login required (user from {USER_ENV}, password from {PASSWORD_ENV})" if auth else ""
    print(f"serving profile '{settings.profile}' on http://{_url_host(host)}:{port}{login}; Ctrl+C stops", file=sys.stderr, flush=True)
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

"""Who may call the page and the API: nobody needs a login on loopback, everybody does elsewhere.

The login is a user and password from PAPER_RAG_USER / PAPER_RAG_PASSWORD (shared by the chat
page and the API's HTTP Basic auth); the API also takes a bearer token from the environment
variable named by `api.token_env`. Secrets are read from the environment, never from config.
"""

from __future__ import annotations

import base64
import hmac
import ipaddress
import os
from dataclasses import dataclass
from typing import Mapping

from rag.errors import RagError

USER_ENV = "PAPER_RAG_USER"
PASSWORD_ENV = "PAPER_RAG_PASSWORD"


def is_loopback(host: str) -> bool:
    """True for an address (or "localhost") that only this machine can reach."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def credentials(host: str, environ: Mapping[str, str] = os.environ) -> tuple[str, str] | None:
    """Login required to serve on `host`: None on a loopback address, else (user, password) from
    PAPER_RAG_USER / PAPER_RAG_PASSWORD; raises RagError when those are missing."""
    if is_loopback(host):
        return None
    user, password = environ.get(USER_ENV, ""), environ.get(PASSWORD_ENV, "")
    if not user or not password:
        raise RagError(
            f"serving on {host} exposes the chat beyond this machine; set {USER_ENV} and {PASSWORD_ENV} "
            f"to require a login, or use --host 127.0.0.1"
        )
    return user, password


@dataclass(frozen=True)
class ApiGuard:
    """Checks a request's Authorization header; `open` when serving on loopback."""

    login: tuple[str, str] | None
    token: str = ""

    @property
    def open(self) -> bool:
        """True when no credentials are needed."""
        return self.login is None

    def allows(self, authorization: str | None) -> bool:
        """True when `authorization` (the header's value) carries the login or the bearer token."""
        if self.open:
            return True
        scheme, _, value = (authorization or "").partition(" ")
        if scheme.lower() == "bearer" and self.token:
            return hmac.compare_digest(value.strip(), self.token)
        if scheme.lower() == "basic" and self.login:
            try:
                user, _, password = base64.b64decode(value.strip(), validate=True).decode("utf-8").partition(":")
            except (ValueError, UnicodeDecodeError):
                return False
            return hmac.compare_digest(user, self.login[0]) and hmac.compare_digest(password, self.login[1])
        return False


def api_guard(host: str, token_env: str, environ: Mapping[str, str] = os.environ) -> ApiGuard:
    """The API's guard for serving on `host` (RagError as `credentials` when a login is missing)."""
    login = credentials(host, environ)
    return ApiGuard(login, environ.get(token_env, "") if login else "")

"""The one exception type users see: a one-line message naming the problem and the fix."""


class RagError(Exception):
    """A user-facing failure. `str(err)` is a single line fit to print as-is, without a traceback."""

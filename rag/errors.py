"""The one exception type users see: a one-line message naming the problem and the fix."""


class RagError(Exception):
    """A user-facing failure. `str(err)` is a single line fit to print as-is, without a traceback."""


class EmptyStoreError(RagError):
    """The store holds no papers yet, so there is nothing to search or answer from."""


class ComponentError(RagError):
    """A component (the Chroma store, the BM25 index, the embedding model) failed at run time."""

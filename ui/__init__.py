"""The chat page (`rag serve`): renders answers from `rag` and calls it; nothing in `rag` imports `ui`."""

"""Cited question answering over machine-learning paper abstracts."""

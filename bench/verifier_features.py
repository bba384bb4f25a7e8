"""What the rules verifier computes about one claim, as numbers: the inputs of bench/verifier_fit.py's logistic fit.

`claim_features` reads a claim against its candidate passages and cited sources the way
rag/verifier.py's rules do (the aligned passage, each contradiction cue by name, the floors' checks,
the graded support signals) and adds counts the rules never combine: claim words the abstract or the
aligned passage lacks (all of them, and the naming words among them), negation words on each side,
numbers the aligned passage lacks. Every feature is a float; `FEATURES` fixes their order.
"""

from __future__ import annotations

import math

from rag.cues import CUE_NAMES, NEGATIONS, NOUN_NEGATIONS, claim_stems, content_stems, contradiction_cue, misattributed, stem, words
from rag.settings import GroundingSettings
from rag.sources import Source
from rag.verifier import (Passage, RulesVerifier, aligned_passage, only_asked, support_signals, unstated_absolute,
                          unstated_priority)
from rag.vocab import has_verb_forms

_NEGATING = NEGATIONS | NOUN_NEGATIONS
FEATURES: list[str] = (
    ["rules_kept", "support", "similarity", "overlap", "local", "cue", "misattributed", "asked", "absolute", "priority",
     "novel_abstract", "novel_aligned", "novel_aligned_share", "novel_naming_abstract", "novel_naming_aligned",
     "negations_claim", "negations_aligned", "negation_parity", "numbers_unaligned", "content_words", "aligned_is_close"]
    + [f"cue_{name}" for name in CUE_NAMES]
)


def claim_features(claim: str, passages: list[Passage], sources: list[Source], settings: GroundingSettings) -> dict[str, float]:
    """The features of `claim` (keys: `FEATURES`) against `passages` (closest first) of `sources`,
    with the rules verifier's thresholds from `settings`."""
    aligned = aligned_passage(claim, sources)
    abstract = " ".join(s.abstract for s in sources)
    verdict = RulesVerifier(settings).verify(claim, passages, sources)
    similarity, overlap, local = support_signals(claim, passages, sources, aligned)
    cue = None
    attributed = ""
    for passage in ([aligned] if aligned else []) + passages[:1]:
        context = next((s.abstract for s in sources if s.n == passage.n), "")
        cue = cue or contradiction_cue(claim, passage.text, context)
        attributed = attributed or misattributed(claim, passage.text, context)
    aligned_text = aligned.text if aligned else ""
    wanted = claim_stems(claim)
    in_abstract, in_aligned = content_stems(abstract), content_stems(aligned_text)
    claim_words, aligned_words = words(claim), words(aligned_text)
    naming = {stem(w) for w in claim_words if _naming(w)}
    neg_claim = sum(w in _NEGATING for w in claim_words)
    neg_aligned = sum(w in _NEGATING for w in aligned_words)
    numbers = {w for w in claim_words if w[0].isdigit()}
    out = {
        "rules_kept": float(verdict.supported), "support": verdict.score or 0.0,
        "similarity": similarity, "overlap": overlap, "local": local,
        "cue": float(cue is not None), "misattributed": float(bool(attributed)),
        "asked": float(bool(aligned and only_asked(claim, aligned.text))),
        "absolute": float(bool(unstated_absolute(claim, [s.abstract for s in sources]))),
        "priority": float(bool(unstated_priority(claim, [s.abstract for s in sources]))),
        "novel_abstract": float(len(wanted - in_abstract)), "novel_aligned": float(len(wanted - in_aligned)),
        "novel_aligned_share": len(wanted - in_aligned) / max(1, len(wanted)),
        "novel_naming_abstract": float(len((wanted & naming) - in_abstract)),
        "novel_naming_aligned": float(len((wanted & naming) - in_aligned)),
        "negations_claim": float(neg_claim), "negations_aligned": float(neg_aligned),
        "negation_parity": float(neg_claim % 2 != neg_aligned % 2),
        "numbers_unaligned": float(len(numbers - set(aligned_words))),
        "content_words": math.log1p(len(wanted)),
        "aligned_is_close": float(bool(aligned) and any(p.text == aligned.text for p in passages)),
    }
    out.update({f"cue_{name}": float(bool(cue) and cue[0] == name) for name in CUE_NAMES})
    return out


def _naming(word: str) -> bool:
    """Whether a claim word reads as one that names a thing (no verb by the vocabulary, no adverb,
    no -ing or -ed form): the kind of word a changed detail swaps in."""
    return word.isalpha() and not word.endswith(("ly", "ing", "ed")) and not has_verb_forms(word)

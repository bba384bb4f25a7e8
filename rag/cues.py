"""Lexical cues that a claim contradicts the passage it rests on (the floor of every verifier).

Each cue compares one claim with one passage (a sentence or two of the cited abstract) and names
both sides when it fires:
- polarity: a word the claim negates ("does not improve", "without labels", "no better") that the
  passage states plainly, or the reverse;
- negation prefixes: "aligned" against "misaligned", "canonical" against "non-canonical",
  "linear" against "nonlinear", "supervised" against "self-supervised";
- antonyms: verbs and directions (improves/degrades, increases/decreases, faster/slower), and
  modifiers of the same word ("more neurons" against "fewer neurons", "low-dimensional" against
  "high-dimensional", "continuous product" against "discrete product");
- comparison direction: "A ... than B" where the passage says "B ... than A" ("width over depth"
  against "depth over width");
- parity: "outperforms"/"surpasses" where the passage only says "matches" or "comparable";
- standing level: "lags behind B" or "beats B" where the passage puts its subject "on par with B" or
  "no better than B", and "as accurate as B" where the passage puts it ahead of or behind B;
- kept intact: "breaks the constraints", "changes the fixed points" against "respecting the
  constraints", "preserving the fixed points" (and the reverse), said of the same thing;
- swapped modifiers: "functional constraints ... structural patterns" against "structural
  constraints ... functional patterns";
- crossed opposites: a passage that pairs two opposites in parallel ("low contrast ... more
  neurons, ... high contrast ... fewer neurons") and a claim that takes them crosswise ("at high
  contrast ... more neurons");
- numbered details: a number the passage ties to one modifier of a noun ("energy MAE by 57%")
  that the claim ties to the noun's other modifier in the passage ("force MAE by 57%");
- list swaps: an enumeration that follows the passage's item by item but for one item, which
  the abstract never mentions ("eDOS, phDOS, XANES and infrared" against "... and Raman");
- swapped numbers: a number the claim ties to one detail while the passage ties it to another;
- swapped preferences and paths: "A rather than B", "A instead of B", "replaces B with A", "from
  B to A" where the passage puts B and A the other way round;
- crossed details: two clauses of the claim that take the details of two clauses of the passage
  crosswise ("cheap evaluations for uncertain regions, costly experiments for exploration");
- denied objects: a claim that negates a verb the passage never uses ("does not handle irregular
  grids") about what the passage affirms with no negation of its own;
- prior work: a claim that says of the paper's method what the passage says of existing methods;
- invariance: "depends on the resolution" against "resolution-invariant" or "independent of X";
- kind swaps: "a simple regret bound" against "a cumulative regret bound", "the Markov chain
  structure" against "the factor graph structure", where the abstract never uses a word of the
  claim's kind; and a thing swapped after the same modifier: "with canonical nucleotides and"
  against "with canonical amino acids,".
- direction against one target: "less accurate than PINNs" against "superior accuracy compared to
  PINNs";
- covariation: "decreases as the decay strength grows" against "increasing with decay strength";
- numbered compounds: "two-dimensional evolution" against "three-dimensional" (or "3D") evolution;
- groups and names with a number: "SO(3) local frames" against "SO(2) local frames" (a group written
  with its dimension is a name, "so2", never a number tied to a detail);
- glossed kinds: "weather metadata" against "metadata (geolocation information)";
- compound parts: "cross-attention toy model" against "self-attention toy model";
- phrase swaps: a term after the same two words ("controls the variance of" against "controls
  the quantile radius of"), one side of two words or more;
- terms before the same words: "a recurrent module to resolve long-range impacts" against "a global
  attention mechanism to resolve long-range impacts";
- cause and effect: "A gives rise to B" against "B gives rise to A";
- scope: "a paradigm specific to eDOS" against "a general paradigm";
- slot swaps: words that name a detail, new to the abstract, in the modifier slot of a head word
  the passage has with other naming words in that slot ("in classification settings" against "in
  regression settings"); verbs, adverbs and qualifiers, where paraphrases put synonyms, never count;
- direction reversed: a comparison of the same two sides the other way ("width matters less than
  depth" against "favor width over depth", "is outperformed by" against "superior to"); a comparison
  said from its other side, sides and direction both turned round ("B needs more data than A" for
  "A is more data-efficient than B"), is read as agreeing by the cues of direction words;
- degree: "slightly", "marginally", "occasionally" against "substantially", "significantly",
  "consistently";
- valence: a word spoken ill of next to the word the passage speaks well of ("extrapolates poorly"
  against "robust extrapolation", "hurt the transfer" against "transfer better");
- ease: "hard to interpret" against "interpretable".
Questions in the passage state nothing and are left out.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

import Stemmer

from rag.text import (NUMBER_WORDS, STOPWORDS, defined_acronyms, initials_written, key_terms, spelled_compounds,
                      split_sentences, unify_dashes)
from rag.vocab import has_verb_forms

_STEMMER = Stemmer.Stemmer("english")
NEGATIONS = {"not", "never", "cannot", "neither", "nor", "unable", "hardly", "rarely"}
# Negations of a noun phrase ("without batch normalization", "no energy drift", "eliminates the
# need for annotations"): they govern the last word of the phrase that follows.
NOUN_NEGATIONS = {"no", "without", "zero", "near-zero", "eliminates", "eliminate",
                  "eliminating", "avoids", "avoid", "avoiding", "removes", "removing",
                  "prevents", "prevent", "prevented", "preventing",
                  # leaving a thing out of account: "ignores the ambient environment" denies "conditioning on" it
                  "ignore", "ignores", "ignored", "ignoring", "neglect", "neglects", "neglected", "neglecting",
                  "overlook", "overlooks", "overlooked", "overlooking", "disregard", "disregards", "disregarded",
                  "disregarding",
                  # going round a thing: "skips spatial derivative computation" says what "avoids" it says
                  "skip", "skips", "skipped", "skipping", "bypass", "bypasses", "bypassed", "bypassing",
                  "sidestep", "sidesteps", "sidestepped", "sidestepping", "forgo", "forgoes", "forgoing",
                  # casting a thing off: "by dropping non-physical degrees of freedom" says "by eliminating" them
                  "dropping", "discard", "discards", "discarded", "discarding"}
# "lack a principled formulation grounded in X": what follows is neither stated nor plainly
# denied ("lack accuracy" paraphrases "limited accuracy"), so it is set aside as a negation's scope.
_LACKS = {"lack", "lacks", "lacked", "lacking"}
_NEGATING_VERBS = NOUN_NEGATIONS - {"no", "without", "zero", "near-zero"}
_FAIL = {"fail", "fails", "failed", "failing"}  # a negation only in "fail(s) to ..."
_SKIP_AFTER_NEGATION = {
    "a", "an", "the", "to", "be", "been", "being", "is", "are", "do", "does", "did", "only", "always",
    "necessarily", "significantly", "substantially", "yet", "any", "have", "has", "had", "by", "it",
    "they", "this", "that", "more", "as", "so", "very", "also", "even", "much", "need", "needs", "longer",
    "from",  # "stems not from a necessity of BN but from ..." denies the necessity
}
# Phrases that negate the noun phrase after them ("free of drift", "at the cost of consistency").
PHRASE_NEGATIONS = {("far", "from"), ("away", "with"), ("free", "of"), ("rid", "of"), ("none", "of"), ("at", "the", "cost", "of"),
                     ("at", "the", "expense", "of"), ("short", "of")}
# Verbs of leaving a thing out ("leaving out normalization", "rules out capturing periodicity"):
# the noun phrase after them is denied, as after "without".
PHRASE_NEGATIONS |= {(verb, "out") for verb in ("leave", "leaves", "leaving", "left", "rule", "rules", "ruled", "ruling")}
_PHRASES_FROM = {first: [p for p in PHRASE_NEGATIONS if p[0] == first] for first, *_ in PHRASE_NEGATIONS}  # by first word
_SKIP_IN_NOUN_PHRASE = {"a", "an", "the", "any", "need", "needs", "for", "of", "explicit", "explicitly", "additional", "extra"}
# Gerunds of supplying a thing: "without specifying the Lagrangian" denies the Lagrangian (a method that
# needs no Lagrangian given to it), as "without the Lagrangian" would.
_SUPPLYING = {"specifying", "providing", "supplying", "prescribing", "knowing", "requiring", "needing", "giving"}
# Groups of words with opposite meaning: a claim word from one side against a passage word from the other.
ANTONYMS: list[tuple[set[str], set[str]]] = [
    ({"improve", "improves", "improved", "improving", "improvement", "improvements", "help", "helps", "helped", "helping"},
     {"degrade", "degrades", "degraded", "degrading", "worsen", "worsens", "worsened", "hurt", "hurts", "harms", "harm"}),
    ({"increase", "increases", "increased", "increasing", "raise", "raises", "raised", "grow", "grows", "grew", "rises", "growth", "rise",
      "strengthens", "strengthen", "strengthened", "amplifies", "amplify", "enlarge", "enlarges", "enlarged", "widen",
      "climb", "climbs", "climbed", "climbing",
      "widens", "widened", "expand", "expands", "expanded", "inflate", "inflates", "inflated"},
     {"decrease", "decreases", "decreased", "decreasing", "reduce", "reduces", "reduced", "reducing", "lowers", "lowered",
      "shrinks", "down", "cuts", "drops", "falls", "reduction", "reductions", "decline", "declines",
      "trim", "trims", "trimmed", "trimming", "slash", "slashes", "slashed",
      "weakens", "weaken", "weakened", "diminishes", "diminish", "diminished", "diminishing", "lowering",
      "narrow", "narrows", "narrowed", "erode", "erodes", "eroded", "shrink", "lessen", "lessens", "lessened"}),
    ({"higher", "larger", "greater", "bigger", "wider"}, {"lower", "smaller", "fewer", "narrower"}),
    ({"outperform", "outperforms", "outperformed", "outperforming", "surpass", "surpasses", "beats", "exceeds"},
     {"underperform", "underperforms", "underperformed", "trails", "lags"}),
    ({"better", "best", "superior"}, {"worse", "worst", "inferior"}),
    ({"faster", "quicker", "accelerates", "accelerate", "accelerated", "speeds", "hastens", "speedup", "speedups",
      "speed-up", "speed-ups"},
     {"slower", "slows", "slow", "slowly", "decelerates", "delays", "delay", "delayed", "postpones", "postponed"}),
    ({"maximize", "maximizes", "maximizing", "maximization", "ascent"}, {"minimize", "minimizes", "minimizing", "minimization", "descent"}),
    ({"stable", "stably", "stabilizes", "stabilize"}, {"unstable", "unstably", "destabilizes", "destabilize"}),
    ({"efficient", "efficiency"}, {"inefficient", "inefficiency"}),
    ({"accurate", "accurately"}, {"inaccurate", "inaccurately"}),
    ({"success", "successful", "successfully", "succeeds", "succeed", "succeeded"},
     {"failure", "fails", "fail", "failed", "unsuccessful"}),
    ({"strongest", "strong", "stronger"}, {"weakest", "weak", "weaker"}),
    ({"cheap", "cheaper", "inexpensive", "low-cost"}, {"expensive", "costly", "pricier"}),
    ({"requires", "require", "required", "relies", "depends", "depend", "needs"},
     {"without", "eliminates", "eliminating", "free", "normalization-free"}),
    ({"sufficient", "enough"}, {"insufficient", "necessary"}),  # a sufficient condition is not said to be necessary
    ({"easy", "easier", "easily", "trivial", "trivially", "straightforward"}, {"challenging", "difficult", "harder", "difficulty"}),
    # a thing needed against one that matters little ("of minor importance", "matters little": `words` reads them "unimportant")
    ({"essential", "crucial", "critical", "vital", "indispensable", "important", "key"},
     {"unimportant", "inessential", "nonessential", "dispensable"}),
    ({"mirror", "mirrors", "mirrored", "resemble", "resembles", "resembled"}, {"differ", "differs", "differed", "differing"}),
    ({"sparse"}, {"dense"}),
    ({"ubiquitous", "widespread", "prevalent", "commonplace"}, {"rare", "uncommon"}),
    # taking a theory's place against standing beside it: "supersede" says what "replace" says
    ({"replace", "replaces", "replaced", "replacing", "replacement", "replacements", "supersede", "supersedes", "superseded", "superseding",
      "supplant", "supplants", "supplanted", "supplanting"},
     {"coexist", "coexists", "coexisted", "coexisting", "complement", "complements", "complemented", "complementing"}),
    ({"homogeneous", "homogeneity", "uniform"}, {"heterogeneous", "heterogeneity", "heterogeneities", "nonuniform", "non-uniform"}),
    ({"robust", "robustly", "insensitive"}, {"sensitive", "vulnerable", "fragile", "brittle"}),
    ({"above"}, {"below"}),
    ({"couples", "coupled", "coupling", "jointly"}, {"decouples", "decoupled", "decoupling", "separately"}),
    ({"consistent", "consistently", "coherent"}, {"inconsistent", "inconsistently", "incoherent"}),
    ({"agree", "agrees", "matches", "match"}, {"disagree", "disagrees", "mismatch", "mismatches", "discrepancies",
                                                "diverges", "diverge", "diverged", "deviates", "deviate", "deviated"}),
    ({"promotes", "promote", "promoted", "enhances", "enhance", "enhanced", "activates", "activate", "activated",
      "stimulates", "induces", "facilitates", "upregulates", "upregulated"},
     {"inhibits", "inhibit", "inhibited", "suppresses", "suppress", "suppressed", "impedes", "impede", "prevents",
      "prevent", "blocks", "deactivates", "represses", "downregulates", "downregulated", "impairs", "impaired"}),
    ({"effective", "beneficial", "benefits", "protects", "protective"}, {"ineffective", "harmful", "detrimental"}),
    ({"associated", "correlated", "related", "linked"}, {"unrelated", "unassociated", "uncorrelated", "independent"}),
    ({"positively", "positive"}, {"negatively", "negative", "inversely", "inverse"}),
    ({"width", "wider", "widths"}, {"depth", "deeper", "depths"}),  # the two sizes of a network
    # putting together against keeping apart; one side is one statement ("cannot be combined"
    # denies "can be integrated")
    # evidence for against evidence against a finding ("experiments contradict the theory" where they support it)
    ({"support", "supports", "supported", "confirm", "confirms", "confirmed", "corroborate", "corroborates",
      "corroborated"},
     {"contradict", "contradicts", "contradicted", "refute", "refutes", "refuted", "disprove", "disproves", "disproved"}),
    # keeping a thing against putting another in its place, said of the same thing ("keeps softmax
    # affinities" against "replaces softmax affinities with structured linear operators")
    ({"keep", "keeps", "kept", "keeping", "retain", "retains", "retained", "retaining"},
     {"replace", "replaces", "replaced", "replacing", "substitutes", "swaps"}),
    # keeping a property against giving it up for another, said of the same thing ("trades physical
    # consistency for accuracy" against "improves accuracy while maintaining physical consistency"); not
    # "preserve", whose "preservation" would then be read as another word
    ({"maintain", "maintains", "maintained", "maintaining"},
     {"sacrifice", "sacrifices", "sacrificed", "sacrificing", "trade", "trades", "traded", "trading",
      "compromise", "compromises", "compromised", "compromising"}),
    ({"combine", "combines", "combined", "combining", "integrate", "integrates", "integrated", "integrating",
      "merge", "merges", "merged", "merging", "fuse", "fuses", "fused", "fusing", "unify", "unifies", "unified"},
     {"separate", "separates", "separated", "separating", "split", "splits", "apart"}),
]
# The dependency group ("requires" against "without"): its words clash only about the same object.
_DEPENDS = next(left for left, _ in ANTONYMS if "requires" in left)
_KEEPS = next(left for left, _ in ANTONYMS if "retains" in left)
_MAINTAINS = next(left for left, _ in ANTONYMS if "maintains" in left)
# Modifiers with opposite meaning; they contradict only when they modify the same word
# ("more neurons" against "fewer neurons"), since each is common on its own.
MODIFIERS: list[tuple[set[str], set[str]]] = [
    ({"more", "many"}, {"fewer", "less", "few"}),
    ({"high", "higher", "highest"}, {"low", "lower", "lowest"}),
    ({"large", "larger", "largest", "big"}, {"small", "smaller", "smallest", "tiny", "compact"}),
    ({"long", "longer", "longest"}, {"short", "shorter", "shortest"}),
    ({"deep", "deeper"}, {"shallow", "shallower"}),
    ({"continuous"}, {"discrete"}),
    ({"global"}, {"local"}),
    ({"explicit", "explicitly"}, {"implicit", "implicitly"}),
    ({"static"}, {"dynamic"}),
    ({"coarse"}, {"fine"}),
    ({"positive"}, {"negative"}),
    ({"early", "earlier"}, {"late", "later"}),
    ({"first", "1st"}, {"second", "2nd", "third", "3rd", "fourth", "higher"}),
    ({"second", "2nd"}, {"first", "1st", "third", "3rd"}),
    ({"regular"}, {"irregular"}),
    ({"input"}, {"output"}),
    ({"invariant"}, {"equivariant"}),
    ({"synthetic"}, {"real", "real-world"}),
    ({"same", "identical", "shared", "single"}, {"different", "distinct", "separate"}),
    ({"single"}, {"multiple", "many", "numerous"}),  # "a single MLIP architecture" against "multiple MLIP architectures" ("several" is no opposite:
    # "maps several subsets into one representation" against "limited to a single subset")
    ({"excellent", "good", "full", "rich", "complete", "comprehensive", "favorable", "favourable"},
     {"limited", "poor", "incomplete", "partial"}),
]
# Prefixes that negate or change the kind of the word they precede ("non-canonical",
# "misaligned", "anti-Hebbian"); self/semi/weakly only change a kind of supervision.
_SIDE_NAME = {w: min(side) for left, right in ANTONYMS for side in (left, right) for w in side}
# The same by stem, so that other participles of a listed word join its side ("relying" with "relies").
_SIDE_STEM = {_STEMMER.stemWord(w): name for w, name in _SIDE_NAME.items()}
_NEGATING_PREFIXES = ("non-", "non", "un", "in", "im", "ir", "il", "dis", "mis", "anti-", "anti", "off-", "pseudo-", "quasi-")
# Prefixes that look like a negation but mostly open verbs ("informing", "improving", "distributed"):
# a word in -ing or -ed after them is not read as negated.
_VERB_PREFIXES = ("in", "im", "ir", "il", "dis")
_SUPERVISION_PREFIXES = ("self-", "semi-", "weakly-", "un")
_PRIOR_WORK = {"existing", "prior", "previous", "previously", "conventional", "traditional", "classical", "classic",
               "current", "typically", "standard", "most"}
_COMPARATIVE = {"than", "over", "outperform", "outperforms", "outperformed", "beats", "beat", "surpasses", "surpass", "versus", "vs"}
_SEGMENT_BREAK = {",", ";", ":", "and", "while", "whereas", "but", "respectively"}
_NUMBER = re.compile(r"^\d+(?:\.\d+)?")


def contradiction(claim: str, passage: str, context: str = "") -> str:
    """A reason ("contradicts the source: 'x' vs 'y'") when `claim` contradicts `passage` by one of
    the cues of this module, else "". `context` (the whole cited abstract) settles two cases: a
    claim that negates what the passage states plainly is not contradicted when the context
    negates it too ("without normalization" elsewhere), and a name the context repeats (the
    paper's method) does not tie a number to a detail."""
    found = contradiction_cue(claim, passage, context)
    return f"contradicts the source: '{found[1]}' vs '{found[2]}'" if found else ""


def contradiction_cue(claim: str, passage: str, context: str = "") -> tuple[str, str, str] | None:
    """(the name of the first cue that finds `claim` contradicting `passage`, the claim's word, the
    passage's word), or None: what `contradiction` reports, with the cue named (the learned
    verifier weighs each cue by how often it is right)."""
    passage = _statements(passage)
    claim_words, passage_words = words(claim), words(passage)
    context_words = words(context)
    plain_passage = _plain_words(passage)

    found_by: dict = {}

    def read(cue):  # each cue reads the claim once, though the mirror rule below asks three of them first
        if cue not in found_by:
            found_by[cue] = cue(claim_words, passage_words, context_words) if cue else _prefix_clash(
                claim_words, passage_words, context_words, plain_passage)
        return found_by[cue]

    # a comparison of the passage (or of the abstract, which the direction cue reads) said from its other side
    restated = _restated_comparison(claim_words, passage_words) or _restated_in_abstract(claim, context)
    # two opposites at once, the condition and the outcome, say the same: "short clips transfer worse"
    # for "longer clips transfer better" (two words, not one pair read by both cues)
    condition = read(_modifier_clash)
    outcome = condition and (read(_antonym_clash) or read(_valence_clash))
    mirrored = bool(outcome) and outcome[0].split()[0] in _EFFECTS and outcome[0].split()[0] not in condition[0].split()
    for cue in _WORD_CUES:
        if (restated and cue in _DIRECTION_WORD_CUES) or (mirrored and cue in _MIRRORED_CUES):
            continue
        found = read(cue)
        if found:
            return (cue.__name__.strip("_") if cue else "prefix_clash"), found[0], found[1]
    for name, late in (("preference_swap", lambda: _preference_swap(_plain_words(claim), plain_passage)),
                       ("set_aside_stated", lambda: _set_aside_stated(claim_words, passage_words)),
                       ("crossed_details", lambda: _crossed_details(claim, passage)),
                       ("figure_unit_swap", lambda: _figure_unit_swap(claim, passage)),
                       ("glossed_swap", lambda: _glossed_swap(claim, passage, context)),
                       # a comparison of two named sides is read against every sentence of the
                       # abstract: the one that compares them need not be the passage closest in words
                       ("reversed_comparison", lambda: None if restated else _reversed_comparison(claim, context or passage))):
        found = late()
        if found:
            return name, found[0], found[1]
    return None



def _kind_named(word: str) -> bool:
    """Whether `word`, right before a noun, can name its kind ("weather metadata", "timestamp metadata"):
    a content word, no adverb, "-ing" or "-ed" form, qualifier, relative word or number
    (unlike `_naming`, a noun that is also a verb, "weather", counts)."""
    return _content(word) and not word.endswith(("ly", "ing", "ed")) and word not in _QUALIFIERS | _CLAUSE_WORDS | STOPWORDS \
        and not any(ch.isdigit() for ch in word)


# A noun the passage glosses in brackets: "metadata (geolocation information)", "annotations (i.e., direct rewards)".
_GLOSSED = re.compile(r"\b([A-Za-z][\w-]*)\s*\((?:i\.e\.,?\s*)?([a-z][a-z\s-]{2,60})\)")


def _glossed_swap(claim: str, passage: str, context: str) -> tuple[str, str] | None:
    """A kind the claim gives a noun that the passage glosses as another in brackets: "aligning
    views with weather metadata" against "alignment with metadata (geolocation information)". The
    claim's word right before the noun names a kind (`_kind_named`), the whole abstract uses neither
    it nor a part of it, and the gloss is words, not an acronym."""
    glosses: dict[str, list[str]] = {}
    for noun, gloss in _GLOSSED.findall(passage):
        glosses.setdefault(stem(noun.lower()), []).append(gloss.strip())
    if not glosses:
        return None
    known = _part_stems(words(context or passage))
    tokens = words(claim)
    for i in range(1, len(tokens)):
        kind = tokens[i - 1]
        if stem(tokens[i]) in glosses and _kind_named(kind) and not any(stem(p) in known for p in [kind, *kind.split("-")]):
            return f"{kind} {tokens[i]}", f"{tokens[i]} ({'; '.join(glosses[stem(tokens[i])])})"
    return None


@lru_cache(maxsize=64)
def _restated_in_abstract(claim: str, context: str) -> bool:
    """Whether a sentence of `context` (the cited abstract) holds a comparison that `claim` says from
    its other side; the same for every passage of one check, so it is read once per claim."""
    claim_words = words(claim)
    return any(_restated_comparison(claim_words, words(context[a:b])) for a, b in split_sentences(context))


def _statements(passage: str) -> str:
    """`passage` without its questions ("does X imply Y?" states neither X nor its negation)."""
    spans = split_sentences(passage) or [(0, len(passage))]
    return " ".join(passage[a:b] for a, b in spans if not passage[a:b].rstrip().endswith("?"))


def _plain_words(text: str) -> list[str]:
    """`words` of `text` without its parenthetical asides ("annotations (i.e., direct rewards)")."""
    return words(re.sub(r"\s*\([^()]*\)", "", text))


def misattributed(claim: str, passage: str, abstract: str) -> str:
    """A reason when `claim` says of the name it is about what the passage sentence it matches says
    of something else, else "".

    The claim is about its first name that the abstract mentions (say "ConfSleepNet"; without
    one, its opening word when the abstract writes that word as a name: "Aurora"); the
    sentence of `passage` sharing most of the claim's other content words must carry most of them
    and not name it. The sentence then says it of existing methods ("existing methods assume ...")
    when it has such a cue and the claim has none, or of another name when one comes right before
    the shared words ("Aurora exhibits the strongest data scaling" for a claim about GraphCast).
    A passage that names both may still give the claim's verb to the other (`_role_swap`).
    """
    swapped = _role_swap(claim, passage)
    if swapped:
        return swapped
    lowered_abstract = abstract.lower()
    names = [n for n in _ordered_names(claim) if n in lowered_abstract]
    opening = words(claim)[:1]
    if not names and opening and _written_as_name(opening[0], abstract):  # "Aurora has ...", no other name
        names = opening
    if not names:
        return ""
    subject = names[0]
    wanted = claim_stems(claim)
    best, shared = "", set()
    for start, end in split_sentences(passage):
        sentence = passage[start:end]
        common = wanted & content_stems(sentence)
        if len(common) > len(shared):
            best, shared = sentence, common
    aliases = _aliases(subject, abstract)
    if len(shared) < max(2, 0.6 * len(wanted)) or any(a in best.lower() for a in aliases) \
            or initials_written(subject, claim, best):  # "RF layers" for "Resonate-and-Fire layers"
        return ""
    sentence_words = words(best)
    # "gains over existing models": prior work as the comparison target is not the subject
    at = next((i for i, w in enumerate(sentence_words) if (w in _PRIOR_WORK or _others(sentence_words, i))
               and not set(sentence_words[max(0, i - 3):i]) & (_TARGET_OPENERS | {"over", "against", "compared"})), None)
    if at is not None and not set(words(claim)) & (_PRIOR_WORK | {"recent", "these", "such"}) \
            and not (_names_what_is_qualified(sentence_words[at + 1:at + 5], claim) and _failing(sentence_words) <= _failing(words(claim))):
        return f"the source says this of {sentence_words[at]} methods, not of '{subject}'"
    shared_at = [i for i, w in enumerate(sentence_words) if content_stems(w) & shared]
    for other in _ordered_names(best):
        where = sentence_words.index(other)
        # the name right before the shared words, or the subject of a sentence naming none of the
        # claim's names ("GraphCast demonstrates ..., yet suffers from limited hardware utilization")
        near = any(0 < i - where <= 4 for i in shared_at) \
            or (where == _subject_at(sentence_words) and bool(shared_at) and not any(n in best.lower() for n in _ordered_names(claim)))
        if other not in claim.lower() and other not in aliases and near \
                and not _multiword_term(other, best) \
                and f"({other})" not in best.lower():
            return f"the source says this of '{other}', not of '{subject}'"
    return ""


_KINDS_OF_METHOD = {"methods", "approaches", "techniques", "works"}


_MISSES = _FAIL | {"miss", "misses", "missed", "lack", "lacks", "lacked", "overlook", "overlooks", "ignore", "ignores"}


def _failing(tokens: list[str]) -> bool:
    """Whether a word list says something fails or is missed: a negation, "fail", "miss", "lack",
    "overlook", "ignore" ("objectives that often miss latent signals" as "objectives often fail to
    capture" says it; "credited with exposing the signals" does not), or leaves it undone ("leaves
    latent signals uncaptured", "left unresolved")."""
    return bool(set(tokens) & (NEGATIONS | _MISSES)) or any(
        w in _LEAVES and any(t.startswith("un") and t.endswith("ed") and len(t) > 6 for t in tokens[i + 1:i + 7])
        for i, w in enumerate(tokens))


_LEAVES = {"leave", "leaves", "leaving", "left"}


def _names_what_is_qualified(phrase: list[str], claim: str) -> bool:
    """Whether `claim` names the thing a prior-work word qualifies in the source ("the standard
    reconstruction-based pre-training objectives often fail ..." for a claim that says
    "reconstruction-based pre-training objectives often miss ..."): the content words after the cue
    word, to the first adverb, break, small word or generic method noun ("these methods"), are two or
    more, and the claim has all of them but one at most (a compound when it has a part of it). It then says it of the same thing, whoever
    uses it (when it fails as the source's does: `_failing`)."""
    named: list[str] = []
    for word in phrase:
        if not _content(word) or word.endswith("ly") or word in _SEGMENT_BREAK | _KINDS_OF_METHOD | _METHOD_NOUNS:
            break  # a generic noun heads the phrase: "these methods treat ..." says it of prior methods
        named.append(word)
    said = content_stems(claim)
    have = [w for w in named if content_stems(w) & said]  # by word: "reconstruction-based" is had by "reconstruction"
    return len(have) >= 2 and len(have) >= len(named) - 1


def _others(tokens: list[str], i: int) -> bool:
    """Whether tokens[i] opens "these methods" or "such approaches", or is "recent" after a word
    that is no preposition: an abstract's words for the work it sets itself against ("These methods
    treat continuous fields as discrete tokens", "While recent SNNs achieve ..."), as "existing"
    is; its own is "our method"."""
    if tokens[i] == "recent":  # "While recent SNNs achieve ...", not "Despite recent advances"
        return tokens[i - 1:i] != [] and tokens[i - 1] not in _OPENING_PREPOSITIONS | {"despite", "of", "to", "by"}
    return tokens[i] in {"these", "such"} and tokens[i + 1:i + 2] != [] and tokens[i + 1] in _KINDS_OF_METHOD


def _subject_at(tokens: list[str]) -> int:
    """Where a sentence's subject stands: first, or right after an opening "By/Through V-ing ...,"
    ("By decoupling weather reconstruction from downstream tasks, WLA improves ...")."""
    if tokens[:1] in (["by"], ["through"]) and tokens[1:2] != [] and tokens[1].endswith("ing") and "," in tokens:
        return tokens.index(",") + 1
    return 0


def _written_as_name(word: str, abstract: str) -> bool:
    """Whether the abstract writes `word` (lower-cased) as a name: capitalised after a word in
    lower case ("we find that Aurora exhibits"), and never in lower case."""
    pattern = re.escape(word[:1].upper() + word[1:])
    return bool(re.search(r"\b[a-z][\w-]*,? " + pattern + r"\b", abstract)) \
        and not re.search(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", abstract)


def _role_swap(claim: str, passage: str) -> str:
    """A reason when the claim's first name and the verb right after it ("StormInsight's Convective
    System Decoder disentangles") are given by the passage to another name, while it names the claim's elsewhere: "The Convective System Decoder disentangles
    ..." against "Storm Evolution Encoder that explicitly disentangles ...; Convective System
    Decoder that predicts ..."; "X is what V-s" gives X the verb V. Both are names of two words or more (a component's, not an
    acronym's); the other is the name words among the four words before the passage's verb, with
    none of the claim's there."""
    names = {n for n in _ordered_names(claim) if not any(c.isdigit() for c in n)}
    tokens = words(claim)
    # the claim's first name of two words or more ("In StormInsight, the Storm Evolution Encoder predicts")
    start = next((i for i in range(len(tokens) - 1) if tokens[i] in names and tokens[i + 1] in names), len(tokens))
    end = start
    while end < len(tokens) and tokens[end] in names:
        end += 1
    subject = tokens[start:end]
    if tokens[end:end + 2] in (["is", "what"], ["are", "what"]):
        end += 2  # "The Path Existence Criterion is what generalizes ..." gives it the verb after "what"
    if end - start < 2 or end >= len(tokens) or not _content(tokens[end]) or tokens[end] in _SKIP_AFTER_NEGATION:
        return ""
    verb = stem(tokens[end])
    passage_tokens = words(passage)
    passage_names = {n for n in _ordered_names(passage) if not any(c.isdigit() for c in n)}
    if subject[-1] not in passage_tokens:
        return ""
    for k, word in enumerate(passage_tokens):
        if stem(word) != verb:
            continue
        window = passage_tokens[max(0, k - 4):k]
        window = window[max((i + 1 for i, w in enumerate(window) if w in {";", ":"}), default=0):]
        other = [w for w in window if w in passage_names and _content(w)]
        if len(other) < 2 or set(window) & set(subject):
            return ""
        return f"the source says this of '{' '.join(other)}', not of '{' '.join(subject)}'"
    return ""


def _aliases(name: str, abstract: str) -> set[str]:
    """`name` and what the abstract defines as the same thing: "bp" and "bayesian persuasion (BP)"
    name each other, and a word of the long form stands for the acronym."""
    out = {name}
    for acronym, long_form in defined_acronyms(abstract).items():
        if name == acronym or name in long_form.split():
            out |= {acronym, long_form}
    return out


def _multiword_term(name: str, text: str) -> bool:
    """Whether `name` opens a run of capitalised words in `text` ("Batch Normalization"), a concept
    rather than the subject a claim could be confused with."""
    found = re.search(r"(?<![\w-])" + re.escape(name) + r"\s+[A-Z]", text, re.IGNORECASE)
    return bool(found) and found.group(0)[-1].isupper()


def _ordered_names(text: str) -> list[str]:
    """The names of `text` (see rag.text.key_terms), lower-cased, in order of first mention."""
    terms = {t for t in key_terms(text) if not _NUMBER.match(t)}
    out: list[str] = []
    for word in words(text):
        if word in terms and word not in out:
            out.append(word)
    return out


# Suspended hyphens: "geometry-, mesh-, and physics-agnostic" is "geometry-agnostic, mesh-agnostic, and
# physics-agnostic", "second- and third-order" is "second-order and third-order".
_SUSPENDED = re.compile(r"\b((?:[a-z0-9]+-\s*,?\s*(?:(?:and|or)\s+)?)+)([a-z0-9]+-([a-z]+))\b")
# A verb before "nothing" ("learn nothing", "adds nothing"); "nothing but X" and "nothing else" state X.
_VERB_NOTHING = re.compile(r"\b([a-z]{3,}) nothing\b(?! but\b| else\b| more\b| less\b)")


def words(text: str) -> list[str]:
    """Lower-cased words of `text` (hyphenated words whole, whatever their dash), with , ; : kept as
    clause breaks; "no longer", "stops being", "resists being" and "ceases to" negate the word after them, as "not"
    does, and "nothing" negates the verb before it ("rules that learn nothing" is "not learn"); a
    suspended hyphen takes the compound's last part ("mesh-, and physics-agnostic"); "not
    only", "not just" and "not merely" add rather than negate ("also"); "no less than 14.4%" is "at
    least 14.4%" and "no more than 3" is "at most 3" (bounds, not negations); a thousands separator
    is no clause break ("1,000-layer"); "keeps X from collapsing" is "prevents collapsing X"; "between 5 and
    300" is the range "5-300"; "keeps using X" and "still uses X" are "relies on X"; "behaves like X"
    is "resembles X"; "insufficiently X" is "not sufficiently X"; "good enough" is "satisfactory"; "less well" is "worse"; "matters
    little" and "of minor importance" are "unimportant"; "gives up X" is "forgoes X"; "(in) the same way
    (as)" is "resembles"; "no X before Y" is "Y is the first X"; "costlier" or "more expensive", with no "than" after
    it, "raises the cost" (so do "more demanding" and "heavier on/in"); "without reference to X" is "regardless of X"; "X is beyond what Y can V" is "Y cannot V X"."""
    return list(_read_words(text))  # a fresh list: callers may change theirs


@lru_cache(maxsize=8192)
def _read_words(text: str) -> tuple[str, ...]:
    """What `words` returns, as a tuple (cached: the cues read the same claim and passages many times)."""
    text = re.sub(r"\b(?:no longer|stop(?:s|ped)? being|resist(?:s|ed)? being|ceas(?:es|ed|e) to(?: be)?)\b", "not", unify_dashes(text).lower().replace("n't", " not"))
    text = _SUSPENDED.sub(lambda m: re.sub(r"([a-z0-9]+)-(?=[\s,])", rf"\1-{m.group(3)}", m.group(1)) + m.group(2), text)
    text = _VERB_NOTHING.sub(lambda m: m.group(0) if m.group(1) in STOPWORDS else f"not {m.group(1)}", text)
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)  # "1,000-layer" is "1000-layer", no clause break
    text = _GROUP_NAME.sub(r"\1\2", text)  # "SO(2)" names a group, it is no number 2: "so2"
    text = re.sub(r"\binside\b", "within", text)  # "inside SO(2) frames" says what "within" says
    text = _KEEPS_FROM.sub(r"prevents \2 \1", text)  # "keeps the composition from collapsing" prevents collapsing
    text = re.sub(r"\bno (?:less|fewer) than (?=\d)", "at least ", text)
    text = re.sub(r"\bno more than (?=\d)", "at most ", text)
    text = _SPELT_RANGE.sub(r"\1-\2", text)  # "between 5 and 300 times" is the range "5-300"
    text = _STILL_USES.sub("relies on", text)  # "keeps using X" depends on X, as "relies on X" does
    text = _BEHAVES_LIKE.sub("resembles", text)  # "behave much like X" is "resemble X"
    text = re.sub(r"\bnot (?:only|just|merely|solely|simply)\b", "also", text)
    text = _NEGATED_ADVERB.sub(r"not \1", text)  # "insufficiently preserved" is "not sufficiently preserved"
    text = re.sub(r"\bgood enough\b", "satisfactory", text)  # "far from satisfactory" denies it
    text = re.sub(r"\bless well\b", "worse", text)  # "transfer less well" against "transfer better"
    text = _LITTLE_IMPORTANCE.sub("unimportant", text)  # "matters little" against "essential"
    text = re.sub(r"\b(?:gives|give|giving|gave|given) up\b(?! to\b)", "forgoes", text)  # "gives up equivariance" does without it
    text = re.sub(r"\b(?:in )?the same way(?: as)?\b", "resembles", text)  # "scale the same way language models do"
    text = _NONE_BEFORE.sub(r"\2 is the first \1", text)  # "no architecture before APT learned" is "APT is the first architecture"
    text = _COSTLIER.sub("raises the cost", text)
    text = re.sub(r"\bwithout (?:any )?(?:reference|regard) to\b", "regardless of", text)  # against "conditioning on X"
    text = _BEYOND_WHAT.sub(r"\2 cannot \3 \1", text)  # "irregular grids are beyond what APT can model": APT cannot model them  # "makes weather tasks costlier in storage" against "reducing storage costs"
    return tuple(re.findall(r"[a-z0-9][a-z0-9.\-']*[a-z0-9]|[a-z0-9]|[,;:]", text))


# "between 5 and 300", "from 5 to 300": a range of two numbers, as the abstract's "5-300" writes it.
# A group written with its dimension in brackets ("SO(2)", "SE(3)", "U(1)"): a name, not a number.
_GROUP_NAME = re.compile(r"\b([a-z]{1,3})\((\d{1,2})\)")
_GROUP_TOKEN = re.compile(r"^([a-z]{1,3})\d{1,2}$")  # such a name as `words` gives it ("so2")
_SPELT_RANGE = re.compile(r"\b(?:between|from) (\d+(?:\.\d+)?) (?:and|to) (\d+(?:\.\d+)?)\b")
# "still uses", "keeps using", "continues to use": the thing is depended on, not done without.
_STILL_USES = re.compile(r"\b(?:still (?:uses|use|used|using)|(?:keeps|keep|kept|keeping) using|continu(?:es|e|ed|ing) to use)\b")
# "behave like", "behaves much like", "acts like": a likeness, as "resembles" says it.
_BEHAVES_LIKE = re.compile(r"\b(?:behave|behaves|behaved|behaving|act|acts|acted|acting)\s+(?:(?:much|very|largely|just|exactly)\s+)?like\b")
# "insufficiently", "inadequately", "incompletely", "improperly": an adverb of degree with a negating
# prefix denies the word it grades, as "not sufficiently" does.
_NEGATED_ADVERB = re.compile(r"\b(?:in|im)(sufficiently|adequately|completely|properly)\b")
# "matters little", "hardly matters", "is of minor importance", "plays a minor role": the thing is unimportant.
_LITTLE_IMPORTANCE = re.compile(r"\b(?:(?:matters?|mattered) (?:very |rather |relatively )?little|hardly (?:matters?|mattered)"
                                r"|of (?:minor|little|marginal|secondary|negligible) (?:importance|relevance|consequence|significance)"
                                r"|plays? (?:only )?a (?:minor|marginal|negligible) role)\b")
# "no X before Y": Y is the first X.
_NONE_BEFORE = re.compile(r"\bno ([a-z][a-z\-]+) (?:before|prior to) ([a-z0-9][a-z0-9\-]*)\b")
# "X is beyond what Y can V": Y cannot V X (X is the clause's words before "is").
_BEYOND_WHAT = re.compile(r"([^,;:.]*?)\s*\b(?:is|are|was|were|lies|lie) beyond what (?:the |a |an )?([a-z0-9\-]+) (?:can|could) ([a-z\-]+)")
# "costlier", "more expensive", "more demanding", "heavier on/in" with no "than" in its clause: the cost goes up
# ("costlier than B" is a comparison).
_COSTLIER = re.compile(r"\b(?:costlier|pricier|more (?:costly|expensive|demanding)|heavier(?= (?:on|in)\b))\b(?![^,;:.]*\bthan\b)")
# "keeps X from V-ing", "stops X from V-ing": X does not V (one to six words of X).
_KEEPS_FROM = re.compile(r"\b(?:keep|keeps|kept|keeping|stop|stops|stopped|stopping)\s+((?:[a-z0-9'\-]+\s+){1,6}?)from\s+([a-z\-]+ing)\b")


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball stem of a lower-cased word (cached: the cues stem the same words many times)."""
    return _STEMMER.stemWord(word)


def _parts(tokens: list[str]) -> set[str]:
    """Each word and the parts of its hyphenated compounds, except parts after a negating prefix."""
    out = set(tokens)
    for token in tokens:
        pieces = token.split("-")
        if len(pieces) > 1 and not _prefixed(token):
            out.update(p for p in pieces if p)
    return out


def _prefixed(word: str) -> bool:
    return word.startswith(("non-", "anti-", "self-", "semi-", "weakly-", "off-", "pseudo-", "quasi-")) or word.endswith("-free")


@lru_cache(maxsize=65536)
def _canonical(word: str) -> str:
    """The stem of a word, or one name for the whole side of an antonym group it belongs to
    ("reduces" and "decrease" are the same statement)."""
    side = _SIDE_NAME.get(word)
    if side:
        return side
    stemmed = stem(word.removesuffix("ly") if len(word) > 7 else word)
    return _SIDE_STEM.get(stemmed, stemmed) if word.endswith(("ing", "ed")) else stemmed


def claim_stems(claim: str) -> set[str]:
    """The content stems of a claim without its names (names are checked on their own)."""
    names = {stem(p) for n in _ordered_names(claim) for p in [n, *n.split("-")]}
    return content_stems(claim) - names


def content_stems(text: str) -> set[str]:
    """The canonical stems of the content words of `text` (see `_canonical`), hyphenated words
    whole and in parts."""
    return {_canonical(w) for w in _parts(words(text)) if _content(w)}


def _polarity(tokens: list[str]) -> tuple[dict[str, str], dict[str, str], set[str]]:
    """(stems negated -> the negated phrase, stems stated plainly -> the word, stems inside a
    negation's scope) of a word list (see `_read_polarity`; fresh copies of a cached reading, since
    the cues read the same claim and passages many times)."""
    negated, plain, scope = _read_polarity(tuple(tokens))
    return dict(negated), dict(plain), set(scope)


@lru_cache(maxsize=4096)
def _read_polarity(tokens: tuple[str, ...]) -> tuple[dict[str, str], dict[str, str], set[str]]:
    """What `_polarity` returns, for a tuple of words.

    "not"/"never"/"fail to" govern the first content word after them, skipping auxiliaries,
    fillers and adverbs in "-ly"; "no"/"without"/"eliminates the need for" govern the last word of the noun phrase after
    them. Words after a negation up to the next comma or conjunction are in its scope, neither
    negated nor plain; so are the words "rather than" or "instead of" set aside.
    """
    tokens = list(tokens)  # the reading below compares slices with lists
    negated: dict[str, str] = {}
    plain: dict[str, str] = {}
    scope: set[str] = set()
    skip_until = -1
    for i, word in enumerate(tokens):
        if word == ",":
            skip_until = i
            continue
        if tuple(tokens[i:i + 2]) in _PREFERENCE_OPENERS or word in _LACKS:  # what "rather than" sets aside is not stated
            end = next((k for k in range(i + 1, len(tokens)) if tokens[k] in _SEGMENT_BREAK), len(tokens))
            scope.update(_canonical(t) for t in tokens[i + 1:end] if t not in {"than", "of"})
            skip_until = end
            continue
        if word in NEGATIONS and tokens[i - 1:i] in (["and"], ["or"]) and i > 1 and tokens[i - 2:i - 1] == tokens[i + 1:i + 2]:
            continue  # "between forgetting and not forgetting" names both sides; it denies neither
        if word == "without" and _conditional(tokens, i):
            continue  # "Without a well-designed environment, prompting fails": the environment is needed
        phrase = next((len(p) for p in _PHRASES_FROM.get(word, ()) if tuple(tokens[i:i + len(p)]) == p), 0)
        pair = phrase > 0
        noun = word in NOUN_NEGATIONS or pair
        if word in NEGATIONS or noun or (word in _FAIL and tokens[i + 1:i + 2] == ["to"]):
            if noun and not pair and word in _NEGATING_VERBS and i > skip_until:
                plain.setdefault(_canonical(word), word)  # "prevents X" states "prevents" ("does not prevent X" is its negation)
            j = i + max(1, phrase)
            skip = _SKIP_IN_NOUN_PHRASE if noun else _SKIP_AFTER_NEGATION
            while j < len(tokens) and (tokens[j] in skip or tokens[j] in NEGATIONS or _adverb_before_word(tokens, j)
                                       or (noun and tokens[j] in _SUPPLYING)) and tokens[j] != ",":
                j += 1
            first = j
            if noun:  # the head of the phrase: the last of up to three content words in a row
                while j + 1 < len(tokens) and j + 1 - first < 3 and _content(tokens[j + 1]) and _content(tokens[j]):
                    j += 1
            if j < len(tokens) and first - i <= 5 and tokens[j] != ",":
                negated.setdefault(_canonical(tokens[j]), " ".join(tokens[i:j + 1]))
                breaks = _SEGMENT_BREAK | {"which", "that"}
                end = next((k for k in range(j, len(tokens)) if tokens[k] in breaks and not _examples_follow(tokens, k)), len(tokens))
                scope.update(_canonical(t) for t in tokens[i + 1:end])
                skip_until = end
            continue
        if i > skip_until and word not in _SKIP_AFTER_NEGATION and len(word) > 3 and word not in _FAIL:
            plain.setdefault(_canonical(word), word)
    return negated, plain, scope


def _examples_follow(tokens: list[str], k: int) -> bool:
    """Whether the comma at tokens[k] opens examples of the phrase before it ("fail to capture
    important properties, such as periodicity"): they stay in that phrase's scope."""
    return tokens[k] == "," and (tokens[k + 1:k + 3] == ["such", "as"] or tokens[k + 1:k + 2] in (["including"], ["e.g."], ["notably"]))


def _conditional(tokens: list[str], i: int) -> bool:
    """Whether the "without" at tokens[i] opens a condition whose clause then fails ("Without X,
    prompting alone often fails to ...", "without X, Y cannot ..."): what it names is needed, not
    denied. It opens the claim or a clause, a comma closes its phrase within eight words, and a
    negation or "fail" comes in the clause after that comma."""
    if i and tokens[i - 1] not in {",", ";", ":"}:
        return False
    comma = next((k for k in range(i + 1, min(len(tokens), i + 9)) if tokens[k] == ","), None)
    if comma is None:
        return False
    end = next((k for k in range(comma + 1, len(tokens)) if tokens[k] in {",", ";", ":"}), len(tokens))
    return any(w in NEGATIONS or w in _FAIL or w == "no" for w in tokens[comma + 1:end])


def _adverb_before_word(tokens: list[str], j: int) -> bool:
    """Whether tokens[j] is an adverb in "-ly" before a content word: "fail to explicitly capture"
    negates "capture", the verb the adverb modifies."""
    word = tokens[j]
    return word.endswith("ly") and len(word) > 5 and j + 1 < len(tokens) and _content(tokens[j + 1])


def _content(word: str) -> bool:
    return len(word) > 2 and word not in _SKIP_IN_NOUN_PHRASE and word not in STOPWORDS and word not in {",", ";", ":"}


# Predicates that deny a deed can be done: "learning X is not possible" says X cannot be learned.
_IMPOSSIBLE = {"impossible", "infeasible", "unattainable", "unachievable"}
_POSSIBLE = {"possible", "feasible", "achievable"}


def _impossible_deeds(tokens: list[str]) -> dict[str, str]:
    """Canonical stems of the deeds a word list says cannot be done -> its words: the gerund that
    opens the clause of "is not possible", "is impossible" ("Learning the representations from
    visual inputs is not possible" denies "learn")."""
    out: dict[str, str] = {}
    for i, word in enumerate(tokens):
        denied = word in _IMPOSSIBLE or (word in _POSSIBLE and tokens[i - 1:i] == ["not"])
        be = next((k for k in range(i - 1, max(-1, i - 4), -1) if tokens[k] in _BE), None)
        if not denied or be is None:
            continue
        start = max((k + 1 for k in range(be) if tokens[k] in _SEGMENT_BREAK), default=0)
        if tokens[start:start + 1] and tokens[start].endswith("ing") and _content(tokens[start]):
            out.setdefault(_canonical(tokens[start]), " ".join(tokens[start:start + 1] + tokens[be:i + 1]))
    return out


def _polarity_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    claim_neg, claim_plain, claim_scope = _polarity(claim)
    claim_neg.update(_impossible_deeds(claim))
    passage_neg, passage_plain, passage_scope = _polarity(passage)
    context_neg = set(_polarity(context)[0]) | _prefix_negated(passage, claim) | _lacked(context) | _limited(passage)
    # "they cannot quantify X" says more strongly what "they are limited in quantifying X" says
    context_neg |= set(_limited_in(passage))
    # both sides named on both sides: "between forgetting and not forgetting" for "between forgetting and non-forgetting"
    both = set(claim_plain) & {_canonical(base) for w in passage if (base := _base(w))}
    # the context negates it by a prefix, in another form: "unconstrained sequences" for "sequences without constraints"
    prefixed = {n for n in _prefix_negated(context, claim, unprefixed=True) if len(n) >= 6}
    claim_neg = {s: cue for s, cue in claim_neg.items() if not any(s.startswith(n) or n.startswith(s) for n in prefixed)}
    lessened = _lessened(passage)
    for s, cue in claim_neg.items():
        if s in passage_plain and s not in passage_neg and s not in passage_scope and s not in context_neg and s not in both \
                and not (cue.startswith(("at the cost", "at the expense")) and s in lessened) \
                and not _denied_alike(cue, s, passage_scope | set(passage_neg)):
            return cue, passage_plain[s]
    for s, cue in passage_neg.items():
        # "energy drift stays close to zero" states what "near-zero energy drift" does ("climbs well
        # above zero", "far from zero" do not)
        if s in claim_plain and s not in claim_neg and s not in claim_scope and s not in passage_plain \
                and s not in _limited(claim, _ABSENT) and not ("zero" in cue and _near_zero(claim)) \
                and not _denied_alike(cue, s, claim_scope | set(claim_neg)) and not _verb_echoed(cue, claim) \
                and not (set(cue.split()) & _SUPPLYING and _modifier_only(claim, s)):
            return claim_plain[s], cue
    partial = _limited_in(passage)
    for s, phrase in partial.items():  # "quantify precisely" against "are limited in quantifying"
        if s in claim_plain and s not in claim_neg and not _done_in_part(claim, s):
            return claim_plain[s], phrase
    return _denied_object(claim, passage, claim_neg, claim_scope, passage_plain)


def _modifier_only(tokens: list[str], word: str) -> bool:
    """Whether every use of `word` (a canonical stem) in a word list modifies the content word after
    it ("the Wasserstein Lagrangian action" speaks of an action, not of the Lagrangian a method is
    given)."""
    return all(k + 1 < len(tokens) and _content(tokens[k + 1]) and tokens[k + 1] not in _AUXILIARIES
               for k, t in enumerate(tokens) if _canonical(t) == word)


_AUXILIARIES = {"must", "should", "can", "could", "may", "might", "will", "would", "shall", "is", "are", "was", "were",
                "be", "been", "has", "have", "had", "does", "do", "did"}


def _denied_alike(phrase: str, word: str, denied: set[str]) -> bool:
    """Whether a negated `phrase` shares a content word besides `word` with what the other side
    denies, lacks or sets aside (`denied`, canonical stems): both then deny the same thing, and
    `word` is no clash ("need no spatial derivatives ... because they compute" against "avoid
    spatial derivative computations"; "no online tool lets practitioners detect" against
    "practitioners lack online diagnostics to detect them")."""
    # a name with its number ("SO(3)", read "so3") qualifies both things, it does not make them one
    return bool(({_canonical(w) for w in phrase.split() if _content(w) and not any(ch.isdigit() for ch in w)} - {word}) & denied)


def _verb_echoed(phrase: str, tokens: list[str]) -> bool:
    """Whether the verb that opens a negated `phrase` ("avoiding quadratic dependence") is a verb of
    the other side too, in any form ("depend quadratically on sequence length, which SSMs avoid"):
    that side speaks of the same avoidance, it does not deny it."""
    verb = phrase.split()[0]
    return verb in _NEGATING_VERBS and stem(verb) in {stem(w) for w in tokens}


# Words that say a deed is done only in part or with trouble ("struggle to quantify", "only partly").
_IN_PART = {"struggle", "struggles", "struggled", "struggling", "hard", "difficult", "limited", "partly",
            "partially", "poorly", "rarely", "seldom"} | NEGATIONS | _FAIL


def _done_in_part(tokens: list[str], deed: str) -> bool:
    """Whether a word list says the deed (a canonical stem) is done only in part: a word of
    `_IN_PART` within the three words before it."""
    return any(_canonical(w) == deed and set(tokens[max(0, i - 3):i]) & _IN_PART for i, w in enumerate(tokens))


def _limited_in(tokens: list[str]) -> dict[str, str]:
    """Canonical stem of a deed a word list says is done only in part -> the phrase: "they are
    (often) limited in quantifying how ..." (the verb alone: what follows it is not denied)."""
    return {_canonical(tokens[i + 2]): " ".join(tokens[i:i + 3]) for i in range(1, len(tokens) - 2)
            if tokens[i:i + 2] == ["limited", "in"] and tokens[i + 2].endswith("ing") and set(tokens[max(0, i - 2):i]) & _BE}


_LESSENING = next(right for left, right in ANTONYMS if "reduces" in right)


def _lessened(tokens: list[str]) -> set[str]:
    """Canonical stems of what a word list says is lessened: the words (and their hyphen parts)
    within four words after a word of decrease, up to a clause break ("at a cost of diminishing
    their energy-saving benefits"): what "at the cost of their energy savings" gives up."""
    out: set[str] = set()
    for i, word in enumerate(tokens):
        if word in _LESSENING:
            end = next((k for k in range(i + 1, min(len(tokens), i + 5)) if tokens[k] in _SEGMENT_BREAK), min(len(tokens), i + 5))
            out.update(_canonical(p) for t in tokens[i + 1:end] for p in [t, *t.split("-")] if p)
    return out


def _near_zero(tokens: list[str]) -> bool:
    """Whether a word list puts something at or near zero: a "zero" not after "above", "over",
    "beyond" or "from"."""
    return any(w == "zero" and tokens[i - 1:i] not in (["above"], ["over"], ["beyond"], ["from"]) for i, w in enumerate(tokens))


def _lacked(tokens: list[str]) -> set[str]:
    """Canonical stems of what a word list says is lacking: the noun phrase after "lack" (its
    first four words, up to a clause break: "lack a principled formulation"). A claim denying it
    ("without a principled formulation") agrees with the source, whatever another sentence states
    plainly ("we formulate ...")."""
    out: set[str] = set()
    for i, word in enumerate(tokens):
        if word in _LACKS:
            end = next((k for k in range(i + 1, min(len(tokens), i + 5)) if tokens[k] in _SEGMENT_BREAK), min(len(tokens), i + 5))
            out.update(_canonical(t) for t in tokens[i + 1:end] if _content(t))
    return out


# Predicates that say a thing falls short: "their transferability is often limited" is what "they do
# not transfer well" says.
_SHORT_OF = {"limited", "poor", "lacking", "insufficient", "inadequate", "restricted", "unsatisfactory"}
_BE = {"is", "are", "was", "were", "be", "remains", "remain", "remained", "been"}


# Predicates that say a thing is not there: "matrix multiplications are gone" denies them, as
# "eliminating matrix multiplications" does.
_ABSENT = {"gone", "absent", "eliminated", "removed", "missing", "unnecessary", "unneeded", "avoided", "dispensed"}
# Predicates that say a thing is still wanting: "a normative theory linking X to Y remains elusive"
# says there is no such theory, as "no theory links X to Y" does.
_WANTING = {"elusive", "lacking", "missing", "unknown", "unresolved", "unsolved", "absent"}


def _limited(tokens: list[str], predicates: frozenset[str] | set[str] = frozenset(_SHORT_OF)) -> set[str]:
    """Canonical stems of the subjects a word list says fall short (or whatever `predicates` say of
    them): the content words between the clause's start (a break, at most eight words back) and
    "is (often) limited"."""
    out: set[str] = set()
    for i, word in enumerate(tokens):
        if word not in predicates:
            continue
        j = i - 1
        while j >= 0 and i - j <= 3 and tokens[j] not in _BE and tokens[j] not in _SEGMENT_BREAK:
            j -= 1  # adverbs between: "is often limited"
        if j < 0 or tokens[j] not in _BE:
            continue
        start = max((k + 1 for k in range(max(0, j - 8), j) if tokens[k] in _SEGMENT_BREAK), default=max(0, j - 8))
        out.update(_canonical(t) for t in tokens[start:j] if _content(t))
    return out


def _prefix_negated(tokens: list[str], claim: list[str], unprefixed: bool = False) -> set[str]:
    """Canonical stems of what a word list negates by a prefix about something the claim names
    among the three words after it: "non-learning or random update rules" negates "learn", so a
    claim about "random update rules or ones that do not learn" says what it says (while
    "non-forgetting behavior" leaves "LoRA is free of forgetting" unsaid). Words in "un-" count
    only with `unprefixed` ("unconstrained sequences"), and never of supervision ("unsupervised")."""
    named = _stems(claim)
    return {_canonical(base) for i, w in enumerate(tokens) if (base := _base(w)) and not base.startswith("supervis")
            and (unprefixed or not w.startswith(_SUPERVISION_PREFIXES))
            and {stem(t) for t in tokens[i + 1:i + 4] if _content(t)} & named}


def _denied_object(claim: list[str], passage: list[str], claim_neg: dict[str, str], claim_scope: set[str],
                   passage_plain: dict[str, str]) -> tuple[str, str] | None:
    """A claim that negates a verb the passage never uses, about what the passage affirms without
    any negation of its own: "APT does not handle irregular grids" against "APT outperforms ...
    across both regular and irregular grids". At least two content words of the negation's scope
    must be stated plainly in the passage, and none may be denied or lacked there too."""
    if not claim_neg or any(s in passage_plain for s in claim_neg) or _negates(passage, claim):
        return None
    if all(phrase.split()[-1].endswith("ly") for phrase in claim_neg.values()):
        return None  # "perform far from satisfactorily at inferring networks" denies the manner, not the inferring
    affirmed = sorted(s for s in claim_scope - set(claim_neg) if s in passage_plain and _content(passage_plain[s]))
    if len(affirmed) < 2:
        return None
    cue = next(iter(claim_neg.values()))
    passage_neg, _, passage_scope = _polarity(passage)
    if _denied_alike(" ".join(claim_scope), "", passage_scope | set(passage_neg)):
        return None  # "no online tool lets practitioners detect" where "practitioners lack online diagnostics to detect"
    return f"{cue} {' '.join(affirmed)}", " ".join(passage_plain[s] for s in affirmed)


def _negates(tokens: list[str], claim: list[str]) -> bool:
    """Whether a word list negates anything: a negation word, "fail(s) to", a negating prefix on
    a word the claim uses unprefixed ("non-identifiable" for "cannot be identified"), or a thing
    said to be still wanting ("a theory linking X to Y remains elusive")."""
    claim_heads = {stem(w)[:5] for w in claim}  # "normalizable" and "normalized" share a head
    return any(w in NEGATIONS or w in NOUN_NEGATIONS or (w in _FAIL and tokens[i + 1:i + 2] == ["to"])
               or (_base(w) and stem(_base(w))[:5] in claim_heads) for i, w in enumerate(tokens)) \
        or bool(_limited(tokens, _WANTING))


@lru_cache(maxsize=65536)
def _base(word: str) -> str:
    """The word a prefixed word negates ("misaligned" -> "aligned", "normalization-free" ->
    "normalization"), or "" when it has no such prefix."""
    if word.endswith("-free"):
        return word[:-5]
    for prefix in _NEGATING_PREFIXES + _SUPERVISION_PREFIXES:
        if word.startswith(prefix):
            base = word[len(prefix):].lstrip("-")
            hyphenated = prefix.endswith("-")
            if prefix in _VERB_PREFIXES and word.endswith(("ing", "ed")):
                continue  # "informing" is no negated "forming"
            if prefix in _SUPERVISION_PREFIXES and prefix not in _NEGATING_PREFIXES and not base.startswith("supervis"):
                continue
            if base.startswith("supervis") or hyphenated or len(base) >= 6 or (prefix == "un" and len(base) >= 4):
                return base
    return ""


def _alternatives(tokens: list[str], plain: str, prefixed: str) -> bool:
    """Whether `tokens` offer `plain` and `prefixed` as alternatives: "trained or training-free"."""
    return any(tokens[i:i + 3] in ([plain, "or", prefixed], [prefixed, "or", plain]) for i in range(len(tokens) - 2))


def _paired_with_plain(tokens: list[str], prefixed: str, base: str) -> bool:
    """Whether `tokens` join `prefixed` and a plain form of its `base` by "and" or "or" ("forgetting
    and non-forgetting", "non-learning or learning"): both sides named, neither denied."""
    return any(tokens[i + 1] in _LIST_JOINS and {tokens[i], tokens[i + 2]} & {prefixed}
               and any(stem(t) == stem(base) for t in (tokens[i], tokens[i + 2]) if t != prefixed)
               for i in range(len(tokens) - 2))


def _next_words(tokens: list[str], word: str) -> set[str]:
    """Stems of the words right after each whole-word occurrence of `word` ("canonical amino")."""
    return {stem(tokens[i + 1]) for i, w in enumerate(tokens[:-1]) if w == word}


def _prefix_clash(claim: list[str], passage: list[str], context: list[str],
                  plain_passage: list[str] | None = None) -> tuple[str, str] | None:
    """A word the other side uses with a negating prefix ("canonical" against "non-canonical"),
    unless the passage also uses the plain word, outside parenthetical asides, before the same word
    as the claim. `plain_passage`: the passage's words without its asides (default: `passage`)."""
    plain_passage = passage if plain_passage is None else plain_passage
    claim_parts, passage_parts = _parts(claim), _parts(passage)
    # "cannot be identified" and "lacking adequate metrics" say what "non-identifiable" and "inadequate metrics" say
    negated = set(_polarity(claim)[0]) | set(_polarity(passage)[0]) | _lacked(claim) | _lacked(passage)
    claim_stems = {stem(w) for w in claim_parts}
    passage_stems = {stem(w) for w in passage_parts}
    for mine, theirs, their_stems in ((claim_parts, passage_parts, passage_stems), (passage_parts, claim_parts, claim_stems)):
        for word in sorted(mine):
            base = _base(word)
            if base and stem(base) in their_stems and word not in theirs:
                plain = next((w for w in sorted(theirs) if stem(w) == stem(base) and _form(w) == _form(base)), "")
                if not plain or _against_noun(word, base):
                    continue  # another role: "non-infertile" is no denial of "infertility", nor "anti-obesity" of "obesity"
                if any(_base(w) == base or (_base(w) and stem(_base(w)) == stem(base)) for w in theirs):
                    continue  # the other side uses a prefixed form too
                if mine is claim_parts and any(stem(w) == stem(base) and not _base(w) for w in mine):
                    continue  # the claim names both ("with canonical ... and with non-canonical residues"): it denies neither
                if mine is passage_parts and _paired_with_plain(passage, word, base):
                    continue  # "between forgetting and non-forgetting behavior" names both sides
                mine_tokens, their_tokens = (claim, passage) if mine is claim_parts else (passage, claim)
                same_head = {h for w, h in _modified(mine_tokens) if w == word} & {h for w, h in _modified(their_tokens) if w == plain}
                if (_synonyms(word) & theirs or _synonyms(plain) & mine) and not same_head:
                    continue  # the other side also says it in other words (unless both modify one word: "inconsistent assessments")
                if _canonical(plain) in negated:
                    continue  # denied in words: "cannot be identified", "lacking adequate metrics"
                if mine is passage_parts and _alternatives(passage, plain, word):
                    continue  # "whether trained or training-free" states neither side
                if mine is passage_parts and _next_words(plain_passage, plain) & _next_words(claim, plain):
                    continue  # the passage also says "canonical amino acids"; its "non-canonical" is about something else
                if mine is passage_parts and plain in plain_passage and not _neighbours(passage, word) & _neighbours(claim, plain):
                    continue  # "remain undifferentiated", and "differentiated cardiomyocytes": not the claim's "to differentiated progeny"
                if mine is passage_parts and _compounds_written(claim, plain, passage):
                    continue  # the claim's "pro-inflammatory" is the passage's "proinflammatory"
                return (plain, word) if mine is passage_parts else (word, plain)
    return None


_NOUN_ENDINGS = ("ity", "ities", "ion", "ions", "ness", "ment", "ments", "ance", "ances", "ence", "ences", "ism",
                 "ics")  # "physics", "dynamics": no denial in "non-physical"
_VERB_ENDINGS = ("ize", "izes", "ise", "ises", "ate", "ates", "ify", "ifies")


def _form(word: str) -> str:
    """The kind of word its ending makes it ("noun": "infertility", "verb": "stabilizes", else
    "other": "infertile", "associated"): a prefixed word and a plain one of two kinds play two roles."""
    return "noun" if word.endswith(_NOUN_ENDINGS) else "verb" if word.endswith(_VERB_ENDINGS) else "other"


def _against_noun(word: str, base: str) -> bool:
    """Whether `word` is "anti" before a noun ("anticancer", "anti-obesity"): a purpose, against
    the noun, that denies nothing of it (unlike "anti-inflammatory" for "inflammatory")."""
    return word.startswith("anti") and not base.endswith(_ADJECTIVE_FORMS)


def _neighbours(tokens: list[str], word: str) -> set[str]:
    """The words right before and right after each whole-word occurrence of `word` in `tokens`."""
    return {tokens[j] for i, w in enumerate(tokens) if w == word for j in (i - 1, i + 1) if 0 <= j < len(tokens)}


def _compounds_written(claim: list[str], part: str, passage: list[str]) -> bool:
    """Whether `part` is, in the claim, only a piece of hyphenated compounds that the passage
    writes too, with or without the hyphen ("pro-inflammatory" and "proinflammatory")."""
    compounds = [t for t in claim if part in t.split("-") and t != part]
    written = {t.replace("-", "") for t in passage}
    return bool(compounds) and part not in claim and all(t.replace("-", "") in written for t in compounds)


def _synonyms(word: str) -> set[str]:
    """The other words on the same side of the antonym groups as `word`."""
    return {w for left, right in ANTONYMS for side in (left, right) if word in side for w in side} - {word}


def _antonym_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    claim_set, passage_set = set(claim) - _idioms(claim), set(passage) - _idioms(passage)
    for left, right in ANTONYMS:
        for side, other in ((left, right), (right, left)):
            said = _affirmed(claim, side) - _idioms(claim)
            opposite = _affirmed(passage, other) - _idioms(passage)
            if not said or not opposite:
                continue
            if claim_set & other and not _own_object(claim, said, claim_set & other, passage, opposite):
                continue
            if passage_set & side:  # the passage uses both sides: the one about the claim's object decides
                # (a word that ends its clause, "assess the methods consistently", is about the words before it)
                ours = _first_objects(claim, said) or _last_objects(claim, said)
                if not ours & _first_objects(passage, opposite) or ours & _first_objects(passage, passage_set & side):
                    continue  # "separates composition and structure, combined with self-supervised learning"
            elif left in (_DEPENDS, _MAINTAINS) and not _same_object(claim, said, passage, opposite):
                continue  # "relies on self-supervision" and "without DFT labels" speak of different things
            elif left is _KEEPS and not _same_object(claim, said, passage, opposite, _REPLACED_BY):
                continue  # "keeps the linear operators" is no clash with "replaces softmax with linear operators"
            return sorted(said)[0], sorted(opposite)[0]
    return None


# "raises the question of ...", "raise concerns": a verb of increase that puts a question, not a quantity.
_RAISED = {"question", "questions", "issue", "issues", "concern", "concerns", "possibility", "doubt", "doubts", "prospect"}


def _idioms(tokens: list[str]) -> set[str]:
    """The words of an antonym group that `tokens` use in an idiom of another meaning: the "raises" of
    "raises the question of how ..." (nothing grows), the "apart" of "apart from" (nothing is kept
    apart)."""
    return {w for i, w in enumerate(tokens) if (w.startswith("rais") and _RAISED & set(tokens[i + 1:i + 3]))
            or (w == "apart" and tokens[i + 1:i + 2] == ["from"])}


_CLAUSE_WORDS = {"we", "it", "they", "this", "these", "which", "that", "who", "where", "whose"}
# Words that open an enumeration ("17 datasets, spanning sensors, time series, ..."): the list's verb, no
# part of the item after it ("covering sensors" names what "spanning sensors" names).
_LIST_OPENERS = {"including", "spanning", "covering", "namely", "notably", "especially", "like"}


def _item(words: list[str]) -> list[str]:
    """A list item's words without the word that opens the list ("covering sensors": "sensors")."""
    return words[1:] if len(words) > 1 and words[0] in _LIST_OPENERS else words


def _list_items(tokens: list[str], longest: int) -> list[set[str]]:
    """Content stems of the items of the first enumeration of three items or more in a word list
    ("grid, place, and head-direction cells": the first item is the word before the first comma,
    the last runs from "and"/"or" to the next stop word, one word longer than the longest other
    item at most; no item longer than `longest` words, the last one more, nor holding a subject or
    relative pronoun),
    or []."""
    for first, token in enumerate(tokens):
        if token != "," or first == 0:
            continue
        items, current, j = [tokens[first - 1:first]], [], first + 1
        while j < len(tokens) and len(current) <= longest:
            word = tokens[j]
            if word in {"and", "or"}:
                if current:
                    items.append(_item(current))
                last = []
                # "and the number of training epochs": an article opens the last item, an "of" runs on in it
                rest = tokens[j + 2:] if tokens[j + 1:j + 2] in (["a"], ["an"], ["the"]) else tokens[j + 1:]
                for k, after in enumerate(rest[:1 + max(len(item) for item in items)]):
                    if after == "of" and last and k + 1 < len(rest) and _content(rest[k + 1]):
                        continue
                    if after in STOPWORDS or after in _SEGMENT_BREAK:
                        break
                    last.append(after)
                items.append(last)
                stems = [_stems(item) for item in items]
                # the last item may run on into the clause's verb ("..., and C reinforce the algorithm")
                return stems if len(items) >= 3 and all(stems) and len(last) <= longest + 1 else []
            if word == ",":
                if not current:
                    break
                items.append(_item(current))
                current = []
            elif word in {";", ":"} or word in _CLAUSE_WORDS:
                if len(items) >= 3 and len(current) <= 1 and all(len(item) <= longest for item in items):
                    # "A, B, C, validate that ...": a list without "and", then the clause's verb
                    return [_stems(item) for item in items]
                break  # "..., we propose two methods, A and B": a clause, not an item
            else:
                current.append(word)
            j += 1
    return []


# Negations are no new word of an item: "computing without multiplications" names "multiplication-free computation".
_NEGATION_STEMS = {stem(w) for w in NOUN_NEGATIONS | NEGATIONS}


def _list_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """An enumeration that follows the passage's item by item, two items at least the same, but
    puts in one place an item with a word the whole abstract never uses, where the passage has an
    item the claim does not mention ("grid, place and border cells" against "grid, place, and
    head-direction cells"; the passage's list may open items before the claim's, and then the
    changed items share no word; a negation is no new word: "computing without multiplications" for
    "multiplication-free computation"). The claim's items are short (three words at most): longer ones are clauses
    rather than the things a list names. Lists of two are read by `_pair_swap`."""
    mine, theirs = _list_items(claim, 3), _list_items(passage, 6)
    if not mine or not theirs:
        return _pair_swap(claim, passage, context)
    known, claim_stems = _stems(context or passage), _stems(claim)
    for shift in range(max(1, len(theirs) - len(mine) + 1)):  # the passage's list may open one item earlier
        pairs = list(zip(mine, theirs[shift:]))
        same = [i for i, (a, b) in enumerate(pairs) if a <= b or b <= a]
        # one item later, a changed item shares no word with the passage's ("codes" for "cells" after
        # "head-direction" is the list's noun, not an item)
        changed = [i for i, (a, b) in enumerate(pairs) if a - known - _NEGATION_STEMS and b - claim_stems and not (shift and a & b)]
        if len(same) >= 2 and len(changed) == 1:
            i = changed[0]
            return " ".join(sorted(mine[i] - known)), " ".join(sorted(pairs[i][1] - claim_stems))
    return _reordered_list_swap(mine, theirs, known, claim_stems) or _pair_swap(claim, passage, context)


def _pair_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """Two things joined by "and"/"or", one the passage's and one in words the whole abstract never
    uses, where the passage joins the same thing to another that the claim does not name ("quantum
    chromodynamics and fluid dynamics" against "fluid dynamics and relativistic electrodynamics",
    "representational drift and perplexity spikes" against "representational drift, and entropy
    miscalibration"): one changed item of a pair, in either order."""
    known, claim_stems = _stems(context or passage), _stems(claim)
    theirs = _joined_pairs(passage)
    for mine in _joined_pairs(claim):
        for same, new in (mine, mine[::-1]):
            for kept, dropped in (pair for p in theirs for pair in (p, p[::-1])):
                if (same <= kept or kept <= same) and _new_name(new, known) and not new & (kept | dropped) \
                        and not dropped & claim_stems:
                    return " ".join(sorted(new - known)), " ".join(sorted(dropped))
    return None


_DEGREE_ADVERBS = {"even", "also", "still", "just"}


def _new_name(item: set[str], known: set[str]) -> bool:
    """Whether a pair's item names a thing the abstract never writes: none of its words is in
    `known`, and it is a term of two words or more or holds a digit ("quantum chromodynamics",
    "QM7"; a lone unknown word is more often a verb or a synonym: "reaches", "neglects")."""
    return not item & known and (len(item) >= 2 or any(ch.isdigit() for w in item for ch in w))


def _joined_pairs(tokens: list[str]) -> list[tuple[set[str], set[str]]]:
    """(content stems of the item before, of the item after) each "and"/"or" of a word list: up to
    three content words on each side, a comma right before the conjunction passed over, stopping at
    a stop word, a number, a list opener ("including"), an adverb ("even beat", "badly imbalanced":
    what follows is a verb or a modifier, not a named thing) or a clause break. An item after the
    conjunction is also read past an article opening it and an "of" inside it ("and a loss of
    lexical diversity"): both readings are given when they differ."""
    def item(words: list[str], through_of: bool = False) -> set[str]:
        taken: list[str] = []
        if through_of and words[:1] in (["a"], ["an"], ["the"]):
            words = words[1:]  # "and a loss of lexical diversity" names what "and loss of ..." names
        for k, word in enumerate(words):
            if through_of and word == "of" and taken and k + 1 < len(words) and _content(words[k + 1]):
                continue  # "loss of lexical diversity": one thing, of its parts
            if word in STOPWORDS or word in _SEGMENT_BREAK or word in _LIST_OPENERS or word in _DEGREE_ADVERBS \
                    or (word.endswith("ly") and len(word) > 4) or _NUMBER.match(word) or not _content(word) or len(taken) == 3:
                break
            taken.append(word)
        return _stems(taken)

    out = []
    for k, word in enumerate(tokens):
        if word in _LIST_JOINS and 0 < k < len(tokens) - 1:
            before = item((tokens[:k - 1] if tokens[k - 1] == "," else tokens[:k])[::-1])
            afters = [item(tokens[k + 1:]), item(tokens[k + 1:], through_of=True)]
            out += [(before, after) for n, after in enumerate(afters) if before and after and after not in afters[:n]]
    return out


def _reordered_list_swap(mine: list[set[str]], theirs: list[set[str]], known: set[str],
                         claim_stems: set[str]) -> tuple[str, str] | None:
    """A list of as many items as the passage's, in another order, whose items all name one of the
    passage's but one, which shares no word with any of them and has a word the whole abstract
    never uses, while one item of the passage's is not named ("reward shaping, A and B" against "A,
    B, and information obfuscation"): a list names a set, in any order."""
    if len(mine) != len(theirs):
        return None
    named = [a for a in mine if any(a <= b or b <= a for b in theirs)]
    new = [a for a in mine if a - known and not any(a & b for b in theirs)]
    unnamed = [b for b in theirs if not any(a <= b or b <= a for a in mine) and b - claim_stems]
    if len(named) == len(mine) - 1 and len(new) == 1 and len(unnamed) == 1:
        return " ".join(sorted(new[0] - known)), " ".join(sorted(unnamed[0] - claim_stems))
    return None


_DEPENDENCE = {"depends", "depend", "depending", "dependent", "relies", "rely", "sensitive", "varies", "vary",
               "conditioned", "conditioning", "conditions"}  # "conditioning on the ambient environment"
_INVARIANCE = {"invariant", "independent", "independently", "agnostic", "insensitive", "regardless",
               "robust"}  # "robust to varying discretizations" does not depend on them (only with its "to": "robust extrapolation" names nothing)
_CHANGES = {"change", "changes", "changed", "changing", "shift", "shifts", "shifted", "shifting"}  # only before "with"


# Compounds tied to one thing: "a mesh-specific operator" depends on the mesh, as "mesh-dependent" says.
_SPECIFIC = {"specific", "dependent"}


def _set_aside(tokens: list[str], i: int) -> bool:
    """Whether tokens[i] follows "rather than", "instead of" or a negation within three words."""
    before = tokens[max(0, i - 3):i]
    return bool(set(before) & NEGATIONS) or any(tuple(before[k:k + 2]) in _PREFERENCE_OPENERS for k in range(len(before) - 1))


def _dependence(tokens: list[str]) -> tuple[dict[str, str], dict[str, str]]:
    """(stem of what a word list says something depends on -> the phrase, stem of what it says
    something is invariant to -> the phrase): "depends on the resolution", "mesh-specific" and
    "resolution-invariant" or "invariant to resolution"; "changes with X" varies with X. What is
    depended on is the head of the noun phrase after the word: "depends on the model size" depends on size, not on the model."""
    depends: dict[str, str] = {}
    invariant: dict[str, str] = {}
    for i, word in enumerate(tokens):
        pieces = word.split("-")
        if len(pieces) == 2 and pieces[1] in _INVARIANCE | _SPECIFIC and _content(pieces[0]):
            if not _set_aside(tokens, i):  # "rather than a model-specific skill" says neither
                (invariant if pieces[1] in _INVARIANCE else depends)[stem(pieces[0])] = word
            continue
        if word in _CHANGES and tokens[i + 1:i + 2] == ["with"]:
            word = "varies"  # "changes with the resolution" varies with it
        if word not in _DEPENDENCE | _INVARIANCE or set(tokens[max(0, i - 3):i]) & NEGATIONS:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j] in {"on", "upon", "to", "of", "with", "the", "a", "an", "its", "their"}:
            j += 1
        if j == i + 1 or j >= len(tokens) or not _content(tokens[j]):
            continue  # "depends" needs its "on": "varies widely" names nothing
        while j + 1 < len(tokens) and j - i < 4 and _content(tokens[j + 1]):
            j += 1
        (depends if word in _DEPENDENCE else invariant)[stem(tokens[j])] = " ".join(tokens[i:j + 1])
    return depends, invariant


def _invariance_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A claim that something depends on X where the passage says it is X-invariant or independent
    of X, or the reverse: "depends on the resolution" against "a resolution-invariant
    representation", "independently of the surrounding environment" against "conditioning on the
    ambient environment"."""
    claim_depends, claim_invariant = _dependence(claim)
    passage_depends, passage_invariant = _dependence(passage)
    for mine, theirs in ((claim_depends, passage_invariant), (claim_invariant, passage_depends)):
        for key in sorted(mine):
            if key in theirs:
                return mine[key], theirs[key]
    return None


# Words that open a noun phrase: the word after them and before a noun modifies that noun.
_PHRASE_OPENERS = {"a", "an", "the", "its", "their", "this", "these", "of", "on", "in", "for", "from", "by", "with",
                   "via", "using", "at", "and", ","}
# Modifiers of amount, order or worth: other cues read them, and paraphrases trade them freely.
_GENERIC_MODIFIERS = {"every", "each", "all", "any", "many", "several", "multiple", "various", "fewer", "more", "less",
                      "most", "same", "other", "certain", "different", "new", "novel", "real", "good", "best", "better",
                      "main", "primary", "total", "whole", "full", "significant", "important", "standard", "single",
                      "first", "second", "final", "overall", "general", "specific", "such", "both", "only", "just",
                      "even", "also", "without", "near-zero", "essential", "large", "small", "high", "low", "given",
                      "particular", "respective", "corresponding"}


# Modifiers of sameness or size ("separate", "same", "larger"): they may stand between an opener and a kind.
_ORDERING = {w for group in MODIFIERS for side in group for w in side}
# Endings in -s of adjectives and singular nouns, never of a verb or a plural: "instantaneous", "basis", "corpus".
_NOUN_OR_ADJECTIVE_S = ("ous", "is", "us")


# Adjectives of degree: "a steep cost" grades the cost as "a high cost" does, it names no kind of cost.
_DEGREES = {"steep", "heavy", "huge", "massive", "vast", "immense", "tremendous", "prohibitive", "modest", "slight"}


def _kind_word(word: str, inflected: bool = False, shortest: int = 5) -> bool:
    """Whether `word` has the shape of a modifier that names a kind ("cumulative", "sectional",
    "graph-based"): letters, `shortest` or more (short nouns before nouns, "ward rounds", add a
    setting more often than they swap a kind), not an inflected verb or adverb in -s, -ed, -ing or -ly (a
    hyphenated compound always qualifies, and so do "-ous", "-is", "-us": "instantaneous", "basis";
    with `inflected`, -s, -ed and -ing forms qualify too: "driving"), and not a word of amount or
    worth or degree."""
    if not word.replace("-", "").isalpha() or len(word) < shortest or word in _GENERIC_MODIFIERS or word in NUMBER_WORDS \
            or word in _DEGREES or not _content(word) or word in _ORDERING or (word in _SIDE_NAME and word.endswith(("er", "est"))):
        return False  # a size or degree ("a bigger model") grades a thing, it names no kind
    if inflected:
        return not word.endswith("ly")
    return "-" in word.strip("-") or word.endswith(_NOUN_OR_ADJECTIVE_S) or not word.endswith(("s", "ed", "ing", "ly"))


def _heads(tokens: list[str]) -> set[str]:
    """The first four letters of each word and compound part: one word written two ways ("poorer"
    and "poor", "ischemic" and "ischaemic") shares them."""
    return {p[:4] for w in tokens for p in [w, *w.split("-")] if p}


# Modifiers that say one thing in general and ML English: what prior work usually does ("the usual
# CRN reduction tools", "classical CRN reduction techniques") and data a model was not trained on
# ("unseen proteins", "out-of-distribution protein systems"). Each names the same kind as its fellows.
_SAME_KIND_GROUPS = (
    {"usual", "standard", "classical", "classic", "conventional", "traditional", "common", "typical", "existing",
     "established", "mainstream"},
    {"unseen", "out-of-distribution", "held-out", "novel", "ood", "out-of-sample"},
    # fitness for a purpose: "sensible initialization methods" are "reasonable initialization methods"
    {"reasonable", "sensible", "proper", "appropriate", "suitable", "adequate", "sound"},
    # what is not observed: "hidden dynamics" are "latent dynamical processes"
    {"hidden", "latent", "unobserved"},
)
_SAME_KIND = {w: min(group) for group in _SAME_KIND_GROUPS for w in group}


def _same_kind(mine: list[str], theirs: list[str]) -> bool:
    """Whether a word of `mine` and one of `theirs` are fellows of a `_SAME_KIND_GROUPS` group."""
    return bool({_SAME_KIND.get(w) for w in mine} & {_SAME_KIND.get(w, w) for w in theirs})


def _kind_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A kind swapped for another before the same noun, at the head of a noun phrase: "a simple
    regret bound" against "a cumulative regret bound", "the Markov chain structure" against "the
    factor graph structure". The kind is one or two words; one of the claim's is a word the whole
    abstract never uses, none of the passage's is a word the claim uses, two-word kinds have a
    modifier's shape in every word, and no word of one kind is on the same side of an antonym group
    as a word of the other ("consistent" and "coherent"). Words that open with the
    same four letters are one word written two ways ("poorer" and "poor", "ischemic" and
    "ischaemic"). A new word shaped like a verb form ("driving") counts only where the word before
    the phrase is the passage's too ("gridworld and driving domains" against "gridworld and
    household domains")."""
    def slot(tokens: list[str], end: int, width: int) -> list[str] | None:
        """The `width` words before tokens[end], when an opener precedes them (or an opener and a
        word of amount or order: "a separate latency constraint") and all are content words."""
        words_ = tokens[end - width:end]
        before = tokens[end - width - 1] if end - width >= 1 else ""
        opened = before in _PHRASE_OPENERS or (
            (before in _GENERIC_MODIFIERS or before in _ORDERING) and end - width >= 2 and tokens[end - width - 2] in _PHRASE_OPENERS)
        if not opened or not all(_content(w) and not w.endswith("ly") for w in words_):
            return None
        return words_

    known, claim_heads = _heads(context or passage), _heads(claim)
    for end in range(2, len(claim)):
        noun = claim[end]
        if not _content(noun) or noun.endswith("ly"):
            continue
        for width in (1, 2):
            mine = slot(claim, end, width)
            new = [w for w in mine or [] if not _heads([w]) & known]
            if not new:
                continue
            for j in range(2, len(passage)):
                theirs = slot(passage, j, width) if stem(passage[j]) == stem(noun) else None
                if not theirs or _heads(theirs) & claim_heads or not any(_kind_word(w) for w in theirs) \
                        or {_SIDE_NAME.get(w, w) for w in theirs} & {_SIDE_NAME.get(w) for w in mine} \
                        or _same_kind(mine, theirs):
                    continue  # "the usual CRN reduction" is "the classical CRN reduction"
                if width == 2 and not (all(_kind_word(w, shortest=4) for w in mine)
                                       and all(_kind_word(w, shortest=4) or w.endswith("'s") for w in theirs)):
                    continue  # two words are a kind only when both have a modifier's shape ("heat kernel", "Green's function")
                same_before = end - width >= 2 and j - width >= 2 and _content(claim[end - width - 2]) \
                    and stem(claim[end - width - 2]) == stem(passage[j - width - 2])
                if any(_kind_word(w) or (same_before and _kind_word(w, inflected=True)) for w in new):
                    return " ".join(mine + [noun]), " ".join(theirs + [passage[j]])
    return None


_LIST_JOINS = {"and", "or"}
# Nouns that stand for whatever the modifier before them picks out ("a topological part and a metric
# part" of "the topological structure ... its metric structure"): no thing of their own to swap.
_PLACEHOLDERS = {"part", "parts", "piece", "pieces", "side", "sides", "portion", "portions", "aspect", "aspects",
                 "half", "halves"}


def _noun_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A thing swapped for another after the same modifier, at the end of a phrase: "with canonical
    nucleotides and" against "with canonical amino acids,", "on unseen cell types and datasets"
    against "on unseen genes and datasets"; or after the same list item and "and": "fluid dynamics
    and magnetohydrodynamics" against "fluid dynamics and relativistic electrodynamics,". Each
    side's thing is one or two words that end at a clause break or the end ("a crucial step in"
    is no thing: a noun goes on), and no word of either is a verb form in -ing or -ed; one of the claim's is a
    word of four letters or more the whole abstract never uses, none of the passage's is a word
    the claim uses or holds ("abilities" and "capabilities"). A placeholder noun ("a metric part",
    "the chemical side") names no other thing."""
    def things(tokens: list[str], start: int) -> list[list[str]]:
        """The one or two content words from `start` that end at a clause break or the end."""
        out = []
        for width in (1, 2):
            thing, after = tokens[start:start + width], tokens[start + width:start + width + 1]
            if len(thing) < width or not all(_content(w) and not w.endswith(("ly", "ing", "ed")) for w in thing):
                break
            if not after or after[0] in _SEGMENT_BREAK:
                out.append(thing)
        return out

    def anchored(tokens: list[str], i: int) -> bool:
        """Whether tokens[i - 1:i + 1] opens a thing: an opener and a modifier ("with canonical"), or
        a list's item and "and" ("fluid dynamics and")."""
        if tokens[i] in _LIST_JOINS:
            return _content(tokens[i - 1])
        word = tokens[i]  # an adjective's shape: a noun there ("the decay grows") would make the thing a verb
        return tokens[i - 1] in _PHRASE_OPENERS and _kind_word(word) and not word.endswith("ment") \
            and ("-" in word or word.endswith(_ADJECTIVE_ENDINGS + ("en",)))

    def same_word(mine: list[str], theirs: list[str]) -> bool:
        """Whether a word of one thing holds a word of the other ("abilities" in "capabilities")."""
        return any(x in y or y in x for a in mine for b in theirs if len(a) > 3 and len(b) > 3
                   for x, y in ((a, b), (stem(a), stem(b))))

    known, claim_heads = _heads(context or passage), _heads(claim)
    for i in range(1, len(claim) - 1):
        if not anchored(claim, i):
            continue
        for mine in things(claim, i + 1):
            if not any(len(w) >= 4 and w.isalpha() and not _heads([w]) & known and w not in _PLACEHOLDERS for w in mine):
                continue
            for j in range(1, len(passage) - 1):
                if stem(passage[j]) != stem(claim[i]) or stem(passage[j - 1]) != stem(claim[i - 1]) and not (
                        claim[i] not in _LIST_JOINS and passage[j - 1] in _PHRASE_OPENERS):
                    continue
                for theirs in things(passage, j + 1):
                    if not _heads(theirs) & claim_heads and not same_word(mine, theirs):
                        return " ".join([claim[i - 1], claim[i], *mine]), " ".join([passage[j - 1], passage[j], *theirs])
    return None



# Leaving a thing intact against undoing it: "breaks the physical constraints" against "respecting the
# underlying physics", "changes the fixed points" against "preserving the fixed points". Kept out of
# ANTONYMS, whose words also stand for their side in the support shares ("preserving" for "preservation").
_INTACT = {"respect", "respects", "respected", "respecting", "obey", "obeys", "obeyed", "obeying", "preserve", "preserves",
           "preserved", "preserving", "conserve", "conserves", "conserved", "conserving", "satisfy", "satisfies",
           "satisfied", "satisfying", "enforce", "enforces", "enforced", "enforcing", "maintain", "maintains",
           "maintained", "maintaining"}
_UNDONE = {"violate", "violates", "violated", "violating", "break", "breaks", "broke", "breaking", "alter", "alters",
           "altered", "altering", "change", "changes", "changed", "changing", "distort", "distorts", "distorted",
           "distorting", "destroy", "destroys", "destroyed", "destroying", "disrupt", "disrupts", "disrupted", "disrupting",
           "lose", "loses", "losing"}  # "lose the fixed points" against "preserving the fixed points"


def _kept_objects(tokens: list[str], group: set[str]) -> set[str]:
    """Stems of what the words of `group` that no negation governs act on: the content words among
    the five after each, to a clause break, and the first part of a compound ("constraint-preserving")."""
    out = set()
    for i, w in enumerate(tokens):
        head, _, last = w.rpartition("-")
        if last in group and head:
            out.update(stem(p) for p in head.split("-") if _content(p))
        elif w in group and not set(tokens[max(0, i - 3):i]) & NEGATIONS:
            after = tokens[i + 1:i + 6]
            after = after[:next((k for k, t in enumerate(after) if t in _SEGMENT_BREAK), len(after))]
            out.update(stem(p) for t in after if _content(t) for p in t.split("-") if len(p) > 2)
    return out


def _intact_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A claim that undoes what the passage leaves intact, or the reverse, said of the same thing
    ("breaks the physical constraints" against "while respecting the underlying physics", "changes the
    belief-propagation fixed points" against "preserving the belief-propagation fixed points"), where
    the passage never says the claim's side of it."""
    for side, other, said in ((_UNDONE, _INTACT, "undone"), (_INTACT, _UNDONE, "kept")):
        shared = _kept_objects(claim, side) & _kept_objects(passage, other) - _kept_objects(passage, side)
        if shared - _GENERIC_TARGETS:
            thing = " ".join(sorted(shared - _GENERIC_TARGETS))
            return f"{said} {thing}", f"{'kept' if said == 'undone' else 'undone'} {thing}"
    return None


# A claim that something outperforms where the passage only says it matches is an overclaim.
_OUTPERFORMS = next(left for left, _ in ANTONYMS if "outperforms" in left) | {"surpassed", "beat", "exceed", "exceeded"}
_PARITY = {"match", "matches", "matched", "matching", "comparable", "par", "competitive", "rivals", "equivalent"}
_BETTER = next(left for left, _ in ANTONYMS if "better" in left)


def _parity_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A claim that its subject outperforms ("surpasses the accuracy of classical methods") where
    the passage says it matches or is comparable, and says nowhere that it does better; or that it
    matches what the passage says it outperforms (and never matches)."""
    said = _affirmed(claim, _OUTPERFORMS | _BEATEN)  # "experts are outdone by X" says one side wins too
    parity = _affirmed(passage, _PARITY) - _named_words(passage, passage) - _compound_heads(passage)
    if said and parity and not set(passage) & (_OUTPERFORMS | _BETTER):
        return sorted(said)[0], sorted(parity)[0]
    # the reverse: "matches model-based methods" where the passage says it outperforms them
    matched = _affirmed(claim, _PARITY) - _named_words(claim, passage) - _compound_heads(claim)
    beaten = _affirmed(passage, _OUTPERFORMS)
    if matched and beaten and not set(claim) & (_OUTPERFORMS | _BETTER) \
            and _same_object(claim, matched, passage, beaten) and not _same_object(claim, matched, passage, _PARITY):
        return sorted(matched)[0], sorted(beaten)[0]
    return None


def _named_words(tokens: list[str], passage: list[str]) -> set[str]:
    """The words of `tokens` that end the name of a method the passage writes before "methods",
    "models" or the like ("matching" in "flow matching methods"): part of a name, not a verb."""
    names = {(passage[i - 1], passage[i]) for i in range(1, len(passage) - 1)
             if passage[i + 1] in _METHOD_NOUNS and _content(passage[i - 1])}
    return {w for i, w in enumerate(tokens) if i and (tokens[i - 1], w) in names}


def _compound_heads(tokens: list[str]) -> set[str]:
    """The "-ing" words of `tokens` that end a noun compound: after a content word and before a
    preposition, a clause break or the end ("via curvature matching in transfer learning"): the
    act named, not a verb saying that one thing matches another."""
    ends = _PREPOSITIONS_AFTER | _SEGMENT_BREAK
    return {w for i, w in enumerate(tokens) if w.endswith("ing") and 0 < i and _content(tokens[i - 1])
            and tokens[i - 1] not in _PARITY and (i + 1 == len(tokens) or tokens[i + 1] in ends)}


_PREPOSITIONS_AFTER = {"in", "for", "of", "via", "with", "on", "across", "under", "to", "at", "from"}
_METHOD_NOUNS = {"method", "methods", "model", "models", "baseline", "baselines", "approach", "approaches",
                 "objective", "objectives", "loss", "losses"}


def _affirmed(tokens: list[str], group: set[str]) -> set[str]:
    """The words of `group` that `tokens` use without a negation right around them: "requires" in
    "requires labels" but not in "needs no labels" or "does not require labels"."""
    return {w for i, w in enumerate(tokens) if w in group
            and not set(tokens[max(0, i - 3):i]) & NEGATIONS and tokens[i + 1:i + 2] not in (["no"], ["none"])}


_REPLACED_BY = _SEGMENT_BREAK | {"with", "by", "for"}  # "replaces X with Y", "swaps X for Y": X is the object


def _same_object(claim: list[str], said: set[str], passage: list[str], opposite: set[str],
                 ends: set[str] = frozenset()) -> bool:
    """Whether a word of `said` in the claim and one of `opposite` in the passage govern a common
    content word among the five words after them ("requires labels" / "without labels"), each
    object running at most to a word of `ends`."""
    def objects(tokens: list[str], group: set[str]) -> set[str]:
        out = set()
        for i, w in enumerate(tokens):
            if w in group:
                after = tokens[i + 1:i + 6]
                after = after[:next((k for k, t in enumerate(after) if t in ends), len(after))]
                out.update(stem(p) for t in after if _content(t) for p in t.split("-") if len(p) > 2)
        return out
    return bool(objects(claim, said) & objects(passage, opposite))


def _own_object(claim: list[str], said: set[str], unsaid: set[str], passage: list[str], opposite: set[str]) -> bool:
    """Whether a claim that uses both sides of an antonym group ("improves energy MAE but worsens
    force MAE") says `said` of a thing the passage says `opposite` of ("improves force MAE") and
    says the other side of something else."""
    ours = _first_objects(claim, said, nouns=True)
    return bool(ours & _first_objects(passage, opposite, nouns=True)) and not ours & _first_objects(claim, unsaid, nouns=True)


def _last_objects(tokens: list[str], group: set[str]) -> set[str]:
    """The stems of the content words among the four before each word of `group` that ends its
    clause ("assess trajectory inference methods consistently."): what an adverb at the end says of."""
    return {stem(t) for i, w in enumerate(tokens) if w in group and (i + 1 == len(tokens) or tokens[i + 1] in _SEGMENT_BREAK)
            for t in tokens[max(0, i - 4):i] if _content(t)}


def _first_objects(tokens: list[str], group: set[str], nouns: bool = False) -> set[str]:
    """The stem of the first content word within three words after each word of `group` in
    `tokens`: what the word acts on ("merges composition", "combined with self-supervised"); with
    `nouns`, adverbs in "-ly" are passed over ("decreases monotonically" acts on nothing)."""
    def acted_on(t: str) -> bool:
        return _content(t) and not (nouns and t.endswith("ly"))
    return {stem(next(t for t in tokens[i + 1:i + 4] if acted_on(t))) for i, w in enumerate(tokens)
            if w in group and any(acted_on(t) for t in tokens[i + 1:i + 4])}


def _modified(tokens: list[str]) -> set[tuple[str, str]]:
    """(modifier, stem of the word it modifies) pairs: "more neurons", "low-dimensional", "more robust"."""
    pairs = set()
    flat: list[str] = []
    heads: dict[int, str] = {}  # a word before a compound modifies the compound's head: "more data-efficient"
    for token in tokens:
        pieces = token.split("-")
        if len(pieces) == 2 and pieces[0] and pieces[1]:
            heads[len(flat)] = pieces[1]
            flat.extend(pieces)
        else:
            flat.append(token)
    for i, word in enumerate(flat[:-1]):
        at = i + 1
        if flat[at] in {"considerably", "much", "far", "significantly", "substantially"} and i + 2 < len(flat):
            at = i + 2
        nxt = heads.get(at, flat[at])
        group = _GROUP_TOKEN.match(nxt)  # "continuous SO(2) product" modifies the product of a group: "so"
        if nxt not in _SEGMENT_BREAK:
            pairs.add((word, group.group(1) if group else stem(nxt)))
    return pairs | _predicated(flat)


def _predicated(flat: list[str]) -> set[tuple[str, str]]:
    """(modifier, stem of the noun) for a modifier said of the noun right before a verb of being, or
    of a word of the clause's subject (`_subject_words`): "where uncertainty is low" is "low
    uncertainty", "the cost remains high" is "high cost", "reaction networks that encode these
    algorithms are usually small" is "small reaction networks" (an intensifier or an adverb of
    frequency may come between); "the grid is regular or irregular" says both of the grid."""
    pairs = set()
    for i, word in enumerate(flat[1:-1], 1):
        if word not in _BE:
            continue
        at = i + 1
        while at + 1 < len(flat) and flat[at] in _INTENSIFIERS | _FREQUENCY | {"very", "relatively"}:
            at += 1
        if flat[at] not in _ORDERING:
            continue
        said = [flat[at]] + [flat[k + 1] for k in range(at + 1, len(flat) - 1, 2)
                             if flat[k] in {"or", "and"} and flat[k + 1] in _ORDERING][:1]
        for noun in [flat[i - 1]] + _subject_words(flat, i):
            if _content(noun) and noun not in _ORDERING:
                pairs.update((word, stem(noun)) for word in said)
    return pairs


_FREQUENCY = {"usually", "typically", "often", "generally", "mostly", "normally", "commonly", "frequently"}
_SUBJECT_ENDS = {"that", "which", "who", "whose", "where", "when"} | _PREPOSITIONS_AFTER


def _subject_words(flat: list[str], be: int) -> list[str]:
    """The words of the noun phrase that opens the clause of the verb of being at flat[be], past its
    article: up to a relative word, a preposition or a participle ("The reaction networks needed to
    encode ..." gives "reaction", "networks")."""
    start = max((k + 1 for k in range(be) if flat[k] in _SEGMENT_BREAK), default=0)
    while start < be and flat[start] in _ARTICLES:
        start += 1
    out = []
    for word in flat[start:be]:
        if word in _SUBJECT_ENDS or (out and word.endswith("ed")):
            break
        out.append(word)
    return out


def _modifier_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    claim_pairs, passage_pairs = _modified(claim), _modified(passage)
    # "regular grids and irregular ones alike": a modifier of "ones" joined by "and"/"or" names the
    # other side of the noun just named ("worse than long ones" sets it against the first)
    joined = {claim[i] for i in range(1, len(claim) - 1) if claim[i + 1] in {"one", "ones"} and claim[i - 1] in {"and", "or"}}
    # a modifier the claim denies says the other side: "lacking full spectral information" is "incomplete" information
    denied = {w for i, w in enumerate(claim) if set(claim[max(0, i - 2):i]) & (NEGATIONS | _LACKS | {"no", "without"})}
    for left, right in MODIFIERS:
        for side, other in ((left, right), (right, left)):
            for word, head in sorted(claim_pairs):
                if word not in side or word in denied:
                    continue
                same = {w for w, h in passage_pairs if h == head and w in side}
                opposite = sorted(w for w, h in passage_pairs if h == head and w in other)
                mine = {w for w, h in claim_pairs if h == head and w in other} | (joined & other)
                if opposite and not same and not mine:
                    return f"{word} {head}", f"{opposite[0]} {head}"
    return None


def _swapped_modifiers(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """Two words the passage puts before two nouns ("structural constraints", "functional
    patterns") that the claim puts before them the other way round, and never the passage's way;
    two nouns of which one begins the other ("data", "datasets") name one thing, so trading them is no swap."""
    mine = {(w, h) for w, h in _modified(claim) if _content(w) and _content(h)}
    theirs = sorted((w, h) for w, h in _modified(passage) if _content(w) and _content(h))
    for first, head in theirs:
        for second, other in theirs:
            if first != second and not (head.startswith(other) or other.startswith(head)) \
                    and {(first, other), (second, head)} <= mine and not {(first, head), (second, other)} & mine:
                return f"{first} {other}", f"{first} {head}"
    return None


_INTENSIFIERS = {"considerably", "much", "far", "significantly", "substantially"}


def _modifier_positions(tokens: list[str]) -> list[tuple[int, int, int, str]]:
    """(position, MODIFIERS group, side 0 or 1, stem of the word modified) for each opposite
    modifier of a word list: "low-contrast" and "considerably fewer neurons" count (the modifier
    itself is the first part of tokens[position])."""
    out = []
    for i, token in enumerate(tokens):
        pieces = token.split("-")
        word, head = (pieces[0], pieces[1]) if len(pieces) == 2 and all(pieces) else (token, "")
        if not head:
            after = [t for t in tokens[i + 1:i + 3] if t not in _INTENSIFIERS][:1]
            head = after[0] if after and _content(after[0]) else ""
        for group, sides in enumerate(MODIFIERS):
            for side, words_of_side in enumerate(sides):
                if head and word in words_of_side:
                    out.append((i, group, side, stem(head)))
    return out


def _crossed_opposites(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """The passage pairs both sides of two opposite modifiers in parallel ("low-contrast inputs ...
    more neurons, to sparse coding at high contrast, ... fewer neurons": the first sides go
    together, so do the second) and the claim takes one side of each, crosswise ("at high contrast
    ... recruits more neurons")."""
    spots: dict[tuple[int, str], dict[int, int]] = {}
    for position, group, side, head in _modifier_positions(passage):
        spots.setdefault((group, head), {}).setdefault(side, position)
    both = {key: sides for key, sides in spots.items() if len(sides) == 2}
    said: dict[tuple[int, str], set[int]] = {}
    written: dict[tuple[int, str, int], str] = {}
    for position, group, side, head in _modifier_positions(claim):
        said.setdefault((group, head), set()).add(side)
        written[group, head, side] = claim[position].split("-")[0]
    for position, group, side, head in _modifier_positions(passage):
        written.setdefault((group, head, side), passage[position].split("-")[0])
    picked = {key: min(sides) for key, sides in said.items() if key in both and len(sides) == 1}
    for one in sorted(picked):
        for other in sorted(picked):
            if one[0] >= other[0] or one[1] == other[1]:
                continue
            first_one, first_other = (min(both[k], key=both[k].get) for k in (one, other))
            firsts = max(both[one][first_one], both[other][first_other])
            seconds = min(both[one][1 - first_one], both[other][1 - first_other])
            if firsts < seconds and (picked[one] == first_one) != (picked[other] == first_other):
                word, partner = written[(*one, picked[one])], written[(*other, picked[other])]
                theirs = written[(*other, 1 - picked[other])]
                return f"{word} {one[1]} with {partner} {other[1]}", f"{word} {one[1]} with {theirs} {other[1]}"
    return _crossed_pairs(claim, both, written)


def _crossed_pairs(claim: list[str], both: dict[tuple[int, str], dict[int, int]],
                   written: dict[tuple[int, str, int], str]) -> tuple[str, str] | None:
    """The claim names both sides of two opposite modifiers as well, in parallel, but pairs them the
    other way round from the passage (`both`: the passage's positions of each side): "at low
    contrast ... few neurons, while at high contrast ... more neurons" against "low-contrast ...
    more neurons, to sparse coding at high contrast ... fewer neurons"."""
    spots: dict[tuple[int, str], dict[int, int]] = {}
    for position, group, side, head in _modifier_positions(claim):
        spots.setdefault((group, head), {}).setdefault(side, position)
    for one in sorted(both):
        for other in sorted(both):
            if one[0] >= other[0] or one[1] == other[1] or len(spots.get(one, {})) < 2 or len(spots.get(other, {})) < 2:
                continue
            theirs, ours = _pairing(both[one], both[other]), _pairing(spots[one], spots[other])
            if theirs is not None and ours is not None and theirs != ours:
                side = 0 if ours else 1
                return (f"{written[(*one, 0)]} {one[1]} with {written[(*other, side)]} {other[1]}",
                        f"{written[(*one, 0)]} {one[1]} with {written[(*other, 1 - side)]} {other[1]}")
    return None


def _pairing(a: dict[int, int], b: dict[int, int]) -> bool | None:
    """For the positions of both sides of two modifier groups in one text: whether side 0 goes with
    side 0 (each group's first-written side comes before both second-written sides); None when the
    two are not written in parallel."""
    first_a, first_b = min(a, key=a.get), min(b, key=b.get)
    if max(a[first_a], b[first_b]) < min(a[1 - first_a], b[1 - first_b]):
        return first_a == first_b
    return None


def _token_segments(tokens: list[str]) -> list[list[str]]:
    """A word list cut at commas and conjunctions."""
    pieces: list[list[str]] = [[]]
    for word in tokens:
        if word in _SEGMENT_BREAK:
            pieces.append([])
        else:
            pieces[-1].append(word)
    return [p for p in pieces if p]


def _numbered_modifier_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A number the passage ties to one modifier of a noun ("reduces energy MAE by 57% ... and
    improves force MAE") that the claim ties to the noun's other modifier ("force MAE by 57%")."""
    segments = [(seg, {w for w in seg if _NUMBER.match(w)}, {(w, h) for w, h in _modified(seg) if _content(w)})
                 for seg in _token_segments(passage)]
    for seg in _token_segments(claim):
        numbers = {w for w in seg if _NUMBER.match(w)}
        for word, head in sorted((w, h) for w, h in _modified(seg) if _content(w)):
            for _, theirs, pairs in segments:
                if not numbers & theirs or (word, head) in pairs:
                    continue
                others = sorted(w for w, h in pairs if h == head and w != word and w not in seg)
                elsewhere = any((word, head) in p and not numbers & n for _, n, p in segments)
                if others and elsewhere:
                    number = sorted(numbers & theirs)[0]
                    return f"{word} {head} {number}", f"{others[0]} {head} {number}"
    return None


def _sides(tokens: list[str]) -> tuple[set[str], set[str], str] | None:
    """(content stems before, content stems after, the word) around the first comparative word of a
    clause ("A is more data-efficient than B"), or None."""
    for i, word in enumerate(tokens):
        if word in _COMPARATIVE and 0 < i < len(tokens) - 1:
            start = max((j + 1 for j in range(i) if tokens[j] in {",", ";", ":"}), default=0)
            end = next((j for j in range(i + 1, len(tokens)) if tokens[j] in {",", ";", ":"}), len(tokens))
            before = {stem(p) for w in tokens[start:i] for p in w.split("-") if len(p) > 2}
            after = {stem(p) for w in tokens[i + 1:end] for p in w.split("-") if len(p) > 2}
            return before, after, word
    return None


_SCOPE_PREPOSITIONS = {"on", "in", "across"}


def _scoped(tokens: list[str]) -> set[str]:
    """Stems of the words of the phrases that open with "on", "in" or "across" and run to a
    comparative word or a clause break ("improves performance on MatBench and QM9 over ...")."""
    out: set[str] = set()
    scoped = False
    for word in tokens:
        scoped = word in _SCOPE_PREPOSITIONS or (scoped and word not in _COMPARATIVE and word not in {",", ";", ":"})
        if scoped:
            out.update(stem(p) for p in word.split("-") if len(p) > 2)
    return out


def _comparison_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    mine, theirs = _sides(claim), _sides(passage)
    if not mine or not theirs:
        return None
    (c_before, c_after, c_word), (p_before, p_after, p_word) = mine, theirs
    # where both say the comparison holds is no side of it: "beat the baselines on QM9 and MatBench"
    # against "improves performance on MatBench and QM9 over baselines"
    shared = (p_before & p_after) | (_scoped(claim) & _scoped(passage))
    p_before, p_after = p_before - shared, p_after - shared
    c_before, c_after = c_before - shared, c_after - shared
    c_before, c_after = c_before - c_after, c_after - c_before
    if c_after & p_before and c_before & p_after:
        return f"{' '.join(sorted(c_before & p_after))} {c_word} {' '.join(sorted(c_after & p_before))}", \
            f"{' '.join(sorted(c_after & p_before))} {p_word} {' '.join(sorted(c_before & p_after))}"
    return None


def _joined_to_next(tokens: list[str]) -> set[int]:
    """Indexes of the `_segments` of a word list that a bare "and" (no comma before it) joins to the
    next, or a colon: what follows a colon spells out the piece before it ("Aurora exhibits the
    strongest data-scaling behavior: increasing the dataset by 10x reduces loss by up to 3.2x")."""
    out, piece, filled = set(), 0, False
    for i, word in enumerate(tokens):
        if word in _SEGMENT_BREAK:
            if filled:  # counted as `_segments` counts: a piece with nothing in it ("..., and") is none
                if (word == "and" and tokens[i - 1:i] != [","]) or word == ":":
                    out.add(piece)
                piece += 1
            filled = False
        elif _NUMBER.match(word) or len(word) > 2:
            filled = True
    return out


def _segments(tokens: list[str]) -> list[set[str]]:
    """Content stems of the pieces of a sentence between commas and conjunctions, numbers kept whole
    (each end of a range: "1b-13b" gives "1b" and "13b")."""
    pieces: list[set[str]] = [set()]
    for word in tokens:
        if word in _SEGMENT_BREAK:
            pieces.append(set())
        elif _NUMBER.match(word):
            pieces[-1].update(_NUMBER.match(p).group(0) for p in word.split("-") if _NUMBER.match(p))  # type: ignore[union-attr]
        elif len(word) > 2:
            pieces[-1].update(stem(p) for p in word.split("-") if len(p) > 2)
    return [p for p in pieces if p]


# Words that state a ratio, not a detail: "by a factor of 3.2", "ten times", "57 percent"; and stems
# of the words that bound an amount ("at least 8.3%", "up to 3.2x", "about 40", "roughly 0.4").
_RATIO_WORDS = {"factor", "time", "fold", "percent", "percentag", "point",
                "least", "most", "about", "approxim", "rough", "near", "almost", "around", "over", "under"}
_OPENING_PREPOSITIONS = {"on", "in", "for", "across", "under", "at", "with", "from", "over", "during", "among"}


def _opening_phrases(tokens: list[str]) -> int:
    """How many of the first pieces of `tokens` (as `_segments` cuts them) are phrases that set the
    scene for the whole sentence: they open with a preposition and hold no number ("On OMat24,
    in the limited-data regime, TriForces reduces energy MAE by 57%": two)."""
    pieces: list[list[str]] = [[]]
    for word in tokens:
        if word in _SEGMENT_BREAK:
            pieces.append([])
        elif _NUMBER.match(word) or len(word) > 2 or word in _OPENING_PREPOSITIONS:
            pieces[-1].append(word)
    count = 0
    for piece in (p for p in pieces if any(_NUMBER.match(w) or len(w) > 2 for w in p)):
        if piece[0] not in _OPENING_PREPOSITIONS or any(_NUMBER.match(w) for w in piece):
            break
        count += 1
    return count


def _framing_pieces(tokens: list[str]) -> set[int]:
    """Indexes of the pieces of a word list (as `_segments` cuts and counts them) that open with a
    preposition and hold a number: "for middle-dimensional problems (4 <= d <= 10)"."""
    kept = [p for p in _token_segments(tokens) if any(_NUMBER.match(w) or any(len(part) > 2 for part in w.split("-")) for w in p)]
    return {i for i, piece in enumerate(kept) if piece[0] in _OPENING_PREPOSITIONS and any(_NUMBER.match(w) for w in piece)}


def _number_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A number of the claim tied to a detail that the passage states in another piece of the
    sentence (not in the phrases that open it, which set the scene for all of it). A numbered phrase
    that opens with a preposition frames the piece right after it when that piece has no number of
    its own: the piece states its detail of that number ("For middle-dimensional problems (4 <= d
    <= 10), spectral methods remain feasible" for "feasible up to about d = 10")."""
    passage_segments = _segments(passage)
    scene, framing = _opening_phrases(passage), _framing_pieces(passage)
    numbered = {w for s in passage_segments for w in s if _NUMBER.match(w)}
    if len(numbered) < 2:
        return None
    counts: dict[str, int] = {}
    for word in context:
        counts[stem(word)] = counts.get(stem(word), 0) + 1
    topic = {w for w, n in counts.items() if n >= 3}
    joined = _joined_to_next(passage)
    for segment in _segments(claim):
        for number in sorted(w for w in segment if _NUMBER.match(w) and w in numbered):
            own = [s for s in passage_segments if number in s]
            framed = {i + 1 for i in framing if number in passage_segments[i]}
            # "performing off-diagonal updates and message passing within SO(2) frames": the number
            # after the "and" holds for the numberless piece right before it too
            shared = {i for i in joined if i + 1 < len(passage_segments) and number in passage_segments[i + 1]
                      and not any(_NUMBER.match(w) for w in passage_segments[i])}
            others = [s for i, s in enumerate(passage_segments) if number not in s and i >= scene and i not in shared
                      and not (i in framed and not any(_NUMBER.match(w) for w in s))]
            words_here = {w for w in segment if not _NUMBER.match(w)} - topic
            own_words = set().union(*own) - set().union(*others)
            for other in others:
                distinct = {w for w in other if not _NUMBER.match(w)} - set().union(*own)
                evidence = {w for w in words_here & distinct if w not in STOPWORDS and w not in _RATIO_WORDS}  # "with 0.94" ties 0.94 to nothing
                if evidence and not words_here & own_words:
                    word = sorted(evidence)[0]
                    their = sorted(w for w in other if _NUMBER.match(w))
                    return f"{word} {number}", f"{word} {their[0]}" if their else f"{word} without {number}"
    return None


# Words right before a number that bound it from below or from above ("at least 14.4%", "up to 3.2x").
_LOWER_BOUNDS = [("at", "least"), ("more", "than"), ("over",), ("above",), ("exceeding",)]
_UPPER_BOUNDS = [("up", "to"), ("at", "most"), ("as", "much", "as"), ("as", "many", "as"), ("less", "than"),
                 ("fewer", "than"), ("under",), ("below",)]


def _bounds(tokens: list[str]) -> dict[str, tuple[int, str]]:
    """Each number a word list bounds -> (+1 from below, -1 from above; the bound's words)."""
    out: dict[str, tuple[int, str]] = {}
    for i, word in enumerate(tokens):
        number = _NUMBER.match(word)
        if not number:
            continue
        for side, bounds in ((1, _LOWER_BOUNDS), (-1, _UPPER_BOUNDS)):
            bound = next((b for b in bounds if tuple(tokens[max(0, i - len(b)):i]) == b), None)
            if bound:
                out.setdefault(number.group(0), (side, " ".join((*bound, word))))
    return out


def _bound_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """The claim bounds a number from the other side than the passage does: "drops at least
    3.2-fold" against "reduces validation loss by up to 3.2x"."""
    theirs = _bounds(passage)
    for number, (side, said) in _bounds(claim).items():
        if number in theirs and theirs[number][0] == -side:
            return said, theirs[number][1]
    return None


# A peak ("up to 3.2x", "as much as 57%") and the words that make a figure typical of every case.
_PEAKS = {("up", "to"), ("as", "much", "as"), ("as", "many", "as")}
_TYPICAL = {"average", "averages", "averaged", "mean", "typically", "typical", "consistently", "always", "routinely",
            "reliably", "uniformly", "usually", "generally", "invariably", "every", "each", "whatever", "regardless"}


def _peak_as_typical(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A figure the passage gives as a peak ("reduces validation loss by up to 3.2x") that the
    claim makes typical: "by 3.2x on average", "consistently cuts loss 3.2-fold", "in every
    setting" in the same clause, the figure not bounded by the claim itself."""
    peaks = {number: said for number, (side, said) in _bounds(passage).items()
             if side < 0 and tuple(said.split()[:-1]) in _PEAKS}
    bounded = _bounds(claim)
    start = 0
    for i, token in enumerate(claim + [","]):
        if token not in _SEGMENT_BREAK - {"and"}:
            continue
        clause, start = claim[start:i], i + 1
        typical = sorted(set(clause) & _TYPICAL)
        for word in clause:
            number = _RATIO_NUMBER.sub("", word)
            if typical and number in peaks and number not in bounded:
                return f"{word} {typical[0]}", peaks[number]
    return None


def _number_order_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """Two numbers of the passage given each other's place: "increasing the dataset by 3.2x
    reduces loss by up to 10x" against "increasing the dataset by 10x reduces loss by up to
    3.2x" (each number of the claim follows the content word the passage puts before the other)."""
    mine, theirs = _number_anchors(claim), _number_anchors(passage)
    for a, anchor_a in mine.items():
        for b, anchor_b in mine.items():
            if a != b and anchor_a != anchor_b and theirs.get(b) == anchor_a and theirs.get(a) == anchor_b:
                return f"{anchor_a} {a}", f"{anchor_a} {b}"
    return None


_RATIO_NUMBER = re.compile(r"(?<=\d)(?:x|-fold)$")


def _number_anchors(tokens: list[str]) -> dict[str, str]:
    """Number -> the stem of the nearest content word within four words before it, in its clause
    (a number written twice keeps its first)."""
    out: dict[str, str] = {}
    for i, token in enumerate(tokens):
        word = _RATIO_NUMBER.sub("", token)  # "3.2x" and "10-fold" are 3.2 and 10
        if not _NUMBER.fullmatch(word) or word in out:
            continue
        for before in reversed(tokens[max(0, i - 4):i]):
            if before in _SEGMENT_BREAK or _NUMBER.match(before):
                break
            if _content(before):
                out[word] = stem(before)
                break
    return out


def _counts(tokens: list[str]) -> dict[str, set[str]]:
    """Stem of a counted noun -> the counts written right before it ("two components", "5 model
    families": the count, then at most one more word before the noun; "several hundred" counts nothing)."""
    out: dict[str, set[str]] = {}
    for i, word in enumerate(tokens):
        count = word if _NUMBER.fullmatch(word) else NUMBER_WORDS.get(word) if word != "one" else None
        if count is None or (i > 0 and tokens[i - 1] in _AMOUNTS):  # "several hundred hours" counts no hours
            continue
        if tokens[i + 1:i + 2] in (["percent"], ["percentage"], ["times"]):
            continue  # "92 percent accuracy": a share, no count of things
        for noun in tokens[i + 1:i + 3]:
            if noun in _SEGMENT_BREAK or _NUMBER.match(noun) or noun in NUMBER_WORDS:
                break
            if _content(noun):
                out.setdefault(stem(noun), set()).add(count)
    return out


def _listed(tokens: list[str]) -> dict[str, set[str]]:
    """Stem of a noun -> the length of a list of one-word items right before it, three or more
    with commas ("the MMLU, TriviaQA, and Spider datasets" lists three datasets)."""
    out: dict[str, set[str]] = {}
    for n in range(3, len(tokens)):
        j, items = n - 1, 0
        if not _content(tokens[n]) or not _content(tokens[j]):
            continue
        items, j = 1, j - 1
        if j < 1 or tokens[j] not in _LIST_JOINS:
            continue
        j -= 2 if tokens[j - 1] == "," else 1
        while j >= 0 and _content(tokens[j]) and not _NUMBER.match(tokens[j]):
            items, j = items + 1, j - 1
            if j < 1 or tokens[j] != ",":
                break
            j -= 1
        if items >= 3:
            out.setdefault(stem(tokens[n]), set()).add(str(items))
    return out


def _count_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A claim that counts a noun differently from the passage ("three components" where the
    passage has "two components", "5 datasets" where it lists "the MMLU, TriviaQA, and Spider
    datasets") and whose count the passage never gives that noun."""
    theirs = _counts(passage)
    for noun, listed in _listed(passage).items():
        theirs.setdefault(noun, set()).update(listed)
    for noun, counts in sorted(_counts(claim).items()):
        if noun in theirs and not counts & theirs[noun]:
            return f"{min(counts)} {noun}", f"{min(theirs[noun])} {noun}"
    return None


# "A rather than B", "A instead of B", "replaces B with A": A is what is done, B what is not.
# "from A to B" orders a path. A claim that swaps the two sides contradicts the passage.
_PREFERENCE_OPENERS = {("rather", "than"), ("instead", "of")}
_REPLACES = {"replace", "replaces", "replaced", "replacing", "substitutes", "swaps"}
_PATH_ENDS = {"to", "into", "onto"}


def _clause_around(tokens: list[str], start: int, end: int) -> tuple[list[str], list[str]]:
    """(the clause before tokens[start], the clause from tokens[end] on): each runs to the nearest
    , ; or : (a comma right before `start` is stepped over: "A, rather than B")."""
    stop = {",", ";", ":"}
    before_end = start - 1 if start > 0 and tokens[start - 1] == "," else start
    before_start = max((j + 1 for j in range(before_end) if tokens[j] in stop), default=0)
    after_end = next((j for j in range(end, len(tokens)) if tokens[j] in stop), len(tokens))
    return tokens[before_start:before_end], tokens[end:after_end]


def _preference(tokens: list[str]) -> tuple[str, set[str], set[str]] | None:
    """(kind, stems of the side kept or reached, stems of the side dropped or left) of the first
    preference ("rather than", "instead of", "replaces ... with") or path ("from ... to", "turns A
    into B") of a word list, or None."""
    def stems(ws: list[str]) -> set[str]:
        return _stems(ws, whole=False)

    for i, word in enumerate(tokens):
        if tuple(tokens[i:i + 2]) in _PREFERENCE_OPENERS:
            before, after = _clause_around(tokens, i, i + 2)
            if before:
                return "preference", stems(before), stems(after)
            # "Rather than B, A ...": B runs to the comma, A is the clause after it
            comma = next((j for j in range(i + 2, len(tokens)) if tokens[j] == ","), None)
            if comma is None:
                return None
            end = next((j for j in range(comma + 1, len(tokens)) if tokens[j] in {";", ":"}), len(tokens))
            return "preference", stems(tokens[comma + 1:end]), stems(tokens[i + 2:comma])
        if word in _REPLACES:
            with_at = next((j for j in range(i + 2, min(len(tokens), i + 8)) if tokens[j] in {"with", "by", "for"}), None)
            if with_at is not None:
                _, after = _clause_around(tokens, with_at + 1, with_at + 1)
                return "preference", stems(after), stems(tokens[i + 1:with_at])  # "swaps B for A" too
        if word == "from":
            to_at = next((j for j in range(i + 2, min(len(tokens), i + 8)) if tokens[j] in _PATH_ENDS), None)
            if to_at is not None and "," not in tokens[i:to_at]:
                _, after = _clause_around(tokens, to_at + 1, to_at + 1)
                return "path", stems(after[:6]), stems(tokens[i + 1:to_at])
        if word == "into" and "from" not in tokens[max(0, i - 8):i]:  # "transforms A into B": A -> B
            before, after = _clause_around(tokens, i, i + 1)
            return "path", stems(after[:6]), stems(before[-4:])
    return None


def _preference_swap(claim: list[str], passage: list[str]) -> tuple[str, str] | None:
    """The claim keeps what the passage drops and drops what it keeps ("minimize free energy
    rather than action" against "minimize action, rather than free energy")."""
    mine, theirs = _preference(claim), _preference(passage)
    if not mine or not theirs or mine[0] != theirs[0]:
        return None
    (_, c_kept, c_dropped), (_, p_kept, p_dropped) = mine, theirs
    shared = p_kept & p_dropped
    c_kept, c_dropped = c_kept - c_dropped - shared, c_dropped - c_kept - shared
    wrongly_kept, wrongly_dropped = c_kept & (p_dropped - p_kept), c_dropped & (p_kept - p_dropped)
    if wrongly_kept and wrongly_dropped:
        return f"{' '.join(sorted(wrongly_kept))} over {' '.join(sorted(wrongly_dropped))}", \
            f"{' '.join(sorted(wrongly_dropped))} over {' '.join(sorted(wrongly_kept))}"
    return None


def _stems(tokens: list[str], whole: bool = True) -> set[str]:
    """Stems of the content words of a word list, hyphenated words in parts (and whole with `whole`)."""
    return {stem(p) for w in tokens if _content(w) for p in [w, *w.split("-")][0 if whole else 1:] if len(p) > 2}


def _contrast(tokens: list[str]) -> tuple[set[str], set[str]] | None:
    """(stems of the last two content words of what is kept, after a verb of being when there is
    one, stems of the first four of what is set aside) of the first "A rather than B" or "A instead
    of B" ("Rather than B, A ...") of a word list, or None."""
    for i in range(len(tokens) - 1):
        if tuple(tokens[i:i + 2]) not in _PREFERENCE_OPENERS:
            continue
        before, after = _clause_around(tokens, i, i + 2)
        if not before:  # "Rather than B, A": B runs to the comma
            comma = next((j for j in range(i + 2, len(tokens)) if tokens[j] == ","), None)
            if comma is None:
                return None
            before, after = tokens[comma + 1:], tokens[i + 2:comma]
            return _stems([w for w in before if _content(w)][:2]), _stems([w for w in after if _content(w)][:4])
        # "the codes are hand-designed rather than emerging": what is kept comes after the verb of being
        be = max((j + 1 for j, w in enumerate(before) if w in _BE), default=0)
        return _stems([w for w in before[be:] if _content(w)][-2:]), _stems([w for w in after if _content(w)][:4])
    return None


def _set_aside_stated(claim: list[str], passage: list[str]) -> tuple[str, str] | None:
    """One side says "A rather than B" and the other states B (half its words, two at least), with
    no negation and none of A's last two words (of a claim's A, one the passage never writes is
    enough, where the passage speaks of no prior work: "learns the interconnection from data instead
    of fixing it by mesh topology" names the interconnection too); two amounts are a change, not a
    choice ("0.43 TB instead of the original 244 TB"):
    the claim "confidence estimation is a model-specific skill" against "a cross-model skill learned
    from history rather than a model-specific skill", or the claim "learned from data rather than
    fixed by mesh topology" against "fixed uniquely by mesh topology"."""
    for mine, theirs in ((claim, passage), (passage, claim)):
        found = _contrast(mine)
        if not found or _contrast(theirs) or _negates(theirs, mine):
            continue
        kept, dropped = found
        kept, dropped = kept - dropped, dropped - kept
        their = _stems(theirs)
        stated = dropped & their
        # a claim's A may share a word with the passage (the thing both speak of) where it names one
        # the passage never does, unless the passage speaks of prior work, which a claim may set aside
        apart = not kept & their or (mine is claim and not kept <= their and not set(theirs) & (_PRIOR_WORK | {"recent"}))
        amounts = any(ch.isdigit() for w in kept | dropped for ch in w)  # "0.43 TB instead of 244 TB" is a change
        if dropped and 2 * len(stated) >= len(dropped) and len(stated) >= min(2, len(dropped)) and apart and not amounts:
            said = " ".join(sorted(stated))
            return (f"rather than {said}", said) if mine is claim else (said, f"rather than {said}")
    return None


def _coordinated(tokens: list[str]) -> set[tuple[str, str]]:
    """The (word before, word after) of each "and"/"or" in a word list: "SC and FC"."""
    return {(tokens[k - 1], tokens[k + 1]) for k in range(1, len(tokens) - 1) if tokens[k] in {"and", "or"}}


def _detail_segments(text: str, phrases: set[tuple[str, str]] = frozenset()) -> list[set[str]]:
    """Content stems (names and numbers included) of each clause of `text`: its sentences split
    at commas, semicolons and conjunctions, except an "and" or "or" that joins a pair of `phrases`
    (two things named together, not two clauses); clauses with fewer than two of them are left out."""
    pieces: list[set[str]] = []
    for start, end in split_sentences(text) or [(0, len(text))]:
        current: set[str] = set()
        tokens = words(text[start:end]) + [";"]
        for k, word in enumerate(tokens):
            if word in {"and", "or"} and k and (tokens[k - 1].endswith(_ADJECTIVE_ENDINGS) or tuple(tokens[k - 1:k + 2:2]) in phrases):
                continue  # "structural and functional connectivity" is one phrase, and so is "SC and FC" where both write it
            if word in _SEGMENT_BREAK or word == "or":
                if len(current) >= 2:
                    pieces.append(current)
                current = set()
            elif _content(word):
                current.update(stem(p) for p in word.split("-") if len(p) > 2 or _NUMBER.match(p))
    return pieces


_ADJECTIVE_ENDINGS = ("al", "ic", "ive", "ous", "ar", "ent", "ant", "ible", "able")
# and the endings of words that qualify, as "anti" before them makes an antonym ("anti-inflammatory", "anti-Hebbian")
_ADJECTIVE_FORMS = _ADJECTIVE_ENDINGS + ("ory", "ed", "ian", "ile")


def _exclusive(segments: list[set[str]]) -> list[set[str]]:
    """Each segment's stems that no other segment has."""
    return [s - set().union(*(o for j, o in enumerate(segments) if j != i)) for i, s in enumerate(segments)]


def _shortest_forms(stems: set[str]) -> dict[str, str]:
    """Each stem -> the shortest stem of `stems` (four letters at least) that begins it: "dataset"
    -> "data"."""
    return {w: min((o for o in stems if len(o) >= 4 and w.startswith(o)), key=len, default=w) for w in stems}


def _crossed_details(claim: str, passage: str) -> tuple[str, str] | None:
    """Two clauses of the claim that each take details from the same two clauses of the passage,
    crosswise: "A does X, and B does Y" written as "A does Y, and B does X" (swapped components,
    settings, directions). Only stems that belong to one clause on each side count (in the claim, a
    stem and a longer one it begins, "data" and "dataset", count as one: two clauses that trade them
    cross nothing), and none of the long form of an acronym the passage defines."""
    # the long form of a name the passage defines ("LLM-Accelerated Bayesian Optimization (LABO)")
    # names it and details nothing
    named = _stems(words(" ".join(defined_acronyms(passage).values())), whole=False)
    pairs = _coordinated(words(claim)) & _coordinated(words(passage))  # "SC and FC", named together on both sides
    mine = _detail_segments(claim, pairs)
    shortest = _shortest_forms(set().union(*mine))
    mine = _exclusive([{shortest[w] for w in s} for s in mine])
    theirs = [s - named for s in _exclusive(_detail_segments(passage, pairs))]
    for j, first in enumerate(mine):
        for second in mine[j + 1:]:
            for i, one in enumerate(theirs):
                for other in theirs[i + 1:]:
                    a, b, c, d = first & one, first & other, second & one, second & other
                    if a and b and c and d:
                        return f"{sorted(a)[0]} with {sorted(b)[0]}", f"{sorted(a)[0]} with {sorted(c)[0]}"
    return None


# Words that name no particular thing on the far side of a comparison ("than existing methods").
_GENERIC_TARGETS = {"method", "baselin", "model", "approach", "exist", "prior", "previous", "other", "state", "art",
                    "state-of-the-art", "sota", "competitor", "counterpart", "altern", "techniqu", "work", "strong",
                    "standard", "convent", "classic", "tradit", "current", "recent", "specialist", "system", "them",
                    "those", "one", "ones", "leading", "compet"}
_GENERIC_HEADS = {g[:5] for g in _GENERIC_TARGETS}
_TARGET_OPENERS = {"than", "outperform", "outperforms", "outperformed", "outperforming", "beats", "beat", "surpasses",
                   "surpass", "surpassing", "versus", "vs"}
_TARGET_ENDS = _SEGMENT_BREAK | {"in", "on", "across", "under", "at", "by", "with", "for", "when", "while", "whereas",
                                 "which", "that", "both", "without", "through", "from", "to", "as",
                                 # a second verb of comparison opens a clause: "beat X and match Y"
                                 "match", "matches", "performs", "perform", "rivals"}


# Past participles not in "-ed", which describe a thing as the regular ones do.
_PARTICIPLES = {"given", "taken", "shown", "known", "chosen", "seen", "driven", "written", "drawn", "grown"}


def _target(tokens: list[str]) -> set[str] | None:
    """Stems of what the first comparison of a word list compares against ("than Boltzmann
    Emulators", "outperforms gradient flow and flow matching methods"), or None."""
    for i, word in enumerate(tokens):
        if (word in _TARGET_OPENERS and tokens[i - 1:i] != ["rather"]) or (
                word == "compared" and tokens[i + 1:i + 2] in (["to"], ["with"])):  # "rather than" is a preference
            start = i + (2 if word == "compared" else 1)
            if start < len(tokens) and tokens[start].endswith("ing") and "-" not in tokens[start]:
                return None  # "than making the model bigger" compares actions, not things
            end = start
            while end < len(tokens) and end < start + 6 and not (
                    tokens[end] in _TARGET_ENDS - {"and", ","}
                    or (tokens[end] == "," and sum(_content(t) for t in tokens[start:end]) >= 2)):
                end += 1
            # a participle describes the target ("specialists trained with full supervision", "an LLM
            # given the same task"), it names nothing ("flow matching" names a method)
            return {stem(p) for w in tokens[start:end] if _content(w) and ("-" in w or not (w.endswith("ed") or w in _PARTICIPLES))
                    for p in [w, *w.split("-")] if _content(p)}
    return None


def _target_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A comparison against something else than the passage compares against: the claim's target
    ("than all-atom simulators") shares no specific word with the passage's ("than Boltzmann
    Emulators"). Generic targets ("than existing methods", "outperforms baselines") and actions
    ("than making the model bigger") are left alone."""
    mine, theirs = _target(claim), _target(passage)
    if mine is None or theirs is None:
        return None
    specific, their_specific = _specific(mine), _specific(theirs)
    if specific and their_specific and not specific & theirs:
        return f"compared with {' '.join(sorted(specific))}", f"compared with {' '.join(sorted(their_specific))}"
    # the same kind of target with another property: "time-varying exponent baselines" against
    # "constant-exponent baselines", where the claim never gives the passage's property
    mine_only, theirs_only = specific - theirs, their_specific - _stems(claim)
    if specific & their_specific and mine_only and theirs_only:
        return f"compared with {' '.join(sorted(mine_only))}", f"compared with {' '.join(sorted(theirs_only))}"
    return None


# Words that grade or describe rather than name a target: sizes and directions ("a bigger model")
_GRADED = {stem(w) for group in MODIFIERS + [g for g in ANTONYMS if {"higher", "better", "faster"} & (g[0] | g[1])]
           for side in group for w in side}


def _specific(target: set[str]) -> set[str]:
    """The stems of a comparison target that name something particular: not generic ("baselines"),
    not a size or direction ("a bigger model")."""
    return {w for w in target if w[:5] not in _GENERIC_HEADS and w not in _GRADED}


# Which way a comparison goes: the subject does worse, or better, than its target; "less" and
# "more" only with a merit after them ("less accurate", not "less memory").
_WORSE = {"worse", "inferior", "underperform", "underperforms", "underperformed", "underperforming", "trails",
          "trail", "lags", "lag", "weaker"}
_BETTER_THAN = {"better", "superior", "outperform", "outperforms", "outperformed", "outperforming", "surpass",
                "surpasses", "surpassed", "surpassing", "beats", "beat", "exceeds", "exceed", "stronger"}
_MERITS = ("accura", "effici", "robust", "reliab", "stabl", "express", "effect", "scalab", "perform", "precis", "general",
           "transfer")
_LESSER, _GREATER = {"less", "lower"}, {"more", "higher", "greater"}
_COMPARISON_OPENERS = {"than", "over", "versus", "vs"} | _WORSE | _BETTER_THAN
# Comparison words beyond those ("pays off less than", "hungrier for data than", "cost far more
# than", "collapse more slowly than", "favor width over depth", "fall behind", "outdone by"), and
# quantities one wants less of: a comparison of a cost ("costs more than", "faster collapse than")
# says its subject does worse.
_AHEAD = _BETTER_THAN | _GREATER | {"larger", "bigger", "faster", "quicker", "favor", "favors", "favour", "favours",
                                    "prefer", "prefers", "improve", "improves", "improved", "advantage", "edge", "ahead",
                                    "costlier", "pricier", "hungrier"}
_BEHIND = _WORSE | _LESSER | {"smaller", "fewer", "slower", "behind", "outdone"}
_SLOWLY = {"slowly", "slow"}  # "more slowly" goes the other way from "more"
# Verbs of where a thing comes out: "ends up below B", "ranks below B", "falls below B" put it behind B
# ("models below 3B" compares nothing).
_STANDING = {"up", "fall", "falls", "fell", "rank", "ranks", "ranked", "remain", "remains", "remained", "stay", "stays",
             "stayed", "sit", "sits", "land", "lands", "landed", "score", "scores", "scored", "perform", "performs"}
# Verbs of spending: what they take is a cost ("needs less training data", "uses more memory").
_SAVES = {"save", "saves", "saved", "saving", "spare", "spares"}  # "save more energy" is no cost
_SPENDS = {"need", "needs", "needed", "require", "requires", "required", "use", "uses", "used", "consume", "consumes",
           "take", "takes", "demand", "demands", "spend", "spends"}
_BEATEN = {"outdone", "beaten", "bested", "exceeded"}
# What a method may make do with less of ("with less data", "on fewer labels", "using fewer samples").
_MAKES_DO = {"with", "on", "using"}
_RESOURCES = ("data", "sampl", "label", "annot", "exampl", "paramet", "comput", "gpu")
_COSTS = ("cost", "expens", "pricier", "error", "loss", "mae", "rmse", "mse", "drift", "latenc", "runtim", "memor",
          "storag", "energy", "consum", "hungr", "collaps", "forget", "degrad", "failur", "overhead", "burden")


def _direction(window: list[str]) -> tuple[int, bool]:
    """+1 when the words before a comparison's opener (`window`, the opener last) say its subject
    comes out ahead, -1 behind, 0 when they do not say: the last word of direction decides ("more",
    "less", "better", "slower", "favor", "behind"), "slowly" after it turns it round, and so does a
    cost ("more expensive", "cost far more", "hungrier for data", "faster collapse"): the word of
    direction itself, the first content word after it, or the nearest one before it, and what a
    verb of spending takes ("needs less training data"); a compound is judged by its last part
    ("more data-efficient" is a merit, "energy-saving" no cost), unless a verb of saving takes it
    ("save more energy"). The second value says whether a cost turned the direction round."""
    at = max((k for k, w in enumerate(window) if w in _AHEAD | _BEHIND), default=None)
    if at is None:
        return 0, False
    sign = 1 if window[at] in _AHEAD else -1
    if set(window[at + 1:at + 2]) & _SLOWLY:
        sign = -sign
    after = [w for w in window[at + 1:-1] if _content(w) and w not in _SLOWLY]
    before = [w for w in window[:at] if _content(w)]
    quantity = window[at] if window[at].startswith(_COSTS) else (after[0] if after else before[-1] if before else "")
    # what a verb of spending takes ("needs less training data"), and a resource a method makes do
    # with ("gets by with less data", "trained on fewer labels")
    spent = bool(after) and bool(set(window[:at]) & _SPENDS
                                 or (set(window[:at]) & _MAKES_DO and quantity.split("-")[-1].startswith(_RESOURCES)))
    # "gets by on substantially less than B": the amount a method makes do with, its resource unnamed
    spent = spent or (not after and any(window[k] in _MAKES_DO and all(w.endswith("ly") for w in window[k + 1:at])
                                        for k in range(at)))
    turned = (spent or quantity.split("-")[-1].startswith(_COSTS)) and not set(window[:at]) & _SAVES
    return (-sign if turned else sign), bool(turned)


def _side_stems(tokens: list[str], also: set[str] = frozenset()) -> set[str]:
    """The stems of the content words of one side of a comparison (and of their compounds' parts),
    with the words of `also` ("our", "we") counted as content."""
    return {stem(p) for w in tokens if _content(w) or w in also for p in [w, *w.split("-")] if _content(p) or p in also}


def _compared(tokens: list[str]) -> list[tuple[int, set[str], set[str], bool]]:
    """(+1 where the subject does better, -1 worse, 0 where the words do not say; the content stems
    before the comparison that no negation governs; the content stems of its target; whether a cost
    turned its direction round) of each comparison of a word list ("less
    accurate than PINNs", "superior accuracy compared to PINNs", "outperforms sparse grid methods");
    a clause with a negation compares nothing here."""
    out = []
    for i, word in enumerate(tokens):
        below = word == "below" and tokens[i - 1:i] and tokens[i - 1] in _STANDING  # "ends up below B" is "behind B"
        ahead = word == "ahead" and tokens[i + 1:i + 2] == ["of"]  # "comes out ahead of B"
        opener = word in _COMPARISON_OPENERS | _BEATEN | {"behind"} or below or ahead \
            or (word == "compared" and tokens[i + 1:i + 2] in (["to"], ["with"]))
        if not opener or tokens[i - 1:i] == ["rather"] or (word == "than" and _amount_follows(tokens[i + 1:i + 3])):
            continue
        start = max((j + 1 for j in range(i) if tokens[j] in _SEGMENT_BREAK), default=0, )
        if any(w in NEGATIONS for w in tokens[start:i + 1]) or any(
                tokens[k] == "no" and tokens[k + 1] in _AHEAD | _BEHIND for k in range(start, i)):
            continue  # "performs no better than B" puts its subject level with B at best (`_levels`)
        direction, turned = _direction(tokens[max(start, i - 6):i] + ["behind" if below else word])
        linked = tokens[i + 1:i + 2] in (["to"], ["with"], ["by"]) and (word == "compared" or word in _BETTER_THAN | _BEATEN)
        first = i + (2 if linked or ahead else 1)  # "superior to B", "outperformed by B", "ahead of B"
        if word in _BETTER_THAN | _BEATEN and tokens[i + 1:i + 2] == ["by"]:
            direction = -1  # "is outperformed by B": B does better
        end = next((k for k in range(first, min(len(tokens), first + 6)) if tokens[k] in _TARGET_ENDS - {"and", "by"}
                    and not (tokens[k] == "with" and tokens[k - 1].endswith("ed"))),
                   min(len(tokens), first + 6))  # "ones initialized by/with SpikeInit" names SpikeInit
        target = _side_stems(tokens[first:end])
        negated, _, scope = _polarity(tokens[:i])  # "SNNs with SpikeInit trained without normalization": not normalized ones
        subject = _side_stems(tokens[:i], _SELF)
        out.append((direction, subject - set(negated) - scope, target, turned))
    return out


# Fractions and multiples: "less than half a terabyte", "more than a third" bound an amount.
_FRACTIONS = {"half", "third", "thirds", "quarter", "quarters", "tenth", "tenths", "hundredth", "thousandth", "twice",
              "double", "triple", "fraction"}


def _amount_follows(after: list[str]) -> bool:
    """Whether the words after a "than" open an amount ("than 500-fold", "than half a terabyte",
    "than a third", "than ten"): "less than" and "more than" then bound a number, they compare no
    two sides."""
    first = after[0] if after else ""
    word = after[1] if first in {"a", "an", "one"} and len(after) > 1 else first
    return bool(_NUMBER.match(first)) or first in NUMBER_WORDS or word in _FRACTIONS


def _comparisons(tokens: list[str]) -> list[tuple[int, set[str]]]:
    """(+1 where the subject does better, -1 worse; the specific stems of the target) of each
    comparison of a word list ("less accurate than PINNs", "superior accuracy compared to PINNs",
    "outperforms sparse grid methods"); a clause with a negation compares nothing here."""
    return [(direction, {t for t in target if t[:5] not in _GENERIC_HEADS})
            for direction, _, target, _ in _compared(tokens) if direction and any(t[:5] not in _GENERIC_HEADS for t in target)]


# Words by which an abstract or a claim names the paper's own method ("our method", "the proposed
# approach", "we"): one side of a comparison.
_SELF = {"our", "ours", "we", "propos"}


def _hyphen_parts(stems: set[str]) -> set[str]:
    """The parts of the hyphenated members of `stems` that are members too: "cscnns" beside
    "c-cscnns" only spells out the name, it is no word of its own."""
    return {p for t in stems if "-" in t for p in t.split("-") if p in stems}


def _reversed_comparison(claim: str, passage: str) -> tuple[str, str] | None:
    """The claim's comparison with its sides the other way round from the passage's, in the same
    direction: "Model-based methods beat MindZero" against "MindZero ... outperforms model-based
    methods", "Gradient flow ... methods outperform the proposed method" against "our method ...
    outperforms gradient flow and flow matching methods". The claim's target must be on the subject
    side of a passage sentence's comparison (from the sentence's start; the paper's own method by
    "our"/"we" there and a name or "the proposed" in the claim), its subject words on the passage's
    target side, and no specific word of its target on the passage's target side."""
    claim_words = words(claim)
    mine = [c for c in _compared(claim_words) if c[0]]
    if not mine:
        return None
    names = {stem(n) for n in _ordered_names(claim)}
    for start, end in split_sentences(passage) or [(0, len(passage))]:
        for p_dir, p_subject, p_target, _ in _compared(words(passage[start:end])):
            p_subject, p_target = p_subject - p_target, p_target - p_subject
            for c_dir, c_subject, c_target, _ in mine:
                specific = {t for t in c_target if t[:5] not in _GENERIC_HEADS} - _hyphen_parts(c_target)
                ours = bool(c_target & (names | _SELF)) and bool(p_subject & _SELF)
                swapped = {t for t in c_subject & p_target if t[:5] not in _GENERIC_HEADS}
                if p_dir == c_dir and specific and swapped and (specific & p_subject or ours) and not specific & p_target:
                    said = "better than" if c_dir > 0 else "worse than"
                    return f"{' '.join(sorted(swapped))} {said} {' '.join(sorted(specific))}", \
                        f"{' '.join(sorted(specific & p_subject) or ['our method'])} {said} {' '.join(sorted(swapped))}"
    return None



# Standing level with a target: "on par with B", "comparable to B", "matches B", "as sample-efficient
# as B"; "no better than B" puts its subject level with B or behind it, "no worse than B" level or ahead.
_LEVEL_OPENERS = {("on", "par", "with"): 0, ("comparable", "to"): 0, ("comparable", "with"): 0, ("competitive", "with"): 0,
                  ("no", "better", "than"): -1, ("no", "worse", "than"): 1}
_LEVEL_VERBS = {"match", "matches", "matched", "matching", "rival", "rivals", "rivalled", "rivaling", "equals", "equalling"}
# "as well as" joins two things, "as long as" and "as soon as" set a condition, "as far as" a scope
_NOT_LEVEL = {"well", "long", "soon", "far", "such", "follows", "opposed", "little", "few", "described", "shown", "before"}


def _level_at(tokens: list[str], i: int) -> tuple[int, int] | None:
    """(where the target of a statement of standing level that opens at `i` starts, -1 when the
    subject may also be behind it, +1 when it may also be ahead, else 0), or None."""
    for opener, lean in _LEVEL_OPENERS.items():
        if tuple(tokens[i:i + len(opener)]) == opener:
            return i + len(opener), lean
    if tokens[i] in _LEVEL_VERBS and i and tokens[i] not in _named_words(tokens, tokens) | _compound_heads(tokens):
        return i + 1, 0
    if tokens[i] == "as" and i + 2 < len(tokens) and tokens[i + 1] not in _NOT_LEVEL and _content(tokens[i + 1]):
        # "as sample-efficient as B", "as much task-direct supervision as B" (no amount: "as much as 3.2x" bounds one)
        close = next((k for k in range(i + 2, min(len(tokens), i + 6)) if tokens[k] == "as"), None)
        if close and (close == i + 2 or tokens[i + 1] in {"much", "many"}) and not any(
                _NUMBER.match(t) for t in tokens[i + 1:close + 2]) and not set(tokens[i + 1:close]) & _SEGMENT_BREAK:
            return close + 1, 0
    return None


def _levels(tokens: list[str]) -> list[tuple[int, set[str], set[str]]]:
    """(the lean of `_level_at`, the content stems before it, the content stems of its target) of each
    statement of standing level of a word list that no negation governs ("on par with
    state-of-the-art baselines", "as sample-efficient as active sampling", "no better than an unrelated LLM")."""
    out = []
    for i in range(len(tokens)):
        found = _level_at(tokens, i)
        if not found or any(w in NEGATIONS for w in tokens[max(0, i - 3):i]):
            continue
        first, lean = found
        end = next((k for k in range(first, min(len(tokens), first + 6)) if tokens[k] in _TARGET_ENDS - {"and", "by"}),
                   min(len(tokens), first + 6))
        target = _side_stems(tokens[first:end])
        subject = _side_stems(tokens[:i], _SELF)
        if target and not any(_NUMBER.match(t) for t in tokens[first:end]):
            out.append((lean, subject - target, target - subject))
    return out


def _sides_met(subject: set[str], target: set[str], their_subject: set[str], their_target: set[str]) -> int:
    """+1 when two comparisons stand on the same sides (the targets share a specific word, or two
    generic ones when neither names one: "state-of-the-art baselines"; the subjects a word, or the
    other's is the paper's own method, "our method"), -1 when on the same sides the other way round (each one's
    target shares a specific word with the other's subject), else 0."""
    same_target = _specific(target) & their_target or (
        not _specific(target) and not _specific(their_target) and len(target & their_target) > 1)
    if same_target and (subject & their_subject or their_subject & (_SELF - {"we"})):  # "we find that ..." names no side
        return 1
    if _specific(target) & their_subject and _specific(subject) & their_target and not target & their_target:
        return -1
    return 0


# Words that rank the subject against its target, not only one quantity of it ("faster", "cheaper").
_RANKING = _BETTER_THAN | _WORSE | _BEATEN | {"behind", "ahead", "outdone"}


def _level_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A claim that ranks its subject ahead of or behind a target the passage puts it level with
    ("lag behind state-of-the-art baselines" against "performs on par with state-of-the-art
    baselines", "beats an unrelated LLM" against "performs no better than an unrelated LLM"), or
    level with a target the passage puts it ahead of or behind ("random sampling stays as
    sample-efficient as active sampling" against "active sampling can improve sample efficiency over
    random sampling"), where the passage says nowhere what the claim says of the same sides. A
    claim that both ranks and puts level ("faster than B while matching its accuracy", "matches B's
    accuracy and outperforms it in efficiency") compares two things and is left alone."""
    # "transfer better to word decoding" says where it transfers, not what it is compared with ("superior to B" does)
    passage = [("in" if w == "to" and passage[k - 1:k] in (["better"], ["worse"]) else w) for k, w in enumerate(passage)]
    compared = [(d, s - t, t - s) for d, s, t, _ in _compared(passage) if d]
    levels, claim_levels = _levels(passage), _levels(claim)
    for c_dir, c_subject, c_target, _ in (_compared(claim) if set(claim) & _RANKING and not claim_levels else []):
        c_subject, c_target = c_subject - c_target, c_target - c_subject
        met = [(lean, side) for lean, s, t in levels if (side := _sides_met(c_subject, c_target, s, t))]
        said = any(side and d * side == c_dir for d, s, t in compared for side in [_sides_met(c_subject, c_target, s, t)])
        if c_dir and not said and any(lean * side != c_dir for lean, side in met):
            return ("ahead of" if c_dir > 0 else "behind") + f" {' '.join(sorted(_specific(c_target) or c_target))}", "level with"
    for lean, c_subject, c_target in (claim_levels if not set(claim) & _RANKING else []):
        ahead = {d * side for d, s, t in compared for side in [_sides_met(c_subject, c_target, s, t)] if side}
        level = any(_sides_met(c_subject, c_target, s, t) for _, s, t in levels)
        if not level and ahead - {lean}:
            return f"level with {' '.join(sorted(_specific(c_target) or c_target))}", "ahead of" if max(ahead - {lean}) > 0 else "behind"
    return None


def _direction_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """The claim's subject does worse than a target the abstract (`context`) says it does better
    than, and never worse, or the reverse: "less accurate than PINNs" against "superior accuracy
    compared to PINNs"."""
    theirs = _comparisons(context or passage)  # what the abstract says anywhere: the aligned passage may be another
    for direction, target in _comparisons(claim):
        if any(d == -direction and target & t for d, t in theirs) and not any(d == direction and target & t for d, t in theirs):
            said = "worse than" if direction < 0 else "better than"
            return f"{said} {' '.join(sorted(target))}", f"{'better' if direction < 0 else 'worse'} than {' '.join(sorted(target))}"
    return None


def _sided(claim: list[str], passage: list[str]) -> list[tuple[int, int]]:
    """(the claim's direction, the passage's, +1 when the passage compares the same sides, -1 when
    the other way round) for each pair of comparisons with a direction, one of the claim and one of
    a passage sentence, that stand on the same two sides: the claim's target shares a specific word
    with the passage's target (and its subject one with the passage's subject), or its target a
    word with the passage's subject, none with its target, and its subject one with the passage's
    target ("growing the model" against "than increasing model size"). Words on both sides of a
    comparison ("random sampling" and "active sampling") are no side. A target of generic words only
    ("existing methods", "the baselines") is the same side when the passage's target shares one of
    them and the subjects share a specific word ("LABO does worse than existing methods" against
    "LABO consistently outperforms existing methods")."""
    out = []
    for c_dir, c_subject, c_target, c_turned in _compared(claim):
        own, other = c_subject - c_target, c_target - c_subject
        if not c_dir or not other:
            continue
        for p_dir, p_subject, p_target, p_turned in _compared(passage):
            p_subject, p_target = p_subject - p_target, p_target - p_subject
            if not p_dir or (p_turned and not c_turned):
                continue  # a cost the passage names that the claim may name in words not read ("fall apart" for "collapse")
            same_target = _specific(other) & p_target if _specific(other) else other & p_target
            if same_target and _specific(own) & p_subject:
                out.append((c_dir, p_dir, 1))
            elif _specific(other) and other & p_subject and c_subject & p_target and not other & p_target:
                out.append((c_dir, p_dir, -1))
    return out


def _restated_comparison(claim: list[str], passage: list[str]) -> bool:
    """Whether the claim says a comparison of the passage from its other side: the sides the other
    way round and the direction too ("Boltzmann Emulators are hungrier for data than coarse-grained
    TITO models" for "coarse-grained TITO models are more data-efficient than Boltzmann Emulators",
    "base models collapse more slowly than instruction-tuned ones" for "instruction-tuned models
    exhibit faster collapse than base models")."""
    return any(side < 0 and c_dir == -p_dir for c_dir, p_dir, side in _sided(claim, passage))


def _direction_reversed(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A comparison of the same two sides as the passage's in the other direction: "width matters
    less than depth" against "favor increased width over depth", "fall behind their normalized
    counterparts" against "superior performance compared to their normalized counterparts"."""
    for c_dir, p_dir, side in _sided(claim, passage):
        if side > 0 and c_dir == -p_dir:
            return ("comes out behind" if c_dir < 0 else "comes out ahead"), ("comes out ahead" if c_dir < 0 else "comes out behind")
    return None


# How strongly a change holds: a claim that weakens it ("improves accuracy slightly", "only
# marginally outperforms") where the passage says it strongly ("substantially improves"), or says
# it happens only now and then ("occasionally") where the passage says "consistently".
_STRONG_DEGREE = {"significantly", "significant", "substantially", "substantial", "considerably", "considerable",
                  "markedly", "greatly", "dramatically", "dramatic", "vastly", "strongly", "notably", "consistently",
                  "exceptionally", "extraordinary"}
_WEAK_DEGREE = {"slightly", "slight", "marginally", "marginal", "modestly", "modest", "somewhat", "mildly",
                "occasionally", "sometimes", "sporadically", "barely"}
_NOW_AND_THEN = {"occasionally", "sometimes", "sporadically"}
_SOME = {"certain", "some"}


def _degree_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A claim that grades down what the passage grades up ("only marginally outperforms" against
    "significantly outperforms", "a slight edge" against "substantially more data-efficient"): a
    weak degree word the claim affirms and the passage never uses, against a strong one of the
    passage that the claim never uses; "sometimes" is no weak degree where the passage says it holds
    for "certain" or "some" of the things it names."""
    weak = _affirmed(claim, _WEAK_DEGREE) - set(passage)
    if set(passage) & _SOME:  # "on certain benchmarks" says "sometimes"
        weak -= _NOW_AND_THEN
    strong = _affirmed(passage, _STRONG_DEGREE)
    if weak and strong and not set(claim) & _STRONG_DEGREE and not set(passage) & _WEAK_DEGREE:
        return sorted(weak)[0], sorted(strong)[0]
    return None


# Words that speak well or ill of what they stand next to ("transfer better" / "hurt the transfer",
# "robust extrapolation" / "extrapolates poorly", "exceptionally high accuracy" / "poor accuracy").
_GOOD = {"good", "well", "better", "best", "strong", "robust", "robustly", "excellent", "extraordinary",
         "exceptional", "exceptionally", "superior", "improved", "improves", "improve", "improving", "enhanced",
         "enhances", "enhance", "reliable", "reliably", "effective", "effectively", "successfully", "thrive",
         "thrives", "excel", "excels", "help", "helps", "boost", "boosts", "benefit", "benefits"}
_BAD = {"poor", "poorly", "bad", "badly", "weak", "weakly", "worse", "worst", "fragile", "inferior", "degraded",
        "degrade", "degrades", "hurt", "hurts", "harm", "harms", "impair", "impairs", "impaired", "struggle",
        "struggles", "erode", "erodes", "undermine", "undermines"}


_LESS_OF, _MORE_OF = {"less", "lower", "reduced", "decreased", "negligible"}, {"more", "higher", "greater", "increased"}


def _judged(tokens: list[str]) -> dict[str, set[str]]:
    """{stem: the words of _GOOD and _BAD that stand within two words of it, in one clause} for
    each content word of a word list that is no cost ("lower error" is no ill of error); a word
    under a negation ("not robust") judges nothing; "less" and "more" judge a merit right after
    them ("less sample-efficient"); a word that opens a comparison ("less efficient than") is
    left to the comparison cues."""
    out: dict[str, set[str]] = {}
    for i, w in enumerate(tokens):
        if "than" in tokens[i + 1:i + 6]:
            continue  # "less sample-efficient than active sampling" compares: the comparison cues read it
        merit = tokens[i + 1:i + 2] != [] and tokens[i + 1].split("-")[-1].startswith(_MERITS)
        if merit and w in _LESS_OF | _MORE_OF:  # "less sample-efficient", "more robust"
            out.setdefault(stem(tokens[i + 1].split("-")[-1]), set()).add("worse" if w in _LESS_OF else "better")
        if w not in _GOOD | _BAD or set(tokens[max(0, i - 3):i]) & NEGATIONS:
            continue
        for j in range(max(0, i - 2), min(len(tokens), i + 3)):
            between = tokens[min(i, j):max(i, j) + 1]
            t = tokens[j]
            if j != i and _content(t) and t not in _GOOD | _BAD and not set(between) & (_SEGMENT_BREAK | {"than"}) \
                    and not t.split("-")[-1].startswith(_COSTS):
                out.setdefault(stem(t.split("-")[-1]), set()).add(w)
    return out


_HARD = {"hard", "harder", "difficult", "impossible"}


def _ease_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """What one side says is hard to do ("hard to interpret", "difficult to train") that the other
    makes an adjective of ability ("interpretable discovery", "trainable"), unnegated (a prefixed
    "uninterpretable" has another stem)."""
    def hard(tokens: list[str]) -> dict[str, str]:
        return {stem(tokens[i + 2]): " ".join(tokens[i:i + 3]) for i in range(len(tokens) - 2)
                if tokens[i] in _HARD and tokens[i + 1] == "to" and not set(tokens[max(0, i - 3):i]) & NEGATIONS}

    def able(tokens: list[str]) -> dict[str, str]:
        return {stem(w): w for i, w in enumerate(tokens) if w.endswith(("able", "ible")) and len(w) > 7
                and not set(tokens[max(0, i - 3):i]) & NEGATIONS}

    for mine, theirs in ((claim, passage), (passage, claim)):
        said, able_words = hard(mine), able(theirs)
        common = sorted(set(said) & set(able_words))
        if common:
            found = said[common[0]], able_words[common[0]]
            return found if mine is claim else (found[1], found[0])
    return None


# Sets of siblings in ML and science writing: each names one of several exclusive things of a kind
# (a recording modality, a benchmark of a field, an architecture, a task, a way of training, a
# divergence), so one named where the passage names another, in the same place, is a changed detail.
_SIBLINGS = (
    {"zero-shot", "one-shot", "few-shot", "many-shot"},
    {"eeg", "meg", "ecg", "emg", "eog", "fmri", "mri", "ct", "pet", "ecog"},
    {"transformer", "transformers", "transformer-based", "cnn", "cnns", "cnn-based", "convolutional", "rnn", "rnns",
     "recurrent", "lstm", "lstms", "gnn", "gnns", "mlp", "mlps", "graph-based", "attention-based"},
    {"classification", "regression", "segmentation", "detection", "forecasting", "captioning", "retrieval",
     "summarization", "docking", "folding"},
    {"reinforcement", "supervised", "imitation", "contrastive"},
    {"qm9", "md17", "md22", "rmd17", "qh9", "oc20", "oc22", "omat24", "spice", "ani-1x", "matbench", "mp20"},
    {"cifar-10", "cifar-100", "imagenet", "mnist", "svhn", "tiny-imagenet", "fashion-mnist"},
    {"mmlu", "triviaqa", "gsm8k", "humaneval", "spider", "hellaswag", "squad", "mbpp", "truthfulqa", "bbh"},
    {"era5", "cmip6", "merra-2", "hres", "gfs", "weatherbench"},
    {"mouse", "mice", "human", "humans", "yeast", "zebrafish", "drosophila", "rat", "rats", "macaque", "macaques"},
    {"l1", "l2"},
    {"mae", "rmse", "mse"},
    {"auroc", "auprc"},
    {"raman", "infrared", "nmr", "xanes", "exafs", "xrd", "uv-vis"},
    {"sgd", "adam", "adamw", "rmsprop"},
    {"kl", "kullback-leibler", "wasserstein", "jensen-shannon", "hellinger"},
)
_SIBLING_OF = {w: i for i, group in enumerate(_SIBLINGS) for w in group}
# One sibling written two ways: singular and plural, "-based", a spelled-out name.
_SIBLING_ALIASES = {"kullback-leibler": "kl", "mice": "mouse"}


def _sibling_key(word: str) -> str:
    """One spelling of a sibling: "transformers" and "transformer-based" are "transformer"."""
    word = _SIBLING_ALIASES.get(word, word).removesuffix("-based")
    return word[:-1] if word.endswith("s") and word[:-1] in _SIBLING_OF else word


def _sibling_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """One of a set of siblings (`_SIBLINGS`) that the whole abstract never names, where the passage
    names another of the set that the claim does not, in the same role: a content word within three
    words of each is the same ("the few-shot abilities of scFMs" against "the zero-shot capabilities
    of scFMs", "MMLU, TriviaQA and GSM8K" against "the MMLU, TriviaQA, and Spider datasets", "EEG
    context" against "MEG context")."""
    known = {_sibling_key(w) for w in (context or passage) + passage}
    mine = {_sibling_key(w) for w in claim}

    def near(tokens: list[str], i: int) -> set[str]:
        return {stem(w) for w in tokens[max(0, i - 3):i] + tokens[i + 1:i + 4] if _content(w)}

    for i, word in enumerate(claim):
        group = _SIBLING_OF.get(word)
        if group is None or _sibling_key(word) in known:
            continue
        for j, other in enumerate(passage):
            if _SIBLING_OF.get(other) == group and _sibling_key(other) not in mine and near(claim, i) & near(passage, j):
                return word, other
    return None


def _valence_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """The claim speaks ill of what the passage speaks well of, or the reverse, next to the same
    word and never both: "hurt the transfer" against "transfer better", "extrapolates poorly"
    against "robust extrapolation", "poor accuracy" against "exceptionally high accuracy"."""
    mine, theirs = _judged(claim), _judged(passage)
    for s, said in mine.items():
        heard = theirs.get(s, set())
        for side, other in ((_GOOD, _BAD), (_BAD, _GOOD)):
            if said & side and heard & other and not said & other and not heard & side:
                return f"{sorted(said & side)[0]} {s}", f"{sorted(heard & other)[0]} {s}"
    return None


# Words of the two directions a quantity goes, and the words that tie it to what it varies with.
_UP = {"increase", "increases", "increased", "increasing", "grow", "grows", "growing", "rise", "rises", "rising",
       "higher", "larger", "greater", "stronger", "more"}
_DOWN = {"decrease", "decreases", "decreased", "decreasing", "shrink", "shrinks", "fall", "falls", "drop", "drops",
         "decline", "declines", "diminishes", "lower", "smaller", "weaker", "less", "fewer"}
_ALONG = {"as", "with", "when"}


def _covariation(tokens: list[str]) -> tuple[int, set[str]] | None:
    """(+1 when two quantities go the same way, -1 when opposite; the stems of the second) of the
    first "X increases (monotonically) with Y" or "X decreases as Y grows" of a word list, or None.
    A bare "with Y" is Y growing."""
    for i, word in enumerate(tokens):
        if word not in _UP | _DOWN:
            continue
        k = i + 1
        while k < len(tokens) and tokens[k].endswith("ly"):  # "monotonically", "strongly"
            k += 1
        if k >= len(tokens) or tokens[k] not in _ALONG:
            continue
        end = next((m for m in range(k + 1, len(tokens)) if tokens[m] in _SEGMENT_BREAK), len(tokens))
        rest = tokens[k + 1:end]
        second = next((t for t in rest if t in _UP | _DOWN), None)
        topic = {stem(t) for t in rest if _content(t) and t not in _UP | _DOWN}
        if topic:
            return (1 if word in _UP else -1) * (-1 if second in _DOWN else 1), topic
    return None


def _covariation_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """Two quantities the claim says go opposite ways where the passage says they go the same way,
    or the reverse: "decreases monotonically as the decay strength grows" against "alignment
    increasing monotonically with decay strength"."""
    mine, theirs = _covariation(claim), _covariation(passage)
    if mine and theirs and mine[1] & theirs[1] and mine[0] != theirs[0]:
        about = " ".join(sorted(mine[1] & theirs[1]))
        return f"{'falls' if mine[0] < 0 else 'rises'} with {about}", f"{'falls' if theirs[0] < 0 else 'rises'} with {about}"
    return None


_ORDINALS = {"first": "1", "second": "2", "third": "3", "fourth": "4", "single": "1", "double": "2", "triple": "3"}
_DIMENSIONS = re.compile(r"^(\d)d$")


def _numbered_compounds(tokens: list[str]) -> dict[tuple[str, str], set[str]]:
    """(kind, stem of the word after) -> the numbers a word list gives that kind before that word:
    "three-dimensional evolution" and "3D evolution" give ("dimension", "evolut") -> {"3"},
    "second-order spiking SSM" gives ("order", "spike") -> {"2"}."""
    out: dict[tuple[str, str], set[str]] = {}
    for i, token in enumerate(tokens[:-1]):
        dimensions = _DIMENSIONS.match(token)
        if dimensions:
            number, kind = dimensions.group(1), "dimension"
        else:
            parts = token.split("-")
            if len(parts) != 2 or not parts[1].isalpha():
                continue
            number = NUMBER_WORDS.get(parts[0]) or _ORDINALS.get(parts[0]) or (parts[0] if parts[0].isdigit() else "")
            kind = stem(parts[1])
        if number and _content(tokens[i + 1]):
            out.setdefault((kind, stem(tokens[i + 1])), set()).add(number)
    return out


def _numbered_compound_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A number-word compound before the same word with another number: "the two-dimensional
    evolution" against "the three-dimensional evolution" (or "3D evolution"), "a first-order
    spiking SSM" against "a second-order spiking SSM", where the claim never gives the passage's."""
    theirs = _numbered_compounds(passage)
    for key, numbers in _numbered_compounds(claim).items():
        other = theirs.get(key, set()) - numbers
        if other and not numbers & theirs.get(key, set()):
            return f"{min(numbers)}-{key[0]} {key[1]}", f"{min(other)}-{key[0]} {key[1]}"
    return None


def _groups(tokens: list[str]) -> dict[tuple[str, ...], set[str]]:
    """{(a group's letters, the stem of the content word after it): its numbers} of a word list
    ("SO(2) local frames", read "so2 local frames": ("so", "local"): {"2"}), and the same keyed by
    the content word before it too ("continuous SO(2) tensor": ("continu", "so", "tensor"))."""
    out: dict[tuple[str, ...], set[str]] = {}
    for i, word in enumerate(tokens[:-1]):
        found = _GROUP_TOKEN.match(word)
        if found and _content(tokens[i + 1]):
            key = (found.group(1), stem(tokens[i + 1]))
            keys = [key] + ([(stem(tokens[i - 1]), *key)] if i and _content(tokens[i - 1]) else [])
            for k in keys:
                out.setdefault(k, set()).add(word[len(found.group(1)):])
    return out


def _group_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A group (or a name with its number) of another number before the same word: "within SO(3)
    local frames" against "within SO(2) local frames", "L1 weight decay" against "L2 weight decay",
    "a continuous SO(3) tensor product" against "a continuous SO(2) tensor product", where the whole
    abstract never puts the claim's there (after the same word, when the claim's has one before it)."""
    theirs, anywhere = _groups(passage), _groups(context or passage)
    for key, dims in _groups(claim).items():
        other = theirs.get(key, set())
        if other and not dims & anywhere.get(key, set()):
            *before, letters, head = key
            return " ".join([*before, f"{letters}({min(dims)})", head]), " ".join([*before, f"{letters}({min(other)})", head])
    return None


def _compound_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A compound whose first part is swapped, beside the same word: "a mean-field cross-attention
    toy model" against "a mean-field self-attention toy model". The claim's compound (with or
    without its hyphen) and its first part are words the whole abstract never uses, and the claim never uses the passage's; numbers
    ("thousand-layer" for "1000-layer") are left to the numbers rule."""
    known = {stem(p) for w in (context or passage) for p in [w, *w.split("-")] if p}
    written = {w.replace("-", "") for w in (context or passage)}  # "proinflammatory" writes "pro-inflammatory"
    claim_words = set(claim)
    for i, token in enumerate(claim):
        parts = token.split("-")
        if len(parts) != 2 or not all(p.isalpha() for p in parts) or token.replace("-", "") in written or stem(parts[0]) in known \
                or parts[0] in NUMBER_WORDS or parts[0] in _ORDINALS:
            continue  # "thousand-layer" for "1000-layer" is a number, read by the numbers rule
        for j, other in enumerate(passage):
            pieces = other.split("-")
            if len(pieces) != 2 or pieces[1] != parts[1] or pieces[0] == parts[0] or other in claim_words \
                    or not pieces[0].isalpha() or pieces[0] in NUMBER_WORDS:
                continue
            if (i and j and claim[i - 1] == passage[j - 1] and _content(claim[i - 1])) or (
                    claim[i + 1:i + 2] and claim[i + 1:i + 2] == passage[j + 1:j + 2] and _content(claim[i + 1])):
                return token, other
    return None


# Second parts of a compound that name a kind by what it rests on: "physics-based software",
# "protein-conditioned experts", "uncertainty-aware decoding".
_KIND_SUFFIXES = {"based", "conditioned", "driven", "guided", "aware", "informed", "grounded", "centric"}


def _kind_compound_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A kind-naming compound with its first part swapped: "the leading ML-based software for
    designing heteropolymers" against "the leading physics-based heteropolymer design software",
    "ligand-conditioned ... experts" against "protein-conditioned experts". The claim's compound is
    written nowhere in the abstract (its first part may be: "ML methods"), the claim never writes
    the passage's compound, and the word the passage's compound qualifies is in the claim."""
    written = {w.replace("-", "") for w in (context or passage)}
    mine = {stem(w) for w in claim}
    for token in claim:
        parts = token.split("-")
        if len(parts) != 2 or parts[1] not in _KIND_SUFFIXES or not parts[0].isalpha() or token.replace("-", "") in written:
            continue
        for j, other in enumerate(passage[:-1]):
            pieces = other.split("-")
            if len(pieces) == 2 and pieces[1] == parts[1] and pieces[0] != parts[0] and other not in claim \
                    and _content(passage[j + 1]) and stem(passage[j + 1]) in mine:
                return token, other
    return None


_NOUN_PHRASE_ENDS = {"the", "a", "an", "by", "of", "from", "via", "with", "on", "using"}  # not "to": "to pull" is a verb


def _part_stems(tokens: list[str]) -> set[str]:
    """The stems of the words of `tokens` and of the parts of their compounds."""
    return {stem(p) for w in tokens for p in [w, *w.split("-")] if p}


def _unwritten(word: str, known: set[str]) -> bool:
    """Whether `word` is a content word that can name a new detail and whose stem is not in `known`
    (the abstract's `_part_stems`): no number, no word of amount or order."""
    return _content(word) and stem(word) not in known and not any(ch.isdigit() for ch in word) \
        and not set(word.split("-")) & set(NUMBER_WORDS) and word not in _GENERIC_MODIFIERS and word not in _ORDERING


def _phrase_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A term swapped for another after the same two words (three when two are function words),
    one of them a content word, the last an article or preposition: "controls the variance of" against "controls the quantile radius
    of", "inspired by optimal transport," against "inspired by geometric functional maps,". The
    claim's term is words the whole abstract never uses (no number, no word of amount or order;
    numbers on either side are the numbers rule's),
    the passage's term (four words at most, before the claim's next word or both at a clause end;
    a term that ends the claim may face one that a function word ends: "motivated by harmonic
    analysis to enhance")
    shares no word with the claim, and one of the two terms has two words or more: one word for
    one word is as often a synonym ("real" for "genuine") as a swap."""
    known, mine = _part_stems(context or passage), _part_stems(claim)
    for a in range(2, len(claim)):
        if not _unwritten(claim[a], known) or _unwritten(claim[a - 1], known):
            continue
        b = a
        while b < len(claim) and _unwritten(claim[b], known):
            b += 1
        # the two words before, or three when the two are function words ("with respect to the")
        left = next((claim[a - k:a] for k in (2, 3) if a >= k and any(_content(w) for w in claim[a - k:a])
                     and not set(claim[a - k:a]) & {",", ";", ":"}), [])
        if not left or left[-1] not in _NOUN_PHRASE_ENDS:
            continue
        last = b == len(claim)  # a term that ends the claim may face one that a function word ends
        after = claim[b] if not last else ","
        for j in range(len(left), len(passage)):
            if passage[j - len(left):j] != left:
                continue
            e = j
            while e < len(passage) and e - j < 5 and passage[e] != after and passage[e] not in {",", ";", ":"} \
                    and not (last and e > j and passage[e] in STOPWORDS):
                e += 1
            ends = passage[e] if e < len(passage) else ","
            theirs = [w for w in passage[j:e] if _content(w)]
            if not theirs or e - j >= 5 or (ends != after and not (ends in {",", ";", ":"} and after in {",", ";", ":"})
                                             and not (last and ends in STOPWORDS)):
                continue
            if any(stem(w) in mine or w.endswith("ly") or any(ch.isdigit() for ch in w) for w in theirs) \
                    or max(b - a, len(theirs)) < 2 or _initials_of(claim[a:b], theirs):
                continue
            return " ".join(claim[a:b]), " ".join(passage[j:e])
    return None



def _term_before_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A term swapped for another before the same three words, one of them a content word ("with a
    recurrent module to resolve long-range impacts" against "with a global attention mechanism to
    resolve long-range impacts"): the mirror of `_phrase_swap`. The three words open with a
    preposition or a relative word; the claim's term is two words or more that the whole abstract
    never uses, words that name (`_naming`: no verb, adverb or qualifier, where paraphrases put
    synonyms), the passage's the two to four content words right before, none the claim's, headed by
    such a word."""
    known, mine = _part_stems(context or passage), _part_stems(claim)
    for b in range(1, len(claim) - 2):
        right = claim[b:b + 3]
        if not _unwritten(claim[b - 1], known) or _unwritten(claim[b], known) or right[0] not in _PREPOSITIONS_AFTER | {"that", "which"} \
                or not any(_content(w) for w in right) or set(right) & {",", ";", ":"}:
            continue
        a = b - 1
        while a > 0 and _unwritten(claim[a - 1], known):
            a -= 1
        if b - a < 2 or not all(_naming(w, inflected=True) for w in claim[a:b]):
            continue  # a term of one word, or with a verb or adverb in it, is as often a synonym as a swap
        for j in range(1, len(passage) - 2):
            if passage[j:j + 3] != right:
                continue
            i = j
            while i > 0 and j - i < 4 and _content(passage[i - 1]) and passage[i - 1] not in STOPWORDS:
                i -= 1
            theirs = passage[i:j]
            if len(theirs) < 2 or not _naming(theirs[-1], inflected=True) or any(
                    stem(w) in mine or w.endswith("ly") or any(ch.isdigit() for ch in w) for w in theirs) \
                    or _initials_of(claim[a:b], theirs):
                continue
            return " ".join(claim[a:b]), " ".join(theirs)
    return None


def _initials_of(term: list[str], phrase: list[str]) -> bool:
    """Whether a one-word `term` is the acronym of `phrase`, plural or not: "pdes" of "partial
    differential equations"."""
    return len(term) == 1 and len(phrase) >= 2 and term[0].removesuffix("s") == "".join(w[0] for w in phrase)


# Verbs of one thing bringing about another: "A gives rise to B" is not "B gives rise to A".
_CAUSES = {"gives", "give", "causes", "cause", "drives", "drive", "induces", "induce", "produces", "produce",
           "determines", "determine", "shapes", "shape", "leads", "lead", "generates", "generate"}


def _cause_sides(tokens: list[str]) -> tuple[set[str], set[str]] | None:
    """(stems of the up to two content words before, and three after) the first verb of causing
    in a word list ("gives rise to" and "leads to" read as one verb), within its clause; or None."""
    for i, word in enumerate(tokens):
        if word not in _CAUSES:
            continue
        after = i + 3 if tokens[i + 1:i + 3] == ["rise", "to"] else i + 2 if tokens[i + 1:i + 2] == ["to"] else i + 1
        start = max((k + 1 for k in range(max(0, i - 4), i) if tokens[k] in _SEGMENT_BREAK), default=max(0, i - 4))
        before = [t for t in tokens[start:i] if _content(t)][-2:]
        following = []
        for t in tokens[after:]:
            if t in _SEGMENT_BREAK or len(following) == 3:
                break
            if _content(t):
                following.append(t)
        if before and following:
            return {stem(t) for t in before}, {stem(t) for t in following}
    return None


def _cause_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """Cause and effect the other way round: "functional connectivity gives rise to structural
    constraints" against "structural constraints give rise to functional communication patterns"
    (the claim's cause is in the passage's effect and its effect in the passage's cause, and the
    two causes share nothing)."""
    mine, theirs = _cause_sides(claim), _cause_sides(passage)
    if not mine or not theirs:
        return None
    (cause, effect), (their_cause, their_effect) = mine, theirs
    if cause & their_effect and effect & their_cause and not cause & their_cause:
        return f"{' '.join(sorted(cause))} causes {' '.join(sorted(effect))}", \
            f"{' '.join(sorted(their_cause))} causes {' '.join(sorted(their_effect))}"
    return None


def _frame_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """Two things that trade places around the same words: "a receiver influences the optimal
    behavior of senders" against "a sender influences the optimal behavior of receivers" (a run of
    three words or more, two of them content words, that claim and passage share by stem, with the
    content word right before it in the claim right after it in the passage, and the reverse)."""
    c_stems, p_stems = [stem(w) for w in claim], [stem(w) for w in passage]
    for i in range(1, len(claim) - 3):
        for j in range(1, len(passage) - 3):
            n = 0
            while i + n < len(claim) and j + n < len(passage) and c_stems[i + n] == p_stems[j + n]:
                n += 1
            if n < 3 or sum(_content(w) for w in claim[i:i + n]) < 2 or i + n >= len(claim) or j + n >= len(passage):
                continue
            before, after = claim[i - 1], claim[i + n]
            if _content(before) and _content(after) and c_stems[i - 1] != c_stems[i + n] \
                    and c_stems[i - 1] == p_stems[j + n] and c_stems[i + n] == p_stems[j - 1]:
                frame = " ".join(claim[i:i + n])
                return f"{before} {frame} {after}", f"{passage[j - 1]} {frame} {passage[j + n]}"
    return None


_NARROW = {"specific", "limited", "restricted", "confined", "tailored", "specialized", "specialised"}
_BROAD = {"general", "generic", "universal", "general-purpose", "generalist", "broad"}


def _scope_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A thing the claim says is narrow ("a paradigm specific to eDOS", "a specialized paradigm")
    where the passage calls the same thing general ("a general paradigm"), or the reverse, and the
    abstract never calls it the claim's way nor contrasts the two by a prefix ("specific" beside
    "unspecific exercises")."""
    def scoped(tokens: list[str], group: set[str]) -> set[str]:
        before = {stem(tokens[i + 1]) for i, w in enumerate(tokens[:-1]) if w in group and _content(tokens[i + 1])}
        after = {stem(tokens[i - 1]) for i, w in enumerate(tokens) if i and w in group and tokens[i + 1:i + 2] == ["to"]}
        return before | after
    if any(_base(w) in _NARROW | _BROAD for w in context or passage):
        return None  # "specific exercises" against "unspecific exercises": the abstract contrasts two things
    for mine, theirs in ((_NARROW, _BROAD), (_BROAD, _NARROW)):
        shared = scoped(claim, mine) & scoped(passage, theirs) - scoped(passage, mine) - scoped(context, mine)
        if shared:
            thing = sorted(shared)[0]
            return f"{sorted(set(claim) & mine)[0]} {thing}", f"{sorted(set(passage) & theirs)[0]} {thing}"
    return None


# Words that qualify rather than name: degrees, hedges, judgements. A paraphrase trades them freely
# ("scarce" for "limited", "sensible" for "reasonable"), so they never make a slot swap.
_QUALIFIERS = _GENERIC_MODIFIERS | _ORDERING | _PRIOR_WORK | {
    "may", "might", "would", "could", "should", "must", "shall", "will", "can",  # modals: "would reduce" hedges "reduces"
    "often", "although", "plus", "still", "yet", "rather", "instead", "like", "limited", "reasonable",
    "appropriate", "suitable", "adequate", "sufficient", "effective", "efficient", "scarce", "abundant", "sensible",
    "proper", "tight", "strong", "weak", "poor", "rich", "powerful", "useful", "crucial", "critical", "key", "notable",
    "remarkable", "substantial", "considerable", "early", "earlier", "later", "recent", "past", "ordinary", "usual",
    "compact"} | _DEGREES


def _naming(word: str, inflected: bool = False) -> bool:
    """Whether `word` can name a detail in a modifier slot: a content word, no number, no
    qualifier (nor a compound with one: "high-dimensional"), no adverb, no verb the general
    vocabulary inflects ("raise", "produce"), no "-ing" form ("including", "solving"); unless
    `inflected`, no "-ed" or plural form either (a claim's word; the passage's may be "mismatched",
    "physics-based")."""
    plural = word.endswith("s") and not word.endswith(("ss", "us", "is"))
    return _content(word) and not any(ch.isdigit() for ch in word) and word not in _QUALIFIERS \
        and not set(word.split("-")) & (set(NUMBER_WORDS) | _QUALIFIERS) and not word.endswith(("ly", "ing")) \
        and not has_verb_forms(word) and (inflected or not (word.endswith("ed") or plural))


def _slot_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A detail swapped in a modifier slot (`_slot_words`) for words the whole abstract never uses."""
    return _slot_words(claim, passage, context or passage)


def _borrowed_slot(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A detail swapped in a modifier slot (`_slot_words`) for words the abstract uses elsewhere
    but not in this passage: "taking phonon density of states as the prototypical example" against
    "taking electronic density of states (eDOS) as the prototypical example" in an abstract that
    evaluates on phonon density of states too."""
    found = _slot_words(claim, passage, passage)
    if found and _defined_as(found[0].split()[:-1], found[1].split()[:-1], context):
        return None  # "mitochondrial DNA levels" against "mtDNA levels" where the abstract says "mitochondrial DNA (mtDNA)"
    return found


def _defined_as(ours: list[str], theirs: list[str], context: list[str]) -> bool:
    """Whether `context` writes the two word runs side by side, one defining the other ("mitochondrial
    DNA (mtDNA)" is "mitochondrial dna mtdna" in words)."""
    pair = (ours + theirs, theirs + ours)
    n = len(ours) + len(theirs)
    return any(context[i:i + n] in pair for i in range(len(context) - n + 1))


_ARTICLES = {"a", "an", "the"}


def _participle(word: str) -> bool:
    """Whether `word` is an "-ing" form that can name a kind right before a noun ("spiking layers")."""
    return word.endswith("ing") and len(word) > 6 and _content(word) and word not in _QUALIFIERS


def _slot_words(claim: list[str], passage: list[str], known_words: list[str]) -> tuple[str, str] | None:
    """A detail swapped in the modifier slot of the same head word: the claim's one or two words
    before a word of the passage ("in classification settings", "the leading data-driven
    heteropolymer design") face other words right before that word in the passage ("in regression
    settings", "the leading physics-based heteropolymer"), after the same content word, or after
    the same function word and the same word before it (a claim's first words face no slot). The
    claim's words are words `known_words` never uses and name things (see `_naming`); the
    passage's words share no stem with the claim and name things too. Verbs, adverbs and
    qualifiers are where paraphrases put their synonyms, so they never count; nor do two spellings
    or words of one root ("ischemic" and "ischaemic", "radioiodine" and "radioactive iodine"), nor a
    claim's term of short words only ("ward rounds" for "medical rounds" adds a setting, as in the
    kind swap)."""
    known = {_canonical(p) for w in known_words for p in [w, *w.split("-")] if p}
    mine = {_canonical(p) for w in claim for p in [w, *w.split("-")] if p}
    heads = [_canonical(w) if _content(w) else "" for w in passage]

    def new(word: str) -> bool:
        return _naming(word) and not {_canonical(p) for p in [word, *word.split("-")] if p} & known

    def key(word: str) -> str:
        return _canonical(word) if _content(word) else word

    def before(tokens: list[str], i: int) -> list[str]:
        return [w for w in tokens[max(0, i - 4):i] if w not in _ARTICLES][-2:]  # "of the batch normalization layers" opens as "of spiking layers"

    def same_opening(i: int, m: int) -> bool:
        ours, theirs = before(claim, i), before(passage, m)
        if not ours or not theirs or key(ours[-1]) != key(theirs[-1]):
            return False
        return _content(ours[-1]) or (len(ours) > 1 and len(theirs) > 1 and key(ours[0]) == key(theirs[0]))
    for j in range(1, len(claim)):
        head = _canonical(claim[j]) if _content(claim[j]) and not claim[j].endswith("ly") else ""  # a noun, not "generally"
        if not head or head not in heads or not new(claim[j - 1]):
            continue
        i = j - 1 if j < 2 or not new(claim[j - 2]) else j - 2
        for k in (k for k, h in enumerate(heads) if h == head):
            m = k
            while m > 0 and k - m < 3 and (_naming(passage[m - 1], True) or (m == k and _participle(passage[m - 1]))) \
                    and _canonical(passage[m - 1]) not in mine:
                m -= 1
            ours, theirs = " ".join(claim[i:j]), " ".join(passage[m:k])
            if m < k and same_opening(i, m) and not _spelt_alike(ours, theirs) and max(len(w) for w in claim[i:j]) >= 5 \
                    and not {_canonical(p) for w in passage[m:k] for p in w.split("-") if p} & mine \
                    and not _same_kind(claim[i:j], passage[m:k]):
                return " ".join(claim[i:j + 1]), " ".join(passage[m:k + 1])
    return None


# Units of one scale: "a few seconds" and "a few minutes" are different amounts of the same thing.
_TIME_UNITS = {"second": "s", "seconds": "s", "minute": "min", "minutes": "min", "hour": "h", "hours": "h", "day": "d",
               "days": "d", "week": "w", "weeks": "w", "month": "mo", "months": "mo", "year": "y", "years": "y"}
_AMOUNTS = {"few", "several", "many", "couple", "tens", "hundreds", "thousands", "dozens", "some"}


def _unit_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """The same amount in another unit of time: "a few minutes of context" against "a few seconds
    of context" (the amount, a number or a word such as "few", and the word after the unit agree;
    the claim never uses the passage's unit)."""
    mine = {_TIME_UNITS[w] for w in claim if w in _TIME_UNITS}
    for i in range(1, len(claim)):
        unit = _TIME_UNITS.get(claim[i])
        amount = claim[i - 1]
        if not unit or not (amount in _AMOUNTS or amount in NUMBER_WORDS or _NUMBER.fullmatch(amount)):
            continue
        for k in range(1, len(passage)):
            theirs = _TIME_UNITS.get(passage[k])
            if theirs and theirs not in mine and passage[k - 1] == amount and claim[i + 1:i + 2] == passage[k + 1:k + 2]:
                return f"{amount} {claim[i]}", f"{amount} {passage[k]}"
    return None


# Units a figure is written in, by the quantity they measure: a change (percent, percentage points,
# a factor), a time, an amount of data, a magnitude written onto the number ("7.04M", "7.04G").
_FIGURE_UNITS = {
    "%": ("change", "%"), "percent": ("change", "%"), "per cent": ("change", "%"),
    "percentage point": ("change", "points"), "percentage points": ("change", "points"), "pp": ("change", "points"),
    "x": ("change", "x"), "×": ("change", "x"), "fold": ("change", "x"), "-fold": ("change", "x"), "times": ("change", "x"),
    "ms": ("time", "ms"), "millisecond": ("time", "ms"), "milliseconds": ("time", "ms"),
    "s": ("time", "s"), "sec": ("time", "s"), "secs": ("time", "s"), "second": ("time", "s"), "seconds": ("time", "s"),
    "min": ("time", "min"), "mins": ("time", "min"), "minute": ("time", "min"), "minutes": ("time", "min"),
    "h": ("time", "h"), "hr": ("time", "h"), "hrs": ("time", "h"), "hour": ("time", "h"), "hours": ("time", "h"),
    "day": ("time", "d"), "days": ("time", "d"),
    "kb": ("data", "KB"), "mb": ("data", "MB"), "gb": ("data", "GB"), "tb": ("data", "TB"), "pb": ("data", "PB"),
    "kilobytes": ("data", "KB"), "megabytes": ("data", "MB"), "gigabytes": ("data", "GB"), "terabytes": ("data", "TB"),
    "terabyte": ("data", "TB"), "petabytes": ("data", "PB"),
}
_MAGNITUDE_LETTERS = {"k": "thousand", "K": "thousand", "M": "million", "B": "billion", "G": "billion", "T": "trillion"}
_FIGURE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?:\s*(?:-|to)\s*(\d+(?:\.\d+)?))?(?:([kKMBGT])(?![A-Za-z0-9])|\s*("
                     + "|".join(sorted((re.escape(u) for u in _FIGURE_UNITS), key=len, reverse=True))
                     + r")(?![A-Za-z0-9]))", re.IGNORECASE)


def _figures(text: str) -> dict[str, set[tuple[str, str]]]:
    """Each number of `text` -> the (quantity, unit) pairs it is written with: "2.5 minutes" gives
    2.5 -> (time, min), "12.4%" 12.4 -> (change, %), "5-300×" both 5 and 300 -> (change, x), "7.04M"
    7.04 -> (magnitude, million); number words are read as digits ("two and a half seconds")."""
    text = unify_dashes(spelled_compounds(text)).replace("\\%", "%")  # LaTeX writes "57\%"
    text = re.sub(r"(?<![\w-])[A-Za-z]+(?![\w-])", lambda m: NUMBER_WORDS.get(m.group(0).lower(), m.group(0))
                  if m.group(0).lower() not in {"one", "s", "h", "x", "k", "m", "b", "g", "t"} else m.group(0), text)
    out: dict[str, set[tuple[str, str]]] = {}
    for match in _FIGURE.finditer(text):
        first, last, letter, unit = match.groups()
        if letter:
            if letter.lower() not in {"k"} and not letter.isupper():
                continue  # "5 m" is five metres, no magnitude
            kind = ("magnitude", _MAGNITUDE_LETTERS[letter])
        else:
            kind = _FIGURE_UNITS[unit.lower()] if unit.lower() in _FIGURE_UNITS else _FIGURE_UNITS[unit]
        for number in (first, last) if last else (first,):
            out.setdefault(_plain_number(number), set()).add(kind)
    return out


def _plain_number(number: str) -> str:
    """One spelling per value: "34.0" is 34."""
    return number.rstrip("0").rstrip(".") if "." in number else number


def _figure_unit_swap(claim: str, passage: str) -> tuple[str, str] | None:
    """A figure of the passage given another unit of the same quantity: "12.4 percentage points"
    for "by 12.4%", "a 40% speedup" for "a 40-fold speedup", "two and a half seconds" for "2.5
    minutes", "244.34 GB" for "244.34 TB", "7.04G SOPs" for "7.04M SOPs" (the claim never writes the
    number in the passage's unit)."""
    theirs = _figures(passage)
    for number, kinds in sorted(_figures(claim).items()):
        for quantity, unit in sorted(kinds):
            other = sorted(u for q, u in theirs.get(number, set()) if q == quantity and (q, u) not in kinds)
            if other and (quantity, unit) not in theirs.get(number, set()):
                return f"{number} {unit}", f"{number} {other[0]}"
    return None


def _spelt_alike(a: str, b: str) -> bool:
    """Whether `a` and `b` are one word spelt two ways ("ischemic" and "ischaemic", "modelling"
    and "modeling": four fifths of their letters align) or words of one root ("radioiodine" and
    "radioactive iodine": their first five letters)."""
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.8 or (len(a) >= 5 and a[:5] == b[:5])


# Words that say how much of a thing there is: "more spikes" and "fewer neurons" (a plural noun
# after them), "a reduction in spiking operations", "an increase in the number of neurons".
_MORE_OF_THINGS = {"more", "increase", "increases", "increased", "rise", "growth"}
_FEWER_OF_THINGS = {"fewer", "reduction", "reductions", "decrease", "decreases", "decreased", "reduced", "drop", "decline"}
_AMOUNT_FILLERS = {"in", "of", "the", "a", "an", "number", "amount", "count", "total", "overall"}
# "spiking operations become more frequent": more of the thing the clause opens with.
_FREQUENT = {"frequent", "numerous", "common", "plentiful", "abundant"}
_LINKING = {"is", "are", "was", "were", "be", "become", "becomes", "became", "get", "gets", "got", "grow", "grows", "grew"}


def _subject_before(tokens: list[str], i: int) -> str | None:
    """The first word of the run of content words that ends right before tokens[i], past linking
    verbs ("spiking operations become ..." gives "spiking"), or None."""
    j = i
    while j > 0 and tokens[j - 1] in _LINKING:
        j -= 1
    k = j
    while k > 0 and _content(tokens[k - 1]) and tokens[k - 1] not in _LINKING:
        k -= 1
    return tokens[k] if k < j else None


def _amounts(tokens: list[str]) -> dict[str, set[int]]:
    """Stem of a thing -> the directions a word list gives its amount (+1 more of it, -1 fewer):
    the thing is the first content word after the amount word, past "in the number of"; after
    "more" and "fewer" only a plural noun phrase counts ("more robust" is a quality, "more data" a
    mass; "more spiking operations" counts the spiking operations).
    A verb that "more" or "less" ends a clause after does more or less of itself ("spike more"); a
    clause that "more/less frequent" (numerous, common) ends says it of the words it opens with
    ("spiking operations become more frequent")."""
    out: dict[str, set[int]] = {}
    for i, word in enumerate(tokens):
        if word in _FREQUENT and tokens[i - 1:i] in (["more"], ["less"]) and _subject_before(tokens, i - 1):
            out.setdefault(stem(_subject_before(tokens, i - 1)), set()).add(1 if tokens[i - 1] == "more" else -1)
            continue  # "spiking operations become more frequent"
        if word in {"more", "less"} and 0 < i and _content(tokens[i - 1]) \
                and (i + 1 == len(tokens) or tokens[i + 1] in _SEGMENT_BREAK):
            out.setdefault(stem(tokens[i - 1]), set()).add(1 if word == "more" else -1)  # "the network spikes more"
            continue
        direction = 1 if word in _MORE_OF_THINGS else -1 if word in _FEWER_OF_THINGS else 0
        j = i + 1
        while direction and j < len(tokens) and tokens[j] in _AMOUNT_FILLERS:
            j += 1
        if not direction or j >= len(tokens) or not _content(tokens[j]):
            continue
        thing = tokens[j]
        # the noun phrase's head, its last content word of three at most, must be plural: "more
        # spiking operations" counts spiking operations
        run = tokens[j:j + 3]
        head = run[:next((k for k, t in enumerate(run) if not _content(t)), len(run))][-1]
        if word in {"more", "fewer"} and not (head.endswith("s") and not head.endswith(("ss",) + _NOUN_OR_ADJECTIVE_S)):
            continue
        out.setdefault(stem(thing), set()).add(direction)
    return out


def _amount_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """More of a thing where the passage says there is less of it, or the reverse, each said one way
    only ("makes them fire more spikes" against "a reduction in spiking operations")."""
    theirs = _amounts(passage)
    for thing, directions in _amounts(claim).items():
        if len(directions) == 1 and theirs.get(thing) == {-d for d in directions}:
            said = "more" if directions == {1} else "fewer"
            return f"{said} {thing}", f"{'fewer' if said == 'more' else 'more'} {thing}"
    return None


# Measures of a thing: "the norm of the perturbation", "the depth of the Transformers" ("size" and
# "scale" are left out: each is said for the other and for most measures).
_MEASURES = {"norm", "rank", "depth", "width", "length", "height", "dimension", "dimensionality", "magnitude",
             "variance", "mean", "radius", "diameter", "curvature", "entropy", "temperature", "frequency", "density",
             "resolution", "order", "volume", "area", "weight", "mass", "duration", "speed", "rate"}
_OF_OPENERS = {"the", "a", "an", "its", "their"}


def _properties(tokens: list[str]) -> list[tuple[str, set[str]]]:
    """(stem of a measure, stems of the up to three content words after "of") for each "the M of
    (the) X" of a word list whose M is a measure ("the norm of the perturbation", "the depth of the
    Transformers"), not a relation ("the reliance of", "the lens of")."""
    out = []
    for i, word in enumerate(tokens):
        prop = tokens[i - 1] if i >= 2 and word == "of" and tokens[i - 2] == "the" else ""
        if prop not in _MEASURES:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j] in _OF_OPENERS:
            j += 1
        things = {stem(t) for t in tokens[j:j + 3] if _content(t)}
        if things and _content(tokens[j] if j < len(tokens) else ""):
            out.append((stem(prop), things))
    return out


def _property_swap(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """Another measure of the same thing: "depends on the rank of the perturbation" against "with
    respect to the norm of the perturbation", where the abstract (`context`) never ties the claim's
    measure to that thing ("the rank of the perturbation", "the perturbation rank")."""
    known = _properties(context or passage)
    flat = [stem(t) for t in (context or passage)]
    for prop, things in _properties(claim):
        for theirs, their_things in _properties(passage):
            shared = things & their_things
            if theirs == prop or not shared or any(p == prop and t & shared for p, t in known):
                continue
            if any(flat[k] in shared and flat[k + 1] == prop for k in range(len(flat) - 1)):
                continue  # "the perturbation size" ties size to the perturbation
            return f"the {prop} of {sorted(shared)[0]}", f"the {theirs} of {sorted(shared)[0]}"
    return None


_EXCEPTION_OPENERS = {"when", "if", "with", "after", "once", "without", "for", "under"}
_REMOVAL = ("ablat", "remov", "drop", "delet", "disabl", "without", "strip", "omit", "lesion", "absen")


def _condition_after(tokens: list[str], opener: tuple[str, ...]) -> tuple[int, list[str]] | None:
    """(where it starts, the words) of the condition after `opener` ("but not", "even"): an
    `_EXCEPTION_OPENERS` word and what follows it, to the next comma, semicolon, colon or word that opens
    a clause ("these results ...": the next sentence), eight words at most."""
    n = len(opener)
    for i in range(len(tokens) - n):
        if tuple(tokens[i:i + n]) == opener and tokens[i + n] in _EXCEPTION_OPENERS:
            end = next((k for k in range(i + n + 1, len(tokens)) if tokens[k] in {",", ";", ":"} | _CLAUSE_WORDS), len(tokens))
            return i, tokens[i + n:min(end, i + n + 8)]  # words keep no full stop: eight words at most
    return None


def _same_condition(mine: list[str], theirs: list[str]) -> bool:
    """Whether two conditions name the same thing: a content word in common past the opener, or a
    word of removal in each ("with its lateral connections removed", "when LCs are ablated")."""
    removal = [any(w.startswith(_REMOVAL) for w in side) for side in (mine, theirs)]
    return bool(_stems(mine[1:]) & _stems(theirs[1:])) or all(removal)


def _exception_denied(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A finding said to hold "even" under the condition the passage excepts: "Even with its
    lateral connections removed, the model stays more robust" against "the model showing better
    robustness ..., but not when LCs are ablated". The rest of the claim shares two content words or
    more with the passage before its exception."""
    excepted = _condition_after(passage, ("but", "not"))
    claimed = _condition_after(claim, ("even",))
    if not excepted or not claimed:
        return None
    (cut, theirs), (start, mine) = excepted, claimed
    rest = claim[:start] + claim[start + 1 + len(mine):]
    if _same_condition(mine, theirs) and len(_stems(rest) & _stems(passage[:cut])) >= 2:
        return "even " + " ".join(mine), "but not " + " ".join(theirs)
    return None


_ONE = {"single", "one"}
_MANY = {"across", "multiple", "several", "many", "various", "diverse", "different", "numerous"}


def _one_against_many(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """One thing where the passage has several of its kind: "covers just one region" or "a single
    region" against "across regions" or "multiple regions" ("one of" picks one out of many, and a
    bare "one" counts only after "just", "only", "a" or "exactly")."""
    for i, word in enumerate(claim):
        if word not in _ONE or claim[i + 1:i + 2] == ["of"] or (word == "one" and claim[i - 1:i] not in (
                ["just"], ["only"], ["a"], ["exactly"])):
            continue
        j = i + 1
        while j < len(claim) and j - i <= 3 and _content(claim[j]):
            j += 1
        if j == i + 1:
            continue
        noun = claim[j - 1]
        for k, many in enumerate(passage):
            plural = next((t for t in passage[k + 1:k + 4] if stem(t) == stem(noun) and t != noun and t.endswith("s")), None)
            if many in _MANY and plural:
                return f"{word} {noun}", f"{many} {plural}"
    return None


_ENOUGH = {"enough", "sufficient", "suffices", "suffice"}


def _deeds(tokens: list[str], openers: set[str]) -> list[tuple[set[str], set[str]]]:
    """(stems of up to three content words before, stems of up to five after, to a clause break) of
    each "<opener> to <verb> ..." of a word list: "prompt engineering alone is enough to produce
    Rosetta actions" gives ({prompt, engin, alon}, {produc, rosetta, action})."""
    out = []
    for i, w in enumerate(tokens):
        if w not in openers or tokens[i + 1:i + 2] != ["to"]:
            continue
        start = max((k + 1 for k in range(i) if tokens[k] in _SEGMENT_BREAK), default=0)
        before = [t for t in tokens[start:i] if _content(t) and t not in _BE and t not in _FREQUENCY][-3:]
        after = tokens[i + 2:i + 7]
        after = after[:next((k for k, t in enumerate(after) if t in _SEGMENT_BREAK), len(after))]
        out.append(({stem(t) for t in before}, {stem(t) for t in after[1:] if _content(t)}))
    return out


def _sufficiency_clash(claim: list[str], passage: list[str], context: list[str]) -> tuple[str, str] | None:
    """A claim that a thing is enough to do a deed the passage says it fails to do, or the reverse:
    "prompt engineering by itself is enough to produce Rosetta actions" against "prompt engineering
    alone often fails to generate Rosetta actions" (the same doer, a word of it at least, and two
    words of the deed's object, or one where the object is one word)."""
    for mine, theirs, said in ((_ENOUGH, _FAIL, "enough"), (_FAIL, _ENOUGH, "fails")):
        for doer, deed in _deeds(claim, mine):
            for their_doer, their_deed in _deeds(passage, theirs):
                shared = deed & their_deed
                if doer & their_doer and len(shared) >= min(2, len(deed), len(their_deed)) > 0:
                    thing = " ".join(sorted(shared))
                    return f"{said} to {thing}", f"{'fails' if said == 'enough' else 'enough'} to {thing}"
    return None


# The cues on word lists, in the order `contradiction_cue` tries them; None stands for `_prefix_clash`,
# which also reads the passage without its asides.
_WORD_CUES = (_polarity_clash, None, _antonym_clash, _modifier_clash, _comparison_swap, _number_swap, _number_order_swap, _count_clash,
              _target_clash, _parity_clash, _level_clash, _intact_clash, _list_swap, _swapped_modifiers, _crossed_opposites, _numbered_modifier_swap,
              _invariance_clash, _kind_swap, _noun_swap, _direction_clash, _covariation_clash, _numbered_compound_clash, _group_swap,
              _compound_swap, _kind_compound_swap, _phrase_swap, _term_before_swap, _cause_swap, _scope_clash, _slot_swap, _unit_swap, _borrowed_slot, _bound_clash,
              _direction_reversed, _degree_clash, _valence_clash, _frame_swap, _ease_clash, _sibling_swap, _peak_as_typical,
              _amount_clash, _property_swap, _one_against_many, _exception_denied, _sufficiency_clash)
# The cues a condition and its outcome turned round together are not read by ("short clips transfer
# worse" for "longer clips transfer better"), and the words of such an outcome: better/worse,
# improves/degrades, increases/decreases, faster/slower, stronger/weaker ("homogeneity" for
# "heterogeneity" is a second changed detail, not an outcome).
_MIRRORED_CUES = frozenset({_modifier_clash, _antonym_clash, _valence_clash})
_EFFECTS = {w for left, right in ANTONYMS if {"improves", "increase", "better", "faster", "outperforms", "higher", "strong"} & (left | right)
            for w in left | right} | _GOOD | _BAD
# The cues that read words of direction and the sides of a comparison: a claim that restates one of
# the passage's comparisons from its other side is not read by them.
_DIRECTION_WORD_CUES = frozenset({_antonym_clash, _modifier_clash, _comparison_swap, _target_clash, _parity_clash,
                                  _swapped_modifiers, _crossed_opposites, _direction_clash})
# Every cue's name, as `contradiction_cue` reports it.
CUE_NAMES = [c.__name__.strip("_") if c else "prefix_clash" for c in _WORD_CUES] + ["preference_swap", "set_aside_stated",
                                                                                  "crossed_details", "figure_unit_swap",
                                                                                  "glossed_swap", "reversed_comparison"]

"""The composed answer: abstract sentences chosen for what the question asks, quoted, cited, and named.

No model, deterministic. A sentence's score is its similarity to the question, plus the share of the
question's words it holds, each weighted by its rarity in the abstract (so "parameter efficiency"
finds the one sentence saying it), plus bonuses for what the intent (rag.intent) asks:
- a quantity ("how deep", "by how much"): a sentence stating a number; one that counts the asked
  noun ("nine models" for "how many models") when the abstract has such a sentence;
- a named thing ("which dataset"): a sentence naming something the question does not, holding the
  asked phrase ("dialogue scenarios");
- a yes/no question or a comparison ("does X need labels?", "how does X compare with Y"): a sentence
  reporting a finding ("we find", "outperforms"), not one setting the scene, added to the closest
  sentence when that one reports none; for "compare A and B", a sentence on each; a question
  comparing with something no source mentions ("difference between batch norm and layer norm",
  "how does pangu-weather compare to graphcast") is refused;
- a cause or limitation ("why ...", "what's wrong with ..."): a sentence giving a reason or a
  shortcoming ("since ...", "fail to", "is incomplete"), after the sentence correcting the question's premise when the
  abstract denies it ("why does X require DFT labels": "without needing DFT labels", `rag.premise`);
- a paper ("which paper ...", "is there a paper ..."), a method, anything else: the best sentence,
  plus the sentence stating the paper's contribution when the question does not name the paper;
- an acronym's long form ("what does ACE stand for"): the sentence defining "... (ACE)";
- several papers ("which papers ..."): one line per retrieved paper, each cited.
The words naming the paper, pointing at it ("in the X paper") or set aside ("besides X", "on top of
X") are no evidence, and a sentence about the thing set aside ranks lower. A request no abstract
answers ("tell me a joke") gets no statements, so it is refused.
A single-paper answer adds the runner-up sentence when it scores nearly as well as the best, and the
sentence before the best one when the best refers back to it ("aggregates these three signals").
Only the top-ranked paper answers a single-paper question: other papers are not quoted to fill
the answer. When the top paper's abstract lacks the asked kind of fact altogether, the answer says
so, citing the paper ("The SpikeInit abstract does not name a dataset [1].") instead of quoting an
unrelated sentence: no sentence counts what "how many X" counts and X is nowhere in the abstract; no
sentence states a speed for "how fast"; the abstract never mentions what a "what X was ..." question
asks for, or the measure a "what learning rate ..." question asks for, or any measure it never
mentions in any form ("how many GPUs": `misses_measure`). Quotes are exact: each is
abstract[start:end] of its source.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from rag.bibliography import authors_of, record_fact
from rag.held import abbreviated, acronyms, fold_accents, holds_stem, stems_of, writes_in_a_row
from rag.conversation import asked_of
from rag.intent import GENERIC_MEASURES, KINDS_OF, Intent, asked_thing, classify, compound_parts, copular_predicate, extreme_measure, listed_detail
from rag.premise import premise_corrections
from rag.query import FIELD_ACRONYMS, content_query, headed_phrases
from rag.sources import Source
from rag.text import NUMBER_WORDS, STOPWORDS, defined_acronyms, items_after, key_terms, listed_nouns, names_in, tokenize
from rag.titles import (calls_by_name, introduced_name, is_field_acronym, is_generic_term, is_model_family, is_opening, mentions_name, names_any, own_names,
                        plain_markup, readable_markup, title_head)

_DIGIT = re.compile(r"\d")
# List markers ("(1)", "(ii)") number a sentence's items; they state no figure.
_ENUMERATOR = re.compile(r"\(\s*(?:\d{1,2}|[ivx]{1,4})\s*\)")
_UNIT = re.compile(r"\d\s*(?:%|x\b|×|-?fold\b|times\b)|\d+(?:\.\d+)?\s*[kKMB]\b")
_WORDS = re.compile(r"[A-Za-z0-9][\w.\-]*")
# A dataset is named by a data word, or as the object of "on/across/using" in capitals or with digits
# ("evaluated on MMLU", "results on QH9 and OMat24").
_DATA_NOUNS = {"dataset", "datasets", "benchmark", "benchmarks", "corpus", "corpora", "data"}
_DATA_CUE = re.compile(
    r"\b(?:datasets?|benchmarks?|corpus|corpora|suite)\b"
    r"|\b(?:[Oo]n|[Aa]cross|[Uu]sing|[Ff]rom)\s+(?:the\s+)?(?:[A-Z][\w-]*\d[\w-]*|[A-Z]{2,}[\w-]*|[A-Z][a-z]+[A-Z][\w-]*)",
)
# "What (kind of) data": "data", or data named by its kind ("natural images", "geospatial imagery",
# "single-cell transcriptomics", "MEG recordings"); not "observations" or "measurements", which are as
# often findings or acts ("useful neuroscientific observations", "destructive measurements") as data.
_DATA_KINDS = re.compile(r"\b(?:data|images|imagery|videos|recordings|scans|transcriptomics)\b", re.IGNORECASE)
NUMBER_BONUS, UNIT_BONUS, NAME_BONUS, NOUN_BONUS, TITLE_BONUS, ASKED_BONUS = 0.12, 0.04, 0.10, 0.05, 0.06, 0.05
# A sentence holding the words of what is asked ("dialogue scenarios", "downstream tasks"), by share.
PHRASE_BONUS = 0.2
# For "what kind of model does MindZero train?": the sentence where the question's verb acts on the
# asked noun ("trains multimodal large language models"), a few words apart with no punctuation between.
ACTS_ON_BONUS = 0.2
# Weight of the question's words in a sentence, each weighted by how rare it is in the abstract:
# "parameter efficiency" singles out the one sentence that says it, "weather" does not.
FOCUS_WEIGHT = 0.5
STUB_WORDS = 8  # a sentence of fewer words announces what follows rather than saying it
# "We propose X", "we introduce X": the sentence that names a paper's contribution.
# Sentences that set the scene rather than report the paper's own work ("While ...", "Recent ...").
_BACKGROUND = re.compile(
    r"^\W*(?:while|although|though|however|recent(?:ly)?|despite|traditionally|existing|current|prior|many|most|"
    r"to this end|in recent years)\b", re.IGNORECASE)
# Words saying that what follows is other work than the paper's ("existing methods", "earlier approaches").
_PRIOR = "standard|existing|conventional|classical|traditional|prior|previous"
_EARLIER = _PRIOR + "|earlier|current"
# Other work named inside a sentence: "existing methods often treat them ...", "in standard dimension reduction regimes".
_OTHER_WORK = re.compile(rf"\b(?:{_PRIOR})\s+(?:[\w-]+\s+){{0,3}}?"
                         r"(?:methods?|approaches|regimes|models|techniques|works|studies|pipelines|practices?|frameworks|systems|"
                         r"solutions|experiments)\b", re.IGNORECASE)
BACKGROUND_PENALTY, CONTRIBUTION_BONUS = 0.05, 0.08
# A question asking what other work does ("what do earlier sleep staging methods assume", "how do existing
# approaches use LLMs"): the sentences saying what other work does answer it, not the paper's own.
_ASKS_OTHER_WORK = re.compile(rf"\b(?:{_EARLIER})\s+"
                              r"(?:[\w-]+\s+){0,3}?(?:methods?|approaches|models|techniques|works|studies|systems|solutions|frameworks)\b",
                              re.IGNORECASE)
OTHER_WORK_BONUS = 0.3
# A sentence about the thing a question sets aside ("besides X", "on top of X") as written, acronyms not spelled out.
EXCLUDED_PENALTY = 0.3
_INTRODUCES = re.compile(
    r"^\W*(?:here,?\s+|in this (?:paper|work),?\s+)?we\b|\b(?:this paper|this work|we)\s+(?:propose|introduce|present|develop|design)",
    re.IGNORECASE)
# The sentence that introduces the paper's own method, and any sentence in the authors' voice.
_PROPOSES = re.compile(
    r"\b(?:this paper|this work|we)\s+(?:\w+\s+)?(?:propose|introduce|present|develop|design)s?\b"
    r"|\bby\s+(?:introducing|proposing|developing|designing)\b|^\W*our\s+(?:approach|method|framework|model)\b",
    re.IGNORECASE)
# A sentence reporting a result: what the method achieves, improves or reduces, a percentage.
_RESULT = re.compile(r"\b(?:achiev(?:es|ed|ing)|improv(?:es|ed|ing)|reduc(?:es|ed|ing)|state-of-the-art|yields?|gains?)\b|\d%",
                     re.IGNORECASE)
# A sentence on how a paper was evaluated.
_EVALUATED = re.compile(r"\b(?:experiments?|experimental(?:ly)?|evaluat(?:e|es|ed|ing|ions?)|benchmarks?|benchmarked|empirical(?:ly)?|"
                        r"tested|tests|validat(?:e|es|ed|ing|ions?)|results)\b", re.IGNORECASE)
# The authors saying what they found: "we find", "we also show", "we experimentally confirmed" (a pattern fragment).
_WE_FIND = r"we\s+(?:also\s+|further\s+|\w+ly\s+)?(?:find|found|show(?:ed)?|demonstrate(?:d)?|observe(?:d)?|prove(?:d)?|confirm(?:ed)?|verif(?:y|ied))"
# What results say they show, after up to `{}` words: "our experiments clearly demonstrate".
_RESULTS_SHOW = r"(?:results?|experiments?|{}analys[ie]s)\s+(?:\w+\s+){}(?:show|demonstrate|indicate|suggest|reveal|{})"
# A sentence in which the authors report what they found.
_FOUND = re.compile(rf"\b{_WE_FIND}\b|\b{_RESULTS_SHOW.format('evaluations?|', '{0,2}', 'confirm')}"
                    r"|\b(?:outperform|surpass)\w*", re.IGNORECASE)
# A sentence reporting a finding, which answers a yes/no question or a comparison.
_FINDING = re.compile(
    rf"\b(?:{_WE_FIND}|{_RESULTS_SHOW.format('', '?', 'support')}|outperforms?|surpass(?:es|ing)?|match(?:es|ing)|"
    r"no better|better than|eliminates? the need|without (?:needing|requiring|relying))\b",
    re.IGNORECASE)
FINDING_BONUS = 0.1
# A yes/no question asking whether its subject is "a universal solution" is settled by the sentence writing
# those words in a row ("However, BN is not a universal solution."), however little else of it that holds.
VERDICT_BONUS = 1.0
# What the authors show or find, which may explain the "why" a question asks.
_SHOWN = re.compile(rf"\b(?:{_WE_FIND}|we\s+(?:also\s+|further\s+)?identify)\b", re.IGNORECASE)
# A sentence giving a reason or a shortcoming, which answers "why ..." and "what's wrong with ...".
_REASON = re.compile(
    r"\b(?:because|since|due to|reasons?|stems?|fails? to|failing to|cannot|unable|incomplete|limit(?:s|ed|ing|ation|ations)?|"
    r"lacks?|suffers?|struggles?|unsuitable|insufficient|unattainable|challenges?|considering|motivated by|given that|owing to|"
    r"in order to|by (?:avoiding|eliminating|removing|reducing))\b",
    re.IGNORECASE)
REASON_BONUS = 0.12
# A sentence stating when or under what conditions something happens: it answers "when does X ...",
# "what can cause X" ("This collapse can arise when composing experts trained with mismatched noise schedules").
_CONDITIONS = re.compile(
    r"\b(?:when|whenever|if|unless|under|aris(?:e|es|ing)|occurs?|emerges?|appears?|triggers?|caused\s+by|due\s+to|"
    r"leads?\s+to|with\s+respect\s+to|regimes?|thresholds?|depends?\s+on|onset|only\s+(?:for|when|if)|as\s+long\s+as)\b",
    re.IGNORECASE)
CONDITION_BONUS = 0.3
# A sentence stating the problem a paper takes on, before it says what it does: "Despite advances
# ..., X have yet to ...", "However, current techniques require ...", "it is expensive to ...".
_PROBLEM = re.compile(
    r"\b(?:despite|however|yet to|remains?|challeng(?:e|es|ing)|difficult(?:y|ies)?|expensive|costly|prohibitive|impractical|"
    r"impossible|intractable|bottlenecks?|drawbacks?|shortcomings?|hinders?|hampers?|struggles?|fails? to|lacks?|"
    r"limited|limitations?|suffers?|cannot|unable|inefficient|unstable|vulnerable|undesirable|sensitiv(?:e|ity)|but)\b",
    re.IGNORECASE)
# A sentence saying what problem the paper takes on: "This paper addresses the mode collapse ...".
# A sentence opening on the remedy ("To address this, we present TriForces"): the one before it states the problem.
_REMEDY_OPENS = re.compile(r"^\W*to\s+(?:address|overcome|tackle|solve|mitigate|remedy|resolve|alleviate|bridge|close|fill)\s+"
                           r"(?:this|these|that|those|such|both|the\s+(?:above|aforementioned))\b", re.IGNORECASE)
_ADDRESSES = re.compile(r"\b(?:this|our)\s+(?:paper|work)\s+(?:addresses|tackles|studies|considers|investigates)\b", re.IGNORECASE)
# A sentence comparing against others, which names the baselines a question asks about.
_BEATS = r"outperform(?:s|ed|ing)?|surpass(?:es|ed|ing)?|beats?|better than|superior to"
# A question asking to compare two things ("compare A and B", "A versus B", "difference between A and B").
_ASKS_COMPARISON = re.compile(r"\b(?:compare|compared|comparison|versus|vs\.?|differences?\s+between|differ)\b", re.IGNORECASE)
_COMPARES = re.compile(rf"\b(?:{_BEATS}|compared (?:to|with)|against)\b", re.IGNORECASE)
# What a question sets the paper against: "how does X stack up against transformers", "is X better than
# transformers", "compared with PINNs, how accurate is X": the sentence comparing with that side answers
# first. ("A versus B: when is each used?" sets two topics side by side, and "how does X balance A against
# B" weighs two things, neither of them the paper against B.)
_OTHER_SIDE = re.compile(
    r"\b(?:(?:better|worse|faster|slower|stronger|weaker|more\s+\w+|less\s+\w+)\s+than|(?:stack|measure|hold)\s+up\s+against|"
    r"(?:fare|fares|do|does|perform|performs|compete|competes)\s+against|^\W*against|relative\s+to|"
    r"compared?\s+(?:to|with|against))\s+(?:the\s+|standard\s+|plain\s+)?(?P<other>[\w-]+(?:\s+[\w-]+){0,2}?)"
    r"(?=\s*(?:[?,.;!]|$|\s+(?:on|in|for|at|when|while|under|and|or|is|are|was|were|do|does|did|with|by|to)\b))", re.IGNORECASE)
# The comparison a sentence states: it beats, matches or trails something, or is set against it.
_SETS_AGAINST = re.compile(rf"\b(?:{_BEATS}|compared (?:to|with)|against|than|match(?:es|ing)?|rivals?|trails?|lags?)\b", re.IGNORECASE)
OTHER_SIDE_BONUS = 1.0
_PRONOUNS = set(tokenize("it its them they this that these those one ones"))
# A question asking what a thing is compared with ("which models is X compared against"); a bare
# "against" in a question ("what balances A against B") compares nothing.
_COMPARED_ASKED = re.compile(rf"\b(?:{_BEATS}|(?:compared|evaluated|benchmarked|tested|measured)\s+(?:to|with|against))\b",
                             re.IGNORECASE)
_BASELINE_NOUNS = {"baseline", "baselines", "competitor", "competitors"}
# A sentence that leans on the one before it: "aggregates these three signals".
_LEANS = re.compile(r"\b(?:these|those)\s+(?:two|three|four|five|six|several)\b", re.IGNORECASE)
# A sentence going on about what the one before it speaks of, by a pronoun, after a turn or at once:
# "However, we observe that their performance remains far from satisfactory."
_REFERS_BACK = re.compile(r"^\W*(?:(?:however|yet|but|instead|still)\b[^.;]*?\b)?(?:their|its|they|it|these|such)\b", re.IGNORECASE)
# "How many parameters": a count of things, which an abstract never mentioning them does not state.
# Units ("how many terabytes") are no things: the abstract may write them otherwise ("TB").
# A count asked for: "how many X", and tersely "X count", "number of X" (`rag.intent` reads which).
_HOW_MANY = re.compile(r"\bhow\s+many\b|\bcounts?\b|\bnumber\s+of\b", re.IGNORECASE)
_HOW_MANY_OR_MUCH = re.compile(r"\bhow\s+(?:many|much)\b|\bcounts?\b|\bnumber\s+of\b", re.IGNORECASE)
# What a "what X does Y reach" question may ask for that an abstract states in other words ("improving the mCSI by 34.0%").
_EFFECTS = set(tokenize("gain gains improvement improvements reduction reductions increase decrease drop boost change "
                        "speedup speed-up size performance value result results difference margin"))
_UNITS = re.compile(r"bytes?$|^(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|meters?|metres?|percent|points?|times)$",
                    re.IGNORECASE)
# A question asking for a speed, answered only by a sentence stating one.
_SPEED_ASKED = re.compile(r"\b(?:how\s+(?:fast|quickly)|speed-?ups?|faster|quicker|latency|throughput)\b", re.IGNORECASE)
# "how long does X take to train": a duration, stated only with a unit of time.
_DURATION_ASKED = re.compile(r"\bhow\s+long\s+(?:does|do|did|will|would)\b.*\b(?:take|last|run)\b|\bhow\s+much\s+time\b"
                             r"|\b(?:training|wall-clock|running|run)\s+time\b", re.IGNORECASE)
_DURATION = re.compile(r"\b(?:seconds?|minutes?|hours?|hrs?|days?|weeks?|months?|\d+(?:\.\d+)?\s*(?:s|ms|min|h|hr))\b", re.IGNORECASE)
_DEPTH_ASKED = re.compile(r"\bhow\s+deep\b|\bdepth\b", re.IGNORECASE)
_DEPTH = re.compile(r"\b(?:deep|deeper|depths?|layers?|layered)\b", re.IGNORECASE)
# "how far ahead does X forecast": a lead time, stated only with a horizon or a unit of time.
_HORIZON_ASKED = re.compile(r"\bhow\s+(?:far|many\s+(?:minutes|hours|days|weeks|months|years|steps))\s+(?:ahead|out|into\s+the\s+future)\b"
                            r"|\blead\s+times?\b|\bhorizons?\b", re.IGNORECASE)
_HORIZON = re.compile(r"\b(?:ahead|horizons?|lead|hours?|days?|minutes?|weeks?|months?|years?|steps?|\d+(?:\.\d+)?\s*(?:h|hrs?|mins?))\b",
                      re.IGNORECASE)
_WIDTH_ASKED = re.compile(r"\bhow\s+wide\b", re.IGNORECASE)
_WIDTH = re.compile(r"\b(?:wide|wider|width|widths|channels?|neurons?|units?|hidden)\b", re.IGNORECASE)
_FREQUENCY_ASKED = re.compile(r"\bhow\s+often\b|\bhow\s+frequently\b", re.IGNORECASE)
_FREQUENCY = re.compile(r"\b(?:often|frequency|frequencies|every|per|times|daily|hourly|weekly|monthly|annually)\b", re.IGNORECASE)
_FEW = re.compile(r"\ba\s+few\b", re.IGNORECASE)
_SPEED = re.compile(r"\b(?:faster|speed-?ups?|-?fold|latency|throughput|real-time|seconds?|ms|times)\b|×", re.IGNORECASE)
# What a "how fast / how long / how deep / how far ahead / how wide / how often" question measures: a
# sentence answers it only when it states a figure together with that dimension's words.
_DIMENSIONS = ((_SPEED_ASKED, _SPEED), (_DURATION_ASKED, _DURATION), (_DEPTH_ASKED, _DEPTH), (_HORIZON_ASKED, _HORIZON),
               (_WIDTH_ASKED, _WIDTH), (_FREQUENCY_ASKED, _FREQUENCY))
_OWN = re.compile(r"\b(?:we|our)\b", re.IGNORECASE)
_OVERCOMES = re.compile(r"\b(?:address|overcom|tackl|mitigat|alleviat|resolv|remov|avoid|circumvent|lift|break)\w*", re.IGNORECASE)
# A shortcoming the authors grant of their own work: "our analysis is limited to ...", "we leave X to
# future work", "a limitation of our approach".
_OWN_LIMIT = re.compile(r"\b(?:limitations?|limited\s+to|restricted\s+to|future\s+work|remains?\s+(?:open|an\s+open)|"
                        r"does\s+not\s+(?:yet\s+)?(?:scale|generalize|handle|apply)|cannot|caveat)\b", re.IGNORECASE)
# The authors making something: "we build a new benchmark StormBench", "which we call FI".
_MAKES = re.compile(r"\b(?:we|our)\b.*\b(?:build|built|create|construct|develop|design|release|curate|collect|call|name|term|dub|coin|define)"
                    r"(?:s|d|ed|ing)?\b", re.IGNORECASE)
# "besides eDOS, what other spectra ...": the excluded thing is known, not asked for.
# So is what the asked thing is added to: "what do modified SINNs add on top of SINNs".
_EXCLUDED = re.compile(r"\b(?:besides|apart\s+from|other\s+than|aside\s+from|except(?:\s+for)?|beyond|on\s+top\s+of)\s+[^,?;]+(?:[,;]|\?|$)",
                       re.IGNORECASE)
# Words saying how many, not what ("several pressure-variable subsets"): no evidence for a sentence.
_QUANTIFIERS = set(tokenize("several multiple many various numerous"))
# Words that point at the paper ("in the inference-time steering paper", "the RCT budget paper, ...", "was
# the verbalized persuasion framework tested") found it already; they say nothing about which of its
# sentences answers.
_LOCATOR = re.compile(
    r"(?:^\W*|\b(?:in|of|from|for|by|with|per|is|are|was|were)\s+)(?:the|this|that)\s+[^?,;]{0,60}?\b(?:paper|work|study|article|abstract|framework)\b"
    # "how does the ToM paper infer ...", "how does the budgeted active experimentation framework choose ..."
    r"|\b(?:does|do|did)\s+(?:the|this|that)\s+[^?,;]{0,60}?\b(?:paper|study|article|framework|approach)\b",
    re.IGNORECASE)
_HOW_IT_WORKS = re.compile(r"^(\W*how\b.*?)\bworks?\s*\W*$", re.IGNORECASE)
# A sentence about the answer or its sources rather than the papers: an echo of the prompt's layout.
_META = re.compile(r"\b(?:this|the)\s+(?:answer|question|sources?|context|prompt|passages?|excerpts?)\b", re.IGNORECASE)
# "the weights and shape parameters": a thing set aside ("besides weights") listed with another.
_AND_ANOTHER = r"\w*\s+\(?(?:and(?:/or)?|or|as\s+well\s+as|along\s+with|together\s+with|plus)\s+\w"  # "(and/or ..." too
# The cue words of _EXCLUDED, which are not the thing set aside.
_EXCLUSION_WORDS = set(tokenize("besides apart other aside except beyond top"))
_CODE = re.compile(r"\bcode\b|\bgithub\b", re.IGNORECASE)
_URL = re.compile(r"\bhttps?:/*\S+|\b\S+\.(?:com|org|io|net)/\S*")
# Capitalised words before a bracketed abbreviation: "Theory of Mind (ToM)", "Batch Normalization (BN)".
_SPELLED_OUT = re.compile(r"((?:[A-Z][\w-]*\s+(?:(?:of|and|for|the|in)\s+)?){1,6})\([A-Za-z][\w-]*\)")
# Asked nouns answered only by a model's own name ("which base VLM", "what backbone").
_MODEL_NOUNS = {"llm", "mllm", "vlm", "backbone", "model", "architecture"}
# Heads of an asked phrase that name a category, not the thing ("which steering method", "what
# geometric quantity"): an abstract naming the thing need not use the category's word.
_CATEGORY_HEADS = set(tokenize("method approach technique quantity kind type sort thing concept procedure strategy "
                               "component part element ingredient piece change modification addition extension "
                               "property measure tool mechanism scheme signal source cue factor guarantee object"))
_NUMBER_STEMS = set(tokenize(" ".join(NUMBER_WORDS)))
_LANGUAGE_MODEL = re.compile(r"\b(?:m?llms?|vlms?|language\s+models?)$", re.IGNORECASE)
# "what are the two phases of X", "the components of X": the sentence listing them ("consists of A and B").
_PARTS_ASKED = re.compile(
    r"\b(?:two|three|four|main|key)\s+(?:\w+\s+)?(?:components?|parts?|phases?|stages?|steps?|modules?)\b"
    r"|\b(?:components?|parts?|phases?|stages?|steps?|modules?)\s+of\b", re.IGNORECASE)
_ENUMERATES = re.compile(r"\b(?:consists?\s+of|compris(?:e|es|ing)|composed\s+of|made\s+up\s+of|two|three|four)\b|\(i\)", re.IGNORECASE)
PARTS_BONUS = 0.1
# A sentence saying what a whole is made of ("The framework consists of A and B") lists every part, where
# "In the first phase, ..." tells one: it answers "what are the two phases of X" before any other.
_MADE_OF = re.compile(r"\b(?:consists?\s+of|compris(?:e|es)|(?:is|are)\s+composed\s+of|(?:is|are)\s+made\s+up\s+of)\b", re.IGNORECASE)
MADE_OF_BONUS = 1.0
_GENERIC_MEASURE_STEMS = set(tokenize(" ".join(GENERIC_MEASURES)))  # "ratio", "range": no measure's name
SECOND_RATIO = 0.9


@dataclass(frozen=True)
class Statement:
    """One sentence of a composed answer: `text` with its [n] marker; `silent` when it quotes no
    sentence of the abstract: it says the abstract does not state the asked fact, or gives it from
    the paper's record (its authors, year, venue). Such a statement is true by construction."""

    text: str
    n: int
    silent: bool = False
    whole: bool = False  # quotes the paper's whole abstract ("give me the abstract of X"): true by construction too


def compose(question: str, intent: Intent, sources: list[Source], max_sentences: int = 2,
            ratio: float = SECOND_RATIO) -> list[Statement]:
    """The statements answering `question` from `sources` (numbered, best first); empty without sources.

    A single-paper answer quotes up to `max_sentences` of the top paper's sentences: the best, the
    contribution (method, paper and general questions that do not name the paper), and the next
    ones scoring at least `ratio` of the best. Empty, so that the question is refused, when a
    compared thing ("difference between A and B") is in no source and the question names no
    source's paper (naming it, it is told the abstract is silent), or a bibliographic question
    (authors, year, venue) names no source's own paper; one naming it is told the abstract is silent,
    and given the fact from the paper's record when it holds it (`rag.bibliography`).
    A question looking for a paper by a figure ("which paper releases a dataset of 100 million
    conformers") is answered only from sources whose abstract states that figure.
    A question for a paper followed by one about it ("Which paper X, and what dataset did it use?")
    is answered in turn: the paper found, then the second question asked of it by its name.
    """
    parts = compound_parts(question)
    if parts:
        return _in_turn(*parts, sources, max_sentences, ratio)
    if intent.kind in ("paper", "papers"):
        sources = [src for src in sources if _states_figures(src, question)]
    if not sources or intent.kind == "out_of_scope":
        return []
    if _misses_compared(question, sources) and not _called_pair(question, intent, sources):
        # "Is ConfSleepNet faster than single-view sleep staging models?": the paper called by name is
        # silent on the other side; a question calling no paper by name is refused ("how does
        # Pangu-Weather compare with GraphCast": GraphCast is only a model one abstract writes).
        top = sources[0]
        return _silence(top, intent, question) if calls_by_name(question, top.hit.title, top.abstract) else []
    if intent.kind == "bibliographic":  # an abstract never says who wrote it, or when and where it appeared
        named = next((src for src in sources if calls_by_name(question, src.hit.title, src.abstract)), None)
        if named is None:
            return []
        fact = record_fact(intent.noun, named.hit.chunk_metadata)  # the paper's record (its corpus entry) may say it
        record = f"; its record gives {fact}" if fact else ""
        return [Statement(f"{_the_abstract(named)} {intent.missing_phrase()}{record} [{named.n}].",
                          named.n, silent=True)]
    if intent.kind == "abstract":  # "give me the abstract of the Glow paper": the paper named, whole
        thing = re.split(r"\babstract\s+(?:of|for|from)\s+", question, maxsplit=1, flags=re.IGNORECASE)[-1].strip(" ?.!")
        named = next((src for src in sources if calls_by_name(question, src.hit.title, src.abstract)
                      or calls_by_name(f"the {thing} paper", src.hit.title, src.abstract)), None)
        if named is None:
            return []
        name = display_name(named)
        return [Statement(f"{name + ': ' if name else ''}“{named.abstract.strip()}” [{named.n}]", named.n, silent=True, whole=True)]
    measure = extreme_measure(question) if intent.kind == "papers" else []
    if measure:  # "which of them is the deepest?": each paper stating that measure with a figure, for the reader to compare
        stating = [(src, _stating(src, measure)) for src in sources]
        return [_line(src, i) for src, i in stating if i is not None]
    detail = listed_detail(question) if intent.kind == "papers" else None
    if detail is not None:  # "what datasets do the weather papers use?": each paper's, or its silence
        return [_detail_line(src, detail, question) for src in sources]
    if intent.kind == "papers":
        return [_list_line(src, intent, question) for src in sources]
    compared = _compared_papers(question, sources) if intent.kind == "check" else []
    if compared:  # "compare Glow and neural ODEs": what each paper did, side by side
        return [_quote(src, i, lead=True) for src in compared for i in _summary(src, 1)]
    # "Which needs fewer labels, MindZero or Geo-R1?": each paper's own answer to a comparison, for the
    # reader to set side by side (its finding, not what the paper proposes)
    side = Intent("check", phrase=intent.phrase) if intent.kind in ("general", "method", "paper") else intent
    each = [st for src in _called_pair(question, intent, sources) for st in compose(question, side, [src], 1, ratio)[:1]]
    if each:
        return each
    top = sources[0]
    if intent.kind == "summary":
        if intent.noun == "evaluation":  # how it was tested and what came out, else what it found
            chosen = (_evaluation(top) or _findings(top))[:max_sentences]
        elif intent.noun == "contribution":  # "what's new in X": what the authors did, and how
            chosen = _contribution_told(top)[:max_sentences]
        else:
            chosen = _findings(top)[:max_sentences] if intent.noun == "findings" else _summary(top, max_sentences)
        if not chosen:
            return _silence(top, intent, question)
        return [_quote(top, i, lead=(k == 0)) for k, i in enumerate(chosen)]
    scores = _scores(top, intent, question)
    eligible = _answering(top, intent, question)
    if not eligible.any() or (intent.kind == "entity" and _counted_unnamed(top, intent, question)):
        return _silence(top, intent, question)
    ranked = [int(i) for i in np.argsort(-np.where(eligible, scores, -np.inf), kind="stable") if eligible[i]]
    chosen = ranked[:1]
    if intent.kind == "cause" and intent.noun != "problem":
        # "why does X require Y" when the abstract says "without Y": the correcting sentence comes first.
        fixes = sorted(premise_corrections(question, top), key=lambda i: -scores[i])
        chosen = fixes[:1] + [i for i in chosen if i not in fixes[:1]][: max(0, max_sentences - 1)]
    if intent.kind in ("method", "general", "paper"):
        # The paper's contribution names the method for a question that does not; one that does
        # ("how does LABO ...") wants the sentences on what it asks.
        # "What is BEARCUBS?" asks about nothing but the paper: the sentence introducing it answers.
        # The paper's opening sentence speaking of the field answers neither ("how does the Theory of
        # Mind paper infer mental states?" is not answered by "AI agents need Theory of Mind").
        named = _names_paper(top, question) and bool(_asked_stems(question, top))
        # A "general" question asks for a detail: a runner-up close enough to be shown may hold it.
        runner_up = any(scores[i] >= ratio * scores[ranked[0]] for i in ranked[1:max_sentences])
        field = not (intent.kind == "general" and runner_up) and not _OWN.search(top.sentence(chosen[0])) \
            and (chosen[0] == 0 or _sets_scene(top.sentence(chosen[0])))
        contribution = None if named and not field else _contribution(top, ranked)
        defining = _defining(top, question) if intent.kind == "general" else None
        if defining is not None:
            contribution = defining  # "What is ACE?": where the abstract introduces the name it defines it
        if contribution is not None and contribution not in chosen and max_sentences > 1:
            chosen.append(contribution)
    if chosen[0] > 0 and (_LEANS.search(top.sentence(chosen[0])) or _points_back_at(top.sentence(chosen[0]), intent)) and max_sentences > 1:
        chosen.insert(0, chosen[0] - 1)  # the sentence "these three" (or "these algorithms", asked for) refers to
    covered = []
    if intent.kind == "check" and _ASKS_COMPARISON.search(question):
        # "compare GaLore and LoRA": the sentence naming the other side comes before any finding.
        covered = _covering(top, question, ranked, chosen)[: max(0, max_sentences - len(chosen))]
        chosen += covered
    stated = _figure_settling(top, question, ranked, chosen) if intent.kind == "check" and max_sentences > 1 else []
    chosen += stated  # "does WLA cut storage by more than 100 times?": the sentence giving the figures settles it
    if intent.kind == "check" and max_sentences > 1 and not covered and not stated and not _FINDING.search(top.sentence(chosen[-1])):
        # A yes/no question or a comparison wants the verdict: the best sentence reporting a finding,
        # when the closest one only sets the scene ("Prior research has often framed ...").
        # With no finding at all, a sentence on other work ("existing systems extrapolate 2D radar") is
        # answered by the paper's own best sentence in the authors' voice ("We introduce X, ... 3D").
        findings = [i for i in ranked if i not in chosen and _FINDING.search(top.sentence(i))]
        # "Does SpikeInit use batch normalization?": only the background sentence writes the whole
        # phrase; the verdict is the finding on its head ("trained stably without normalization")
        head = _stems(intent.phrase.split()[-1]) if intent.phrase else set()
        if not findings and head:
            findings = [int(i) for i in np.argsort(-scores, kind="stable") if i not in chosen and _FINDING.search(top.sentence(i))
                        and all(_holds(_stems(top.sentence(i)), w) for w in head)]
        own = [i for i in ranked if i not in chosen and _OWN.search(top.sentence(i))] if _sets_scene(top.sentence(chosen[-1])) else []
        chosen += (_verdict_after(top, chosen[-1]) or findings or own)[:1]
    if intent.kind == "check":
        chosen += _covering(top, question, ranked, chosen)[: max(0, max_sentences - len(chosen))]
    chosen += [i for i in ranked[1:max_sentences] if i not in chosen and scores[i] >= ratio * scores[ranked[0]]][: max_sentences - len(chosen)]
    if intent.kind == "entity" and _asks_several(intent, question):
        # "which two forecasting models stand out": Aurora's sentence, then GraphCast's, when no
        # runner-up close enough took the place
        chosen += _naming_more(top, question, ranked, chosen)[: max(0, max_sentences - len(chosen))]
    return [_quote(top, i, lead=(k == 0)) for k, i in enumerate(sorted(chosen))]


# "What is ACE?", "what's PLaTITO exactly?": a question asking what a thing is, by its name alone.
_WHAT_IS = re.compile(r"^\W*(?:what\s+(?:is|are)|what's)\s+(?P<name>[^?]+?)(?:\s+exactly)?\s*\?*\s*$", re.IGNORECASE)


def _defining(source: Source, question: str) -> int | None:
    """For "What is NAME?" asking about nothing but the paper called NAME, the sentence where its
    abstract first writes NAME: abstracts define a name where they introduce it ("... and (ii)
    Adaptive Path Correction with Exponents (ACE), which generalizes Feynman-Kac steering ...").
    None for any other question, or when the abstract never writes the name as asked."""
    asked = _WHAT_IS.match(question)
    if not asked or _asked_stems(question, source):
        return None
    name = re.escape(asked.group("name").strip())
    return next((i for i in range(len(source.spans))
                 if re.search(rf"(?<![\w-]){name}(?![\w-])", plain_markup(source.sentence(i)), re.IGNORECASE)), None)


def _verdict_after(top: Source, i: int) -> list[int]:
    """The sentence after the `i`-th, as a one-item list, when it reports a finding on what the `i`-th
    speaks of, referring back to it ("With the emergence of scFMs, ... is widely expected to
    revolutionize GRN inference." then "However, we observe that their performance remains far from
    satisfactory."): the verdict on the expectation that sentence states. Else empty."""
    following = i + 1
    if following >= len(top.spans) or not _FINDING.search(top.sentence(following)):
        return []
    return [following] if _REFERS_BACK.search(top.sentence(following)) else []


def _figure_settling(top: Source, question: str, ranked: list[int], chosen: list[int]) -> list[int]:
    """For a yes/no question giving a figure ("by more than 100 times?"), the best answering sentence
    stating a figure of its own, when none chosen does; else none."""
    if not _DIGIT.search(question):
        return []
    asked = key_terms(question)
    if any(_states_number(top.sentence(i), asked) for i in chosen):
        return []
    return [i for i in ranked if i not in chosen and _states_number(top.sentence(i), asked)][:1]


# A count of more than one thing asked for ("which two models", "both datasets").
_SEVERAL = re.compile(r"\b(?:two|three|four|five|both)\b", re.IGNORECASE)
_COUNTS = {"two": 2, "both": 2, "three": 3, "four": 4, "five": 5}


def _asks_several(intent: Intent, question: str) -> bool:
    """True when an entity question asks for several things: its noun is plural ("which models",
    "what spectra") or it counts them ("which two")."""
    noun = intent.noun.lower()
    return (noun.endswith("s") and not noun.endswith("ss")) or noun in ("spectra", "corpora") or bool(_SEVERAL.search(question))


def _naming_more(top: Source, question: str, ranked: list[int], chosen: list[int]) -> list[int]:
    """The answering sentences, best first, each naming something (`_new_names`) that neither the
    question nor a sentence chosen before names: the other models of "which models"; none when the
    chosen sentences name as many things as asked already (two for a plural, else the count asked)."""
    asked, own = key_terms(question), display_name(top).lower()
    shown = set().union(*(_new_names(top.sentence(i), asked, own) for i in chosen))
    counted = _SEVERAL.search(question)
    if len(shown) >= _COUNTS.get(counted.group(0).lower(), 2) if counted else len(shown) >= 2:
        return []  # "QH9 and MD17": as many as asked are named already
    more = []
    for i in ranked:
        fresh = {t for t in _new_names(top.sentence(i), asked, own) - shown if len(t) > 1}  # "$N$" is a symbol
        if i not in chosen and fresh:
            more.append(i)
            shown |= fresh
    return more


def _in_turn(first: str, then: str, sources: list[Source], max_sentences: int, ratio: float) -> list[Statement]:
    """The answer to `first` (a question for a paper), then that to `then` asked of the paper it
    quotes by the paper's name ("what dataset did it use?" -> "what dataset did SpikeInit use?", "on
    what data?" -> "on what data of SpikeInit?"), or as put when the paper has no name."""
    head = compose(first, classify(first), sources, max_sentences, ratio)
    top = next((src for src in sources if head and src.n == head[0].n), None)
    if top is None:
        return head
    name = display_name(top)
    asked = asked_of(then, name) if name else then  # a paper with no name: the second question as put, of it alone
    if name and asked == then:  # "Which paper X, and on what data?": no pronoun, still asked of the paper found
        asked = f"{then.rstrip(' ?')} of {name}?"
    shown = {statement.text for statement in head}
    # the first part's answer already told which paper this is: "UniSparse: " is not said again
    said = [st for st in compose(asked, classify(asked), [top], max_sentences, ratio) if st.text not in shown]
    return head + [st for st in (replace(st, text=st.text.removeprefix(f"{name}: ")) for st in said) if st.text not in shown]


def _silence(top: Source, intent: Intent, question: str) -> list[Statement]:
    """"The X abstract does not state it [n]" when the question calls the top paper by its name
    (`rag.titles.calls_by_name`, or the words of the name answers show it by: "the lateral connection
    network" for "Lateral connections") or writes a coined name its abstract writes
    ("StormBench", `rag.titles.mentions_name`): the paper asked about is then known to be
    silent. A question that only describes a paper ("the long-context brain-to-text model") may mean
    another paper than the closest, so it is refused (empty)."""
    name = set(tokenize(display_name(top) or top.hit.display_title))
    if not (name and name <= set(tokenize(question))) and not calls_by_name(question, top.hit.title, top.abstract) \
            and not mentions_name(question, top.abstract):
        return []
    thing = asked_thing(question) if intent.kind == "general" and not intent.phrase else ""
    missing = f"does not give the {thing}" if thing else intent.missing_phrase()  # "does not give the latent dimension"
    return [Statement(f"{_the_abstract(top)} {missing} [{top.n}].", top.n, silent=True)]


def bears_on(sentence: str, question: str, source: Source) -> bool:
    """True when `sentence` (a model's, about `source`) holds a word the question asks about, the
    paper's own names and quantifiers aside ("In this paper, we propose UniSparse ..." does not bear
    on "what accuracy does unisparse get on cifar-10"), and does not talk about the answer or its
    sources ("from which this answer is derived"); always True when the question asks about nothing
    but the paper."""
    if _META.search(sentence):
        return False
    asked = _asked_stems(question, source)
    held = _stems(sentence)
    return not asked or any(_holds(held, w) for w in asked)


def _asked_stems(question: str, source: Source) -> set[str]:
    """The stems of what `question` asks about `source`: its words but the paper's own names,
    locator words and quantifiers (empty for "what is BEARCUBS?")."""
    question = _HOW_IT_WORKS.sub(r"\1", question)  # "how does MindZero work?" asks about nothing but the paper
    return _stems(_LOCATOR.sub(" ", question)) - _stems(" ".join(_own_words(source, question))) - _QUANTIFIERS


def _sets_scene(sentence: str) -> bool:
    """True when `sentence` is about other work or the field, not the authors' own: it opens so
    ("However, existing systems ...") or says what other methods do without reporting a finding
    ("... is not sufficiently preserved ... in standard dimension reduction regimes")."""
    return bool(_BACKGROUND.search(sentence) or (_OTHER_WORK.search(sentence) and not _FINDING.search(sentence))) \
        and not _OWN.search(sentence)


def _covering(source: Source, question: str, ranked: list[int], chosen: list[int]) -> list[int]:
    """For a comparison ("compare Aurora and GraphCast"), the best-ranked sentence naming each thing
    the question names (a word the abstract writes as a name) that the chosen sentences leave out."""
    names = set(tokenize(question)) & {t for t in key_terms(source.abstract) if not t[0].isdigit()}
    names -= set(display_name(source).lower().split())
    added: list[int] = []
    for name in sorted(names):
        if any(name in _stems(source.sentence(i)) for i in chosen + added):
            continue
        holder = next((i for i in ranked if name in _stems(source.sentence(i))), None)
        if holder is not None and holder not in chosen + added:
            added.append(holder)
    return added


def _contribution(source: Source, ranked: list[int]) -> int | None:
    """The best-ranked sentence stating the paper's own contribution, when the best sentence does not.

    A "which paper" or "how" question is answered by what the paper did, and the sentence closest to
    the question is often the problem it restates. A sentence that introduces the work ("we propose
    X", "by introducing X") comes first; failing one, any sentence in the authors' voice ("we", "our").
    """
    if not ranked or _PROPOSES.search(source.sentence(ranked[0])):
        return None
    proposes = next((i for i in ranked[1:] if _PROPOSES.search(source.sentence(i))), None)
    if proposes is not None or _OWN.search(source.sentence(ranked[0])):
        return proposes
    return next((i for i in ranked[1:] if _OWN.search(source.sentence(i))), None)


def _detail_line(source: Source, detail: Intent, question: str) -> Statement:
    """One paper of a list asking a detail of each ("what hardware do SNN papers target?"): the line
    quoting its best sentence that answers the detail (`_answering`; for a detail with no kind of its
    own, one writing its words), else "- The X abstract does not say which hardware [n]."."""
    eligible = _answering(source, detail, question)
    if detail.kind == "general":
        wanted = _stems(detail.phrase)
        eligible &= np.array([all(_holds(_stems(source.sentence(i)), w) for w in wanted) for i in range(len(source.spans))], dtype=bool)
    if not eligible.any():
        return Statement(f"- {_the_abstract(source)} {detail.missing_phrase()} [{source.n}].", source.n, silent=True)
    scores = _scores(source, detail, question)
    return _line(source, int(np.argmax(np.where(eligible, scores, -np.inf))))


def _line_sentence(source: Source, intent: Intent, question: str) -> int:
    """The sentence a list line quotes: the one scoring best for the question, unless that is an
    opening sentence speaking of the field ("Data-driven models are revolutionizing weather
    forecasting.") or one about other work ("However, existing studies often rely on weather data in
    pixel space"): then the best of the authors' own sentences holding as much of the topic, else the
    one saying what they did (`_did`). A list line says what each paper does."""
    scores = _scores(source, intent, question)
    best = int(np.argmax(scores))
    if _OWN.search(source.sentence(best)) or not (best == 0 or _sets_scene(source.sentence(best))):
        return best
    focus = _focus(source, content_query(question))  # "study" of "which papers study X" is no evidence
    own = [i for i in range(len(scores)) if i != best and focus[i] >= focus[best] and _OWN.search(source.sentence(i))]
    return max(own, key=lambda i: scores[i]) if own else _in_full(source, _did(source))


def _list_line(source: Source, intent: Intent, question: str) -> Statement:
    """One paper's line of a "which papers" answer: its own sentence (`_line_sentence`), after the
    topic's sentence when that holds more of the topic (`_topic_lead_in`)."""
    i = _line_sentence(source, intent, question)
    return _line(source, i, by=intent.noun == "authors", lead_in=_topic_lead_in(source, intent, question, i))


def _topic_lead_in(source: Source, intent: Intent, question: str, i: int) -> int | None:
    """The sentence a list line quotes before its own, the `i`-th (`_line_sentence`), or None: the
    best-scoring sentence when the line passed it over as the opening on the field or on other work
    and it holds more of the question's topic than the line's sentence does ("Autoregressive language
    models frequently degrade ..." before "We introduce the Fatigue Index ..." for "which papers study
    degradation in language models"), so that the line shows why the paper is listed, as a
    single-paper answer gives the best sentence with the contribution."""
    best = int(np.argmax(_scores(source, intent, question)))
    if best == i:
        return None
    focus = _focus(source, content_query(question))
    return best if focus[best] > focus[i] else None


def _in_full(source: Source, i: int) -> int:
    """Sentence `i`, or the next one when `i` only announces it ("We identify an alternative, emergent
    route." before "We show that ... weight decay drives ..."): a line must say something on its own."""
    short = len(source.sentence(i).split()) < STUB_WORDS
    return i + 1 if short and i + 1 < len(source.spans) and _OWN.search(source.sentence(i + 1)) else i


def _stating(source: Source, measure: list[str]) -> int | None:
    """The sentence of `source` stating a figure of `measure` (a number next to one of its words, the
    one holding most of its words), or None when none does."""
    figure = _figure_of(tuple(measure))
    held = [(sum(_holds(_stems(source.sentence(i)), w) for w in measure), i) for i in range(len(source.spans))
            if figure.search(_ENUMERATOR.sub(" ", source.sentence(i)))]
    return max(held, default=(0, None))[1]


@lru_cache(maxsize=256)
def _figure_of(measure: tuple[str, ...]) -> re.Pattern[str]:
    """A figure standing next to a word of `measure`: "1000-layer", "24 layers", "3.2x faster", "a
    speedup of 5x"."""
    words = "|".join(re.escape(w) for w in measure)
    return re.compile(rf"\d[\d.,]*\s*(?:[x×%]|times|-?fold)?\s*-?\s*(?:{words})|\b(?:{words})\w*\s+(?:of|by|to)\s+(?:up\s+to\s+)?\d",
                      re.IGNORECASE)


def _summary(source: Source, max_sentences: int) -> list[int]:
    """The sentences summing a paper up, in the abstract's order: what the authors did (`_did`) and
    what they found (their first finding after it), at most `max_sentences`."""
    did = _did(source)
    found = next(iter(_findings(source)), None)
    return sorted({did, found} - {None})[: max(1, max_sentences)]


def _contribution_told(source: Source) -> list[int]:
    """The sentences saying what a paper brings: what the authors did (`_did`) and the sentence
    after it when that goes on describing the work (no finding, no other work: "The framework
    combines structure-aware spectrum decoding with ...")."""
    did = _did(source)
    after = did + 1
    goes_on = after < len(source.spans) and not _FINDING.search(source.sentence(after)) and not _sets_scene(source.sentence(after)) \
        and not _RESULT.search(source.sentence(after))
    return [did, after] if goes_on else [did]


def _did(source: Source) -> int:
    """The sentence saying what the authors did: the one introducing their work, else their first in
    their own voice, else the opening sentence."""
    count = len(source.spans)
    introduces = next((i for i in range(count) if _PROPOSES.search(source.sentence(i))), None)
    return introduces if introduces is not None else next((i for i in range(count) if _OWN.search(source.sentence(i))), 0)


def _findings(source: Source) -> list[int]:
    """The sentences reporting what the paper found, in the abstract's order, from the one saying
    what the authors did on: a finding ("we show", "outperforms") or a result ("achieves", "reduces
    ... by 12%"), not a sentence about other work."""
    return [i for i in range(_did(source), len(source.spans))
            if (_FOUND.search(source.sentence(i)) or _RESULT.search(source.sentence(i))) and not _sets_scene(source.sentence(i))]


def _evaluation(source: Source) -> list[int]:
    """The sentences saying how the paper was evaluated, in the abstract's order, from the one saying
    what the authors did on: those naming experiments, evaluations, benchmarks or results ("Extensive
    experiments on the large QH9 and MD17 datasets demonstrate ..."), and a sentence stating figures
    right after one ("The sparsified ResNet-18 model requires only 7.04M SOPs ...")."""
    chosen: list[int] = []
    for i in range(_did(source), len(source.spans)):
        sentence = source.sentence(i)
        if _sets_scene(sentence):
            continue
        if _EVALUATED.search(sentence) or (chosen and chosen[-1] == i - 1 and re.search(r"(?<![\w(])\d", sentence)):
            chosen.append(i)
    return chosen


def plan_text(statements: list[Statement]) -> str:
    """The statements as one answer text: a list answer one line per paper, else one paragraph."""
    joiner = "\n" if any(st.text.startswith("- ") for st in statements) else " "
    return joiner.join(st.text for st in statements)


def display_name(source: Source) -> str:
    """The paper's name for answers: its title, unless that was derived from the abstract's opening
    words (titles of seed abstracts without a coined name) or is long. A long title gives the short
    name before its colon ("APT" of "APT: Adaptive Pruning and Tuning ..."); failing that, the name
    the abstract gives its contribution where it introduces it ("We introduce Agent Rosetta, ..."),
    else the whole title all the same (a list line must say which paper it is). LaTeX in a title
    reads as text (`rag.titles.readable_markup`)."""
    if is_opening(source.hit.title.strip(), source.abstract):
        return introduced_name(source.abstract)
    title = readable_markup(source.hit.title.strip())
    if len(title.split()) > 12:
        return title_head(title) or introduced_name(source.abstract) or title
    return title


def _the_abstract(source: Source) -> str:
    """How an answer names the paper's abstract: "The BEARCUBS abstract" by the short name before its
    title's colon, else by its display name when that is a name of a few words ("The SpikeInit
    abstract"), "The abstract of Spectral Normalization for Generative Adversarial Networks" for a
    longer title, and "The cited paper's abstract" when it has no name."""
    name = title_head(readable_markup(source.hit.title)) or display_name(source)
    if not name:
        return _UNNAMED_ABSTRACT
    return f"The {name} abstract" if len(name.split()) <= 4 else f"The abstract of {name}"


_UNNAMED_ABSTRACT = "The cited paper's abstract"
# An answer saying a named paper's abstract is silent, as `_the_abstract` words it.
_SILENT_ABOUT = re.compile(r"^The (?:(?P<name>.+?) abstract|abstract of (?P<long>.+?)) (?:does not|is silent)\b")


def plainest_name(names: list[str]) -> str:
    """The first of `names` (names a question writes that an abstract lacks) writing no digit, else the
    first: "ImageNet" before "top-1", so that saying the abstract does not mention it states no figure
    the abstract lacks."""
    return next((name for name in names if not re.search(r"\d", name)), names[0])


def not_mentioned(source: Source, phrase: str) -> Statement:
    """"The MAML abstract does not mention second derivatives [1].": a yes/no question about a named
    paper on something its abstract never speaks of."""
    return Statement(f"{_the_abstract(source)} does not mention {phrase} [{source.n}].", source.n, silent=True)


def silent_about(answer: str) -> str | None:
    """The name of the paper an answer says is silent on what was asked ("The SpikeInit abstract
    does not name a dataset [1]." gives "SpikeInit"); None for any other answer, or a paper with no name."""
    match = None if answer.startswith(_UNNAMED_ABSTRACT) else _SILENT_ABOUT.match(answer)
    return (match.group("name") or match.group("long")) if match else None


def _quote(source: Source, i: int, lead: bool) -> Statement:
    """`Name: “sentence” [n]` for the answer's first sentence (naming the paper), else `“sentence” [n]`."""
    sentence = source.sentence(i)
    name = display_name(source)
    prefix = f"{name}: " if lead and name and name.lower() not in sentence.lower() else ""
    return Statement(f"{prefix}“{sentence}” [{source.n}]", source.n)


LINE_AUTHORS = 3  # a list line names this many of its paper's authors, then "and N others"


def _line(source: Source, i: int, by: bool = False, lead_in: int | None = None) -> Statement:
    """One paper of a list answer: `- Name: “sentence” [n]`; `by` ("who works on X") names its
    authors after its name, from its record: `- Name (Ann Lee and Bo Chen): ...`; `lead_in`, a
    sentence quoted first (`_topic_lead_in`): `- Name: “lead-in” [n] “sentence” [n]`."""
    name = display_name(source)
    authors = authors_of(source.hit.chunk_metadata, LINE_AUTHORS) if by else ""
    label = f"{name} ({authors})" if name and authors else name or authors
    quoted = " ".join(f"“{source.sentence(k)}” [{source.n}]" for k in ([] if lead_in is None else [lead_in]) + [i])
    return Statement(f"- {label + ': ' if label else ''}{quoted}", source.n)


def _pairs_with_another(sentence: str, excluded: set[str]) -> bool:
    """True when `sentence` lists a word of the thing set aside with another thing ("initializes the
    weights and shape parameters" for "besides weights, what does X set"): the other may be what is asked."""
    return any(re.search(rf"\b{re.escape(stem)}{_AND_ANOTHER}", sentence, re.IGNORECASE) for stem in excluded)


def _scores(source: Source, intent: Intent, question: str) -> np.ndarray:
    """The question scores of a source's sentences, raised for sentences holding what the intent asks for."""
    asked = key_terms(question)
    name = display_name(source).lower()
    own = set(name.split())
    scores = np.array(source.scores, dtype=np.float64) + FOCUS_WEIGHT * _focus(source, question)
    phrase = _stems(intent.phrase)
    excluded = _stems(" ".join(m.group(0).split(None, 1)[-1] for m in _EXCLUDED.finditer(question))) - _EXCLUSION_WORDS
    parts = bool(_PARTS_ASKED.search(question))
    other = _OTHER_SIDE.search(question)
    other_side = _stems(other.group("other")) - own - _PRONOUNS if other else set()
    verbs = _asked_verb(question, intent.noun, own) if intent.kind in ("entity", "general") else set()
    of_others = bool(_ASKS_OTHER_WORK.search(question))
    predicate = copular_predicate(question) if intent.kind == "check" else []
    for i in range(len(source.spans)):
        sentence = source.sentence(i)
        background = _sets_scene(sentence)  # "However, we find ..." reports
        scores[i] += OTHER_WORK_BONUS * (of_others and bool(_OTHER_WORK.search(sentence)))
        if other_side and all(_holds(_stems(sentence), w) for w in other_side) and _SETS_AGAINST.search(sentence):
            scores[i] += OTHER_SIDE_BONUS  # "outperforms transformers" for "how does X stack up against transformers"
        scores[i] += ASKED_BONUS * bool((asked - own) & key_terms(sentence))
        scores[i] += PARTS_BONUS * (parts and bool(_ENUMERATES.search(sentence))) + MADE_OF_BONUS * (parts and bool(_MADE_OF.search(sentence)))
        if excluded and excluded <= _stems(plain_markup(sentence)) and not _pairs_with_another(sentence, excluded):
            scores[i] -= EXCLUDED_PENALTY  # "besides drug design": not the drug design sentence
        if phrase:
            held = _stems(sentence)
            scores[i] += PHRASE_BONUS * sum(_holds(held, w) for w in phrase) / len(phrase)
        if intent.kind == "quantity" and _states_number(sentence, asked):
            digits = bool(_DIGIT.search(sentence))
            scores[i] += NUMBER_BONUS * (1.0 if digits else 0.5) + (UNIT_BONUS if _UNIT.search(sentence) else 0.0)
        elif intent.kind == "entity":
            scores[i] += NAME_BONUS * bool(_new_names(sentence, asked, name)) + ACTS_ON_BONUS * _acts_on(sentence, verbs, intent.noun)
            scores[i] += NOUN_BONUS * bool(intent.noun and intent.noun.lower().rstrip("s") in sentence.lower())
        elif intent.kind in ("paper", "papers"):
            scores[i] += TITLE_BONUS * bool((name and name in sentence.lower()) or _INTRODUCES.search(sentence))
        elif intent.kind == "check":
            scores[i] += FINDING_BONUS * bool(_FINDING.search(sentence)) - BACKGROUND_PENALTY * background
            scores[i] += VERDICT_BONUS * writes_in_a_row(predicate, plain_markup(sentence))
        elif intent.kind == "cause" and intent.noun != "problem":
            scores[i] += REASON_BONUS * bool(_REASON.search(sentence))
        elif intent.kind == "general" and intent.noun == "condition":
            scores[i] += CONDITION_BONUS * bool(_CONDITIONS.search(sentence))
        elif intent.kind == "general":  # "what guarantees does X establish": "We establish ... bounds"
            scores[i] += ACTS_ON_BONUS * _authors_do(sentence, verbs)
        if intent.kind in ("paper", "papers", "method", "general"):
            scores[i] += CONTRIBUTION_BONUS * bool(_INTRODUCES.search(sentence)) - BACKGROUND_PENALTY * background
    return scores


def _focus(source: Source, question: str) -> np.ndarray:
    """Per sentence, the share of the question's words it holds, each word weighted by its rarity among
    the abstract's sentences (log(1 + sentences / (1 + sentences holding it))); a word of five letters
    or more matches its variants ("efficient" for "efficiency"). The words naming the paper (its name,
    the long form the question calls it by), a thing excluded ("besides X") and words pointing at the
    paper ("in the X paper") are no evidence."""
    own = _own_words(source, question)
    question = _LOCATOR.sub(" ", _EXCLUDED.sub(" ", question))
    sentences = _sentence_stems(source)
    names = " ".join(t for t in key_terms(question) if not t[0].isdigit() and t not in FIELD_ACRONYMS)  # "RL" is a topic
    words = sorted(_stems(question) - _stems(" ".join(own)) - _stems(names) - _QUANTIFIERS)
    held = np.array([[_holds(stems, w) for w in words] for stems in sentences], dtype=np.float64).reshape(len(sentences), len(words))
    counts = held.sum(axis=0)
    weights = np.where(counts > 0, np.log1p(len(sentences) / (1 + counts)), 0.0)  # absent words tell sentences nothing
    return held @ weights / weights.sum() if weights.sum() > 0 else np.zeros(len(sentences))


def _own_words(source: Source, question: str) -> set[str]:
    """The words of the paper's display name and of each own name the question calls it by, lower-cased."""
    called = [n for n in own_names(source.hit.title, source.abstract) if names_any(question, [n])]
    return set(" ".join([display_name(source).lower(), *called]).split())


# Each field acronym with its long form, singular (`rag.query.FIELD_ACRONYMS`: "rl", "reinforcement learning").
_FIELD_LONG_FORMS = [(a, f) for a, f in FIELD_ACRONYMS.items() if not a.endswith("s")]


def _sentence_stems(source: Source) -> list[set[str]]:
    """Each sentence's stems, with the long form of each acronym the abstract defines that it uses and
    the acronym of each long form it spells out ("LCs" also holds "lateral connections"), a field
    acronym's too ("reinforcement learning" holds "RL")."""
    defined = {a: f for a, f in defined_acronyms(plain_markup(source.abstract)).items() if len(a) > 1}
    stems = []
    for i in range(len(source.spans)):
        sentence = plain_markup(source.sentence(i))
        words = set(re.findall(r"[a-z0-9-]+", sentence.lower()))
        extra = " ".join(f"{a} {f}" for a, f in defined.items() if a in words or f in sentence.lower())
        fields = " ".join(a for a, f in _FIELD_LONG_FORMS if f in sentence.lower())  # "reinforcement learning" is RL
        stems.append(_stems(f"{sentence} {extra} {fields}"))
    return stems


def _with_digits(source: Source) -> np.ndarray:
    """Which sentences state a figure in digits."""
    return np.array([bool(_DIGIT.search(_ENUMERATOR.sub(" ", source.sentence(i)))) for i in range(len(source.spans))], dtype=bool)


def _vague(source: Source) -> np.ndarray:
    """Which sentences give a vague count ("only a few seconds of context"), which answers "how many seconds"."""
    return np.array([bool(_FEW.search(source.sentence(i))) for i in range(len(source.spans))], dtype=bool)


def _asking(source: Source) -> np.ndarray:
    """Which sentences are questions ("does observing X imply Y?") or say one is raised or open ("raises
    the question of how ...", "remains an open question"): they raise what is asked, never answer it."""
    return np.array([source.sentence(i).rstrip(" \"'”’)").endswith("?") or bool(_RAISES_QUESTION.search(source.sentence(i)))
                     for i in range(len(source.spans))], dtype=bool)


def _stating_while_raising(source: Source, intent: Intent) -> np.ndarray:
    """Which sentences that raise a question still state what a question for a named thing asks:
    "Programming adaptive behaviors at the cellular level is a long-standing goal that raises the
    question of how probabilistic computation can be implemented in biochemical systems" names a
    goal, a level and systems ("in what kind of systems ..."), and for "what question does X raise"
    the question raised ("This raises an identifiability question: does ...?") is the answer. A
    sentence that is only a question states nothing; how, why and yes/no questions are never
    answered by a sentence raising one."""
    n = len(source.spans)
    if intent.kind not in ("entity", "general") or not (intent.noun or intent.phrase):
        return np.zeros(n, dtype=bool)
    if tokenize(intent.noun or intent.phrase)[-1:] == tokenize("question"):
        return np.ones(n, dtype=bool)
    return np.array([bool(_RAISES_QUESTION.search(source.sentence(i))) and not source.sentence(i).rstrip(" \"'”’)").endswith("?")
                     for i in range(n)], dtype=bool)


# A sentence saying a question is raised or still open.
_RAISES_QUESTION = re.compile(r"\braises?\s+the\s+question\b|\b(?:remains?|is)\s+(?:an?\s+)?open\s+(?:question|problem)\b"
                              r"|\bit\s+(?:remains|is)\s+unclear\s+(?:whether|how|why|what)\b", re.IGNORECASE)


def _counts(sentence: str, noun: str, window: int = 3) -> bool:
    """True when a number in `sentence` stands within `window` words of `noun` or a variant of it
    ("nine models", "downstream tasks (25+)", "a few seconds"), a number joined to it by a hyphen
    too ("a three-stream framework"), i.e. the sentence counts or measures what is asked; "2D" counts
    dimensions. A colon or
    semicolon parts them: "three key factors: model size, ..." counts factors, not models."""
    stem = tokenize(noun)
    if not stem:
        return False
    for part in re.split(r"[:;]", sentence):
        words = _WORDS.findall(part)
        numbers = [i for i, w in enumerate(words) if w[0].isdigit() or w.split("-")[0].lower() in NUMBER_WORDS or w.lower() == "few"]
        # "2D radar reflectivity" counts dimensions
        nouns = [i for i, w in enumerate(words) if _holds(set(tokenize(w)), stem[-1]) or (stem[-1] == "dimens" and re.fullmatch(r"\d+D", w))]
        if any(abs(i - j) <= window for i in numbers for j in nouns):
            return True
    return False


# What follows a count and its noun when the abstract names the things counted: "two components: (i) ...",
# "two novel methods, Virtual Value Perturbation and ...", "signals such as ...", "principles (locality, ...)";
# not "nine models (1B–13B parameters)" or "5 model families and the MMLU ... datasets".
_NUMBER = r"\d+|" + "|".join(w for w in NUMBER_WORDS if not w.endswith("fold"))
_NAMED_NEXT = re.compile(r"\s*(?::|\u2014|such\s+as\b|including\b|namely\b|like\b|\((?!\s*\d)|,\s*(?:[A-Z]|\(\s*(?:\d{1,2}|[ivx]{1,4})\s*\)))")


def _counted_unnamed(source: Source, intent: Intent, question: str) -> bool:
    """True when an entity question counts what it asks for ("which nine models", "which five model
    families") and the abstract writes that count of it only as a count, naming none ("Across nine models
    (1B–13B parameters), ..."): the abstract does not say which they are. "These three signals" points
    back to a sentence naming them, so it is no such count."""
    noun = tokenize(intent.noun)
    asked = re.search(rf"\b({_NUMBER})\s+(?:[\w-]+\s+)?{re.escape(intent.noun)}\b", question, re.IGNORECASE)
    if not noun or not asked:
        return False
    count = NUMBER_WORDS.get(asked.group(1).lower(), asked.group(1))
    written = rf"(?<![\w-])(?:{count}|{'|'.join(w for w, n in NUMBER_WORDS.items() if n == count)})\s+(?:([\w-]+)\s+)?(\w+)"
    unnamed = False
    for i in range(len(source.spans)):
        sentence = source.sentence(i)
        for match in re.finditer(written, sentence, re.IGNORECASE):
            if not any(word and _holds(_stems(word), noun[-1]) for word in match.groups()):
                continue
            if _NAMED_NEXT.match(sentence, match.end()) or re.search(r"\b(?:these|those)\s+$", sentence[:match.start()], re.IGNORECASE):
                return False
            unnamed = True
    return unnamed


def _lists(sentence: str, phrase: str) -> bool:
    """True when `sentence` counts a word of the counted `phrase` by listing its items
    (`rag.text.listed_nouns`): "the MMLU, TriviaQA, and Spider datasets" answers "how many benchmark
    datasets", "de-novo, conformer, and protein-conditioned experts" "how many expert models"; or
    after it (`rag.text.items_after`): "signals such as A, B, and C" answers "how many signals"."""
    listed = listed_nouns(sentence) | items_after(sentence)
    return any(stem in listed for stem in tokenize(phrase))


def _stems(text: str) -> set[str]:
    return set(tokenize(text))


def _holds(stems: set[str], word: str) -> bool:
    """True when `word` (a stem) or, for five letters or more, a variant sharing its first five is in `stems`."""
    return word in stems or (len(word) >= 5 and any(s.startswith(word[:5]) for s in stems))


def _names_paper(source: Source, question: str) -> bool:
    """True when the question names the paper: its title or own name (`rag.titles.calls_by_name`), or a
    name (a word with capitals or digits) the abstract uses."""
    name = display_name(source).lower()
    if (name and name in question.lower()) or calls_by_name(question, source.hit.title, source.abstract):
        return True
    return bool({t for t in key_terms(question) if not t.isdigit()} & key_terms(source.abstract))


def _answering(source: Source, intent: Intent, question: str) -> np.ndarray:
    """Which sentences could answer at all: for a quantity one stating a number (one counting the
    measured noun, when any does), for an entity one naming something new or the asked noun; for
    other intents every sentence."""
    asked = key_terms(question)
    name = display_name(source).lower()
    dimensions = [stated for asked_for, stated in _DIMENSIONS if asked_for.search(question)]
    # Capitalised words of a phrase the abstract abbreviates ("Theory of Mind (ToM)") are no model's name;
    # nor, when a language model is asked for, the terms it defines ("Bayesian persuasion (BP)").
    spelled = {w.lower() for m in _SPELLED_OUT.finditer(plain_markup(source.abstract)) for w in m.group(1).split()}
    if _LANGUAGE_MODEL.search(intent.phrase or intent.noun):
        spelled |= {w for a, f in defined_acronyms(plain_markup(source.abstract)).items() for w in (a, *f.split())}
    against = intent.noun.lower() in _BASELINE_NOUNS or bool(_COMPARED_ASKED.search(question))
    # The problem a paper takes on is stated before the sentence introducing what it does.
    first_own = next((i for i in range(len(source.spans)) if _INTRODUCES.search(source.sentence(i))), len(source.spans))
    # "what are MEG-XL's limitations?" asks of the paper's own method, by its own name or title
    own_limits = intent.kind == "cause" and intent.noun == "limitations" and not _limits_of_others(question, name) and (
        bool(name and name in question.lower()) or calls_by_name(question, source.hit.title, source.abstract))
    relative = intent.kind == "quantity" and _sized_in_words(source, question, asked)
    flags = []
    for i in range(len(source.spans)):
        sentence = source.sentence(i)
        if intent.kind == "quantity":
            flags.append((_states_number(sentence, asked) and all(stated.search(sentence) for stated in dimensions))
                         or _none_of(sentence, intent.phrase) or bool(relative and _RELATIVE_SIZE.search(sentence)))
        elif intent.kind == "entity" and intent.noun.lower() in _DATA_NOUNS:
            # "what kind of data": a sentence saying "snapshot data" answers too
            # "which realistic datasets": a sentence naming one ("MD17"), not one restating "realistic datasets"
            named = intent.noun.lower() == "data" or intent.of_kind or bool(_new_names(sentence, asked, name))
            flags.append((_names_data(sentence) and named) or (intent.noun.lower() == "data" and bool(_DATA_KINDS.search(sentence))))
        elif intent.kind == "code":  # "is X open source?": the sentence linking or releasing its code
            flags.append(bool(_URL.search(sentence) or _CODE.search(sentence)))
        elif intent.kind == "expansion":  # "what does ACE stand for": the sentence defining "... (ACE)"
            # "(SNNs)" defines "SNN" too, and "(SNN)" "SNNs"
            single = intent.noun[:-1] if re.search(r"[A-Z]s$", intent.noun) else intent.noun
            flags.append(bool(re.search(rf"\(\s*{re.escape(single)}s?\s*\)", plain_markup(sentence), re.IGNORECASE)))
        elif intent.kind == "entity" and against:  # "what baselines does X beat": a sentence comparing
            flags.append(bool(_COMPARES.search(sentence)))
        elif intent.kind == "entity" and intent.noun.lower().rstrip("s") in _MODEL_NOUNS and not intent.of_kind:
            # "which LLM does X fine-tune": a model's own name answers, not "multimodal LLMs" in general
            flags.append(any(not is_generic_term(t) and t not in spelled and not _restates(t, question)
                             for t in _new_names(sentence, asked, name)))
        elif intent.kind == "entity":
            noun = intent.noun.lower().rstrip("s")
            # "which scientific tasks": "across diverse scientific tasks" restates the question, names none
            # a model family ("VLMs") names no algorithm, task, metric or reward; it may be a system or generator
            family_may_answer = noun in ("system", "generator")
            flags.append(any(family_may_answer or not is_model_family(t) for t in _new_names(sentence, asked, name))
                         or bool(noun and noun in sentence.lower() and (intent.of_kind or not _restates_kind(sentence, noun, question))))
        elif own_limits:
            # "what are MEG-XL's limitations?": a shortcoming the authors grant of their own method; the
            # problems of earlier work that the abstract opens with are none of its own
            # ("This paper addresses this core limitation by proposing SpikeInit" is the problem it takes on)
            flags.append(bool(_OWN_LIMIT.search(sentence)) and bool(_OWN.search(sentence) or (name and name in sentence.lower()))
                         and not _OVERCOMES.search(sentence))
        elif intent.kind == "cause":  # "why ...": a sentence giving a reason or a shortcoming, or what the authors show
            flags.append(bool(_REASON.search(sentence)) or bool(_SHOWN.search(sentence)))
        else:
            flags.append(True)
    asking = _asking(source) & ~_stating_while_raising(source, intent)
    flags = np.array(flags, dtype=bool) & ~asking
    if intent.kind == "cause" and intent.noun == "problem":
        # "what problem does X address": the problem as stated before the paper says what it does, or
        # "This paper addresses ..."; a finding is no problem. Failing those, the setting the abstract
        # opens with before the authors speak ("ConvNets are commonly developed at a fixed resource
        # budget, and then scaled up ..."); failing that too, as for "why ...".
        stated = np.array([bool(_ADDRESSES.search(source.sentence(i))) or (i < first_own and bool(_PROBLEM.search(source.sentence(i))))
                           for i in range(len(flags))], dtype=bool) & ~asking
        remedied = np.array([i + 1 < len(flags) and bool(_REMEDY_OPENS.search(source.sentence(i + 1)))
                             for i in range(len(flags))], dtype=bool) & ~asking
        stated = remedied if remedied.any() else stated
        setting = (np.arange(len(flags)) < first_own) & ~asking & (first_own < len(flags))
        flags = stated if stated.any() else setting if setting.any() else flags
    # "what is the latent dimension of WLA", "what is X's Cohen's kappa": the thing asked for, also
    # when no question word takes it as object (`rag.intent.asked_thing`)
    phrase = (intent.phrase or asked_thing(question)) if intent.kind == "general" else ""
    head = tokenize(phrase.split()[-1]) if phrase else []
    # "which steering method": the abstract may say "steering" alone; "which one is more ...": a pronoun, no kind
    if head and (head[-1] in _CATEGORY_HEADS or head[-1] in _NUMBER_STEMS):
        # "what two components": a count and a category name nothing the abstract must hold
        head = sorted(_stems(phrase)) if _stems(phrase) - _CATEGORY_HEADS - _NUMBER_STEMS else []
    unwritten = bool(head) and not any(_holds(_stems(source.abstract), word) for word in head)  # "what GPU was it trained on"
    if unwritten or (intent.kind == "entity" and _unwritten_kind(source, intent)):  # "which temperature setting does LABO use"
        # the abstract never writes the asked kind; a sentence restating all the rest of the question
        # still fills its slot ("which fields is free energy estimation central to": "... central to chemistry and drug discovery")
        return _restating(source, question, phrase or intent.phrase) & ~asking
    if intent.kind == "check" and intent.phrase:  # "does X need matrix multiplications": a sentence on them
        wanted = _stems(intent.phrase)
        flags = np.array([all(_holds(_stems(source.sentence(i)), w) for w in wanted) for i in range(len(flags))], dtype=bool)
    if own_limits:
        return flags  # none granted: the abstract is silent on them
    if intent.kind == "entity" and against and flags.any():
        # "which brain foundation models does MEG-XL outperform?": "outperforms brain foundation models"
        # only says it again; when every comparing sentence does, the abstract names none of them.
        return flags & np.array([not _restates_compared(source.sentence(i), intent.noun, question) for i in range(len(flags))], dtype=bool)
    if intent.kind in ("cause", "check") or (intent.kind == "entity" and against):
        return flags if flags.any() else ~asking  # no such sentence: any may answer
    if intent.kind == "entity" and intent.noun.lower() not in _DATA_NOUNS and not against:
        # "what mathematical tools ...": a sentence holding the asked noun ("Using tools from ...") when any does
        noun = tokenize(intent.noun)
        modified = _modified_mentions(source, intent)
        if modified.any():
            # "what toy model does X analyse": the sentence on that very thing ("a tractable mean-field
            # self-attention toy model") answers; "which real models did X fine-tune": "on real models" names none
            # "which vision-language model is X trained from" asks for a model's name: "reasoning
            # vision-language models (VLMs)" describes one and names none
            kind = intent.noun.lower().rstrip("s")
            if kind in _MODEL_NOUNS and re.search(r"\bwhich\b", question, re.IGNORECASE):
                return modified & flags
            return modified & (flags | np.array([not _restates_kind(source.sentence(i), kind, question) for i in range(len(flags))], dtype=bool))
        mentions = np.array([bool(noun) and noun[-1] in _stems(source.sentence(i)) for i in range(len(flags))], dtype=bool)
        holding = flags & mentions
        if holding.any() and (intent.noun.lower().rstrip("s") not in _MODEL_NOUNS or intent.of_kind):
            return holding
        if mentions.any() and not intent.of_kind and intent.noun.lower().rstrip("s") not in _MODEL_NOUNS:
            return np.zeros(len(flags), dtype=bool)  # "which scientific tasks": the abstract names them only as the question does
    if intent.kind == "quantity" and not intent.noun:
        digits = _with_digits(source)
        if (flags & digits).any():
            flags &= digits  # "how deep", "size range of ...": a figure, not "these three signals"
        named = _stems(intent.phrase) - _GENERIC_MEASURE_STEMS
        if named:  # "what pruning ratio": a figure in a sentence on pruning, not "7.04M SOPs" of another
            flags &= np.array([all(_holds(_stems(source.sentence(i)), w) for w in named) for i in range(len(flags))], dtype=bool)
        # "compared with PINNs, how accurate are X?": the sentence setting X against PINNs answers too
        flags |= _against_other_side(source, question) & ~asking
    # "what learning rate schedule did X use", "what is the batch size of X": the measure named, its
    # effect or unit aside ("size"), must be written in the abstract for a figure of it to be given
    thing = [w for w in tokenize(asked_thing(question)) if w not in _EFFECTS | _GENERIC_MEASURE_STEMS and not _UNITS.search(w)] \
        if intent.kind == "quantity" and not intent.noun else []
    if thing and not _holds(_stems(source.abstract), thing[-1]):
        return np.zeros(len(flags), dtype=bool)
    # "how much GPU compute did training X take": an amount of a thing X's abstract never names, X named
    if intent.kind == "quantity" and misses_measure(intent, question, source, calls_by_name(question, source.hit.title, source.abstract)):
        # "how many joules", "what batch size": never mentioned, in no form; a count of things the
        # abstract lists without naming them so ("how many reasons ...") is given by the list
        listed = intent.noun and _HOW_MANY.search(question) and not _UNITS.search(intent.noun)
        return _enumerating(source, question, intent.noun) & ~asking if listed else np.zeros(len(flags), dtype=bool)
    if intent.kind == "quantity" and intent.noun:
        # "How many models": a sentence counting models answers; other numbers do only when none does,
        # and none at all when the abstract never mentions what is counted ("how many parameters").
        counted = tokenize(intent.noun)
        absent = bool(counted) and _HOW_MANY.search(question) and not _UNITS.search(intent.noun)
        counting = (flags | _vague(source)) & np.array([_counts(source.sentence(i), intent.noun) for i in range(len(source.spans))], dtype=bool)
        if absent:  # "how many benchmark datasets": a list of them counts them too
            counting |= np.array([_lists(source.sentence(i), intent.phrase or intent.noun) for i in range(len(flags))], dtype=bool) & ~asking
        if counting.any():
            return counting
        listing = _enumerating(source, question, intent.noun) & ~asking if absent else np.zeros(len(flags), dtype=bool)
        if listing.any():
            return listing  # "in how many domains ...": "in gridworld and household domains"
        measured = _stems(intent.phrase)
        naming = np.array([measured <= _stems(source.sentence(i)) for i in range(len(flags))], dtype=bool)
        if len(measured) > 1 and naming.any() and not absent:
            # "what batch size does X use" where the abstract says "reduced batch size": only a sentence on
            # the batch size may give it ("1000-layer" is another figure); none stating one, none answers.
            # Not for a count: "how many radar stations" is not answered by "radar ... station ... two components".
            return flags & naming
        if counted and not _HOW_MANY_OR_MUCH.search(question) and counted[-1] not in _EFFECTS and not _holds(_stems(source.abstract), counted[-1]) \
                and not _as_symbol(intent.noun, source.abstract):
            return np.zeros(len(flags), dtype=bool)  # "what learning rate does X use": the abstract never names a rate
        if absent and _holds(_stems(source.abstract), counted[-1]):
            return np.zeros(len(flags), dtype=bool)  # "how many regions": "across regions" names them, counts none
        if absent:
            # What is counted is written otherwise ("SOPs" for "synaptic operations"): only a figure
            # about another thing the question names ("ResNet-18") may answer.
            named = asked - set(name.split()) - {t for t in asked if t.isdigit()}
            return flags & np.array([bool(named & key_terms(source.sentence(i))) for i in range(len(flags))], dtype=bool)
    return flags


# A series of three items or more, its middle item of five words at most ("physics, chemistry, and biology";
# not the clauses "per sample, 5-300x longer than prior work, and equivalent to ...").
_SERIES = re.compile(r",\s+(?:[\w\-()]+\s+){0,4}[\w\-()]+,\s+(?:and|or)\s+\w", re.IGNORECASE)
# The word after two items joined by "and" or "or" ("gridworld and household domains" -> "domains").
_ITEMS_BEFORE = re.compile(r"\b[\w-]+\)?,?\s+(?:and|or)\s+[\w-]+\s+([\w-]+)", re.IGNORECASE)
# Two named things (a capital or a digit in each) joined by "and": "on MatBench and QM9".
_NAMED_TWO = re.compile(r"(?<![\w.\-])[\w\-]*[A-Z0-9][\w\-]*\s+and\s+[\w\-]*[A-Z0-9][\w\-]*(?![\w\-])")
# The parts a whole is made of: "how many stages make up X" is answered by "X consists of A and B";
# "how many sleep stages does X distinguish" asks no parts of X.
_PART_STEMS = set(tokenize("components parts phases stages steps modules"))
_WHOLE_ASKED = re.compile(r"\bmakes?\s+up\b|\bconsists?\b|\bcompris|\bcomposed\b|\bmade\s+(?:up\s+)?of\b|\b(?:have|has)\b"
                          r"|\b(?:components?|parts?|phases?|stages?|steps?|modules?)\s+(?:of|in)\b", re.IGNORECASE)
# Words of a count question that frame it and say nothing of its topic ("how many kinds of ... does the paper list").
_COUNT_FRAMING = set(tokenize("many kinds types sorts number count paper abstract authors list give mention name"))


def _enumerating(source: Source, question: str, noun: str) -> np.ndarray:
    """Which sentences give a count asked of `noun` as a list, when no sentence counts it ("how many
    reasons does X give for ... being so expensive": "... computationally expensive due to A, B, and
    the C"). Where the abstract writes `noun`, only a list tied to it answers: items right before it
    ("gridworld and household domains") or after it (`rag.text.items_after`: "challenges remain,
    including (1) ...") in a sentence holding a word of the question's topic, unless kinds are asked
    ("and Raman spectra" does not answer "how many spectra were used to train X"), so that a list
    holding it as one item ("radar, satellite, and station" for "how many radar stations") or a list
    of other things ("physics, chemistry, and biology" for "how many protein systems") is no count of it. Where it never does, a series of three items or more,
    items after two list markers or more ("(i) ... (ii) ..."), two named things ("MatBench and QM9")
    or what a thing consists of ("consists of A and B") answers in a sentence holding two words of the
    question's topic besides the counted noun, the paper's names and the framing words (one, for
    "how many kinds of X"), so that a list on another matter answers nothing. A count of the parts of
    a whole ("how many steps make up X", "how many stages does X have") is answered by what the whole
    consists of, either way."""
    counted = tokenize(noun)[-1:]
    topic = _asked_stems(question, source) - set(counted) - _COUNT_FRAMING
    # each word of the topic once, with its parts ("pre-training": "pre-train", "pre", "train")
    topic_words = {frozenset(set(tokenize(w)) & topic) for w in _WORDS.findall(question)} - {frozenset()}
    written = bool(counted) and _holds(_stems(plain_markup(source.abstract)), counted[0])
    # "how many kinds of results": the kinds are the list's items; otherwise two topic words tie the list to the question
    needed = 1 if KINDS_OF.search(question) else 2
    forms = {noun.lower(), noun.lower().rstrip("s"), f"{noun.lower()}s"}
    parts = bool(counted) and counted[0] in _PART_STEMS and bool(_WHOLE_ASKED.search(question))
    flags = []
    for i in range(len(source.spans)):
        sentence = plain_markup(source.sentence(i))
        if parts and _made_of_two(sentence):
            flags.append(True)
        elif written:  # "and Raman spectra" lists kinds of spectra, not "how many spectra were used to train X"
            flags.append((any(word.lower() in forms for word in _ITEMS_BEFORE.findall(sentence))
                          or any(_holds({stem}, counted[0]) for stem in items_after(sentence)))
                         and _topic_held(sentence, topic_words) >= needed - 1)
        else:
            flags.append(_enumerates(sentence) and _topic_held(sentence, topic_words) >= needed)
    return np.array(flags, dtype=bool)


def _topic_held(sentence: str, topic_words: set[frozenset[str]]) -> int:
    """How many of the question's topic words (each as its set of stems) `sentence` holds."""
    held = _stems(sentence)
    return sum(any(_holds(held, w) for w in word) for word in topic_words)


def _enumerates(sentence: str) -> bool:
    """True when `sentence` lists things: a series of three or more ("A, B, and C"), two list markers
    or more ("(i) ... (ii)"), two named things joined by "and" ("MatBench and QM9"), or what a thing
    consists of ("consists of A and B")."""
    return bool(_SERIES.search(sentence) or _NAMED_TWO.search(sentence)) or len(_ENUMERATOR.findall(sentence)) > 1 \
        or _made_of_two(sentence)


def _made_of_two(sentence: str) -> bool:
    """True when `sentence` says what a whole consists of, two parts or more ("The framework consists of A and B")."""
    made_of = _MADE_OF.search(sentence)
    return bool(made_of and re.search(r"\band\b|,", sentence[made_of.end():]))


# What a question asks the shortcomings of is other work: "what limits conventional molecular dynamics",
# "the drawbacks of existing methods", or the side set against the paper ("... compared with MindZero").
_OTHERS = re.compile(rf"\b(?:{_EARLIER})\b", re.IGNORECASE)


# What a limitation question says is limited: "what limits X", "the drawbacks of X", "what holds back X".
_LIMITED = re.compile(r"\b(?:limits|(?:limitations?|drawbacks?|weakness(?:es)?|shortcomings?)\s+of|holds?\s+back|hinders?)\s+"
                      r"(?P<thing>[^,?;]+)", re.IGNORECASE)
# A limited thing that is the work asked about itself ("the limitations of this approach").
_THE_WORK = re.compile(r"^(?:the|this|that|its|their|our)\s+(?:approach|method|model|framework|paper|work|system)\b", re.IGNORECASE)


def _limits_of_others(question: str, name: str) -> bool:
    """True when a question on limitations asks those of other work than the paper named `name`: it
    calls that work conventional, existing, prior (...), says what is limited without naming the paper
    ("what limits model-based ToM methods, per MindZero?"), or sets it against the paper ("what drawbacks
    do model-based methods have compared with MindZero?"); the paper's own limitations are asked otherwise."""
    if _OTHERS.search(question):
        return True
    limited = _LIMITED.search(question)  # "what limits model-based ToM methods, per MindZero?"
    if name and limited and name not in limited.group("thing").lower() and not _THE_WORK.match(limited.group("thing")):
        return True
    against = re.search(r"\b(?:compared\s+(?:with|to)|unlike|relative\s+to|versus|than)\s+(?:the\s+)?(.+?)\W*$", question, re.IGNORECASE)
    return bool(name and against and name in against.group(1).lower())


def _against_other_side(source: Source, question: str) -> np.ndarray:
    """Which sentences set the paper against the other side a question names ("compared with PINNs",
    "faster than X"): they hold its words and state a comparison. All false when none is named."""
    other = _OTHER_SIDE.search(question)
    side = _stems(other.group("other")) - _PRONOUNS if other else set()
    return np.array([bool(side) and all(_holds(_stems(source.sentence(i)), w) for w in side) and bool(_SETS_AGAINST.search(source.sentence(i)))
                     for i in range(len(source.spans))], dtype=bool)


# The verb a do-support question ends on: "what kind of model does MindZero train?" -> "train".
_DO_VERB = re.compile(r"\b(?:does|do|did)\s+[^?]*?\b([a-z][\w-]*)\W*$")


def _asked_verb(question: str, noun: str, own: set[str]) -> set[str]:
    """The stems of the verb a "what X does P <verb>" question ends on ("train"), unless that word is the
    paper's name or the asked noun; empty for any other question."""
    ending = _DO_VERB.search(question)
    return _stems(ending.group(1)) - _stems(" ".join(own)) - set(tokenize(noun)) if ending else set()


def _acts_on(sentence: str, verbs: set[str], noun: str) -> bool:
    """True when the asked verb (`_asked_verb`) stands in `sentence` up to four words before the asked
    `noun` as a word of its own, with no punctuation between: "trains multimodal large language
    models" for "what kind of model does X train"; not "During training, the model ..." nor
    "training, X internalizes model-based ..."."""
    if not verbs:
        return False
    words = re.findall(r"[\w-]+|[^\w\s]", sentence)
    for i, word in enumerate(words):
        if verbs & _stems(word):
            after = words[i + 1:i + 6]
            cut = next((k for k, w in enumerate(after) if not re.match(r"\w", w)), len(after))
            if any(re.fullmatch(rf"{re.escape(noun.lower().rstrip('s'))}s?", w.lower()) for w in after[:cut]):
                return True
    return False


# The authors doing something: "We establish ...", "we then derive ...".
_WE_DO = re.compile(r"\bwe\s+(?:(?:also|further|then|first)\s+|\w+ly\s+){0,2}([a-z][\w-]*)", re.IGNORECASE)


def _authors_do(sentence: str, verbs: set[str]) -> bool:
    """True when the authors do the asked verb (`_asked_verb`) in `sentence`: "We establish finite-sample
    bounds" for "what guarantees does the paper establish"."""
    return bool(verbs) and any(verbs & _stems(m.group(1)) for m in _WE_DO.finditer(sentence))


# Heads of an asked phrase that an abstract fills with a bare name or acronym ("which error metric":
# "MAE"), or with instances it never calls so ("which physical systems": "fluid dynamics and relativistic
# electrodynamics"; "which conversational settings": "dialogue scenarios"): its silence on the head word
# is no silence on the thing.
_OPEN_HEADS = set(tokenize("metric score error accuracy loss rate system setting scenario domain task problem "
                           "application environment condition regime case")) | _GENERIC_MEASURE_STEMS


def _unwritten_kind(source: Source, intent: Intent) -> bool:
    """True when an entity question asks for a thing of a kind the abstract never speaks of: the asked
    phrase has a modifier ("graph neural network backbone", "temperature setting", "reinforcement
    learning baseline") and the abstract holds neither its head noun nor its first word. A data noun,
    "what kind of X", and a category, measure or open head (`_OPEN_HEADS`) are left to the sentences."""
    words = tokenize(intent.phrase)
    if len(words) < 2 or intent.of_kind or intent.noun.lower() in _DATA_NOUNS:
        return False
    if words[-1] in _CATEGORY_HEADS | _OPEN_HEADS:
        return False
    held = _stems(source.abstract)
    return not _holds(held, words[-1]) and not _holds(held, words[0])


# Words that frame a question about a paper ("according to", "per", "the authors") and ask nothing of its sentences.
_FRAMING = set(tokenize("according per paper abstract authors study work"))


def _restating(source: Source, question: str, phrase: str) -> np.ndarray:
    """Which sentences hold every word `question` asks about (three words at least) but those of its
    asked `phrase`, the paper's names and framing words ("according to"): the sentence states the
    question's frame whole, so what it adds fills the asked slot, whatever kind word the question
    gives that slot ("which fields is free energy estimation central to": "Estimating free energy
    differences ..., which is central to chemistry and drug discovery"). All false otherwise: a frame
    of a word or two ("what hardware was X pre-trained on") is held by sentences that fill no slot."""
    frame = _asked_stems(question, source) - _stems(phrase) - _FRAMING
    sentences = _sentence_stems(source)
    if len({word.lower() for word in re.findall(r"[\w'-]+", question) if _stems(word) & frame}) < 3:
        return np.zeros(len(sentences), dtype=bool)
    return np.array([all(_holds(stems, w) for w in frame) for stems in sentences], dtype=bool)


def _modified_mentions(source: Source, intent: Intent) -> np.ndarray:
    """Which sentences write the asked noun with every modifier the question gives it ("on real models"
    for "which real models"): where the abstract speaks of that very thing, so a name it gives is there.
    All false when the question gives the noun no modifier, or the abstract writes a modifier in more
    than one sentence (then it is a topic of the abstract, "which weather model", not that thing's mark)."""
    noun = tokenize(intent.noun)
    modifiers = _stems(intent.phrase) - set(noun)
    sentences = _sentence_stems(source)
    if not noun or not modifiers or any(sum(_holds(stems, w) for stems in sentences) > 1 for w in modifiers):
        return np.zeros(len(sentences), dtype=bool)  # "which weather model": the abstract's topic, in sentence after sentence
    return np.array([noun[-1] in stems and all(_holds(stems, w) for w in modifiers) for stems in sentences], dtype=bool)


def _restates(name: str, question: str) -> bool:
    """True when a name only restates the question's own words: a name of several words each of
    which the question holds ("Correctness Model"), or the initials of a run of them ("GCM", "CMs"
    for "generalized correctness models")."""
    words = re.findall(r"[a-z0-9]+", question.lower())
    if len(name.split()) > 1 and _stems(name) <= _stems(question):
        return True
    letters = name.lower().removesuffix("s")
    initials = "".join(w[0] for w in words)
    return len(letters) >= 2 and letters.isalpha() and letters in initials


# Words that say how many or how varied, not which ("diverse scientific tasks", "several models").
_VAGUE = set(tokenize("diverse various varied multiple several many numerous different wide range broad set variety "
                      "number existing standard real challenging"))
# After the asked noun, words that go on to name them ("tasks such as ...", "models including ...").
_NAMING_NEXT = re.compile(r"^\w*\s*(?:\(|:|such\s+as|including|like|e\.g\.|namely|from|of|,\s+(?:namely|including|such))", re.IGNORECASE)
# Before it, an apposition naming the thing ("scaffold decoration, a drug design task").
_APPOSITION = re.compile(r",\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,3}$", re.IGNORECASE)


def _restates_kind(sentence: str, noun: str, question: str) -> bool:
    """True when every mention of the asked `noun` in `sentence` only restates the question: a vague
    word or a count before it, and otherwise only the question's own words, back to a preposition,
    article or punctuation ("across diverse scientific tasks" for "which scientific tasks"); no
    apposition, list or phrase after it names it ("scaffold decoration, a drug design task",
    "tasks such as ...", "tools from partial differential equations")."""
    asked = _stems(question)
    for match in re.finditer(rf"\b{re.escape(noun)}\w*", sentence, re.IGNORECASE):
        before = sentence[:match.start()]
        if _NAMING_NEXT.search(sentence[match.end():]) or _APPOSITION.search(before):
            return False
        words = re.split(r"\b(?:in|on|across|over|of|for|with|from|to|at|by|a|an|the|and|or)\b|[,;:()]", before)[-1].split()
        stems = _stems(" ".join(words))
        if stems - asked - _VAGUE - _NUMBER_STEMS or not stems & (_VAGUE | _NUMBER_STEMS):
            return False
    return True


def _restates_compared(sentence: str, noun: str, question: str) -> bool:
    """True when `sentence` mentions the asked `noun` ("models") only with the question's own words
    before it, back to a preposition, article or punctuation ("outperforms brain foundation models"
    for "which brain foundation models does X outperform"), and names nothing new."""
    asked = _stems(question)
    mentions = list(re.finditer(rf"\b{re.escape(noun.lower().rstrip('s'))}\w*", sentence, re.IGNORECASE))
    if not mentions or _new_names(sentence, key_terms(question), ""):
        return False
    for match in mentions:
        words = re.split(r"\b(?:in|on|across|over|of|for|with|from|to|at|by|a|an|the|and|or|than)\b|[,;:()]",
                         sentence[:match.start()])[-1].split()
        if _stems(" ".join(words)) - asked or _NAMING_NEXT.search(sentence[match.end():]):
            return False
    return True


def _names_data(sentence: str) -> bool:
    """True when `sentence` names data: a data word, or a name after "on/across/using/from" that is
    not a field acronym ("on LLM predictions" names none)."""
    for match in _DATA_CUE.finditer(sentence):
        named = match.group(0).split()[-1]
        if named.lower() in _DATA_NOUNS | {"suite", "suites"} or not is_field_acronym(named):
            return True
    return False


# An amount written as a word: "near-zero energy drift", "negligible overhead", "zero-shot" aside.
_NONE_OF = re.compile(r"\b(?:(?:near|nearly|almost|close\s+to)[\s-]+zero|zero|negligible|vanishing)[\s-]+(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})", re.IGNORECASE)


def _none_of(sentence: str, measured: str) -> bool:
    """True when `sentence` gives the amount of what a figure question measures (`measured`, e.g.
    "energy drift") as none or nearly none ("near-zero energy drift", "negligible drift")."""
    head = tokenize(measured.split()[-1]) if measured.split() else []
    return bool(head) and any(_holds(_stems(m.group("what")), head[-1]) for m in _NONE_OF.finditer(sentence)
                              if not m.group("what").lower().startswith("shot"))


# A letter's LaTeX sub- or superscript: "$CO_2$", "$H^2$", "$x_{t+1}$".
_SCRIPT = re.compile(r"(?<=[A-Za-z}])[_^](?:\{[^{}]*\}|\w)")


# "How large are the reduced CRNs compared with the originals?": a size asked relative to another thing.
_RELATIVE_SIZE_ASKED = re.compile(r"\bhow\s+(?:large|big|small)\b.*\b(?:compared\s+(?:to|with)|relative\s+to|than|versus)\b",
                                  re.IGNORECASE)
_RELATIVE_SIZE = re.compile(r"\b(?:smaller|larger|bigger|more\s+compact)\b", re.IGNORECASE)


def _sized_in_words(source: Source, question: str, asked: set[str]) -> bool:
    """True when `question` asks how large a thing is relative to another and the abstract states no
    figure at all: then a sentence saying "significantly smaller CRNs" answers it in words. An abstract
    stating figures answers with them ("244.34 TB of data to 0.43 TB"), as before."""
    return bool(_RELATIVE_SIZE_ASKED.search(question)) and not any(
        _states_number(source.sentence(i), asked) for i in range(len(source.spans)))


def _states_number(sentence: str, asked: set[str]) -> bool:
    """True when the sentence holds a number the question does not already give (list markers and a
    letter's sub- or superscript aside: the 2 of "$CO_2$" or "$H^2$" is notation, not a figure)."""
    sentence = _SCRIPT.sub(" ", _ENUMERATOR.sub(" ", sentence))
    return any(t[0].isdigit() for t in key_terms(sentence) - asked) or bool(_DIGIT.search(sentence) and _UNIT.search(sentence))


def _new_names(sentence: str, asked: set[str], own_name: str) -> set[str]:
    """Names and numbers-with-letters in `sentence` that neither the question nor the paper's name holds
    (web addresses aside: "github.com/miniHuiHui/Geo-R1" names nothing; so do amounts, "50hrs")."""
    return {t for t in key_terms(_URL.sub(" ", sentence)) - asked
            if not t.isdigit() and not _AMOUNT.match(t) and t != own_name and t not in own_name.split()}


# A figure, alone or with its unit written as one word ("2.5", "1hr", "50hrs", "10x", "16gb"): an amount, not a name.
_AMOUNT = re.compile(r"^\d[\d.,]*(?:hrs?|h|mins?|s|ms|x|k|m|bn|b|[kmgt]b|days?|epochs?|steps?|layers?)?$", re.IGNORECASE)


# The two things a comparison sets side by side: "difference between A and B", "compare A and/with B",
# "A versus B" ("vs" is spelled out by rag.query.plain_question), "how does A compare to/with B".
_SIDES = re.compile(
    r"\bdifference\s+between\s+(?P<a>[^?.;]+?)\s+and\s+(?P<b>[^?.;]+)"
    r"|^\W*compare\s+(?P<c>[^?.;]+?)\s+(?:and|with|to|against)\s+(?P<d>[^?.;]+)"
    r"|(?P<e>[^?.;,]+?)\s+versus\s+(?P<f>[^?.;]+)"
    r"|\bhow\s+(?:do|does|did|would)\s+(?P<g>[^?.;]+?)\s+compare\s+(?:to|with|against)\s+(?P<h>[^?.;]+)"
    r"|\bhow\s+(?:do|does|did)\s+(?P<i>[^?.;]+?)\s+and\s+(?P<j>[^?.;]+?)\s+differ\b"
    # "Is A better than B?" (a copula: "do LLMs know better than other LLMs ..." compares no two things)
    # (a degree before the comparative is no part of a side: "Is X more than 10 times faster than Y?")
    r"|^\W*(?:is|are|was|were)\s+(?P<k>[^?.;,]+?)(?:\s+(?:(?:more|less)\s+than|over|under|at\s+least|about|roughly|nearly)\s+"
    r"[\d.,]+(?:\s*(?:x|times|fold|%|percent))?)?\s+(?:better|worse|faster|slower|stronger|weaker|(?:more|less)\s+[\w-]+)\s+than\s+(?P<l>[^?.;,]+)",
    re.IGNORECASE)
# A side ends before a preposition or a relative clause ("the model-based baselines it is tested
# against": "baselines", not "against", is its head).
_SIDE_END = re.compile(r"\s(?:on|in|for|at|with|under|of|when|during|from|across|that|which|who|it|they|we)\s.*$", re.IGNORECASE)


# A measure of a thing opening a compared side ("the amount of observational data"): the thing is the side.
_MEASURE_OF = re.compile(r"^\s*(?:the\s+)?(?:amount|number|size|quantity|volume|level|degree|share)\s+of\s+", re.IGNORECASE)
# Words standing for a thing named elsewhere ("the standard ones", "the conditional variant"): no head to look up.
_PRO_FORMS = {"one", "ones", "those", "them", "it", "others", "other", "that", "these", "this",
              "variant", "variants", "version", "versions", "counterpart", "counterparts", "original", "originals"}


def introduces(source: Source, thing: str) -> bool:
    """True when the paper of `source` is one that introduced `thing` ("Adam optimizer", "ENAS"):
    its title or own name calls it (`calls_by_name`: "ENAS" for Efficient Neural Architecture Search,
    "Wasserstein GAN" for Wasserstein Generative Adversarial Networks, a title beginning with it), or
    a sentence introducing the authors' work or saying they made something holds all its words ("We
    introduce the Fatigue Index (FI)", "we build a new benchmark StormBench"). A paper that only
    mentions it ("The ADAM optimizer is exceedingly popular", "We observe a similar trend with batch
    normalization") or studies it ("A Quantitative Analysis of the Effect of Batch Normalization ...") did not."""
    title, abstract = source.hit.title, source.abstract
    if calls_by_name(thing, title, abstract) or calls_by_name(f"the {thing} paper", title, abstract):
        return True
    wanted = _stems(thing)
    return bool(wanted) and any(wanted <= _stems(source.sentence(i)) for i in range(len(source.spans))
                                if _PROPOSES.search(source.sentence(i)) or _MAKES.search(source.sentence(i)))


def _compared_papers(question: str, sources: list[Source]) -> list[Source]:
    """For a comparison of two papers by name ("compare Glow and neural ODEs", "Glow versus
    mixup"), the two sources it calls by name, one for each side; empty when the sides are not two
    different papers of the sources."""
    match = _SIDES.search(question)
    sides = [_SIDE_END.sub("", " " + side).strip() for side in (match.groups() if match else ()) if side]
    papers = [next((src for src in sources if calls_by_name(side, src.hit.title, src.abstract)
                    or calls_by_name(f"the {side} paper", src.hit.title, src.abstract)), None) for side in sides]
    if len(papers) != 2 or None in papers or papers[0] is papers[1]:
        return []
    return papers


def _called_pair(question: str, intent: Intent, sources: list[Source]) -> list[Source]:
    """The two sources a question calls by name when it calls exactly two papers and asks something
    of them ("Is CARD or MindZero faster at inference?", "Which has released code, GEAR or
    ConfSleepNet?"): each answers for itself. Empty otherwise, and for a question for a list of
    papers, a bibliographic one or a summary, which have their own forms."""
    if intent.kind in ("papers", "bibliographic", "abstract", "summary") or len(sources) < 2:
        return []
    called = named_apart(question, [(src.hit.title, src.abstract) for src in sources])
    return [sources[i] for i in called] if len(called) == 2 else []


def named_apart(question: str, papers: list[tuple[str, str]]) -> list[int]:
    """The indexes of the papers (title, abstract) that a name the question writes ("MindZero",
    "CARD", "Geo-R1") calls by itself (`rag.titles.calls_by_name`), a name calling one of them only:
    the question's other words ("adaptive mesh refinement") call no paper, nor does a name two of them answer to."""
    found = [[i for i, (title, abstract) in enumerate(papers) if calls_by_name(name, title, abstract)] for name in names_in(question)]
    return sorted({called[0] for called in found if len(called) == 1})


def _misses_compared(question: str, sources: list[Source]) -> bool:
    """True when the question compares two things and one of them is in no source: its head word (the
    last word before a preposition, "norm" of "layer norm on imagenet"; each part of a hyphenated one,
    "pangu" and "weather" of "pangu-weather") occurs in no abstract, or its last two telling words
    ("layer normalization") are never written together (`_written_together`), nor does an acronym of
    its last words ("CNNs" for "convolutional neural networks"). A pro-form ("the standard ones") is no head."""
    match = _SIDES.search(question)
    if not match:
        return False
    held = set().union(*(_stems(src.abstract) for src in sources))
    for side in (v for v in match.groups() if v):
        side = _MEASURE_OF.sub("", side)  # "the amount of observational data": the data is compared
        words = _without_participle([w for w in _SIDE_END.sub("", " " + side).split() if tokenize(w)])
        if not words or words[-1].lower().strip("'\"") in _PRO_FORMS:
            continue
        parts = [stem for part in words[-1].split("-") for stem in tokenize(part)]
        if not all(_holds(held, stem) for stem in parts) and not _initialisms(words) & held:
            return True
        if not _written_together(words, sources) and not _initialisms(words) & held:
            return True
    return False


def _points_back_at(sentence: str, intent: Intent) -> bool:
    """True when an entity question's noun is written in `sentence` only as "these/those/such X"
    ("encoding these algorithms ..." for "which algorithms"): the sentence before names them."""
    noun = tokenize(intent.noun)
    if intent.kind != "entity" or not noun:
        return False
    mentions = [m for m in _WORDS.finditer(sentence) if noun[-1] in tokenize(m.group(0))]
    return bool(mentions) and all(re.search(r"\b(?:these|those|such)\s+(?:[\w-]+\s+)?$", sentence[:m.start()], re.IGNORECASE) for m in mentions)


def _without_participle(side: list[str]) -> list[str]:
    """The words of a compared side less a participle that opens a clause after its plural head
    ("task models working [in latent space]", "methods based [on X]"): the head is the noun."""
    if len(side) >= 2 and re.fullmatch(r"[a-z]{3,}s", side[-2]) and re.fullmatch(r"[a-z]{3,}(?:ing|ed)", side[-1]):
        return side[:-1]
    return side


def _written_together(side: list[str], sources: list[Source]) -> bool:
    """True unless the compared `side` is two plain lower-case words ("layer normalization") that no
    source writes one after the other: they name one thing, and "1000-layer SNN without
    normalization" does not write layer normalization. A longer side, a name, a possessive, an
    untelling word ("neural networks") or punctuation is left to the head-word check."""
    if len(side) != 2 or not all(re.fullmatch(r"[a-z]{3,}", word) for word in side):
        return True
    stems = [tokenize(word) for word in side]
    if any(len(s) != 1 or s[0] in _UNTELLING for s in stems):
        return True
    # each word by the letters it shares with its stem ("coding" and "code": "cod"), any ending after them
    opening = [os.path.commonprefix([word, s[0]]) for word, s in zip(side, stems)]
    return any(writes_in_a_row(opening, f"{src.hit.title} {src.abstract}") for src in sources)


def _initialisms(words: list[str]) -> set[str]:
    """The acronyms the side's last words may be written as, three letters or more, singular or plural
    ("cnn", "cscnns" for "clifford-steerable convolutional neural networks")."""
    initials = "".join(part[0] for word in words for part in word.lower().split("-") if part[:1].isalpha())
    return {form for i in range(len(initials) - 2) for form in (initials[i:], f"{initials[i:]}s")}


# Words of a phrase that say how much or which kind of thing, not what the topic is ("many datasets",
# "bigger models", "learning", "neural networks"): a phrase is judged by its other words.
_UNTELLING = set(tokenize("much many little few big bigger large larger small smaller size sizes long longer high higher low lower "
                          "well good better best number "
                          "amount percent percentage roughly exactly times ten model models network networks method methods "
                          "data dataset datasets task tasks learning approach framework system systems result results "
                          "performance neural deep "
                          # a multiple names no kind ("a tenfold larger dataset": "by 10×")
                          "twofold threefold fourfold fivefold tenfold hundredfold thousandfold "
                          # the reader's own plans ("which paper should I read first on X")
                          "read reading first start begin recommend recommended"))


# Adjectives of novelty or choice, which qualify a thing without naming a kind of it.
_QUALIFIERS = frozenset("new novel specific particular".split())
# The words opening a clause that states a condition ("when the sensors disagree"), whose verb may end a run of words.
# "where" after a work ("the study where LLM agents negotiate") describes it, as "that" would.
_CLAUSE = re.compile(r"\b(?:when|whenever|if|while|(?<!paper\s)(?<!study\s)(?<!work\s)(?<!article\s)where|because|since|although|once)\b",
                     re.IGNORECASE)


def unheld_phrases(question: str, source: Source, runs: bool = True, final_head: bool = False) -> list[str]:
    """The parts of the question's topic phrases (`rag.query.headed_phrases`) that the source's title
    and abstract do not hold, in words (of three letters or more, not in _UNTELLING) or as an acronym:
    - a phrase of two telling words or more none of which is held ("speech recognition" in a question
      answered from an SNN-sparsity abstract; "large language models" is held by "LLMs", and a field
      acronym by its words: "PDEs" by "partial differential equations");
    - a phrase naming a kind of thing by one telling word before an untelling head ("diffusion
      models", "reinforcement learning", "batch size"), where that word is the whole topic;
    - two telling words or more in a row none of which is held, inside a phrase of the main clause
      whose other words are ("shock waves" of "physics-informed networks handle shock waves";
      "medical images" of "clifford-steerable cnns segment medical images"): a compound naming
      another setting. A clause stating a condition ("when the signals from different sensors
      disagree") is left out: its verb ends such a run. `runs=False` leaves such runs out altogether;
    - a word standing alone after a preposition in the main clause, when unheld: a setting ("which
      paper uses transformers to predict the weather on mars", "do grid cells emerge in
      transformers"; not "in place of"); with `final_head` (a question for one paper) also the
      phrase the question ends on when its head is unheld ("... to generate videos")."""
    text = f"{source.hit.title} {source.abstract}"
    held, written = stems_of(text), acronyms(text)
    question = fold_accents(question)
    main = {tuple(phrase): head for phrase, head in headed_phrases(_CLAUSE.split(question)[0])}
    unheld = []
    for phrase, head in headed_phrases(question):
        whole = [*phrase, head] if head else phrase
        if _initialisms(whole) & held or abbreviated(whole, written):
            continue
        term = _unheld_field_term(whole, text)
        if term:  # "graph neural networks" is not held by "factor graphs ... networks"
            unheld.append(term)
            continue
        telling = [_telling(word) for word in phrase]
        missing = [bool(stems) and not any(holds_stem(held, stem) for stem in stems) and not _acronym_held(word, held)
                   for word, stems in zip(phrase, telling)]
        count = sum(len(stems) for stems in telling)
        # "new systems" names no kind of system: novelty or choice is no kind ("on new systems": "unseen systems")
        kind_of = count == 1 and len(whole) >= 2 and not (set(tokenize(whole[-1])) - _UNTELLING) \
            and not any(word in _QUALIFIERS for word, stems in zip(phrase, telling) if stems)
        if (count >= 2 or kind_of) and all(m for m, stems in zip(missing, telling) if stems):
            unheld.append(" ".join(whole))
            continue
        if not runs or tuple(phrase) not in main:  # "when the signals from different sensors disagree": a condition, in the user's words
            continue
        parts = [part for word in phrase for part in word.split("-") if part]  # "event-camera": "event" and "camera"
        gaps = [bool(_telling(part)) and not any(holds_stem(held, stem) for stem in _telling(part)) and not _acronym_held(part, held)
                for part in parts]
        run: list[str] = []
        for word, gone in zip([*parts, ""], [*gaps, False]):
            if gone:
                run.append(word)
                continue
            if len(run) >= 2:
                unheld.append(" ".join(run))
            run = []
    alone = {m.group("word").lower() for m in _ALONE.finditer(question)}  # "in transformers", "on mars"
    ending = [phrase for phrase in main if phrase and re.search(rf"\b{re.escape(phrase[-1])}\W*$", question.lower())]
    settings = [(w,) for w in sorted(alone) if main.get((w,)) == ""]  # "with diffusion models" is a kind of model
    if final_head and ending:
        settings.append(ending[0])  # "... to generate videos"
    for phrase in settings:
        stems = _telling(phrase[-1])
        # "in the SSN": an acronym the abstract writes ("SSNs"); "with the originals": a pro-form, no setting
        named_elsewhere = phrase[-1] in written or phrase[-1] in _PRO_FORMS
        if stems and not any(holds_stem(held, stem) for stem in stems) and not _acronym_held(phrase[-1], held) \
                and not named_elsewhere and " ".join(phrase) not in unheld:
            unheld.append(" ".join(phrase))  # judged with the phrase it heads
    return unheld


# The kinds of model `FIELD_ACRONYMS` spells out ("graph neural network", "variational autoencoder"),
# each with its acronym: a paper uses one or does not. (Fields and settings, "partial differential
# equations", "learning rate", are paraphrased: a neural operator for subsurface flow solves PDEs.)
_FIELD_TERMS = {words.rstrip("s"): acronym.rstrip("s").upper() for acronym, words in FIELD_ACRONYMS.items()
                if re.search(r" (?:network|model|autoencoder|transformer)s?$", words)}


def _unheld_field_term(phrase: list[str], text: str) -> str:
    """The field term ("graph neural networks", "vision transformers") `phrase` writes, as it writes
    it, when `text` holds it neither as those words in a row (any ending, hyphens for spaces) nor by
    its acronym ("GNNs"); else "". Such a term names one thing, which its words scattered over an
    abstract do not ("factor graphs" and "reaction networks" make no graph neural network)."""
    spaced = " ".join(word.lower() for word in phrase).replace("-", " ")
    for term, acronym in _FIELD_TERMS.items():
        words = term.replace("-", " ").split()
        asked = re.search(r"\b" + r"\s+".join(rf"{re.escape(word)}\w*" for word in words), spaced)
        if not asked:
            continue
        if not writes_in_a_row(words, text) and not re.search(rf"(?<![\w-]){acronym}s?(?![\w-])", text, re.IGNORECASE):
            return asked.group(0)
    return ""


def _initials_of(acronym: str, spaced: str) -> bool:
    """True when `acronym` (capitals only, 2-5 letters) is the initials of words in a row of `spaced`
    (lower-cased words joined by single spaces, stop words left out): "BN" of "batch normalization"."""
    if not (2 <= len(acronym) <= 5 and acronym.isalpha() and acronym.isupper()):
        return False
    return acronym.lower() in "".join(w[0] for w in spaced.split() if w not in STOPWORDS)


_DASH = re.compile(r"(?<=\w)[\u2010-\u2014](?=\w)")  # a dash joining words, written as a hyphen


def unheld_names(question: str, source: Source) -> list[str]:
    """The names the question writes (`rag.text.names_in`: "EEG", "ImageNet", "GPT-4") that the
    source's title and abstract do not, in any case, plural, hyphenation or spelled out ("large
    language models" holds "LLMs"); a name that is the start of one the abstract writes, or that one
    of its names starts ("QHNet" and "QHNetV2"), counts as held."""
    text = _DASH.sub("-", fold_accents(f"{source.hit.title} {source.abstract}").lower())  # "port–Hamiltonian"
    words = {w for word in re.findall(r"[a-z0-9][a-z0-9.-]*[a-z0-9]|[a-z0-9]", text) for w in (word, word.replace("-", ""), *word.split("-"))}
    spaced = " ".join(re.findall(r"[a-z0-9]+", text))
    unheld = []
    for name in names_in(fold_accents(question)):
        bare = name.lower().replace("-", "")
        forms = {bare, bare.removesuffix("s"), f"{bare}s"}
        spelled = FIELD_ACRONYMS.get(bare.removesuffix("s"), "")
        if forms & words or (spelled and f" {spelled}" in f" {spaced}") or _initials_of(name.removesuffix("s"), spaced) \
                or any(len(f) >= 4 and len(w) >= 4 and (w.startswith(f) or f.startswith(w)) for f in forms for w in words) \
                or _pair_held(name, words) or _qualified_acronym_held(name, words, text):
            continue
        unheld.append(name)
    return unheld


def _qualified_acronym_held(name: str, words: set[str], text: str) -> bool:
    """True when `name` is a held acronym joined by a hyphen to lower-case words that the abstract (`text`,
    lower case; its words `words`) holds by their stems: "DFT-labelled" of an abstract writing "DFT"
    and "DFT labels", "RL-trained" of one writing "RL" and "trained". Such a name is the acronym in use,
    not another name; one with a figure ("GPT-4") or a capitalised part ("SO-Net") is not read so."""
    acronym, *rest = name.split("-")
    return bool(rest) and len(acronym) >= 2 and acronym.isalpha() and acronym.isupper() and acronym.lower() in words \
        and all(part.isalpha() and part.islower() for part in rest) \
        and all(holds_stem(held, stem) for held in [stems_of(text)] for part in rest for stem in tokenize(part))


def _pair_held(name: str, words: set[str]) -> bool:
    """True when `name` joins acronyms by hyphens ("SC-FC" of "SC-FC coupling") and an abstract
    writing `words` (lower case) holds each of them ("between SC and FC"); not a versioned name ("GPT-4")."""
    parts = name.split("-")
    return len(parts) > 1 and all(len(p) >= 2 and p.isalpha() and p.isupper() and p.lower() in words for p in parts)


def lone_unheld_words(question: str, source: Source) -> list[str]:
    """The words of the question's main clause (`_CLAUSE` cut) that qualify a held word as the one
    telling word of their topic phrase (`rag.query.headed_phrases`) the source's title and abstract do
    not hold: "audio" of "steering of audio diffusion models" asked of a steering paper on images,
    "olfactory" of "olfactory coding models". A word ending a phrase ("minutes ahead"), a verb or
    plural form ("handles adaptive meshes"), a number word ("one theory") and a word of a field
    acronym the abstract writes ("language" for "LLMs") are left out. Such a word may still be a
    paraphrase ("underground" for "geological"), which the caller judges by meaning."""
    text = f"{source.hit.title} {source.abstract}"
    written = acronyms(text)
    held = stems_of(text) | stems_of(" ".join(FIELD_ACRONYMS[a] for a in written if a in FIELD_ACRONYMS))
    lone = []
    for phrase, head in headed_phrases(_CLAUSE.split(fold_accents(question))[0]):
        whole = [*phrase, head] if head else phrase
        if _initialisms(whole) & held or abbreviated(whole, written):
            continue
        parts = [part for word in phrase for part in word.split("-") if _telling(part) and part not in NUMBER_WORDS]
        missing = [i for i, part in enumerate(parts)
                   if not any(holds_stem(held, stem) for stem in _telling(part)) and not _acronym_held(part, held)]
        if len(parts) >= 2 and len(missing) == 1 and missing[0] < len(parts) - 1 and not _VERB_OR_PLURAL.search(parts[missing[0]]):
            lone.append(parts[missing[0]])
    return lone


# A word ending in "s" but not "ss", "us" or "is": a verb ("handles") or a plural, no modifier.
_VERB_OR_PLURAL = re.compile(r"[^sui]s$", re.IGNORECASE)


def unheld_words(phrase: str, source: Source) -> list[str]:
    """The telling words of `phrase` (not in _UNTELLING, three letters or more) that the source's
    title and abstract do not hold by stem, close variant or acronym ("speech" of "speech
    recognition" for an abstract on "human activity recognition")."""
    text = f"{source.hit.title} {source.abstract}"
    held, written = stems_of(text), acronyms(text)
    words = [w for w in re.findall(r"[\w-]+", fold_accents(phrase)) if _telling(w)]
    if abbreviated(words, written) or _initialisms(words) & held:
        return []
    return [w for w in words if not any(holds_stem(held, stem) for stem in _telling(w)) and not _acronym_held(w, held)]


# One word standing alone after a preposition: a setting ("in transformers", "on Mars"), unless "of"
# follows ("in place of", "on top of").
_ALONE = re.compile(
    r"\b(?:for|on|in|at|with|from|about|under|over|via|through|within|across|among)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<word>[A-Za-z][\w-]*)\b(?!\s+of\b)"
    r"(?!\s+(?:the|a|an|its|their)\b)", re.IGNORECASE)  # "for getting an LLM to ...": a verb taking an object


def _telling(word: str) -> list[str]:
    """The stems of a question word that tell its topic: a field acronym's words ("pdes" gives
    "partial differential equations"), none of one or two letters ("claim t") or in _UNTELLING."""
    return [stem for stem in tokenize(FIELD_ACRONYMS.get(word, word)) if stem not in _UNTELLING | _QUANTIFIERS and len(stem) > 2]


def _acronym_held(word: str, held: set[str]) -> bool:
    """True when `word` is a field acronym typed in lower case ("pdes") that the abstract writes as
    such, in the singular or the plural ("PDEs", "PDE forecasting")."""
    forms = {word, word[:-1] if word.endswith("s") else f"{word}s"}
    return word in FIELD_ACRONYMS and any(_holds(held, stem) for form in forms for stem in tokenize(form))


_HOW_MUCH = re.compile(r"\bhow\s+much\b(?:\s+(?P<next>[\w-]+))?", re.IGNORECASE)
# The word after "how much" asking a degree ("how much lower", "how much faster", "how much more"), not an
# amount of a thing the abstract must name ("how much GPU compute", "how much memory"); time is a degree of speed.
_DEGREE = re.compile(r"more|less|fewer|better|worse|time|\w+er|does|do|did|is|are|was|were|can|could|has|have", re.IGNORECASE)


def _asks_a_degree(question: str) -> bool:
    """True when `question` asks "how much" of a degree ("how much faster", "how much more context", "by how
    much does X improve"), not of an amount of a named thing ("how much GPU compute", "how much memory")."""
    much = _HOW_MUCH.search(question)
    return bool(much) and (not much.group("next") or bool(_DEGREE.fullmatch(much.group("next"))))
# Training settings asked as a figure ("what learning rate", "how many epochs"): a term of art that an
# abstract states as such or not at all ("stable firing rates" holds no learning rate).
_TRAINING_SETTING = re.compile(r"\b(?:learning[\s-]+rates?|weight[\s-]+decay|warm-?up(?:\s+steps)?|epochs?|momentum|"
                               r"batch[\s-]+sizes?|dropout(?:[\s-]+rates?)?|random\s+seeds?)\b", re.IGNORECASE)


# Words saying how the things counted differ from each other ("how many distinct LLM families"), not what they are.
_COUNT_QUALIFIERS = frozenset("distinct different unique separate individual total overall".split())
# Which end of a range is asked ("the minimum improvement", "the peak speedup"): abstracts write it as
# "at least 14.4%" or "up to 3.2×", so the word need not be written for the measure to be mentioned.
_BOUND_QUALIFIERS = frozenset("minimum maximum minimal maximal smallest largest lowest highest least most peak best worst".split())


def misses_measure(intent: Intent, question: str, source: Source, amounts: bool = False) -> bool:
    """True when a figure question counts or names a measure the source never mentions, in words or
    as an acronym: "how many GPUs", "what learning rate", "what batch size" asked of an abstract
    without "GPU", "rate" or "batch" (one writing "SOPs" holds "synaptic operations"). Only the
    measure's telling words count, not units ("how many terabytes": an abstract may write "TB"),
    effects ("what improvement") or generic words ("model size"). "How much X" is left alone, X often a
    degree ("how much lower", "how much time"), except with `amounts` (the question names the paper) for an
    amount of a thing, judged by its head ("how much GPU compute": "compute"; "how much labelled data": "data")."""
    much = _HOW_MUCH.search(question)
    if intent.kind != "quantity" or not intent.phrase or (much and (not amounts or _asks_a_degree(question))):
        return False
    setting = _TRAINING_SETTING.search(intent.phrase)
    if setting:
        term = r"[\s-]*".join(re.escape(w) for w in re.findall(r"[a-z]+", setting.group(0).lower().rstrip("s")))
        return not re.search(rf"\b{term}", f"{source.hit.title} {source.abstract}", re.IGNORECASE)
    phrases = headed_phrases(fold_accents(intent.phrase))  # "components make up": "components", not the verb
    words = phrases[0][0] if phrases else []
    telling = [w for w in words if _telling(w) and not _UNITS.search(w) and not set(tokenize(w)) & _EFFECTS
               and w.lower() not in GENERIC_MEASURES | _COUNT_QUALIFIERS | _BOUND_QUALIFIERS]
    if much:  # "how much GPU compute": the amount's head, "compute"; "how much labelled data": "data", no telling word
        telling = [word for word in words[-1:] if word in telling]
    text = f"{source.hit.title} {source.abstract}"
    if not telling or abbreviated(words, acronyms(text)):
        return False
    held = stems_of(text)
    return not all(any(holds_stem(held, stem) for stem in _telling(word)) or _acronym_held(word.lower(), held)
                   or _as_symbol(word, text) for word in telling)


# Measures abstracts write by their symbol or their author's name: a correlation as "$\rho = 0.94$",
# "r = 0.8", Pearson's, Spearman's or Kendall's; an agreement as Cohen's "$\kappa$".
_MEASURE_SYMBOLS = {tuple(tokenize(measure)): written for measure, written in {
    "correlation": re.compile(r"\\(?:rho|tau)\b|[ρτ]|\b(?:pearson|spearman|kendall)\b|(?<![\w\\])r\s*=\s*-?\d", re.IGNORECASE),
    "agreement": re.compile(r"\\kappa\b|κ|\bkappa\b", re.IGNORECASE),
}.items()}


def _as_symbol(word: str, text: str) -> bool:
    """True when `text` writes the measure `word` names ("correlation", "correlations") by its symbol
    or its author's name (`_MEASURE_SYMBOLS`)."""
    written = _MEASURE_SYMBOLS.get(tuple(tokenize(word)))
    return bool(written and written.search(text))


# A figure standing alone in a question ("100 million", "1000-layer", "12.4%"); digits inside a name
# ("3d", "CIFAR-10", "QM9") are no figure.
_FIGURE = re.compile(r"(?<![\w.-])\d+(?:[.,]\d+)*(?![\w.])")


def _states_figures(source: Source, question: str) -> bool:
    """True when the abstract of `source` holds every figure standing alone in the question (digits
    compared without thousands separators: "10,000" is "10000")."""
    def figures(text: str) -> set[str]:
        return {f.replace(",", "") for f in _FIGURE.findall(text)}
    asked = figures(question)
    return not asked or asked <= {n.replace(",", "") for n in re.findall(r"\d+(?:[.,]\d+)*", source.abstract)}

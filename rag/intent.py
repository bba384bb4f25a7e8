"""What a question asks for: a quantity, a named thing (dataset, model, ...), a method, a cause or
limitation ("why ...", "what's wrong with ..."), a paper, a list of papers, a yes/no answer or
comparison ("check"), a summary of one paper ("summary"), who wrote a work, when or where it appeared ("bibliographic", which no
abstract states about itself), where its code is ("code": "is Geo-R1 open source?"), the long form
of an acronym ("expansion"), what the collection itself holds ("collection": "how many papers are
there?"), or something no abstract holds at all ("out_of_scope": "tell me a joke").

Rules over the question's wording, deterministic and instant. The answer stage uses the intent to
choose evidence (a sentence with a number for "how deep", one naming a dataset for "which
dataset") and to say plainly when the cited abstract does not state the asked fact.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rag.query import WORK_NOUNS, papers_requested
from rag.text import names_in

Kind = Literal["quantity", "entity", "method", "cause", "paper", "papers", "check", "general", "bibliographic",
               "expansion", "out_of_scope", "code", "collection", "summary", "abstract"]

_QUANTITY = re.compile(
    r"\b(?:how\s+(?:many|much|deep|large|big|long|fast|far|often|wide|small|high|low|accurate|quickly)"
    r"|by\s+(?:how\s+much|what\s+(?:factor|margin|percentage))|to\s+what\s+(?:size|extent|degree)"
    r"|what\s+(?:(?:is|was|are|were)\s+the\s+)?(?:(?!(?:the|a|an|does|do|did)\b)\w+(?:['’]s?)?\s+){0,3}?(?:percentage|fraction|proportion|number|speed-?up|accuracy|error|sizes?|rates?|scores?|ratio|factor|"
    r"improvement|gain|reduction|increase|decrease|drop|correlation|range|latency|throughput|run-?time|memory|auroc|counts?)(?!-)"
    r"|what\s+\w+\s+does\s+.+\s+(?:reach|achieve|attain|obtain|score)"
    r"|(?:reach|achieve|attain|obtain)\s+what"
    r"|\b(?:what|which)\s+(?:is|was|are|were)\s+the\s+(?:smallest|largest|biggest|deepest|longest|shortest)\b)\b",
    re.IGNORECASE,
)
# "what depth did X reach": the dimension named by its noun, asked as "how deep" asks it (a figure with
# depth words, "1000-layer"), not a thing the abstract must write as "depth".
_DEPTH_NOUN_ASKED = re.compile(r"\bwhat\s+(?:(?:maximum|max|greatest|network|model)\s+)?depth\s+(?:does|do|did|is|was|can|could)\b",
                               re.IGNORECASE)
# Nouns naming a kind of thing an abstract may name: what an entity question asks for.
_ENTITY_NOUNS = (
    r"datasets?|benchmarks?|corpora|corpus|models?|architectures?|software|tools?|tasks?|languages?(?!\s+models?\b)|"
    r"metrics?|methods|baselines?|spectra|divergences?|distributions?|rewards?|losses|loss|data|modalities|domains?|"
    r"algorithms?|libraries|library|simulators?|systems?|m?llms?|vlms?|backbones?|scenarios?|settings?|environments?|applications?|"
    r"generators?")
# "which/what dataset(s)", "what two methods", "which kinds of spectra", "which model showed ...",
# and with a modifier or two: "what real data", "which weather model", "what PDE tasks".
# "which cohorts or brain scan datasets": a thing named as one of two ("A or B C") asks for the second's noun.
_ENTITY = re.compile(
    r"\b(?:which|what|name|list)\s+(?:(?:is|are|was|were)\s+(?=the\b))?(?:the\s+)?(?:(?:two|three|four|(?P<kind>kinds?\s+of|types?\s+of|sorts?\s+of|famil(?:y|ies)\s+of|class(?:es)?\s+of))\s+)?(?P<mods>(?:[\w-]+\s+or\s+)?(?:(?!does\b|do\b|did\b|is\b|are\b|was\b|were\b)[\w-]+\s+){0,3}?)"
    rf"(?P<noun>{_ENTITY_NOUNS})\b",
    re.IGNORECASE,
)
# A noun phrase ending on such a noun, with up to two lower-case words qualifying it: "QHNetV2 benchmarks?",
# "GCM eval benchmarks: name them.", "Agent Rosetta's underlying LLM?". Not after a preposition or
# relative clause: "Clifford-steerable CNNs on the sphere for climate data?" is a topic.
_TERSE_ENTITY = re.compile(rf"(?P<mods>(?:(?<![\w'’])(?-i:[a-z])[\w-]*\s+){{0,2}}?)(?<![\w'’-])(?P<noun>{_ENTITY_NOUNS})\s*(?:[:?.]|$)", re.IGNORECASE)
# A noun made from a verb or adjective ("predictions", "alignment", "robustness", "performance") right
# after the entity noun: that noun only qualifies it ("llm predictions", "model performance").
_NOUN_NEXT = re.compile(r"[ \t]+[a-z][\w-]*(?:tions?|sions?|ments?|ness|ity|ities|ances?|ences?)\b")
# "what is the MindZero model ...": a name after "is the" says which thing the question is about.
_NAMED_THE = re.compile(r"\b(?:is|are|was|were)\s+the\s+(?:[\w-]+\s+)*?[\w-]*[A-Z0-9][\w-]*\s+\w+$")
# A paper asked for in other words than "which paper": "the study", "any work", "research".
_SOME = r"(?:(?:the|a|an|any|some|that|this)\s+)?(?:[\w-]+\s+){0,3}?"
_WORK = WORK_NOUNS
# "what model is X based on": the model underneath, a named thing, not a paper to find.
_BUILT_ON = re.compile(r"\b(?:based|built|trained)\s+(?:on|upon)\W*$", re.IGNORECASE)
_PAPER = re.compile(
    r"^\s*(?:which|what)\s+(?:paper|work|article|study|method|approach|model|framework)\b"
    r"|^\s*(?:is|are)\s+there\s+(?:a|an|any)\b|\bwhich\s+(?:paper|work|study)\b"
    # A request for a paper in other words: "find me the study that ...", "point me to research on ...",
    # "I'm looking for the paper that ...", "tell me about the work that ...", "anything on ...?",
    # "any paper using ...", "is there work here on ...", "who proposes ...".
    rf"|^\W*(?:please\s+)?(?:find|show|give|point|recommend|suggest|locate|fetch|get)\s+(?:me\s+|us\s+)?(?:to\s+)?{_SOME}{_WORK}"
    rf"|^\W*(?:i'?m|i\s+am)\s+(?:looking|searching|after)\b|^\W*i(?:\s+(?:want|need|would\s+like)|'d\s+like)\s+{_SOME}{_WORK}"
    rf"|^\W*(?:please\s+)?tell\s+(?:me|us)\s+about\s+{_SOME}{_WORK}"
    rf"|^\W*any(?:thing|\s+{_WORK})|^\W*(?:is|are)\s+there\s+(?:any\s+)?(?:{_WORK}|anything|something)"
    r"|^\W*who\s+(?!(?:is|are|was|were|wrote|authored|published)\b)[a-z]+(?:s|ed)\b"
    # Terse requests: "looking for work on ...", "research on ...?", "paper showing that ..." (a topic
    # followed by the request, "X: any paper?", is put as "Anything on X?" by `rag.query.plain_question`).
    # ("does X work with Y?" asks whether it works, not for a work)
    rf"|^\W*(?:looking|searching)\s+for\b|^\W*(?!(?:does|do|did|can|could|will|would|should|how|why|when|where)\b){_SOME}{_WORK}"
    r"\s+(?:on|about|into|using|applying|showing|that|which|where|with)\b",
    re.IGNORECASE,
)
# A question locating the paper it asks of ("... in the weather scaling-law analysis", "per the GCM paper",
# "according to X"): "which model" there asks for a model within it, not for a paper.
_IN_A_PAPER = re.compile(
    r"\b(?:in|of|from|per)\s+(?:the|this|that)\s+[^?,;]{0,60}?\b(?:paper|work|study|analysis|article|abstract|experiments?)\b"
    r"|\baccording\s+to\b|,\s*per\s+\S", re.IGNORECASE)
# "which model families", "which model sizes": the noun only qualifies the kind of thing asked.
_KIND_NEXT = re.compile(r"\s+(?:famil(?:y|ies)|kinds?|types?|class(?:es)?|sizes?|variants?)\b", re.IGNORECASE)


def _within_a_paper(question: str, entity: re.Match[str]) -> bool:
    """True when a "which model ..." question (`entity`, its match of `_ENTITY`) asks for a thing within the
    paper it locates ("Which model scales best with more data in the weather scaling-law analysis?"), not
    for a paper: not a choice between two ("..., Aurora or GraphCast?") nor a kind of model ("which model
    families were included in that study?")."""
    return bool(_IN_A_PAPER.search(question)) and not _VERSUS.search(question) and not _KIND_NEXT.match(question, entity.end())
# The thing a quantity question measures: "how many <tasks>", "how much <context>", "what <accuracy>".
_WHAT_PHRASE = r"\b(?:what|which)\s+(?P<what>(?:[\w-]+\s+)?[\w-]+)\s+(?:does|do|did|is|are|was|were)\b"
_MEASURED = re.compile(
    r"\bhow\s+(?:many|much)\s+(?P<words>(?:(?!(?:is|are|was|were|does|do|did|has|have|had|can|could|of|in|on|for|to|per|with|at|by|the|a|an)\b)[\w-]+(?:['’]s?)?(?:\s+|(?=[?!.,;:])|$)){0,3})"
    r"|" + _WHAT_PHRASE,
    re.IGNORECASE,
)
_ASKED = re.compile(_WHAT_PHRASE, re.IGNORECASE)
# The thing asked for as the subject of a verb ("what optimizer trained the 1000-layer network" or a
# paper's name ending the question, "which optimizer trained QHNetV2?",
# "which company supplied the data": the optimizer, the company), or as the owner of what a verb takes
# ("which animal's recordings did the study analyse": the animal).
_ASKED_SUBJECT = re.compile(
    rf"^\W*(?:what|which)\s+(?!of\b)(?P<what>(?:[\w-]+\s+)?(?!{_WORK})(?!of\b)[\w-]+)\s+(?-i:[a-z]{{3,}}(?:ed|es|s))\s+"
    r"(?:(?:the|a|an|its|their|this|these|those)\b|(?-i:[A-Z][\w-]*[A-Z0-9][\w-]*\s*\?))"  # "what optimizer trained QHNetV2?"
    r"|^\W*(?:what|which)\s+(?P<owner>[\w-]+)['’]s\s"
    # "which techniques reinforce the algorithm": a plural subject takes its verb in the base form
    rf"|^\W*(?:what|which)\s+(?!papers\b)(?P<many>(?:[\w-]+\s+)?(?!{_WORK})[\w-]+s)\s+"
    r"(?!(?:are|were|did|does|have|had|can|could|should|would|will|may|might|must|how|what|which|when|where|why|who)\b)"
    r"(?!(?:into|onto|once|between|from|with|over|under|after|before|about|across|through|during|within|without|against|among|"
    r"upon|than|then|that|this|there)\b)(?-i:[a-z]{3,})(?<!s)(?<!ing)\s+"
    r"(?:the|a|an|its|their|this|these|those)\b", re.IGNORECASE)
# The thing asked for when it is no question word's object before an auxiliary: "what is the latent
# dimension of WLA", "what's the batch size of MEG-XL", "what is ConfSleepNet's Cohen's kappa" (the owner
# named, then what it has), "what learning rate schedule did SpikeInit use" (three words before the auxiliary).
_THING_WORD = r"(?!(?:the|a|an|of|for|in|on|by|with|to|and|or|is|are|was|were|does|do|did)\b)[\w-]+(?:['’]s)?"
_THING = rf"(?:{_THING_WORD}\s+){{0,2}}?{_THING_WORD}"
_ASKED_OF = re.compile(
    rf"^\W*what(?:['’]s|\s+(?:is|was|are|were))\s+(?:the\s+(?P<what>{_THING})\s+(?:of|for|in|on|used\s+by|behind)\s+\S"
    rf"|(?P<owner>[\w-]*[A-Z0-9][\w-]*)['’]s\s+(?P<owned>{_THING})\s*\??\s*$)"
    rf"|^\W*(?:what|which)\s+(?P<long>(?:{_THING_WORD}\s+){{2}}{_THING_WORD})\s+(?:does|do|did|is|are|was|were)\s+\S",
    re.IGNORECASE)
# Heads of such a phrase that ask what a paper is or does, not for a detail it may leave out
# ("what is the main idea of X", "what's the takeaway of X"); these keep a question "general" with no phrase.
_ABOUT_THE_WORK = {"idea", "ideas", "takeaway", "takeaways", "novelty", "intuition", "motivation", "conclusion", "conclusions",
                   "message", "summary", "gist", "significance", "meaning", "point", "name", "title", "focus", "topic",
                   "subject", "story", "claim", "claims", "hypothesis", "thesis", "premise", "question", "answer",
                   "result", "results", "finding", "findings", "outcome", "outcomes", "status", "state", "use", "relevance",
                   "observation", "observations", "insight", "insights", "principle", "principles", "rationale", "logic",
                   "reasoning", "secret", "key"}
# Words that say "a number" rather than what is counted ("by what factor", "what percentage"); "range"
# says two of them ("what parameter range do the models span": "1B–13B parameters").
GENERIC_MEASURES = {"factor", "number", "percentage", "fraction", "proportion", "margin", "extent", "degree", "amount", "ratio",
                      "count", "counts", "range"}
# "how many times faster", "how many fold larger": a ratio, not a count of times.
_RATIOS = {"times", "fold", "orders"}
# A yes/no question or a comparison: "does X need labels?", "do A beat B?", "should models be wider or deeper?"
_CHECK = re.compile(
    r"^\s*(?:does|do|did|is|are|was|were|can|could|should|will|would|has|have|compare)\b|\bversus\b", re.IGNORECASE)
# "does X need Y", "can X handle Y": Y is what the answer must speak to.
_CHECKED = re.compile(
    r"^\s*(?:does|do|did|can|could|will|would)\s+.+?\s+(?:need|require|use|rely\s+on|work\s+with|beat|outperform|"
    r"support|handle|have|come\s+with|avoid|remove|eliminate|improve)\s+(?P<what>[^?]+)",
    re.IGNORECASE,
)
# "What happens to small instruction-tuned models ...": what becomes of a thing, not a thing to name.
_HAPPENS = re.compile(r"\bwhat\s+(?:happens|happened|will\s+happen|becomes|became)\s+(?:to|of|with|when|if)\b", re.IGNORECASE)
# A cause or a limitation: "why do gradient flows fall short", "what is wrong with standard CSCNNs",
# "what goes wrong with ratio-of-densities steering".
_CAUSE = re.compile(
    r"^\s*why\b|\bwhat\s+(?:is|goes|went|can\s+go)\s+(?:wrong|the\s+problem|the\s+issue)\s+with\b|\bfalls?\s+short\b"
    r"|\b(?:bad|poor|worse)\s+at\b|\blimitations?\s+of\b|^\W*what\s+(?:holds|held|keeps|kept)\s+.+?\s+back\b"
    r"|^\s*(?:what|which)\s+(?:\w+\s+)?(?:problems?|challenges?|issues?|drawbacks?|shortcomings?|limitations?)\s+(?:do|does|did|come|arise|are|is)\b"
    r"|^\W*what\s+makes\s+.+?\s+(?:so\s+|too\s+|prohibitively\s+)?(?:costly|expensive|slow|hard|difficult|inefficient|unreliable|impractical|intractable)\b",
    re.IGNORECASE,
)
# "what problem does X address", "which challenge does X tackle", "what problems with pixel-space data
# does X address": the problem a paper takes on.
_PROBLEM_ADDRESSED = re.compile(
    r"^\W*(?:what|which)\s+(?:\w+\s+)?(?:problems?|challenges?|issues?|gaps?|limitations?|shortcomings?|difficult(?:y|ies))"
    r"(?:\s+(?:of|with|in)\s+[\w\s-]+?)?\s+(?:do|does|did)\s+.+\s+(?:address|solve|tackle|overcome|fix|resolve|target|remedy|mitigate)\b",
    re.IGNORECASE)
# A question for the conditions under which something happens: "when does LoRA forget?", "under what
# conditions ...", "what can cause marginal path collapse?", "with respect to what do the transitions appear?".
_CONDITION = re.compile(
    r"^\W*(?:(?:so|and|but)\s+)?when\s+(?:does|do|did|can|could|is|are|was|were|will|would|should|might|may)\b"
    r"|\bunder\s+(?:what|which)\s+(?:conditions?|circumstances|settings?|regimes?|assumptions?)\b"
    r"|\bin\s+(?:what|which)\s+(?:regimes?|settings?|cases|situations|conditions)\b"
    r"|^\W*(?:what|which)\s+(?:conditions?|circumstances|factors?)\s+(?:make|cause|lead\s+to|trigger|drive)s?\b"
    # "besides X, what else can cause Y?": the thing set aside first
    r"|^\W*(?:(?:besides|apart\s+from|other\s+than|aside\s+from|beyond)\s+[^,?]+,\s*)?"
    r"what\s+(?:else\s+)?(?:can|could|might|may|does|do)\s+(?:cause|trigger|lead\s+to|drive|bring\s+about)\b"
    r"|\bwith\s+respect\s+to\s+what\b|^\W*describe\s+when\b",
    re.IGNORECASE)
# "what are MEG-XL's limitations?", "weaknesses of X?": the shortcomings of what is named, not a
# problem it takes on ("what limitation does X address" is `_PROBLEM_ADDRESSED`); "what limits X" asks the same.
_LIMITS = re.compile(r"\b(?:limitations?|weakness(?:es)?|weak\s+(?:points?|spots?)|drawbacks?|shortcomings?|downsides?|caveats?)\b"
                     r"|\bwhat\s+(?:limits|hinders|hampers|holds\s+back)\b",
                     re.IGNORECASE)
# "how does X compare with Y", "X compared to Y": a comparison, answered like a yes/no question.
_COMPARISON = re.compile(r"\bhow\s+(?:do|does|did|would)\s+.+?\s+compare\b|\bcompared?\s+(?:to|with|against)\b"
                         r"|\bdifferences?\s+between\b|\bhow\s+(?:do|does|did)\s+.+?\s+differ\b"
                         r"|\bstacks?\s+up\b|^\W*(?:against\b.*\bhow\b|how\s+(?:do|does|did|would|well)\b.*\bagainst\b)"
                         r"|^\W*what\s+(?:do|does|did|is|are|was|were)\b.*\b(?:benchmark|compare|evaluate|test)\w*\s+(?:\w+\s+){0,5}against\W*$",
                         re.IGNORECASE)
# Who wrote a work, when or where it appeared: an abstract never states this about itself.
_BIBLIOGRAPHIC = re.compile(
    r"^\s*who\s+(?:first\s+)?(?:invented|introduced|proposed|created|developed|discovered|coined|came\s+up\s+with)\b"
    r"|^\s*who\s+(?:wrote|authored|published|is\s+the\s+author|are\s+the\s+authors)\b|\bwho\s+(?:are|were)\s+the\s+authors\b"
    # "list the authors of X", "authors of X?"; not "how do the authors of X evaluate it"
    r"|^\W*(?:(?:who|what|which|list|name|give|tell|show)(?:\s+(?:are|were|is|was|the|me|us|all|names?|of|full|list))*\s+)?"
    r"(?:the\s+)?authors?\s+of\b"
    r"|\b(?:what|which)\s+year\b|\bwhen\s+(?:was|were|did)\b.*\b(?:publish|releas|appear|come\s+out|came\s+out)"
    r"|\b(?:which|what)\s+(?:conference|venue|journal|workshop|university|universities|lab|institutions?|affiliations?)\b"
    r"|\bpublished\s+(?:at|in)\s+(?:which|what)\b"
    r"|^\s*where\s+(?:was|were|is|are|did)\b.*\b(?:publish|present|appear)"
    # whether and how it was accepted: "was mixup accepted?", "what is the status of X", "was X an oral?"
    r"|^\s*(?:was|were|is|are|did)\b.*\b(?:accepted|rejected|withdrawn|an?\s+(?:oral|spotlight|poster))\b"
    r"|\b(?:what|which)\s+(?:is|was)\s+the\s+(?:acceptance\s+)?(?:status|decision|outcome)\s+(?:of|for)\b",
    re.IGNORECASE,
)
# A noun-phrase question that names a measure ("size range of the models in ...", "top-1 on cifar10
# for ...", "gear random-split improvement in percent"): it asks for a figure.
_MEASURE = re.compile(
    r"\b(?:sizes?|range|accuracy|improvements?|gains?|speed-?ups?|(?<!dimension )(?<!dimensionality )reductions?|length|percent(?:age)?|top-\d|auroc|f1|"
    r"scores?|rates?|errors?|r?mse|mae)\b", re.IGNORECASE)
# A count asked without a question word: "WLA param count", "GPU count behind X", "Subject count
# behind MEG-XL pre-training?", "geo-r1: number of downstream tasks", "count of molecular task pairs in
# GEAR". Not a count named as a topic ("rna count model", "low molecule counts").
_TERSE_COUNT = re.compile(
    r"\b(?P<noun>[a-z][\w-]*)\s+counts?\s*(?:[?.!]|$|(?=(?:of|for|in|behind|used|at)\b))"
    r"|(?:^|:)\s*(?:the\s+)?(?:number|count)\s+of\s+(?P<words>(?:(?!(?:of|in|on|for|to|per|with|at|by|used|behind|the|a|an)\b)[\w-]+\s*){1,3})",
    re.IGNORECASE)
# "X versus Y: accuracy or efficiency?", "accuracy: A or B?" compares; a measure word in it asks for no figure.
_VERSUS = re.compile(r"\bversus\b|\bor\b", re.IGNORECASE)
# "how many" / "how much" asks a figure even of a paper's results ("on how many tasks were X's empirical results gathered").
_COUNT_ASKED = re.compile(r"\bhow\s+(?:many|much)\b", re.IGNORECASE)
# The noun a "what"/"which" inside the question asks for ("at which size", "into what form").
_WH_NOUN = re.compile(r"\b(?:what|which)\s+(?P<noun>[\w-]+)", re.IGNORECASE)
# A question word anywhere: "with low-contrast or noisy images, how does X encode features" asks how, not which.
_WH = re.compile(r"\b(?:what|which|who|whom|whose|when|where|why|how)\b", re.IGNORECASE)
_STARTS_ASKING = re.compile(r"^\W*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|"
                            r"should|will|would|has|have|had|compare|list|name|give|show|tell|explain|describe)\b", re.IGNORECASE)
# Nouns that ask how a thing works or what it does rather than for a thing the abstract names
# ("what role do the affine parameters play"); adverbs ("what exactly does X do") ask for nothing new.
_RELATIONAL = {
    "role", "roles", "purpose", "effect", "effects", "impact", "benefit", "benefits", "advantage", "advantages",
    "idea", "point", "part", "way", "trick", "mechanism", "reason", "goal", "aim", "contribution", "insight",
    "difference", "function", "job",
}
_ADVERBS = {"exactly", "precisely", "specifically", "actually", "really", "roughly", "typically", "usually", "generally", "mainly", "else"}
# "what does ACE stand for", "the full name of AFR-Net": the long form an acronym abbreviates; "what does
# PVS mean / refer to" too, when what is asked is written as an acronym (two capitals) or called one.
_EXPANSION = re.compile(
    r"\bwhat\s+(?:does|do|did|is|are)\s+(?:the\s+)?(?:acronym\s+|abbreviation\s+)?(?P<a>[\w-]+)\s+(?:stand\s+for|short\s+for|abbreviate)"
    r"|\bwhat\s+(?:does|do)\s+(?:the\s+)?(?:(?:acronym|abbreviation)\s+(?P<c>[\w-]+)|(?P<d>(?-i:[A-Z][\w-]*[A-Z][\w-]*)))\s+(?:mean|refer\s+to|denote)\b"
    r"|\b(?:long\s+form|full\s+(?:name|form)|expansion)\s+of\s+(?:the\s+)?(?:acronym\s+)?(?P<b>[\w-]+)",
    re.IGNORECASE)
# Where a work's code is: "is X open source?", "where can I get the X code", "X code link", "github for X".
_CODE = re.compile(
    r"\bopen[\s-]?sourced?\b|\bsource\s+code\b|\bcode\s+(?:link|url|release|available|availability|repository|repo)\b"
    r"|\b(?:get|find|download)\s+(?:the\s+)?(?:\S+\s+)?code\b|\bgithub\b"
    r"|\b(?:is|was|are)\s+(?:the\s+|its\s+|their\s+)?(?:code|implementation)\b(?:\s+(?:for|of)\s+[\w'’().-]+)?\s+(?:released|public|available|shared|online)\b"
    r"|\b(?:release|releases|released|share|shares|shared|publish|publishes|published)\s+(?:the\s+|its\s+|their\s+)?(?:code|implementation)\b"
    r"|\bis\s+there\s+(?:any\s+|an?\s+)?(?:code|implementation)\b",
    re.IGNORECASE)
# A request for something no paper abstract holds: a joke, a poem, a story (not a question about research);
# who cites a paper or how often ("which papers cite mixup": an abstract's "\\cite{...}" is no citation of it);
# what is most popular or trending across a venue.
_OUT_OF_SCOPE = re.compile(
    r"^\W*(?:please\s+)?(?:tell|write|give|make\s+up|compose|sing)\s+(?:me\s+|us\s+)?(?:a|an|some|another)\s+(?:\w+\s+)?"
    r"(?:jokes?|poems?|stor(?:y|ies)|songs?|limericks?|haikus?|riddles?|puns?|raps?)\b"
    r"|\b(?:papers?|works?|articles?|studies)\s+(?:that\s+|which\s+)?(?:cite|cites|cited|citing)\b|\bcited\s+by\b"
    r"|\bhow\s+(?:often|many\s+times)\s+(?:is|was|has|have)\b.*\bcited\b|\b(?:number\s+of|how\s+many)\s+citations\b"
    r"|\b(?:most|least)\s+(?:popular|common|frequent|cited|influential)\s+(?:topics?|themes?|areas?|keywords?|papers?|trends?)\b"
    r"|\btrending\b|\bmost\s+cited\b",
    re.IGNORECASE)
# About the collection as a whole, not a topic: "how many papers are there?", "what venues does the
# collection cover?", "what is in the corpus?".
_STORE = r"(?:the|this|your)\s+(?:collection|corpus|store|index|database|library)"
_COLLECTION = re.compile(
    rf"^\W*(?:how\s+many\s+(?:papers|abstracts|documents|articles|records)\s+(?:are\s+there|do\s+you\s+(?:have|know|hold)"
    rf"|(?:are|were)\s+(?:in|indexed|stored|loaded)(?:\s+(?:in\s+)?{_STORE})?|(?:does|do)\s+{_STORE}\s+(?:hold|have|contain)"
    rf"|(?:are|were)\s+(?:there\s+)?(?:from|in|at|of))"  # "how many papers are from 2018?", its year set aside
    rf"|(?:what|which)\s+(?:venues|conferences|years|sources|files)\s+(?:are\s+in|does|do)\s+(?:{_STORE}|you)(?:\s+(?:hold|have|cover|contain))?"
    rf"|what\s+(?:is\s+in|does)\s+{_STORE}(?:\s+(?:hold|have|cover|contain))?)\W*$",
    re.IGNORECASE)
# "summarize the LoRA paper", "what is the SpikeInit paper about", "tl;dr of MeshFT": what the paper
# did and what it found.
_SUMMARY = re.compile(
    r"\bsummar(?:y|ies|ise|ize|ised|ized)\b|\btl;?\s*dr\b|\boverview\s+of\b|\bin\s+a\s+nutshell\b|\bgist\b"
    r"|\bwhat\s+(?:is|was)\s+(?:the\s+)?(?:[\w-]+\s+){0,5}(?:paper|work|study|article|abstract)\s+about\b"
    r"|\bwhat\s+(?:is|was)\s+(?:the\s+)?(?:paper|work|study|article)\s+(?:on|by|from|with)\s+.+?\s+about\s*\W*$",
    re.IGNORECASE)
# The words that ask for a summary, for results or for how a paper was evaluated, not for a topic.
_SUMMARY_WORDS = re.compile(r"\b(?:summar\w*|tl;?\s*dr|overview|nutshell|gist|results?|findings?|main|key|find|about|new|novel\w*|"
                            r"contribut\w*|idea|insight|innovation|core|central|behind|"
                            r"evaluat\w*|tested|test|validat\w*|benchmarked|assess\w*|experiments?|experimental|empirical|evidence|runs?)\b",
                            re.IGNORECASE)
# "what are GEAR's results", "what did they find", "main findings of X", "what results does it report",
# "what does GEAR achieve": what the paper found.
# How a paper was evaluated, or its (experimental) results: "how is QHNetV2 evaluated?", "how do they
# validate GCMs?", "what experiments does MeshFT run?", "what are the results of UniSparse?"; not which
# datasets or how many ("which datasets was X tested on" asks for names, an entity).
_EVALUATION = re.compile(
    r"^\W*how\s+(?:is|was|are|were)\s+(?:[\w'’().-]+\s+){1,6}?(?:evaluated|tested|validated|benchmarked|assessed)\s*\W*$"
    r"|^\W*how\s+(?:do|did|does)\s+(?:[\w'’().-]+\s+){1,3}?(?:evaluate|test|validate|benchmark|assess)(?:\s+[\w'’().-]+){0,4}\s*\W*$"
    r"|\bwhat\s+(?:experiments?|evaluations?|empirical\s+evidence)\s+(?:does|do|did|is|are|was|were)\b"
    r"|\bwhat\s+(?:are|were)\s+(?:the\s+)?(?:[\w'’-]+\s+){0,3}?(?:main\s+|key\s+)?(?:experimental\s+|empirical\s+)?results\b"
    r"|\b(?:experimental|empirical)\s+results\b",
    re.IGNORECASE)
# What a paper brings that is new: "what's new in X", "what is novel about X", "the novelty of X",
# "the (main) contributions of X", "what does X contribute", "the key idea / insight of X".
_CONTRIBUTION = re.compile(
    r"\bwhat(?:'s|’s|\s+is|\s+was)\s+(?:new|novel)\b|\bnovelty\b|\bwhat\s+(?:does|did|do)\s+.+?\s+contribute\s*\W*$"
    r"|\bcontributions?\s+(?:of|in|made\s+by)\s+(?:the\s+)?[\w'’().-]+(?:\s+(?:paper|work|study))?\s*\W*$"
    r"|^\W*what\s+(?:are|is|were|was)\s+(?:the\s+|its\s+|their\s+)?(?:main\s+|key\s+)?contributions?\s*\W*$"
    r"|\b(?:key|main|core|central|big)\s+(?:idea|insight|innovation|novelty)s?\b",
    re.IGNORECASE)
_FINDINGS = re.compile(
    r"\bwhat\s+(?:are|were)\s+(?:the\s+)?(?:[\w'’-]+\s+){0,3}?(?:main\s+|key\s+)?(?:results|findings)\b"
    r"|\b(?:main|key)\s+(?:results?|findings?)\b|\bwhat\s+(?:does|do|did)\s+(?:[\w'’-]+\s+){1,4}?find\b"
    r"|^\W*(?:the\s+)?(?:results|findings)\b|\bwhat\s+(?:results|findings)\s+(?:does|do|did|are|were|is|was)\b"
    r"|\bwhat\s+(?:does|did)\s+(?:[\w'’-]+\s+){1,6}?(?:achieve|report)\s*\W*$",
    re.IGNORECASE)
# "give me the abstract of the Glow paper", "show the full abstract of mixup", "what does X's abstract say":
# the whole abstract of the paper named.
_WHOLE_ABSTRACT = re.compile(
    r"\b(?:give|show|print|read|display|paste|quote|see|want|need|get|send)\b[^?]{0,30}?\b(?:the\s+)?(?:full\s+|whole\s+|entire\s+|complete\s+)?"
    r"abstract\s+(?:of|for|from)\b|\bwhat\s+(?:does|did)\s+(?:the\s+abstract\s+of\s+.+|.+?['’]s\s+abstract)\s+say\b"
    r"|\b(?:give|show|print|read|display|paste|quote|see|get|send)\b[^?]{0,30}?['’]s\s+(?:full\s+|whole\s+|entire\s+|complete\s+)?abstract\b",
    re.IGNORECASE)
# "who works on X", "which researchers study X": the papers on X, each with its authors.
_WHO_WORKS = re.compile(
    r"^\W*who\s+(?:(?:else|all|has|have|is|are|else)\s+)*(?:works?|working|worked|stud(?:y|ies|ied|ying)|research(?:es|ed|ing)?"
    r"|publish(?:es|ed|ing)?|writes?|wrote|written)\s+(?:on|about|in)\b"
    r"|\b(?:which|what)\s+(?:researchers|authors|people|groups|labs)\b", re.IGNORECASE)
_METHOD = re.compile(r"^\s*(?:how|why)\b|\bwhat\s+does\s+.+\s+(?:use|add|do|combine|rely|introduce)\b", re.IGNORECASE)
# "which model does MEG-XL beat?": a model the named work acts on, asked by name, not a paper to find.
_MODEL_ACTED_ON = re.compile(r"^\W*(?:which|what)\s+models?\s+(?:does|do|did)\s+\S", re.IGNORECASE)
# Nouns that name what is asked, for "The X abstract does not name a dataset".
_ASKED_NOUN = {
    "data": "the data", "corpus": "a corpus", "corpora": "a corpus", "software": "the software",
    "spectra": "the spectra", "losses": "a loss", "modalities": "the modalities", "libraries": "a library",
}


@dataclass(frozen=True)
class Intent:
    """The kind of answer a question wants, and the noun it asks about: for an entity question the
    kind of thing ("dataset"), for a quantity question what is counted or measured ("tasks", "AUROC";
    "" when the question names none, as in "how deep"); `phrase` is that noun with the words
    qualifying it in the question ("dialogue scenarios", "downstream tasks"); for a yes/no question
    the thing it asks about ("does TriForces require DFT labels" gives "DFT labels"); for an expansion
    ("what does ACE stand for") the acronym."""

    kind: Kind
    noun: str = ""
    phrase: str = ""
    of_kind: bool = False  # "what kind of models": a kind answers ("multimodal large language models"), not a name

    def missing_phrase(self) -> str:
        """How to say that an abstract is silent on what is asked, e.g. "does not name a dataset"."""
        if self.kind == "quantity":
            return "does not state this figure"
        if self.kind == "entity" and self.noun:
            noun = self.noun.lower()
            single = noun.rstrip("s") if noun.endswith("s") and not noun.endswith("ss") else noun
            if single in _ACRONYM_NOUNS:  # "an LLM", "a VLM": said letter by letter
                single = single.upper()
                thing = f"{'an' if single[0] in 'AEFHILMNORSX' else 'a'} {single}"
            else:
                thing = _ASKED_NOUN.get(noun) or f"{'an' if single[0] in 'aeio' else 'a'} {single}"
            return f"does not name {thing}"
        if self.kind == "bibliographic":
            return _BIBLIOGRAPHIC_MISSING[self.noun]
        if self.kind == "expansion":
            return f"does not spell out {self.noun}"
        if self.kind == "code":
            return "does not link its code"
        if self.kind == "summary":
            return "does not report its results"
        if self.kind == "cause" and self.noun == "limitations":
            return "does not state its limitations"
        if self.kind == "general" and self.noun == "condition":
            return "does not say when"
        if self.kind == "general" and self.phrase:
            return f"does not say which {self.phrase.lower()}"
        return "does not say"


# The words an abstract states a measure by, for the superlatives a question over papers asks
# ("which of them is the deepest?"): a stated depth is "1000-layer", "ultra-deep".
_EXTREMES = {
    "deepest": "deep depth layer", "shallowest": "shallow depth layer",
    "fastest": "fast faster speed speedup latency", "quickest": "fast faster speed speedup latency", "slowest": "slow speed latency",
    "largest": "large larger size scale parameters billion", "biggest": "large larger size scale parameters billion",
    "smallest": "small smaller size parameters compact", "longest": "long longer length context horizon",
    "cheapest": "cost cheap cheaper", "most accurate": "accurate accuracy", "most efficient": "efficient efficiency",
}
_SUPERLATIVE = re.compile(r"\b(?:" + "|".join(sorted((re.escape(w).replace(r"\ ", r"\s+") for w in _EXTREMES), key=len, reverse=True))
                          + r")\b", re.IGNORECASE)


# "What datasets do the weather papers use?", "which hardware do SNN works target?", "what benchmarks
# are used by the agent papers?": a detail asked of each paper of a list.
_LISTED_DETAIL = re.compile(
    rf"^\W*(?:what|which)\s+(?P<kind>kinds?\s+of\s+|types?\s+of\s+)?(?P<thing>(?:(?!(?:{WORK_NOUNS})\b)[\w-]+\s+){{0,2}}?(?!(?:{WORK_NOUNS})\b)[\w-]+)"
    rf"\s+(?:do|did|are|were)\s+(?:(?:used|targeted|studied|evaluated|tested|considered|addressed)\s+(?:by|in)\s+)?"
    rf"(?:[\w-]+\s+){{0,4}}?(?:{WORK_NOUNS})\b",
    re.IGNORECASE)


def listed_detail(question: str) -> Intent | None:
    """For a list question asking the same detail of each paper ("What datasets do the weather papers
    use?"), the intent of that detail as asked of one paper (an entity for "datasets", else a general
    question on "hardware"); None for any other question ("Which papers use diffusion models?")."""
    match = _LISTED_DETAIL.search(question)
    if not match or not papers_requested(question):
        return None
    thing = " ".join(match.group("thing").split())
    noun = re.fullmatch(rf"(?:(?P<mods>.*)\s)?(?P<noun>{_ENTITY_NOUNS})", thing, re.IGNORECASE)
    if noun:
        return Intent("entity", noun.group("noun"), thing, of_kind=bool(match.group("kind")))
    return Intent("general", "", thing)


def extreme_measure(question: str) -> list[str]:
    """The words stating the measure whose extreme `question` asks for ("which of them is the deepest?"
    gives depth words: deep, depth, layer); empty when it asks for none."""
    match = _SUPERLATIVE.search(question)
    return _EXTREMES[" ".join(match.group(0).lower().split())].split() if match else []


def without_superlatives(question: str) -> str:
    """`question` less the superlatives asking which paper has the most of a measure ("which paper
    has the largest speedup?" -> "which paper has the speedup?"): no abstract's topic."""
    return " ".join(_SUPERLATIVE.sub(" ", question).split())


# How the answer should be put, which no abstract writes: "in one sentence", "in simple terms",
# "in a nutshell", "like I'm five", "for a layperson".
_ANSWER_FORM = re.compile(
    r"(?P<lead>\s*,)?\s*\b(?:(?:in|with)\s+(?:just\s+)?(?:one|a|two|three|a\s+few|few|simple|plain|lay(?:man'?s)?|everyday)\s+"
    r"(?:sentences?|lines?|words|terms|english|language|paragraphs?)|in\s+a\s+nutshell|(?:like|as\s+if)\s+I'?\s*a?m\s+(?:five|5|a\s+\w+)"
    r"|for\s+an?\s+(?:layperson|layman|beginner|non-?expert|newcomer|outsider)"
    r"|in\s+(?:numbers|figures|digits))\b(?=\s*(?:[?.!,;:]|please\b|$))(?(lead),?)",  # "what firing rate, in numbers, ..."
    re.IGNORECASE)


def without_answer_form(question: str) -> str:
    """`question` less the words saying how to put the answer ("Summarize X in one sentence." gives
    "Summarize X."), which no abstract holds."""
    return " ".join(_ANSWER_FORM.sub("", question).split())


# "Which paper trains ..., and what dataset did it use?": a second question about the paper the first finds.
_THEN_ASKS = re.compile(r",?\s+and\s+(?=(?:what|which|how|who|when|where|does|did|is|are|was|were|can)\b[^?]*?"
                        r"\b(?:it|its|this\s+paper|that\s+paper|the\s+paper)\b)", re.IGNORECASE)


_THEN_DETAIL = re.compile(r"(?:,\s+and|\?)\s+(?=(?:(?:in|on|at|by|with|from|for|under|to|across)\s+)?(?:what|which|how|who|where|when)\b)",
                          re.IGNORECASE)


def compound_parts(question: str) -> tuple[str, str] | None:
    """("Which paper X?", "what dataset did it use?") for a question for one paper followed by a
    question about it ("Which paper X, and what dataset did it use?"), or a question naming a paper
    followed by another about it ("What does UniSparse do and how accurate is it?"), or a question for
    one paper followed by a clause or sentence asking a detail ("Which paper X, and how deep?", "Is there
    a paper that X? What did it find?"); None for any other question."""
    match = _THEN_ASKS.search(question)
    if match:
        first, then = question[:match.start()].rstrip(" ,") + "?", question[match.end():]
        return (first, then) if classify(first).kind == "paper" or names_in(first) else None
    # "Which paper X, and how deep?", "Which paper X, and on what data?", "Is there a paper that X? What
    # did it find?": after a question for one paper, a clause or a sentence asking a detail asks it of
    # the paper found, with no pronoun for it
    match = _THEN_DETAIL.search(question)
    if not match:
        return None
    first, then = question[:match.start()].rstrip(" ,?") + "?", question[match.end():]
    if len(re.findall(r"[\w-]+", then)) <= 3:  # "..., and how deep?", "..., and by what factor?": one question
        return None
    return (first, then) if classify(first).kind == "paper" and not _THEN_ASKS.search(first) else None


# "What component of LABO decides how much to trust ...": a "what/which NOUN" question whose verb takes an
# indirect question ("decides how much", "controls how many"); the noun is asked, not the amount.
_INDIRECT_HOW = re.compile(
    r"^\W*(?:what|which)\s+(?!(?:is|are|was|were|does|do|did|has|have)\b)[\w-]+\b.*?"
    r"\b(?!(?:is|was|has|does|terms|times)\b)[a-z]+s\s+(?=how\s+(?:much|many|large|big|far|often)\b)", re.IGNORECASE)


def without_indirect_how(question: str) -> str:
    """`question` up to an indirect "how much/many ..." clause taken by the verb of a "what/which NOUN"
    question ("What component decides how much to trust X?" gives "What component decides "); the question
    unchanged when it has none ("How much faster is X?", "By how much does X cut Y?")."""
    indirect = _INDIRECT_HOW.search(question)
    return question[:indirect.end()] if indirect else question


# "Is batch normalization a universal solution for spiking networks, per SpikeInit?": a yes/no question
# asking whether its subject (a few words, no clause) is a thing named by a noun phrase ("universal solution").
_COPULAR_CHECK = re.compile(
    r"^\W*(?:is|are|was|were)\s+(?!there\b)(?P<subject>(?:[\w-]+\s+){1,5}?)(?:an?|the)\s+(?P<predicate>(?:[\w-]+\s+){1,3}?[\w-]+?)"
    r"(?=\s*(?:[,?;]|$)|\s+(?:for|in|of|on|to|per|according|when|with|across|under|by|at|than)\b)", re.IGNORECASE)
# Words that make the subject a clause ("is an llm better at ... than a ...") or the predicate no noun phrase.
_NOT_A_NOUN_PHRASE = {"than", "to", "for", "on", "in", "with", "by", "at", "of", "when", "once", "as", "or", "and", "is", "are",
                      "be", "among", "enough", "better", "worse", "more", "less", "alone", "still", "any", "used", "tested", "one", "ones",
                      "paper", "study", "work"}


def copular_predicate(question: str) -> list[str]:
    """The words of the noun phrase a copular yes/no question asks its subject to be ("Is BN a universal
    solution for SNNs?" gives ["universal", "solution"]), two words or more; [] for any other question,
    or when the subject or the phrase holds a word that makes it a clause or no noun phrase."""
    copular = _COPULAR_CHECK.search(question)
    if not copular:
        return []
    words = copular.group("subject").split() + copular.group("predicate").split()
    return [] if any(word.lower() in _NOT_A_NOUN_PHRASE for word in words) else copular.group("predicate").split()


def classify(question: str) -> Intent:
    """The intent of `question` (see the module docstring); "general" when no rule fires."""
    if _OUT_OF_SCOPE.search(question):
        return Intent("out_of_scope")
    if _COLLECTION.search(question):
        return Intent("collection")
    if _WHOLE_ABSTRACT.search(question):
        return Intent("abstract")
    if _WHO_WORKS.search(question):
        return Intent("papers", "authors")
    if papers_requested(question):
        return Intent("papers")
    bibliographic = _BIBLIOGRAPHIC.search(question)
    if bibliographic:
        return Intent("bibliographic", _bibliographic_noun(bibliographic.group(0)))
    if _CODE.search(question):
        return Intent("code")
    if _CONTRIBUTION.search(question):
        return Intent("summary", "contribution")
    if _EVALUATION.search(question) and not _COUNT_ASKED.search(question):
        return Intent("summary", "evaluation")
    if _FINDINGS.search(question) and not _COUNT_ASKED.search(question):
        return Intent("summary", "findings")
    if _SUMMARY.search(question):
        return Intent("summary")
    expansion = _EXPANSION.search(question)
    if expansion:
        return Intent("expansion", next(group for group in expansion.groups() if group))
    if _LIMITS.search(question) and not _PROBLEM_ADDRESSED.search(question):
        return Intent("cause", "limitations")
    if _CONDITION.search(question):
        return Intent("general", "condition")
    if _DEPTH_NOUN_ASKED.search(question):
        return Intent("quantity")
    if _QUANTITY.search(without_indirect_how(question)):
        return Intent("quantity", *_measured(question))
    counted = None if _STARTS_ASKING.search(question) else _TERSE_COUNT.search(question)
    if counted:
        return Intent("quantity", *_terse_counted(counted))
    asked_noun = _WH_NOUN.search(question)  # "at which size ...": a measure; "CRNs implement which kinds of models": none
    if not _STARTS_ASKING.search(question) and _MEASURE.search(question) and not _VERSUS.search(question) \
            and not (asked_noun and not _MEASURE.fullmatch(asked_noun.group("noun"))):
        return Intent("quantity")
    if not _STARTS_ASKING.search(question) and _VERSUS.search(question) and not _WH.search(question):
        return Intent("check")  # "high-dimensional accuracy: A or B?", "matrix multiplications in X: kept or removed?"
    entity = None if _HAPPENS.search(question) else _ENTITY.search(question)
    if entity and _NAMED_THE.search(entity.group(0)):
        entity = None  # "what is the MindZero model rewarded for": the named model is the subject, not what is asked
    while entity and _NOUN_NEXT.match(question, entity.end()):  # "what balances llm predictions": "llm" qualifies
        entity = _ENTITY.search(question, entity.end())           # the noun after it; "which model performance metric"
    if entity and (not _PAPER.search(question) or _BUILT_ON.search(question) or _MODEL_ACTED_ON.search(question)
                   or _within_a_paper(question, entity)) \
            and not _CAUSE.search(question) and not _PROBLEM_ADDRESSED.search(question):
        return Intent("entity", entity.group("noun"), f"{entity.group('mods')}{entity.group('noun')}", bool(entity.group("kind")))
    if _PAPER.search(question):
        return Intent("paper")
    if _CAUSE.search(question) or _PROBLEM_ADDRESSED.search(question):
        return Intent("cause", "problem" if _PROBLEM_ADDRESSED.search(question) else "")
    if _COMPARISON.search(question):
        return Intent("check")
    asked = _ASKED.search(question)
    if asked and asked.group("what").split()[-1].lower() in _RELATIONAL | _ADVERBS:
        return Intent("method")
    if _METHOD.search(question):
        return Intent("method")
    if _CHECK.search(question):
        checked = _CHECKED.search(question)
        return Intent("check", "", checked.group("what").strip() if checked else "")
    terse = None if _STARTS_ASKING.search(question) else _TERSE_ENTITY.search(question)
    if terse and not _LINKS.search(question[:terse.start('noun')]):  # "QHNetV2 benchmarks?": a thing of that kind is asked for
        return Intent("entity", terse.group("noun"), f"{terse.group('mods')}{terse.group('noun')}")
    asked = _ASKED.search(question)  # "what failure mode does ACE address": the phrase is "failure mode"
    if asked:
        return Intent("general", "", asked.group("what"))
    subject = _ASKED_SUBJECT.search(question)  # "what optimizer trained X": the phrase is "optimizer"
    return Intent("general", "", (subject.group("what") or subject.group("owner") or subject.group("many")) if subject else "")


# Heads saying that the word before them is counted: "parameter count", "token number".
_COUNT_HEADS = {"count", "counts", "number", "numbers"}


def asked_thing(question: str) -> str:
    """The thing "what is the X of P" / "what's P's X" / "what A B C did P use" asks for ("latent
    dimension", "Cohen's kappa", "learning rate schedule"), which the abstract must write for a
    sentence of it to give it; "" for any other question, or one asking what the paper is or does
    ("what is the main idea of X", "what is the role of Y in X")."""
    match = _ASKED_OF.search(question)
    if not match:
        return ""
    words = (match.group("what") or match.group("owned") or match.group("long")).split()
    if len(words) > 1 and words[-1].lower() in _COUNT_HEADS:
        words = words[:-1]  # "what is the parameter count of X": parameters are what is counted
    head = re.sub(r"['’]s$", "", words[-1].lower())
    if head in _RELATIONAL | _ADVERBS | _ABOUT_THE_WORK or head in GENERIC_MEASURES or words[0].lower().rstrip("s") in ("kind", "type", "sort") \
            or re.search(r"[^e]ed$", head):  # "what is MindZero rewarded for": a verb's participle, no thing
        return ""
    return " ".join(words)


# What makes a question more than a topic: a question word or auxiliary anywhere, alternatives ("A or
# B?"), a tag ("..., right?"), a count, a colon or possessive tying an attribute to a thing
# ("MindZero's test domains?", "Quick number: ..."), a follow-up's "and ...", a person asking ("I'd
# like the datasets used in ..."), the collection itself ("Equivariant architectures in this collection, please.").
_MORE_THAN_TOPIC = re.compile(
    r"\b(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|should|will|would|has|have|had"
    r"|or|right|number|count|i|me|my|we|us|our|you|your|here|collection|corpus)\b|:|['’]s\b|^\W*and\b", re.IGNORECASE)


_LINKS = re.compile(r"\b(?:for|on|in|of|with|that|which|to|from|via|by|using|under|at|about|over|across)\b", re.IGNORECASE)


def bare_topic(question: str) -> bool:
    """True when `question` is only a topic, a noun phrase ("Spiking state space model for event-camera
    object detection?", "Functional KL divergence for evaluating weather ensembles, please."): read as a
    request for a paper on it when it names no paper."""
    return not _STARTS_ASKING.search(question) and not _MORE_THAN_TOPIC.search(question)


# "Indirect metadata rewards for medical image reasoning in VLMs: what is shown?": a paper described, then asked about.
_DESCRIBED = re.compile(r"^\W*(?P<topic>[^:?]+?)\s*:\s*(?P<ask>[^:]+)$")


def described_topic(question: str) -> str:
    """The paper `question` describes, as a topic of three words or more, before a colon and a
    question about it ("The fatigue index for diffusion image generators: what does it measure?"
    gives "The fatigue index for diffusion image generators"); "" for any other question."""
    match = _DESCRIBED.search(question)
    if not match or not _STARTS_ASKING.search(match.group("ask")):
        return ""
    topic = match.group("topic").strip()
    return topic if len(topic.split()) >= 3 and bare_topic(topic) else ""


_ACRONYM_NOUNS = {"llm", "mllm", "vlm"}
_BIBLIOGRAPHIC_MISSING = {
    "authors": "does not name its authors", "date": "does not state when it was published",
    "venue": "does not state where it was published", "affiliation": "does not name its authors' institutions",
    "status": "does not state whether it was accepted",
}


# "which paper introduced the Adam optimizer", "what work proposed ENAS": the thing a paper is asked
# to have introduced, named (no "a"/"an" describing a kind of thing) in at most five words.
_INTRODUCED = re.compile(
    r"^\W*(?:which|what)\s+(?:paper|work|study|article)\s+(?:first\s+)?"
    r"(?:introduced|introduces|proposed|proposes|invented|invents|came\s+up\s+with)\s+"
    r"(?:the\s+)?(?P<thing>(?!(?:a|an|new|novel|some|any|ways?|methods?|approach(?:es)?)\b)[^\s?.,;]+(?:\s+[^\s?.,;]+){0,4})\s*\?*\s*$",
    re.IGNORECASE)


def introduced_thing(question: str) -> str:
    """What `question` asks which paper introduced, when it names it ("the Adam optimizer" gives
    "Adam optimizer"); "" for a description ("which paper proposes a model that uses radar")."""
    match = _INTRODUCED.search(question)
    return match.group("thing") if match else ""


def summary_topic(question: str) -> str:
    """`question` without the words asking for a summary or for results ("What is the paper on sliced
    score matching about?" keeps "What is the paper on sliced score matching?"): what the summed-up
    paper must be about."""
    return " ".join(_SUMMARY_WORDS.sub(" ", question).split())


def _bibliographic_noun(asked: str) -> str:
    """What a bibliographic question asks for: "authors", "date", "venue", "affiliation" or "status"."""
    asked = asked.lower()
    if re.search(r"accepted|rejected|withdrawn|status|decision|outcome|\b(?:oral|spotlight|poster)\b", asked):
        return "status"
    if re.search(r"year|when", asked):
        return "date"
    if re.search(r"conference|venue|journal|workshop|publish|present|appear", asked):
        return "venue"
    if re.search(r"universit|lab|institution|affiliation", asked):
        return "affiliation"
    return "authors"


# "How many kinds of energy resources", "how many types of spectra": the kinds of X are counted by X.
KINDS_OF = re.compile(r"\b(how\s+many)\s+(?:different\s+)?(?:kinds|types|sorts|classes|categories|varieties)\s+of\s+", re.IGNORECASE)


def _measured(question: str) -> tuple[str, str]:
    """The head noun a quantity question counts or measures and its phrase ("how many downstream
    tasks" gives "tasks", "downstream tasks"); empty for "by what factor" and the like."""
    match = _MEASURED.search(KINDS_OF.sub(r"\1 ", question))
    words = re.sub(r"['’]s?(?=\s|$)", "", (match.group("words") or match.group("what") or "")).split() if match else []  # "participants' recordings"
    if match and match.group("words"):
        words = _counted(words)
    if not words or words[0].lower() in _RATIOS:
        return "", ""
    if words[-1].lower() in GENERIC_MEASURES:  # "what pruning ratio": no noun counted, but a measure named
        # (a range is two figures of whatever it spans: "what parameter range" names no measure)
        named = words[0].lower() not in GENERIC_MEASURES and words[-1].lower() != "range"
        return "", " ".join(words) if named else ""
    return words[-1], " ".join(words)


# "Batch size of the storm nowcasting framework": a setting's measure (a size, rate, length or range)
# opening a figure question, up to two words before it; not an effect ("accuracy", "top-1", "speed-up").
# Only the word naming it ("batch", "learning") joins the measure, not a bound of the figure before
# that ("max sequence length", "longest dependency range": the length, the range are measured).
_LEADING_MEASURE = re.compile(
    r"^\W*(?:(?!(?:the|a|an|of|in|on|for|to|with|by|at|from|and)\b)[\w-]+\s+)??"
    r"(?P<words>(?:(?!(?:the|a|an|of|in|on|for|to|with|by|at|from|and)\b)[\w-]+\s+)?)(?P<noun>sizes?|rates?|length|range)\b",
    re.IGNORECASE)


def leading_measure(question: str) -> Intent:
    """The figure a question without a question word opens on, as a quantity intent with the
    measure and its phrase ("Batch size of X" gives "size", "Batch size"; "Learning rate used for X"
    gives "rate", "Learning rate"); a bare quantity intent when it opens otherwise ("Depth record
    for X?"). The phrase serves the near-miss check of a figure question (`rag.compose.misses_measure`)."""
    match = None if _STARTS_ASKING.search(question) else _LEADING_MEASURE.search(question)
    return Intent("quantity", match.group("noun"), f"{match.group('words')}{match.group('noun')}") if match else Intent("quantity")


def _terse_counted(match: re.Match) -> tuple[str, str]:
    """What a terse count question counts and its phrase: "parameter count" gives "parameters" twice;
    "number of downstream tasks" gives "tasks", "downstream tasks" (as "how many" would)."""
    if match.group("noun"):
        noun = match.group("noun")
        noun = noun if noun.lower().endswith("s") else f"{noun}s"
        return noun, noun
    words = _counted(match.group("words").split())
    return words[-1], " ".join(words)


def _counted(words: list[str]) -> list[str]:
    """The noun phrase of the words after "how many": up to its first plural noun ("terabytes remain
    after" gives "terabytes", "signals go into" gives "signals", "model families" stays); unchanged
    when no word is plural ("how much context")."""
    for i, word in enumerate(words):
        if len(word) > 3 and re.search(r"[^su]s$", word, re.IGNORECASE):
            return words[: i + 1]
    return words

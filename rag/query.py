"""Reading a question for retrieval: its content words for BM25, and whether it asks for several papers.

Questions carry framing words ("Which papers study ...", "Is there work on ...") that say nothing
about the topic but, being rare in abstracts, get a high BM25 weight. `content_query` drops them.
`papers_requested` spots questions that ask for a list of papers, which deserve more sources.
`plain_question` spells out what a researcher types in chat ("what's", "wrt", "rl") so that the
answer's rules and retrieval read the words the abstracts use, in American spelling. `list_variants`
gives the other reading a question for several papers is searched with too (a field acronym).
"""

from __future__ import annotations

import re

from rag.text import STOPWORDS

# Words that frame a question about the literature rather than name its topic (lower case).
_FRAMING = frozenset(
    """paper papers article articles work works publication publications study studies studied research
    researcher researchers author authors approach approaches propose proposes proposed present presents
    presented introduce introduces describe describes discuss discusses address addresses tell tells telling explain
    find list show shows give gives look looks exist existing there any anything someone something
    kind kinds way ways summarize summarise summarized summarised overview help helps need needs want wants
    please mention mentions mentioned mentioning talk talks talking deal deals dealing tackle tackles
    tackling acronym acronyms abbreviation abbreviations stand stands""".split()
)
# Verbs and nouns that frame what a paper does with its topic ("papers that use/train models with X"),
# research verbs among them ("which works evaluate neural models on PDE problems": the topic is PDE problems).
_LIGHT = frozenset(
    """use uses used using train trains trained model models method methods apply applies applied employ
    employs employed build builds make makes do does get gets take takes go goes come comes involve
    involves involving leverage leverages rely relies based would might must shall
    evaluate evaluates evaluated evaluating assess assesses assessed investigate investigates investigated
    explore explores explored examine examines examined analyze analyzes analyzed analyse analysed""".split()
)
_WORD = re.compile(r"[\w'-]+|[^\w\s]")
# "which/what papers ...", "list (the) papers ...", "papers that/which/on/about ...", "any work on ...".
_PLURAL = r"(?:papers|articles|works|studies|publications)"
_PAPERS = r"(?:papers|articles|publications)"  # never "user studies", "follow-up works"
_IN_COLLECTION = r"\s+in\s+(?:this|the|your|our)\s+(?:collection|corpus|library|database|index)"
# "studies" or "works" after a singular noun is its verb: "which paper studies X", "which method works best".
_NOT_A_VERB = "".join(rf"(?<!\b{noun}\s)" for noun in ("paper", "article", "study", "work", "model", "method", "approach", "one"))
_LIST_QUESTION = re.compile(
    rf"\b(?:which|what|list|name|find|show|give|recommend|are\s+there|other|several|some|all|compare|contrast|summari[sz]e)\b"
    rf"[^.?!]{{0,40}}{_NOT_A_VERB}\b{_PLURAL}\b"
    rf"|{_NOT_A_VERB}\b{_PLURAL}\s+(?:that|which|about|on|using|use|study|studying|propose|proposing|tackle|address)\b"
    rf"|\bhow\s+many\s+(?:{_PLURAL}|(?:[\w-]+\s+){{1,2}}?{_PAPERS})\b"  # "how many (ICLR) papers are about X": the list answers it
    # "what are the main approaches to X": an overview, which the papers taking each approach give
    r"|\bwhat\s+are\s+(?:the\s+)?(?:(?:main|key|existing|different|common|recent|current|known)\s+)?"
    r"(?:approaches|methods|techniques|lines\s+of\s+work)\s+(?:to|for|in|on)\b"
    # a topic and the papers on it, as a noun phrase: "RL-based papers?", "Neuroscience abstracts?",
    # "Spiking network papers in here?", "Weather and climate papers, list them."
    # "Weather-related works in this collection", "Equivariant architectures in the corpus, please.":
    # the papers of the collection on a topic.
    rf"|^\W*(?:[\w-]+\s+){{0,3}}[\w-]+\s+(?:{_PLURAL}|abstracts)(?:\s+(?:in\s+)?here|{_IN_COLLECTION})?(?:\W+(?:list|show|name)\s+them)?\W*$"
    rf"|^\W*(?!(?:is|are|was|were|does|do|did|what|which|who|how|can|could|has|have)\b)(?:[\w-]+\s+){{0,3}}[\w-]+{_IN_COLLECTION}(?:\W+please)?\W*$"
    # "which abstracts are about molecules?", "which abstracts involve Bayesian inference?"
    r"|^\W*(?:which|what)\s+abstracts\b",
    re.IGNORECASE,
)


# Chat shorthand and contractions, spelled out (lower-case keys, matched as whole words).
_SHORTHAND = {
    "what's": "what is", "whats": "what is", "how's": "how is", "where's": "where is", "who's": "who is",
    "isn't": "is not", "doesn't": "does not", "don't": "do not", "can't": "cannot", "won't": "will not",
    "wrt": "with respect to", "w.r.t.": "with respect to", "w/o": "without", "w/": "with",
    "vs": "versus", "vs.": "versus", "e.g.": "for example",
}
# Field acronyms a researcher types in lower case instead of the words abstracts spell out.
FIELD_ACRONYMS = {
    "rl": "reinforcement learning", "llm": "large language model", "llms": "large language models",
    "snn": "spiking neural network", "snns": "spiking neural networks", "gnn": "graph neural network",
    "gnns": "graph neural networks", "pde": "partial differential equation", "pdes": "partial differential equations",
    "nlp": "natural language processing", "cnn": "convolutional neural network", "cnns": "convolutional neural networks",
    "vlm": "vision-language model", "vlms": "vision-language models", "ssm": "state space model",
    "ssms": "state space models", "lr": "learning rate", "sota": "state of the art", "ood": "out-of-distribution",
    "gan": "generative adversarial network", "gans": "generative adversarial networks", "vae": "variational autoencoder",
    "vaes": "variational autoencoders", "rnn": "recurrent neural network", "rnns": "recurrent neural networks",
    "ode": "ordinary differential equation", "odes": "ordinary differential equations",
    "rlhf": "reinforcement learning from human feedback", "dpo": "direct preference optimization",
    "ppo": "proximal policy optimization", "sft": "supervised fine-tuning", "moe": "mixture of experts",
    "vit": "vision transformer", "vits": "vision transformers", "icl": "in-context learning",
    "bn": "batch normalization",
}
# Clipped words a researcher types for the words abstracts spell out ("param count", "latent dim",
# "cifar10 acc", "weight init"), in any case but all capitals ("ACC" may be a name).
_CLIPPED = {
    "param": "parameter", "params": "parameters", "hyperparam": "hyperparameter", "hyperparams": "hyperparameters",
    "dim": "dimension", "dims": "dimensions", "acc": "accuracy", "perf": "performance", "attn": "attention",
    "arch": "architecture", "archs": "architectures", "algo": "algorithm", "algos": "algorithms",
    "init": "initialization", "exps": "experiments", "expts": "experiments", "eval": "evaluation",
    "evals": "evaluations", "impl": "implementation",
}
# A suffix saying what a work is about, which abstracts never write: "weather-related works",
# "LLM-focused papers".
_ABOUT_SUFFIXES = "related|oriented|focused|centric|themed"
_ABOUT_WORK = re.compile(rf"(?<=\w)-(?:{_ABOUT_SUFFIXES})\b", re.IGNORECASE)
# An acronym's "-based" is the acronym ("RL-based papers", "LLM-based agents"); "model-based" stays.
_ACRONYM_BASED = re.compile(r"\b([A-Z]{2,6}s?)-based\b")
# Normalization layers typed short: "batch norm", "layer-norm", "group norms".
_NORM_LAYER = re.compile(r"\b(batch|layer|group|instance)[ -]norm(s?)\b", re.IGNORECASE)
_SHORT_WORD = re.compile(r"(?<![\w/.'-])[A-Za-z][\w'./]*(?![\w'-])")


# British spellings of words abstracts mostly write the American way ("behaviour", "initialisation",
# "generalise", "analysed", "modelling"). A verb's "-ise" is respelled only after the endings of the
# "-ize" verbs ("general-ise", "optim-ise", "util-ise", "recogn-ise"), never in "supervised",
# "promising", "noise" or "precise".
_BRITISH = (
    (re.compile(r"\b(\w{3,})isation(s?)\b", re.IGNORECASE), r"\1ization\2"),
    (re.compile(r"\b(\w{2,}(?:al|im|il|ar|gn|or|an))is(e|es|ed|ing)\b", re.IGNORECASE), r"\1iz\2"),
    (re.compile(r"\b(\w{2,}[lt])ys(e|es|ed|ing)\b", re.IGNORECASE), r"\1yz\2"),
    (re.compile(r"\b(behavio|favo|neighbo|colo|labo)ur(\w*)\b", re.IGNORECASE), r"\1r\2"),
    (re.compile(r"\b(model|label|travel|cancel|signal|fuel)l(ing|ed|er|ers)\b", re.IGNORECASE), r"\1\2"),
    (re.compile(r"\bper\s+cent\b", re.IGNORECASE), "percent"),  # "92.4 per cent"
)


def american_spelling(text: str) -> str:
    """`text` with British spellings written the American way ("normalisation-free" ->
    "normalization-free", "generalise" -> "generalize", "analyse" -> "analyze", "modelling" -> "modeling",
    "per cent" -> "percent")."""
    for pattern, replacement in _BRITISH:
        text = pattern.sub(replacement, text)
    return text


# The nouns a request for a paper uses: "any work on X", "the study that ...".
WORK_NOUNS = r"(?:papers?|works?|stud(?:y|ies)|research|articles?|abstracts?|publications?)\b"
# A topic followed by a request for papers on it: "latent autoencoders for satellite video: any paper?",
# "weight pruning for spiking LLMs, anything?", "potentials for polymers: is there a paper on that?".
_REQUEST_AFTER = re.compile(
    rf"^\W*(?P<topic>[^?:;]+?)\s*[:;,]\s*(?:(?:is|are)\s+there\s+)?(?:anything|(?:a|an|any|some)\s+{WORK_NOUNS})"
    r"(?:\s+(?:here|(?:on|about)\s+(?:that|this|it|them)))*\s*[?.!]*\s*$", re.IGNORECASE)


def plain_question(question: str) -> str:
    """`question` in American spelling (`american_spelling`: abstracts mostly write so), with chat
    shorthand spelled out ("what's" -> "what is", "wrt" -> "with respect to", "param" -> "parameter",
    "batch norm" -> "batch normalization", "weather-related" -> "weather") and each field acronym typed in lower case replaced by its words unless the question already
    holds them ("which papers use rl" -> "which papers use reinforcement learning"); "RL" in capitals
    stays, as abstracts write it so too. A topic followed by a request for papers ("X: any paper?",
    "X, anything?") is put as the request it is: "Anything on X?"."""
    request = _REQUEST_AFTER.match(question)
    if request:
        question = f"Anything on {request.group('topic')}?"
    lowered = question.lower()

    def spell(match: re.Match) -> str:
        word = match.group(0)
        core = word.rstrip(".") if word.lower() not in _SHORTHAND else word
        tail = word[len(core):]
        if core.lower() in _SHORTHAND:
            return _SHORTHAND[core.lower()] + tail
        if core.lower() in _CLIPPED and not core.isupper():
            spelled = _CLIPPED[core.lower()]
            return (spelled.capitalize() if core[0].isupper() else spelled) + tail
        expansion = FIELD_ACRONYMS.get(core) if core.islower() else None  # "RL" as typed may be the abstract's word
        if expansion and expansion not in lowered:
            return f"{expansion}{tail}"
        return word

    question = _ACRONYM_BASED.sub(r"\1", _ABOUT_WORK.sub("", question))
    question = _NORM_LAYER.sub(lambda m: f"{m.group(1)} normalization{'s' if m.group(2) else ''}", question)
    return american_spelling(_SHORT_WORD.sub(spell, question))


def content_query(question: str) -> str:
    """`question` without its framing words ("Which papers study X?" -> "X?"); unchanged if nothing is left."""
    kept = [w for w in _WORD.findall(question) if w.lower() not in _FRAMING]
    words = [w for w in kept if re.match(r"\w", w)]
    return " ".join(kept) if words else question


# A suffix saying a work is about the word before it: "weather-related works" are on weather,
# "RL-based papers" on RL.
_ABOUT_SUFFIX = re.compile(rf"(?<=\w)-(?:based|{_ABOUT_SUFFIXES})$", re.IGNORECASE)


def topic_words(question: str) -> list[str]:
    """The question's topic as words in order: its content words without stop words, framing or light
    verbs ("Which papers train models with reinforcement learning?" -> ["reinforcement", "learning"]),
    each without a suffix saying what it is about ("weather-related" -> "weather")."""
    words = [_ABOUT_SUFFIX.sub("", w) for w in _WORD.findall(question) if re.match(r"\w", w)]
    return [w for w in words if w.lower() not in STOPWORDS | _FRAMING | _LIGHT]


# Prepositions beside the stop words that end a phrase of the topic ("speech recognition on chips").
_PHRASE_BREAKS = frozenset("across onto within without versus using whose whether".split())
# Words announcing examples of the topic, themselves no part of it.
_EXAMPLES_FOLLOW = re.compile(r"\bfor\s+(?:instance|example)\b|\be\.g\.|\bi\.e\.", re.IGNORECASE)


def topic_phrases(question: str) -> list[list[str]]:
    """The question's topic as phrases: runs of lower-cased content words between stop words,
    prepositions, framing words and light verbs ("which paper uses spiking neural networks for speech
    recognition" -> [["spiking", "neural", "networks"], ["speech", "recognition"]]). A run beside "or"
    is one of alternatives ("agents or optimization loops"), which no single paper need hold: left out."""
    return [phrase for phrase, _ in headed_phrases(question)]


# Nouns that head a phrase naming a kind of model or method ("diffusion models", "graph methods"),
# which the light words leave out of the phrase itself.
_HEADS = frozenset("model models method methods".split())


def headed_phrases(question: str) -> list[tuple[list[str], str]]:
    """Each topic phrase (`topic_phrases`) with the head noun the light words cut off right after it,
    else "": "which paper predicts hamiltonians with diffusion models" -> [(["predicts", "hamiltonians"], ""),
    (["diffusion"], "models")]."""
    question = _EXAMPLES_FOLLOW.sub(" for ", question)  # "for instance as an agent": "instance" is no topic
    words = [_ABOUT_SUFFIX.sub("", w.lower()) for w in _WORD.findall(question) if re.match(r"\w", w)]
    breaks = STOPWORDS | _FRAMING | _LIGHT | _PHRASE_BREAKS
    runs: list[tuple[int, int]] = []
    start = None
    for i, word in enumerate([*words, "."]):
        if word in breaks or word == ".":
            if start is not None:
                runs.append((start, i))
            start = None
        elif start is None:
            start = i
    return [(words[a:b], words[b] if b < len(words) and words[b] in _HEADS else "")
            for a, b in runs if "or" not in words[max(0, a - 1):a] + words[b:b + 1]]


# The setting a question ends on: "... for image classification", "... on imagenet".
_SETTING = re.compile(r"^.*\b(?:for|on|in)\s+(?P<setting>[^?.;,!]+?)\s*[?.!]*\s*$", re.IGNORECASE)


def setting_phrase(question: str) -> str:
    """The words after the question's last "for", "on" or "in" when they end it ("how much does
    curvature matching improve transfer learning for image classification" -> "image
    classification"), else ""."""
    match = _SETTING.search(question)
    return match.group("setting") if match else ""


# "how many papers are about X", "how many of the ICLR papers use X": a count of papers on a topic.
_COUNTED = re.compile(rf"^\W*how\s+many\s+(?:of\s+(?:the|these)\s+)?(?:{_PLURAL}|(?:[\w-]+\s+){{1,2}}?{_PAPERS})\b(?P<topic>.*)$",
                      re.IGNORECASE)
# Verbs saying that a paper is on its topic or was written, beside the framing and light ones.
_ON_TOPIC_VERBS = frozenset("mention mentions mentioned talk talks deal deals focus focuses cover covers concern concerns "
                            "tackle tackles consider considers contain contains include includes write wrote written "
                            "publish published appear appeared accepted".split())


def counts_papers(question: str) -> bool:
    """True when `question` asks how many papers there are, on a topic or not ("how many papers are
    about X?", "how many papers did Y write?")."""
    return bool(_COUNTED.match(question))


def counted_topic(question: str) -> str:
    """The topic whose papers `question` asks to count ("How many papers are about reinforcement
    learning?" gives "reinforcement learning"); "" for any other question, and for a count of the
    whole collection ("how many papers are there?")."""
    match = _COUNTED.match(question)
    words = topic_words(match.group("topic")) if match else []
    return " ".join(w for w in words if w.lower() not in _ON_TOPIC_VERBS)


def papers_requested(question: str) -> bool:
    """True when `question` asks for several papers ("Which papers use X?", "List works on Y")."""
    return bool(_LIST_QUESTION.search(question))


# The field acronyms abstracts write in place of the long form (kinds of model or problem; a measure
# such as "learning rate" is spelled out in abstracts too).
_WRITTEN_SHORT = ("pdes", "pde", "llms", "llm", "snns", "snn", "gnns", "gnn", "cnns", "cnn", "vlms", "vlm",
                  "ssms", "ssm", "rl", "nlp")


def list_variants(typed: str) -> list[str]:
    """Another reading of a typed question asking for several papers, to be searched beside its
    plain form (`plain_question`, which is in American spelling already): with a field term it spells
    out written as the acronym abstracts use ("partial differential equations" -> "PDEs"). Empty for
    a question asking for one paper or when no such term is in it."""
    plain = plain_question(typed)
    if not papers_requested(plain):
        return []
    short = typed
    for key in _WRITTEN_SHORT:
        acronym = f"{key[:-1].upper()}s" if key.endswith("s") and key[:-1] in FIELD_ACRONYMS else key.upper()
        short = re.sub(rf"\b{re.escape(FIELD_ACRONYMS[key])}\b", acronym, short, flags=re.IGNORECASE)
    variants = [plain_question(short)] if plain_question(short) != plain else []
    return variants + [v for v in alternatives(plain) if v not in variants]


# Words that end a topic phrase joined by "or": stop words, framing words, light verbs (not the head
# nouns "model(s)", "method(s)") and prepositions beside the stop words.
_OR_SIDE_BOUNDS = (STOPWORDS | _FRAMING | (_LIGHT - {"model", "models", "method", "methods"})
                   | frozenset("across among amongst within without toward towards like including beyond".split()))


def alternatives(question: str) -> list[str]:
    """The question once for each side of its first "A or B" between topic phrases, the rest kept
    ("Which papers work on weather data or forecasting models?" -> "... work on weather data?" and
    "... work on forecasting models?"). A side of one word before a longer one shares its head noun
    ("molecular or materials tasks" -> "molecular tasks", "materials tasks"; not a plural: "GANs or
    diffusion models" -> "GANs", "diffusion models"); a longer left side is cut
    to the right side's length ("benchmark LLMs or VLMs" -> "LLMs", "VLMs"). Empty when the
    question joins no two topic phrases by "or"."""
    words = _WORD.findall(question)
    lower = [w.lower() for w in words]
    if "or" not in lower:
        return []
    at = lower.index("or")

    def inside(word: str) -> bool:
        return word not in _OR_SIDE_BOUNDS and bool(re.match(r"\w", word))
    start = at
    while start > 0 and inside(lower[start - 1]):
        start -= 1
    end = at + 1
    while end < len(words) and inside(lower[end]):
        end += 1
    right = words[at + 1:end]
    left = words[max(start, at - len(right)):at]
    if not left or not right:
        return []
    # "molecular" + "tasks"; a plural noun ("GANs or diffusion models") is a thing of its own
    plural = len(left) == 1 and re.search(r"[^s]s$", left[0]) and not re.search(r"(?:ic|ou)s$", left[0])
    first = left if plural else left + right[len(left):]

    def asked(side: list[str]) -> str:
        return " ".join([*words[:at - len(left)], *side, *words[end:]]).replace(" ?", "?").replace(" ,", ",")
    return [asked(first), asked(right)]


def without_collection(question: str) -> str:
    """`question` less the words placing its topic in the store ("Which papers in the collection
    propose X?" gives "Which papers propose X?"): the collection is where to look, not a topic an
    abstract holds."""
    return " ".join(re.sub(_IN_COLLECTION, "", question, flags=re.IGNORECASE).split())


def answer_top_k(question: str, top_k: int, max_papers: int) -> int:
    """Sources to retrieve for `question`: `max_papers` when it asks for several papers, else `top_k`."""
    return max(top_k, max_papers) if papers_requested(question) else top_k

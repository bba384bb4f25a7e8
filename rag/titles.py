"""Display titles for abstracts that come without one (the seed files).

The title is the method or model the abstract names ("PLaTITO", "ConfSleepNet") when it names one,
otherwise the abstract's first clause, clipped. `introduced_name` reads the name the introducing
sentence gives ("we introduce Agent Rosetta, ...", "namely ... (GEAR)"), which answers show and
match at question time, so stored titles stay as ingested.
"""

from __future__ import annotations

import re

from rag.query import FIELD_ACRONYMS, plain_question, topic_words
from rag.text import initialisms, names_in, spelled_out, tokenize

MAX_TITLE_WORDS = 9
# A coined name: letters/digits/hyphens with an upper-case letter after the first character
# (PLaTITO, ConfSleepNet, MeshFT-Net, Geo-R1, C-CSCNNs) or all capitals of 4+ letters (GEAR, LABO).
_NAME = re.compile(r"(?<![\w$\\-])([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)(?![\w-])")
_INTRO_CUES = re.compile(
    r"\b(?:we\s+(?:propose|introduce|present|develop|design|build|call|name|term|dub|release|curate)"
    r"|(?:our|this|the)\s+(?:approach|method|framework|model|system|benchmark|dataset|architecture|algorithm)"
    r"|called|named|dubbed|termed|coined)\b[^.]{0,80}$",
    re.IGNORECASE,
)
# Acronyms of model families ("LLMs", "SNN"): no paper's own model, nor any algorithm, task or metric.
_MODEL_FAMILIES = {"LLM", "MLLM", "VLM", "SNN", "ANN", "CNN", "GNN", "SSM", "GAN", "VAE", "RNN", "ViT"}
# Acronyms that name a field or a model family, not a paper's own contribution.
_GENERIC = {
    *_MODEL_FAMILIES, *(f"{family}s" for family in _MODEL_FAMILIES),
    "AI", "ML", "DL", "RL", "NLP", "PDE", "PDEs", "RNA", "DNA", "MAE", "SGD", "KL", "ODE", "SDE",
    "GPU", "GPUs", "CPU", "API", "BO", "MD", "DFT", "ToM", "RCT", "OBS", "ID", "TI",
    "RLHF", "SFT", "MoE", "ICL", "CoT",
    # measures, which name no model, dataset or paper
    "AUROC", "AUC", "AUPRC", "RMSE", "MSE", "NLL", "BLEU", "FID", "PSNR", "SSIM", "IoU",
}


_GENERIC_LOWER = {g.lower() for g in _GENERIC}


# A sentence's cue that a name follows: "we introduce", "this paper proposes", "and propose", "namely".
_INTRODUCING = re.compile(
    r"\b(?:(?:we|and|this\s+(?:paper|work))\s+(?:\w+\s+)?(?:propose|introduce|present|develop|design)s?"
    r"|namely|called|named|dubbed|termed|coined)\b",
    re.IGNORECASE,
)
# The words after the cue: markup and articles skipped, then Capitalised words (a name), up to 6.
_LEAD = re.compile(r"(?:\s|[*_{}$]|\\text\w*|\b(?:a|an|the|novel|new|our)\b)*")
_CAPITALISED = re.compile(r"[A-Z][\w-]*(?:\s+[A-Z][\w-]*){1,5}")
_BRACKETED = re.compile(r"\(([A-Za-z][\w-]*)\)")
# The Capitalised words that end just before a bracketed name: its spelled-out form.
_CAPITALISED_RUN = re.compile(r"(?:[A-Z][\w-]*\s+){2,8}$")
# A name with "+" after it ("LoRA+", "C++") names another thing than the name.
_VARIANT = re.compile(r"[\w-]+\++")
# Words about a paper rather than its topic: who wrote it, when it appeared, and the measure a
# "how long / how fast / how big" question asks of it.
_ABOUT_A_PAPER = set(tokenize("wrote written write authored published publish released release appeared year venue conference "
                              "long fast big large deep many much "
                              # what is asked of a paper called by name ("wla param count", "gear datasets")
                              "parameter parameters count number size dimension dimensions dataset datasets benchmark "
                              "benchmarks code gpu gpus hours accuracy"))


def is_field_acronym(name: str) -> bool:
    """True for an acronym naming a field or a model family (LLM, SNNs, RL), not a contribution."""
    return name in _GENERIC or name.removesuffix("s") in _GENERIC


def is_model_family(term: str) -> bool:
    """True for a model family's acronym in any case, singular or plural ("vlms", "SNN")."""
    return term.lower().removesuffix("s") in _MODEL_FAMILIES_LOWER


_MODEL_FAMILIES_LOWER = {f.lower() for f in _MODEL_FAMILIES}


def is_generic_term(term: str) -> bool:
    """`is_field_acronym` for a lower-cased term ("llms", "vlm")."""
    return term.lower() in _GENERIC_LOWER or term.lower().removesuffix("s") in _GENERIC_LOWER


def derive_title(abstract: str) -> str:
    """A short display title for `abstract`: its coined method/model name, else its first clause."""
    return _coined_name(abstract) or _first_clause(abstract)


def is_opening(title: str, abstract: str) -> bool:
    """True when `title` is empty or was derived from `abstract`'s opening words (a clipped first
    clause, as `derive_title` makes for abstracts without a coined name), so names nothing."""
    opening = title.strip().rstrip("…").strip()
    return not opening or abstract.lstrip().startswith(opening)


def display_title(title: str, abstract: str) -> str:
    """The title to show for a paper: `title`, unless it is the abstract's opening words and the
    abstract introduces its contribution by name ("We introduce Agent Rosetta, ..."); then that name.
    LaTeX reads as text ("$\\bf{\\Phi}_\\textrm{Flow}$: ..." as "ΦFlow: ..."). Stored titles stay as
    ingested: they are embedded and indexed with every chunk."""
    return readable_markup((introduced_name(abstract) or title) if is_opening(title, abstract) else title)


_GREEK = {name: chr(code) for name, code in (
    ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4), ("epsilon", 0x3B5), ("varepsilon", 0x3B5),
    ("zeta", 0x3B6), ("eta", 0x3B7), ("theta", 0x3B8), ("kappa", 0x3BA), ("lambda", 0x3BB), ("mu", 0x3BC),
    ("nu", 0x3BD), ("xi", 0x3BE), ("pi", 0x3C0), ("rho", 0x3C1), ("sigma", 0x3C3), ("tau", 0x3C4), ("phi", 0x3C6),
    ("varphi", 0x3C6), ("chi", 0x3C7), ("psi", 0x3C8), ("omega", 0x3C9), ("Gamma", 0x393), ("Delta", 0x394),
    ("Theta", 0x398), ("Lambda", 0x39B), ("Pi", 0x3A0), ("Sigma", 0x3A3), ("Phi", 0x3A6), ("Psi", 0x3A8),
    ("Omega", 0x3A9))}
_SYMBOLS = {"ell": "ℓ", "infty": "∞", "times": "×", "leq": "≤", "geq": "≥", "le": "≤", "ge": "≥", "cdot": "·",
            "sqrt": "√", "star": "⋆", "ast": "∗", **_GREEK}
_SUPERSCRIPTS = str.maketrans("0123456789+-n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻ⁿ")
_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def readable_markup(text: str) -> str:
    """`text` with its LaTeX read as plain text, for display: font commands dropped ("\\textrm{Flow}",
    "{\\rm E}"), Greek letters and common symbols as characters ("\\Phi" is Φ, "\\ell" is ℓ), digit
    superscripts raised ("^2" is ²) and subscripts lowered or joined ("_2" is ₂, "\\ell_p" is ℓp), "$",
    escapes and grouping braces removed, ``quotes'' curled. Text
    without a backslash, "$" or "``" comes back unchanged."""
    if not any(mark in text for mark in ("\\", "$", "``")):
        return text
    text = re.sub(r"\\(?:text\w*|math\w*|emph|bf|rm|it|tt|boldsymbol|operatorname)\s*(?=\{)", "", text)  # "\\bf{X}" -> "{X}"
    text = re.sub(r"\{\\(?:rm|bf|it|tt|em)\s+", "{", text)  # "{\\rm E}" -> "{E}"
    text = re.sub(r"\\([A-Za-z]+)", lambda m: _SYMBOLS.get(m.group(1), m.group(1)), text)
    text = re.sub(r"\^\{?([0-9+\-n]+)\}?", lambda m: m.group(1).translate(_SUPERSCRIPTS), text)
    text = re.sub(r"_\{?([0-9]+)\}?", lambda m: m.group(1).translate(_SUBSCRIPTS), text)
    text = re.sub(r"_(?=[\w{∞])", "", text)  # "\\ell_p" is ℓp, "\\Phi_\\textrm{Flow}" is ΦFlow
    text = re.sub(r"\\([#%&$_])", r"\1", text)
    text = text.replace("``", "“").replace("''", "”").replace("$", "").replace("{", "").replace("}", "")
    return " ".join(text.split())


def title_head(title: str) -> str:
    """The short name before a title's colon ("APT" of "APT: Adaptive Pruning and Tuning ..."), ""
    when the title has no colon or more than four words before it."""
    head, colon, _ = title.partition(":")
    return head.strip() if colon and 1 <= len(head.split()) <= 4 else ""


def introduced_name(abstract: str) -> str:
    """The name an abstract gives its own contribution where it introduces it, "" when none: the
    acronym in brackets of that sentence ("namely Geometric ... (GEAR)", "propose the Adaptive Flow
    Routing Network (AFR-Net)"), else the Capitalised words after the cue ("We introduce Agent
    Rosetta, ...", "we introduce Modified SINNs, ..."). Field acronyms (RL, LLM) are no names."""
    for sentence in re.split(r"(?<=[.!?])\s+", abstract):
        cue = _INTRODUCING.search(sentence)
        if not cue:
            continue
        rest = sentence[cue.end():]
        for match in _BRACKETED.finditer(rest):
            name = match.group(1)
            if _looks_coined(name, 3) and not is_field_acronym(name):
                return name
        words = _CAPITALISED.match(rest, _LEAD.match(rest).end())
        if words:
            return words.group(0)
    return ""


def plain_markup(text: str) -> str:
    """`text` without LaTeX emphasis and math markers: "$\\textbf{Adaptive Physics Transformer}$" reads
    "Adaptive Physics Transformer"."""
    return re.sub(r"\\(?:text\w*|emph|mathrm|mathbf)\{([^{}]*)\}", r"\1", text).replace("$", "")


def own_names(title: str, abstract: str) -> list[str]:
    """The names a question may call a paper by in any case, lower-cased: the name its abstract
    introduces unless it is all capitals, that name's (or the title's) long form when the abstract
    spells it out, singular or plural (`spelled_out`: "adaptive physics transformer" for APT, "adaptive
    path correction with exponents" for a paper titled ACE, "generalized correctness model" for GCMs
    defined as "(GCM)") or its Capitalised words before the bracketed name
    ("conditional clifford-steerable cnns"), and its title unless the title is the abstract's opening
    words; each also with field acronyms spelled out as `rag.query.plain_question` does."""
    plain = plain_markup(abstract)
    name = introduced_name(plain)
    names = [name] if name else []
    for match in re.finditer(r"((?:[\w-]+\s+){1,8})\(([A-Za-z][\w-]*)\)", plain):
        if _singular(match.group(2)) in {_singular(name), _singular(title)} - {""}:  # the seeds' titles are the names ingest read ("ACE", "GCMs")
            long_form = spelled_out(match.group(2), match.group(1))
            if long_form:
                names.append(long_form)
            run = _CAPITALISED_RUN.search(match.group(1))  # "Conditional Clifford-Steerable CNNs (C-CSCNNs)"
            if run and len(run.group(0).split()) >= 2:
                names.append(run.group(0))
    if not is_opening(title, plain):
        names.append(title.rstrip("…").strip())
    # An all-capital name may be an ordinary word in lower case ("CARD" in "credit card"): it counts
    # only as written (rag.text.names_in), so only names with inner capitals, digits or hyphens, or
    # of several words, are matched in lower case.
    # Questions are read with field acronyms spelled out (rag.query.plain_question: "cnns" is
    # "convolutional neural networks"), so each name counts in that reading too.
    names = [n.strip() for n in names if len(n.strip()) > 2 and not (n.isupper() and n.isalpha())]
    return list(dict.fromkeys(v for n in names for v in (n.lower(), plain_question(n.lower()))))


def _singular(name: str) -> str:
    """`name` without a plural "s" after a capital ("GCMs" is "GCM"), so that a name and its plural meet."""
    return name[:-1] if re.search(r"[A-Z]s$", name) else name


def names_any(question: str, names: list[str]) -> bool:
    """True when `question` holds one of `names` (lower-cased) as whole words, case and hyphens aside."""
    flat = " ".join(re.findall(r"[a-z0-9]+", question.lower()))
    return any(re.search(rf"(?<![a-z0-9]){re.escape(' '.join(re.findall(r'[a-z0-9]+', n)))}(?![a-z0-9])", flat)
               for n in names if re.search(r"[a-z0-9]", n))


def calls_by_name(query: str, title: str, abstract: str) -> bool:
    """True when `query` calls the paper by its own name: a name it writes (with capitals or digits,
    as `rag.text.names_in` reads them) within the title or the introduced name ("namely ... (GEAR)"),
    one of `own_names` in any case ("unisparse", "adaptive physics transformer"), or an all-capital
    name typed in lower case ("gear") when the rest of the question is about the paper: it has no
    other topic word (who wrote it, when it appeared aside), or one the abstract holds ("credit card
    fraud" does not call CARD); the title's head before a colon counts ("bearcubs" for "BEARCUBS: A
    benchmark ..."), and one of three words or more in any case ("kernel normalized cut" for "Kernel
    Normalized Cut: a Theoretical Revisit"); so does a question writing the title's words in a row, a
    field acronym for some of them ("the Wasserstein GAN"). A field acronym ("GAN", "LLM") names no
    paper by itself; a name followed by "+" ("LoRA+") calls no paper of that name."""
    query = _VARIANT.sub(" ", query)  # "LoRA+" is another method than LoRA
    introduced = introduced_name(plain_markup(abstract))
    written = [word for word in names_in(query) if len(word) > 2 and not is_generic_term(word)]
    own = f"{title} {introduced} {re.sub(r'[$^{}]', '', title)}".lower()  # "E$^2$GAN" is called "E2GAN"
    if any(_holds_whole(own, word) for word in written) or names_any(query, own_names(title, abstract)):
        return True
    if _called_as_paper(query, title) or any(abbreviates_title(name, title) for name in names_in(query)):
        return True
    if _writes_title(query, title, abstract):
        return True
    head = title_head(title)
    if len(head.split()) >= 3 and re.search(rf"(?<!\w){re.escape(head)}(?!\w)", query, re.IGNORECASE):
        return True  # "who wrote kernel normalized cut?": a head of three words or more is a name
    capitals = [n for n in (title, introduced, title_head(title)) if len(n) > 2 and n.isupper() and n.isalpha()]
    return any(names_any(query, [n.lower()]) and _about_paper(query, n, abstract) for n in capitals)


def _holds_whole(text: str, written: str) -> bool:
    """True when `text` (lower-cased) writes the name `written` (as the question writes it), case aside,
    as a whole word or its plural ("gcm" in "gcms"); a mixed-case name also as the head of a hyphenated
    one ("MeshFT" for "meshft-net"). Not inside a longer word ("ace" in "spaces", "apt" in "adaptation"),
    nor an all-capital name as the head of a hyphenated one ("MEG", the modality, is not "meg-xl")."""
    tail = r"(?:s|-[\w-]+)?" if written != written.upper() else "s?"
    return re.search(rf"(?<![\w-]){re.escape(written.lower())}{tail}(?![\w-])", text) is not None


# A title quoted in a question: 'Attention Is All You Need', "Deep Residual Learning ...", three words or more.
_QUOTED = re.compile(r"""(?:^|(?<=[\s(]))['"“‘](?P<quoted>[^'"“”‘’]+?(?:\s+[^'"“”‘’\s]+){2,}?)['"”’](?=[\s.,;:?!)]|$)""")


def quoted_titles(query: str) -> list[str]:
    """The phrases of three words or more that `query` puts in quotes ("the 'Attention Is All You
    Need' paper"), as a title is cited."""
    return [m.group("quoted").strip() for m in _QUOTED.finditer(query)]


def writes_quoted(quoted: str, title: str, abstract: str) -> bool:
    """True when the paper's title or abstract writes the quoted phrase, case and spacing aside."""
    wanted = " ".join(re.findall(r"\w+", quoted.lower()))
    return wanted in " ".join(re.findall(r"\w+", f"{title} {abstract}".lower()))


def _writes_title(query: str, title: str, abstract: str) -> bool:
    """True when `query` writes a stored title's words (its head before a colon, if it has one) in a
    row, a field acronym standing for its words ("the Wasserstein GAN" for "Wasserstein Generative
    Adversarial Networks"); titles made from the abstract's opening words name nothing."""
    if is_opening(title, abstract):
        return False
    spelled = re.sub(r"[A-Za-z]+", lambda m: FIELD_ACRONYMS.get(m.group(0).lower(), m.group(0)), query)
    wanted = tokenize(title.partition(":")[0] if ":" in title else title)
    asked = tokenize(spelled)
    return len(wanted) >= 2 and any(asked[i:i + len(wanted)] == wanted for i in range(len(asked) - len(wanted) + 1))


# Words that refer to a paper without naming it ("the same paper", "the first paper").
_REFERRING = {"same", "original", "first", "second", "third", "last", "previous", "other", "next", "following",
              "above", "cited", "whole", "latest", "best", "new", "earlier", "later", "former", "latter"}
# "the Glow paper", "this mixup abstract": the words between a determiner and "paper" name one.
_A_PAPER_NAMED = re.compile(r"\b(?:the|this|that)\s+((?:[\w-]+\s+){0,4}?[\w-]+)\s+(?:paper|abstract|article)\b", re.IGNORECASE)
# "the paper on mixup ...": the words after it may begin with the name.
_A_PAPER_ON = re.compile(r"\b(?:the|this|that)\s+(?:paper|abstract|article)\s+(?:on|about|called|named|titled)\s+((?:[\w-]+\s*){1,5})",
                         re.IGNORECASE)


def _called_as_paper(query: str, title: str) -> bool:
    """True when `query` says "the X paper" (or "abstract", "article") or "the paper on X ..." and
    X, in any case and word form, is how the title begins: "the Glow paper" for "Glow: Generative
    Flow with ...", "the paper on mixup" for "mixup: Beyond Empirical Risk Minimization", "the
    spectral normalization paper" for "Spectral Normalization for Generative Adversarial Networks".
    One word counts only as the whole short name before a title's colon, and not when it labels a
    kind of paper ("Position: ...", "Survey: ..."; "the paper on position coupling"). A paper whose title only
    contains X further on ("... Spectrally-Normalized Margin Bounds") is not called. A one-word short
    name written with its capital inside the question calls its paper too ("what does Glow use")."""
    opening = tokenize(title)
    head = tokenize(title_head(title))

    def begins(named: list[str]) -> bool:
        one_name = named == head and named[0] not in _LABEL_HEADS
        return bool(named) and opening[: len(named)] == named and (len(named) >= 2 or one_name or len(opening) == 1)

    for match in _A_PAPER_NAMED.finditer(query):
        words = match.group(1).split(" the ")[-1]
        if words.split()[0].lower() not in _REFERRING and begins(tokenize(words)):
            return True
    for match in _A_PAPER_ON.finditer(query):
        following = tokenize(match.group(1))
        if any(begins(following[:n]) for n in range(1, len(following) + 1)):
            return True
    head_text = title_head(title)
    return bool(head_text) and len(head_text.split()) == 1 and head_text[0].isupper() \
        and re.search(rf"(?<=\S)\s+{re.escape(head_text)}(?![\w-])", query) is not None


# Words before a title's colon that say what kind of paper it is, not which ("Position: Insights from ...").
_LABEL_HEADS = set(tokenize("position survey review tutorial perspective overview opinion commentary"))
_TITLE_WORDS_SKIPPED = {"a", "an", "the", "of", "for", "and", "in", "on", "to", "with", "via", "by"}
# Where a name the title spells out may end: before one of these words, a colon, or the title's end
# ("Model-Agnostic Meta-Learning | for Fast Adaptation", "Proximal Policy Optimization | Algorithms").
_AFTER_A_NAME = _TITLE_WORDS_SKIPPED | {"using", "through", "under", "from", "at", "as", "is", "are", "beyond", "towards",
                                        "algorithm", "algorithms", "network", "networks", "model", "models", "method",
                                        "methods", "approach", "framework"}


def title_acronyms(title: str) -> set[str]:
    """The acronyms a title's leading words spell, three letters or more, upper-cased: the initials of
    its first words (each part of a hyphenated word counted; "of", "for" and the like skipped) up to
    a point where a name may end (`_AFTER_A_NAME`, a colon, the end): {"MAML"} for "Model-Agnostic
    Meta-Learning for Fast Adaptation of Deep Networks", {"PPO"} for "Proximal Policy Optimization
    Algorithms"; none for "Sparse Attention Mechanisms Improve ..." ("SAM" would end on "Improve")."""
    words = re.findall(r"[A-Za-z][\w-]*", readable_markup(title).partition(":")[0])
    acronyms, initials = set(), ""
    for i, word in enumerate(words):
        if word.lower() not in _TITLE_WORDS_SKIPPED:
            initials += "".join(part[0] for part in word.split("-") if part).upper()
        following = words[i + 1].lower() if i + 1 < len(words) else None
        if len(initials) >= 3 and (following is None or following in _AFTER_A_NAME):
            acronyms.add(initials)
    return acronyms


def abbreviation(name: str) -> str:
    """`name` as the initials of a title it may abbreviate ("MAML", "TRPOs" -> "TRPO"): all capitals of
    three letters or more and no field acronym; "" for any other name."""
    letters = name.removesuffix("s")
    ok = len(letters) >= 3 and letters.isalpha() and letters.isupper() and not is_field_acronym(name)
    return letters if ok else ""


def abbreviates_title(name: str, title: str) -> bool:
    """True when `name` (see `abbreviation`) is one of the title's acronyms (`title_acronyms`): "MAML"
    for "Model-Agnostic Meta-Learning for Fast Adaptation ...", "TRPO" for "Trust Region Policy
    Optimization", as an abstract may never write it."""
    return abbreviation(name) in title_acronyms(title)


def mentions_name(query: str, abstract: str) -> bool:
    """True when `query` holds, in any case, a coined name the abstract writes with inner capitals or
    digits ("graphcast" for GraphCast, "qwen3-8b"): four letters or more, opening with a letter (not
    a figure such as "1000-layer"), not a field acronym; a name
    with a "+" after it ("LoRA+") is another thing."""
    names = [n.lower() for n in names_in(plain_markup(abstract))
             if len(n) >= 4 and n[0].isalpha() and not is_field_acronym(n) and (any(c.islower() for c in n) or any(c.isdigit() for c in n))]
    return names_any(_VARIANT.sub(" ", query), names)


def _about_paper(query: str, name: str, abstract: str) -> bool:
    """True when the query's topic words besides `name` are none, or one of them is in the abstract."""
    others = set(tokenize(" ".join(topic_words(query)))) - set(tokenize(name)) - _ABOUT_A_PAPER
    return not others or bool(others & set(tokenize(plain_markup(abstract))))


def _coined_name(abstract: str) -> str | None:
    defined = initialisms(abstract)
    best: tuple[int, int, str] | None = None
    seen: set[str] = set()
    for match in _NAME.finditer(abstract):
        name = match.group(1)
        if name in seen or is_field_acronym(name):
            continue
        seen.add(name)  # a name is judged at its first mention, where a coined one is introduced
        count = len(re.findall(rf"(?<![\w-]){re.escape(name)}(?![\w-])", abstract))
        if not _looks_coined(name, count):
            continue
        score = 0
        if _INTRO_CUES.search(abstract[max(0, match.start() - 70):match.start()]):
            score += 3
        elif name.lower() in defined:
            score -= 2  # an acronym for a phrase the abstract spells out, e.g. "Lateral connections (LCs)"
        if re.search(r"[a-z]", name):
            score += 1  # mixed case, as coined names usually are
        score += min(count, 3) - 1
        candidate = (score, -match.start(), name)
        if best is None or candidate > best:
            best = candidate
    if best is None or best[0] < 2:
        return None
    return best[2]


def _looks_coined(name: str, count: int) -> bool:
    """Coined names carry a capital inside a word part or a digit (PLaTITO, QHNetV2, Geo-R1), or are
    an all-capital acronym used repeatedly; terms of art (scRNA-seq, anti-Hebbian) and title-cased
    phrases (Clifford-Steerable) are not."""
    parts = name.split("-")
    letters = re.sub(r"[^A-Za-z]", "", name)
    if len(letters) < 3 or not all(part[:1].isupper() or part[:1].isdigit() for part in parts):
        return False
    if letters.isupper():
        return len(letters) >= 4 or count >= 3
    return any(any(c.isupper() for c in part[1:]) or any(c.isdigit() for c in part) for part in parts)


def _first_clause(abstract: str) -> str:
    sentence = re.split(r"(?<=[.!?])\s", abstract.strip(), maxsplit=1)[0]
    clause = re.split(r"[,;:—–(]", sentence, maxsplit=1)[0].strip().rstrip(".")
    words = clause.split()
    if len(words) > MAX_TITLE_WORDS:
        return " ".join(words[:MAX_TITLE_WORDS]) + "…"
    return clause

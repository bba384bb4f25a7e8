"""Follow-up questions rewritten into standalone queries, without a model (deterministic, instant).

Each user turn of the history is resolved in order, carrying its subject: the names it mentions
(PLaTITO, MEG-XL, QM9), or failing that its content words. A later question that refers back
("what dataset did it use?", "and its code?", "what about MEG-XL?") gets that subject put in place
of the reference, so retrieval sees a question that stands alone. One thing ("it", "this method")
after an answer that quoted one paper means that paper when the question before named none ("which
paper uses radar?" ... "how far ahead does it forecast?"), if the caller can tell which paper an
answer quoted. A request for more ("show me more", "any others?") asks the previous question again,
for papers the earlier answers did not give (`asks_for_more`, `earlier_answers`). A question typed
tersely into a chat box ("latent dim", "context in tokens") leans on the paper on hand as a pronoun does.
"""

from __future__ import annotations

import re
from typing import Callable

from rag.intent import classify
from rag.query import papers_requested
from rag.text import names_in
from rag.titles import is_generic_term

_ANAPHORA = re.compile(
    r"\b(?:(?:this|that|the|these|those)\s+(?:paper|papers|method|model|approach|work|framework|study|one)|"
    r"its|it|they|their|them|(?<=\bof )(?:these|those)|(?<=\bwhich )one(?!\s+of\b))\b",
    re.IGNORECASE,
)
# A thing of an earlier answer pointed back at: "in those runs", "those task pairs", "does that benchmark
# cover", "in that study" ("that" after a preposition or an auxiliary, not the conjunction of "a paper that uses";
# "these results" may be the asker's own, `test_these_outside_of_them_is_no_reference`).
_POINTS_BACK = re.compile(r"\bthose\s+(?!(?:are|were|do|did|have|had)\b)[a-z][\w-]*"
                          r"|\b(?:in|on|of|for|from|by|with|across|does|do|did|is|was)\s+(?:this|that)\s+(?!(?:is|was|does|did)\b)[a-z][\w-]*",
                          re.IGNORECASE)
# A reference to one thing: "it", "its", "this paper", "that method", "the model".
_SINGULAR = re.compile(r"\b(?:it|its|(?:this|that|the)\s+(?:paper|method|model|approach|work|framework|study|one))\b",
                       re.IGNORECASE)
_CONTINUATION = re.compile(r"^\s*(?:and|also|what about|how about|and what about)\b[\s,]*", re.IGNORECASE)
# "vs tdbn", "compared to rfdiffusion": the other side of a comparison with the paper on hand.
_OTHER_SIDE = re.compile(r"^\W*(?:vs\.?|versus|compared?\s+(?:to|with)|against)\s+", re.IGNORECASE)
# A question opening on a question word or an auxiliary: not a bare noun phrase ("datasets?").
_QUESTION_START = re.compile(r"^\W*(?:what|which|who|whose|how|why|when|where|is|are|was|were|do|does|did|can|could|should|"
                             r"has|have|name|list|give|show|tell)\b", re.IGNORECASE)
_QUESTION_WORDS = frozenset(
    "what which who whom whose how why when where does do did is are was were can could should would "
    "the a an of in on for to about paper papers method model approach propose proposes proposed use used "
    "uses study studies work show shows this that it its tell me explain describe give overview list find name recommend "
    "any anything please here".split()
)


# "from 2019", "in NeurIPS", "at Stanford": a scope after "and ...?" / "what about ...?".
_YEAR = r"\d{4}\b"
_PLACE = r"[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3}"
_SCOPE = re.compile(rf"(?:from|in|at|of)\s+(?:the\s+)?(?P<value>{_YEAR}|{_PLACE})")
# Where the previous question states a scope of the same kind, which the new one replaces.
_SCOPE_YEAR = re.compile(rf"\b(?:from|in|at|of)\s+(?:the\s+)?{_YEAR}")
_SCOPE_NAME = re.compile(rf"\b(?:from|in|at)\s+(?:the\s+)?{_PLACE}")
# "show me more", "any others?", "what else?", "more papers like these": the same question, other papers.
_MORE = re.compile(
    r"^\W*(?:(?:please|ok|okay|and|so)\W+)?(?:(?:can|could)\s+you\s+)?(?:(?:show|give|list|find|tell)(?:\s+me)?\s+)?"
    r"(?:are\s+there\s+|is\s+there\s+)?(?:any|some|a\s+few|several)?\s*"
    r"(?:more|others?|else|anything\s+else|what\s+else|further\s+ones?|other\s+ones?)"
    r"(?:\s+(?:papers?|ones?|results?|works?|examples?|abstracts?))?"
    r"(?:\s+(?:like|similar\s+to)\s+(?:this|that|these|those|them|it))?(?:\W+please)?\W*$",
    re.IGNORECASE)


# "how many are there?", "how many of them?", "how many in total?": a count of the papers just asked for.
_HOW_MANY = re.compile(r"^\W*how\s+many(?:\s+(?:are\s+there|are\s+they|of\s+(?:them|these|those)|such\s+papers|papers|in\s+total|altogether))*\W*$",
                       re.IGNORECASE)
# The head of a question asking for papers, which a count puts as "How many papers".
_PAPERS_HEAD = re.compile(r"^\W*(?:which|what|list|show(?:\s+me)?|find|give\s+me|are\s+there(?:\s+any)?)\s+(?:(?:the|all|any)\s+)?"
                          r"(?:papers|works|articles|studies)\b", re.IGNORECASE)


# "the first one", "the second paper", "the former", "the latter", "the last one", "the other one",
# "the earlier one", "the first of those": one of the papers the earlier turns were about, by position.
# Typed tersely, "the" may go and the position be a numeral: "1st one speedup", "2nd one depth".
_ORDINAL = re.compile(
    r"\bthe\s+(?:(?P<which>first|second|third|1st|2nd|3rd|last|earlier|other)"
    r"(?:\s+(?:one|paper|method|model|work|study)\b|\s+of\s+(?:those|these|them|the\s+(?:two|three))\b|(?=\s*(?:'s|[,:;?!]|$)))"
    r"|(?P<pronoun>former|latter)\b)"
    r"|\b(?P<bare>first|second|third|1st|2nd|3rd|last|other)\s+(?:one|paper)\b",
    re.IGNORECASE)
_POSITION = {"first": 0, "second": 1, "third": 2, "1st": 0, "2nd": 1, "3rd": 2, "last": -1, "latter": -1, "former": -2, "earlier": -2}
# "which of the two", "which of them", "which of those three": a choice among the papers the earlier turns were about.
_AMONG = re.compile(r"\b(?P<head>which|who|whichever|each|both|either)\s+of\s+(?P<group>(?:the|these|those)\s+(?P<count>two|three)|them|these|those)\b",
                    re.IGNORECASE)

# What a bare follow-up asks for, with no topic of its own: "what dataset?", "how deep?", "results?".
_ASKED_FOR = frozenset(
    "dataset datasets data benchmark benchmarks model models results result findings authors author code accuracy "
    "speed speedup size deep fast long large big limitations limitation baselines baseline metric metrics year venue "
    "main key any exactly layers parameters steps epochs tokens gpus hardware compute cost runtime memory domains "
    "tasks languages architecture backbone loss objective hyperparameters experiments evaluation".split()
)
# "how many layers?", "how much faster?": a measure of the thing just discussed.
_BARE_MEASURE = re.compile(r"^\W*how\s+(?:many|much)(?:\s+[a-z][\w-]*){1,2}\W*$")
# A chat-box follow-up of this many topic words or fewer (and TERSE_WORDS words in all), naming no
# paper, is about the paper on hand: "context in tokens", "latent dim", "what's the batch size?".
TERSE_TOPIC_WORDS = 3
TERSE_WORDS = 6
# The opening of a refusal (`rag.answer.Answerer._refusal`): after it no paper is on hand.
_REFUSED = re.compile(r"^No (?:other )?paper in the collection (?:answers|supports)\b")
# A title of more words is the clipped opening clause of an abstract with no coined name ("Data-driven
# models are revolutionizing weather forecasting"), no name to ask a terse question of.
NAME_WORDS = 4
# "any paper on ...", "the functional KL paper", "is there one about ...", "anything on ...": a question
# looking for or calling a paper of its own, no follow-up.
_SEEKS = re.compile(r"\b(?:papers?|works?|stud(?:y|ies)|articles?)\b|\bis\s+there\b|"
                    r"\b(?:anything|something)\s+(?:on|about|for)\b|^\W*papers?\s+(?:on|about)\b", re.IGNORECASE)


def subject_of(question: str) -> str:
    """What a standalone question is about: its names (field acronyms such as "ODEs" or "LLMs" are
    none), else its content words."""
    names = _own_names(question)
    if names:
        return " ".join(names)
    words = [w for w in re.findall(r"[A-Za-z0-9-]+", re.sub(r"['’]s\b", "", question)) if w.lower() not in _QUESTION_WORDS]
    return " ".join(words)


def asks_for_more(question: str) -> bool:
    """True when `question` only asks for more of what came before ("show me more", "any others?",
    "what else?", "more papers like these"), naming no topic of its own."""
    return bool(_MORE.match(question))


def earlier_answers(history: list[dict] | None) -> list[str]:
    """The texts of the assistant messages of `history` since its last user question that was no
    request for more: the answers a further "show me more" must not repeat."""
    answers: list[str] = []
    for message in history or []:
        text = _text(message.get("content"))
        if message.get("role") == "assistant":
            answers.append(text)
        elif not asks_for_more(text):
            answers = []
    return answers


def is_follow_up(question: str, calls_paper: Callable[[str], bool] | None = None) -> bool:
    """True when the question leans on an earlier turn (a pronoun, "and ..."/"what about ...", a thing
    pointed back at, "in those runs", or a bare "what dataset?" / "how deep?" naming no topic). A field acronym ("which VLM does it start
    from?") is no name of a topic of its own, nor, when `calls_paper` is given, a name it says
    calls no stored paper ("what AUROC does it get?", "what is its ImageNet accuracy?")."""
    return bool(_CONTINUATION.match(question)) or (not _own_names(question, calls_paper) and bool(_ANAPHORA.search(question))) \
        or _bare(question) or (not _own_names(question, calls_paper) and not papers_requested(question) and bool(_POINTS_BACK.search(question)))


def _terse(question: str, calls_paper: Callable[[str], bool] | None) -> bool:
    """True for a chat-box follow-up of at most TERSE_TOPIC_WORDS topic words (TERSE_WORDS in all)
    that writes no name, calls no stored paper and asks for no papers ("context in tokens", "latent
    dim", "what's the batch size?"): a question with no topic of its own, about the paper on hand.
    Only with `calls_paper`, as a name typed in lower case ("wla", "triforces") is a new subject
    that `rag.text.names_in` does not see."""
    words = re.findall(r"[A-Za-z0-9-]+", re.sub(r"['’]s\b", "", question))
    topic = [w for w in words if w.lower() not in _QUESTION_WORDS]
    return calls_paper is not None and 0 < len(topic) <= TERSE_TOPIC_WORDS and len(words) <= TERSE_WORDS \
        and not _own_names(question) and not papers_requested(question) and not _SEEKS.search(question) and not asks_for_more(question) \
        and not calls_paper(question)


def _bare(question: str) -> bool:
    """True for a question of at most four words, each a question word or a thing asked for ("what
    dataset?", "how deep?", "main results?"), or a lower-case "how many layers?" / "how much faster?"."""
    words = re.findall(r"[A-Za-z0-9'-]+", question.lower())
    return (0 < len(words) <= 4 and all(w in _QUESTION_WORDS or w in _ASKED_FOR for w in words)) \
        or bool(_BARE_MEASURE.match(question))


def standalone_question(question: str, history: list[dict] | None, max_messages: int,
                        paper_quoted: Callable[[str], str | None] | None = None,
                        calls_paper: Callable[[str], bool] | None = None,
                        holds_term: Callable[[str], bool] | None = None) -> str:
    """`question` rewritten to stand alone given the Gradio-style `history`; unchanged when it already does.

    `paper_quoted(answer)`, when given, names the one paper an earlier answer quoted (None when it
    quoted none or several); a question about one thing ("it", "this method") right after such an
    answer is then about that paper, unless the question before named its subject ("what is MeshFT?";
    with `calls_paper`, a name calling no stored paper names none: "which paper decodes words from MEG?").
    A request for more (`asks_for_more`) is the previous question again; "how many are there?" after
    a question for papers counts them ("Which papers use Atari?" gives "How many papers use Atari?").
    An earlier turn's paper may be called by position ("the first one", "the latter", "the other
    one") or chosen between ("which of the two"). A short question naming no paper ("latent dim",
    `_terse`) is a follow-up too; `calls_paper(name)`, when given, tells a name that calls a stored
    paper from one that does not ("BN", "AUROC"), which no more stops a follow-up than "it" does.
    `holds_term(word)`, when given, tells a word some stored paper writes: "what about equiformer?" or
    "vs tdbn" bring in a thing no paper writes, asked of alone (so refused), not of the paper on hand.
    A terse question right after a refusal has no paper on hand and stands as asked; one after an
    answer quoting a paper with no coined name is asked of the earlier words, not of the paper's
    clipped opening clause (longer than NAME_WORDS words).
    """
    subject = ""
    previous = ""
    subjects: list[str] = []  # what each earlier turn was about, in order, each once
    recent = (history or [])[-max_messages:] if max_messages else []
    for message in recent:
        text = _text(message.get("content"))
        if text and message.get("role") == "user" and not (previous and asks_for_more(text)):
            previous, subject = (_counted(previous, subject), subject) if _counts_those(text, previous) \
                else _resolve(text, previous, subject, subjects, calls_paper, holds_term)
            subjects = [s for s in subjects if s != subject] + [subject] if subject and subject not in subjects else subjects
    if previous and asks_for_more(question):
        return previous
    if _counts_those(question, previous):
        return _counted(previous, subject)
    last = recent[-1] if recent else {}
    tersely = not is_follow_up(question, calls_paper) and not _ORDINAL.search(question) and _terse(question, calls_paper)
    if tersely and last.get("role") == "assistant" and _REFUSED.match(_text(last.get("content"))):
        return question  # "project page" after a refusal: no paper is on hand to ask it of
    if paper_quoted and last.get("role") == "assistant" and not _own_names(previous, calls_paper) and _about_one(question, calls_paper):
        paper = paper_quoted(_text(last.get("content")))
        if paper and not (tersely and len(paper.split()) > NAME_WORDS):
            subjects = [paper if s == subject else s for s in subjects]
            subject = paper
    return _resolve(question, previous, subject, subjects, calls_paper, holds_term)[0]


def asked_of(question: str, name: str) -> str:
    """`question`, a follow-up about one thing, asked of the paper called `name` ("what dataset did it
    use?" -> "what dataset did SpikeInit use?"); unchanged when it is no follow-up."""
    return _resolve(question, "", name)[0]


def _counts_those(question: str, previous: str) -> bool:
    """True for "how many are there?" right after a question for papers."""
    return bool(previous) and bool(_HOW_MANY.match(question)) and papers_requested(previous)


def _counted(previous: str, subject: str) -> str:
    """The question for papers `previous` put as a count: "Which papers use Atari?" gives "How many
    papers use Atari?", else "How many papers are about <subject>?"."""
    counted = _PAPERS_HEAD.sub("How many papers", previous, count=1)
    return counted if counted != previous else f"How many papers are about {subject}?"


def _own_names(question: str, calls_paper: Callable[[str], bool] | None = None) -> list[str]:
    """The names `question` writes that are no field acronym ("PLaTITO", not "ODEs"), and, when
    `calls_paper` is given, that call a stored paper."""
    return [name for name in names_in(question) if not is_generic_term(name) and (calls_paper is None or calls_paper(name))]


def _about_one(question: str, calls_paper: Callable[[str], bool] | None = None) -> bool:
    """True for a follow-up about the one paper an answer just quoted ("how deep is it?", "which
    optimizer did they train with?", "what dataset?", "latent dim"): no "and ..."/"what about ...",
    which asks the previous question anew, and no choice among papers ("which of them")."""
    return not _CONTINUATION.match(question) and not _AMONG.search(question) \
        and (is_follow_up(question, calls_paper) or _terse(question, calls_paper))


def _text(content: object) -> str:
    """A message's text: Gradio gives a string or a list of {"type": "text", "text": ...} parts."""
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict)).strip()
    return ""


def _resolve(question: str, previous: str, subject: str, subjects: list[str] | None = None,
             calls_paper: Callable[[str], bool] | None = None,
             holds_term: Callable[[str], bool] | None = None) -> tuple[str, str]:
    """(standalone form of `question`, its subject) given the previous standalone question and subject,
    and the subjects of the earlier turns in the order they were last asked about (`subjects`, for
    "the first one", "the other one", "which of the two"); `calls_paper` and `holds_term` as
    `standalone_question` says."""
    placed = _placed(question, previous, subject, subjects or [])
    if placed:
        return placed
    if not subject or not (is_follow_up(question, calls_paper) or _terse(question, calls_paper)):
        return question, subject_of(question) or subject
    continuation = _CONTINUATION.match(question)
    rest = question[continuation.end():] if continuation else question
    scoped = _SCOPE.fullmatch(rest.strip(" ?.!"))
    if continuation and scoped and previous:  # "and from 2019?" asks the previous question of another year, venue or place
        kind = _SCOPE_YEAR if scoped.group("value").isdigit() else _SCOPE_NAME
        replaced, count = kind.subn(scoped.group(0), previous, count=1)
        return (replaced if count else f"{previous.rstrip(' ?.!')} {scoped.group(0)}?"), subject
    own = _own_names(rest) if continuation else []  # a name after "and"/"what about" is a new subject
    if own and rest.startswith(own[0]) and _ANAPHORA.search(rest):  # "and MindZero, what does its inference look like?"
        new_subject = " ".join(own)
        return _SINGULAR.sub(lambda m: _named(m.group(0), new_subject), rest), new_subject
    if own and previous and not _ANAPHORA.search(rest):  # "what about MEG-XL?" asks the previous question of a new subject
        new_subject = " ".join(own)
        new = previous.replace(subject, new_subject) if subject in previous else f"{previous} ({new_subject})"
        return new, new_subject
    side = _OTHER_SIDE.match(rest)
    other = rest[side.end():] if side else rest if continuation else ""
    if holds_term and other and not _ANAPHORA.search(other) and _unheld(other, holds_term):
        return other, subject_of(other) or subject  # "what about equiformer?": a thing of no stored paper, asked alone
    match = _ANAPHORA.search(rest)
    if not match and classify(rest).kind == "entity" and not _QUESTION_START.match(rest):
        return f"{subject}'s {rest.strip(' ?')}?", subject  # "datasets?" -> "SpikeInit's datasets?": the thing asked for ends it
    if not match:
        return f"{rest.rstrip(' ?')} of {subject}?", subject
    reference = match.group(0).lower()
    if reference in ("its", "their"):
        replacement = f"{subject}'s"
    elif reference in ("they", "them", "these", "those") and papers_requested(previous):
        replacement = f"the {subject} papers"  # "which of them is fastest?" after "which papers study X?"
    elif reference == "one" and papers_requested(previous):
        replacement = f"of the {subject} papers"  # "which one is fastest?" after "which papers study X?"
    else:
        replacement = subject
    return rest[:match.start()] + replacement + rest[match.end():], subject


def _placed(question: str, previous: str, subject: str, subjects: list[str]) -> tuple[str, str] | None:
    """(standalone form, subject) of a question that points at an earlier turn's paper by position
    ("the first one", "the latter", "the other one": the last one asked about but the current) or
    chooses between the last two, each called by a name ("which of the two ...?": "which of CARD and
    TriForces ...?", which each paper answers for itself); None for any other question, or when
    fewer than two papers came before."""
    if len(subjects) < 2 or papers_requested(previous):
        return None
    continuation = _CONTINUATION.match(question)
    rest = question[continuation.end():] if continuation else question
    among = _AMONG.search(rest)
    if among:
        chosen = subjects[-2:]
        if (among.group("count") or "two").lower() == "two" and all(_own_names(s) == [s] for s in chosen):
            return rest[:among.start("group")] + " and ".join(chosen) + rest[among.end("group"):], subject
        return None
    ordinal = _ORDINAL.search(rest)
    if not ordinal:
        return None
    which = (ordinal.group("which") or ordinal.group("pronoun") or ordinal.group("bare")).lower()
    others = [s for s in subjects if s != subject]
    if which == "other":
        paper = others[-1] if len(others) == 1 or subjects[-1] == subject else ""
    else:
        position = _POSITION[which]
        paper = subjects[position] if -len(subjects) <= position < len(subjects) else ""
    if not paper:
        return None
    if continuation and previous and not rest[:ordinal.start()].strip() and not rest[ordinal.end():].strip(" ?.!"):  # "and the other one?": the previous question, of that paper
        return (previous.replace(subject, paper) if subject and subject in previous else f"{previous.rstrip(' ?.!')} ({paper})?"), paper
    return rest[:ordinal.start()] + paper + _SINGULAR.sub(lambda m: _named(m.group(0), paper), rest[ordinal.end():]), paper


def _unheld(text: str, holds_term: Callable[[str], bool]) -> bool:
    """True when `text` only names a thing, in at most TERSE_TOPIC_WORDS topic words and no question
    word ("equiformer", "pangu weather", "Fourier neural operators"), and one of its words of three
    letters or more is written by no stored paper."""
    words = [w.lower() for w in re.findall(r"[A-Za-z0-9][\w+-]*", text)]
    return 0 < len(words) <= TERSE_TOPIC_WORDS and not any(w in _QUESTION_WORDS or w in _ASKED_FOR for w in words) \
        and any(len(w) > 2 and not holds_term(w) for w in words)


def _named(reference: str, name: str) -> str:
    """What stands for `reference` ("it", "its", "this paper") once the thing is called `name`."""
    return f"{name}'s" if reference.lower() == "its" else name

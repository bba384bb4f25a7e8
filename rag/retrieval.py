"""Hybrid retrieval: dense (Chroma) and BM25 over the same chunks, fused, folded to one hit per paper.

Fusion (rag.fusion) is a weighted sum of each retriever's normalised scores, or reciprocal rank
fusion; the dense weight moves per query with how confident each retriever's best match is. BM25
reads the question's content words (rag.query), optionally expanded by RM3 feedback (rag.prf), and
ranks whole papers (rag.paper_index, derived from the chunk index) and/or their best chunks. A question
asking for several papers searches the dense side once more from its fused top papers (Rocchio feedback,
rag.prf.rocchio): more papers like the best ones. Post-processors (e.g. a re-ranker, `retrieval.postprocessors`) then reorder the fused
candidates. A relevance floor (`rag.relevance.retrieval_floor`) drops papers whose best chunk is
neither close in embedding space nor a solid lexical match, so a query with nothing relevant
returns nothing. `PaperRetriever` is also a LlamaIndex `BaseRetriever`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence

import numpy as np
from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from rag.affiliations import AffiliationIndex
from rag.bm25_index import BM25Index
from rag.embeddings import SentenceTransformerEmbedding
from rag.errors import RagError
from rag.fusion import confident_dense_weight, fuse
from rag.metadata import filterable, hit_abstract
from rag.paper_index import PaperBM25
from rag.prf import rm3_weights, rocchio
from rag.query import content_query, papers_requested
from rag.relevance import retrieval_floor
from rag.settings import Settings
from rag.store import ChunkStore
from rag.text import index_terms, names_in
from rag.titles import abbreviation, display_title, title_acronyms

MODES = ("hybrid", "dense", "bm25")
# Metadata fields a question may scope itself to by naming a value ("which AISTATS papers ...").
SCOPE_FIELDS = ("venue", "year", "status")
# Venues known by two names: a question may use either, whichever the paper list's file was named by.
VENUE_ALIASES = {"neurips": "nips", "nips": "neurips"}


class PostProcessor(Protocol):
    """A stage between fusion and the floor: takes the fused hits, best first, and returns them reordered
    (or re-scored, or fewer). Registered by name in `rag.postprocess`."""

    def process(self, query: str, hits: list["PaperHit"]) -> list["PaperHit"]:
        """The hits for `query` after this stage."""


@dataclass
class PaperHit:
    """One retrieved paper with its best chunk and the evidence behind its rank."""

    paper_id: str
    title: str
    source: str
    text: str
    chunk_metadata: dict[str, Any]
    score: float = 0.0
    rank: int = 0
    dense_similarity: float | None = None
    bm25_score: float | None = None
    lexical_score: float | None = None  # what BM25 ranked by: bm25_score, or the PRF-expanded query's score
    bm25_text: str | None = None  # the chunk BM25 matched best (shown when dense did not find the paper)
    paper_bm25: float | None = None  # BM25 of the query's words over the whole paper (title + abstract)
    paper_terms: int | None = None  # how many of the query's distinct content words the whole paper holds
    abstract: str | None = None  # the paper's whole abstract, when the retriever's index holds it
    ranks: dict[str, int] = field(default_factory=dict)
    chunk_id: str = ""  # the stored id of the chunk in `text`, when the retriever found it ("" otherwise)

    @property
    def display_title(self) -> str:
        """The title to show (`rag.titles.display_title`): the stored one, or the name the abstract
        introduces when the stored title is only its opening words."""
        return display_title(self.title, hit_abstract(self, self.text))

    def as_dict(self) -> dict[str, Any]:
        """The hit in the shape of `rag search --json` results ("title" is the display title)."""
        return {
            "rank": self.rank,
            "paper_id": self.paper_id,
            "title": self.display_title,
            "source": self.source,
            "score": round(self.score, 6),
            "text": self.text,
        }


class PaperRetriever(BaseRetriever):
    """Finds the papers that best answer a query, one entry per paper, best first."""

    def __init__(
        self,
        settings: Settings,
        store: ChunkStore,
        embedder: SentenceTransformerEmbedding,
        bm25: BM25Index,
        postprocessors: Sequence[PostProcessor] = (),
    ) -> None:
        super().__init__()
        self.settings = settings.retrieval
        self.floor = retrieval_floor(settings)
        self.postprocessors = list(postprocessors)
        self.store = store
        self.embedder = embedder
        self.bm25 = bm25
        self._paper_bm25: PaperBM25 | None = None
        self._position = {chunk_id: i for i, chunk_id in enumerate(bm25.chunk_ids)}
        self._first_chunk = {m["paper_id"]: i for i, m in enumerate(bm25.metadatas) if m.get("chunk", 0) == 0}
        self._filter_keys = {k for k in set().union(*(m.keys() for m in bm25.metadatas)) if filterable(k)}
        self._authors: dict[str, set[str]] | None = None  # each author's name (lower-cased) -> their papers' ids
        self._affiliations: AffiliationIndex | None = None  # the records' institutions, on first use
        self._acronyms: list[tuple[str, set[str]]] | None = None  # each paper's id and title acronyms, on first use
        self._scope_values: dict[str, set[str]] | None = None  # each SCOPE_FIELDS field's stored values, on first use
        self._paper_numbers: np.ndarray | None = None  # each chunk's paper as a number, on first count

    def papers(self) -> list[dict[str, Any]]:
        """Each indexed paper's fields (its first chunk's metadata: title, source, paper_id, ...)."""
        return [self.bm25.metadatas[i] for i in self._first_chunk.values()]

    def count_holding(self, words: Sequence[str | Sequence[str]], filters: Mapping[str, Any] | None = None) -> tuple[int, int]:
        """(how many papers within `filters` hold each of `words` in their title or abstract, how
        many papers are within `filters`): a count of words, not of meaning. A word is held when
        every index term of it is; one given as alternatives ("LLM", "large language model") when
        every term of one of them is."""
        matching = self._matching(self._check_filters(filters or {}))
        paper_of = self._chunk_papers()
        within = np.zeros(int(paper_of.max()) + 1 if len(paper_of) else 0, dtype=bool)
        within[paper_of if matching is None else paper_of[matching]] = True
        holding = within.copy()
        for word in words:
            forms = [word] if isinstance(word, str) else list(word)
            holding &= np.logical_or.reduce([self._papers_holding(form, len(within)) for form in forms])
        return int(holding.sum()), int(within.sum())

    def _papers_holding(self, text: str, count: int) -> np.ndarray:
        """Which papers (numbered as `_chunk_papers`) hold every index term of `text`, as a boolean array of `count`."""
        paper_of = self._chunk_papers()
        matrix, term_ids = self.bm25.chunk_terms, self.bm25.counts.term_id
        held = np.ones(count, dtype=bool)
        for term in set(index_terms(text)):
            tid = term_ids.get(term)
            rows = matrix.indices[matrix.indptr[tid]:matrix.indptr[tid + 1]] if tid is not None and tid + 1 < len(matrix.indptr) else []
            has = np.zeros(count, dtype=bool)
            has[paper_of[rows]] = True
            held &= has
        return held

    def _chunk_papers(self) -> np.ndarray:
        """Each indexed chunk's paper, as a number (computed once per retriever)."""
        if self._paper_numbers is None:
            numbers: dict[str, int] = {}
            self._paper_numbers = np.array([numbers.setdefault(m["paper_id"], len(numbers)) for m in self.bm25.metadatas], dtype=np.int64)
        return self._paper_numbers

    def named_scope(self, question: str) -> dict[str, str]:
        """Each of `SCOPE_FIELDS` (venue, year, status) whose stored value the question names, in any
        case, with that value: a year as a whole word ("2024 papers on ..."), a venue before
        "paper(s)" or after "at", "in", "from" or "of" ("which aistats papers ...", "papers at
        COLM"; NeurIPS and NIPS alike), so that a venue read from a file name such as
        papers2023.json never takes the word "papers"; a paper list's status as a word on papers
        ("rejected papers", "papers that were rejected", "oral papers", "accepted as orals": Reject, Oral)."""
        lowered = question.lower()
        words = set(re.findall(r"[a-z0-9]+", lowered))
        venues = set(re.findall(r"\b(?:at|in|from|of)\s+(?:the\s+)?([a-z0-9]+)", lowered))
        on_papers = set(re.findall(r"\b([a-z0-9]+)(?:\s+\d{4})?\s+papers?\b", lowered))
        venues |= on_papers
        venues |= {VENUE_ALIASES[venue] for venue in venues if venue in VENUE_ALIASES}
        on_papers |= set(re.findall(r"\bpapers?\s+(?:(?:that|which)\s+)?(?:were|was|got|been)?\s*([a-z]+)", lowered))
        on_papers |= set(re.findall(r"\b(?:accepted|presented|selected)\s+(?:as|for)\s+(?:an?\s+)?([a-z]+)", lowered))  # "accepted as orals"

        def names(name: str, value: str) -> bool:
            value = value.lower()
            if name == "status":  # "rejected" for Reject, "withdrawn" for Withdraw, "orals" for Oral
                return any(re.fullmatch(rf"{re.escape(value)}(?:ed|d|n|s)?", word) for word in on_papers)
            return value in (venues if name == "venue" else words)

        named = {name: [value for value in found if names(name, value)] for name, found in self._stored_scope().items()}
        return {name: values[0] for name, values in named.items() if len(values) == 1}

    def scope(self, named: Mapping[str, str]) -> dict[str, str]:
        """The filters that a question's `named_scope` states: its fields of which the store holds
        more than one value (a store of one venue is never narrowed)."""
        return {name: value for name, value in named.items() if len(self._stored_scope()[name]) > 1}

    def _stored_scope(self) -> dict[str, set[str]]:
        """Each SCOPE_FIELDS field's stored values (read from the index once, on first use)."""
        if self._scope_values is None:
            values: dict[str, set[str]] = {name: set() for name in SCOPE_FIELDS}
            for paper in self.papers():
                for name in SCOPE_FIELDS:
                    if paper.get(name) not in (None, ""):
                        values[name].add(str(paper[name]))
            self._scope_values = values
        return self._scope_values

    def authored(self, question: str) -> tuple[list[str], list[str]]:
        """The author names `question` writes, in any case and with or without a middle initial
        ("Diederik Kingma" for "Diederik P. Kingma"), as written there, and the ids of the papers
        all of them wrote (from the records' `authors`); ([], []) when it names no author of the store."""
        if self._authors is None:
            self._authors = {}
            for paper in self.papers():
                for name in str(paper.get("authors") or "").split(";"):
                    words = _name_words(name)
                    for key in {" ".join(words), " ".join(words[:1] + words[-1:])} if len(words) >= 2 else ():
                        self._authors.setdefault(key, set()).add(str(paper["paper_id"]))
        words = re.findall(r"[^\W\d_][\w'.-]*", question)
        found: dict[str, set[str]] = {}
        i = 0
        while i < len(words):
            for width in (4, 3, 2):
                key = " ".join(_name_words(" ".join(words[i:i + width])))
                if len(words[i:i + width]) == width and key in self._authors:
                    found[" ".join(words[i:i + width])] = self._authors[key]
                    i += width - 1
                    break
            i += 1
        if not found:
            return [], []
        return list(found), sorted(set.intersection(*found.values()))

    def affiliated(self, question: str) -> tuple[list[str], list[str]]:
        """The institutions `question` names ("from Stanford", "what is DeepMind working on"), as
        written there, and the ids of their papers (from the records' affiliations; `rag.affiliations`);
        ([], []) when it names none the store holds."""
        if self._affiliations is None:
            self._affiliations = AffiliationIndex(self.papers())
        return self._affiliations.find(question)

    def abbreviated(self, query: str) -> list[str]:
        """The ids of the papers whose title the query abbreviates: "MAML" for "Model-Agnostic
        Meta-Learning for Fast Adaptation ..." (`rag.titles.abbreviates_title`), which neither
        retriever may find, since its abstract never writes the acronym."""
        wanted = [letters for letters in map(abbreviation, names_in(query)) if letters]
        if not wanted:
            return []
        if self._acronyms is None:
            self._acronyms = [(str(paper["paper_id"]), title_acronyms(str(paper.get("title", "")))) for paper in self.papers()]
        return [paper_id for paper_id, acronyms in self._acronyms if acronyms.intersection(wanted)]

    def holds_term(self, term: str) -> bool:
        """True when some paper of the store holds `term` (a term from `rag.text.index_terms`)."""
        return self.bm25.holds(term)

    def search(
        self,
        query: str,
        top_k: int | None = None,
        filters: Mapping[str, Any] | None = None,
        mode: str | None = None,
        floor: bool = True,
        query_vector: list[float] | None = None,
    ) -> list[PaperHit]:
        """The top papers for `query`, best first; empty when nothing clears the relevance floor.

        `filters` keeps only chunks whose metadata equals each given value (e.g. source, year).
        `floor=False` skips the relevance floor (used by evaluation, which needs full rankings).
        """
        query = " ".join(query.split())
        if not query:
            raise RagError("empty query; ask something, e.g. rag search \"protein structure models\"")
        mode = mode or self.settings.mode
        top_k = top_k or self.settings.top_k
        matching = self._matching(self._check_filters(filters or {}))
        vector = (query_vector or self.embedder.encode([query])[0]) if mode in ("hybrid", "dense") else None
        dense = self._dense(query, matching, vector) if vector is not None else {}
        words = content_query(query)
        lexical = self._bm25(words, matching) if mode in ("hybrid", "bm25") else {}
        terms = len(set(index_terms(words)))
        hits = self._fuse(dense, lexical, mode, terms)
        if mode == "hybrid" and self.settings.list_feedback_weight > 0 and papers_requested(query):
            hits = self._list_feedback(query, matching, vector, dense, lexical, hits, terms)
        for stage in self.postprocessors:
            hits = stage.process(query, hits)
        if floor:
            hits = [h for h in hits if self.floor.admits(h, query, self.paper_bm25.max_idf)]
        for rank, hit in enumerate(hits[:top_k], start=1):
            hit.rank = rank
            first = self._first_chunk.get(hit.paper_id)
            hit.abstract = self.bm25.metadatas[first].get("abstract") if first is not None else None
        return hits[:top_k]

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return [
            NodeWithScore(node=TextNode(id_=f"{h.paper_id}::{h.chunk_metadata.get('chunk', 0)}", text=h.text, metadata=h.chunk_metadata), score=h.score)
            for h in self.search(query_bundle.query_str)
        ]

    def _matching(self, filters: dict[tuple[str, ...], Any]) -> Any:
        """Which indexed chunks have, for every filter, one of its fields (`_check_filters`) equal to
        its value (or one of a list of values), compared as text (`_filter_form`), as a boolean array; None for no filters. The
        store keeps a paper's fields on its first chunk only (rag.metadata), so filters are read
        here, from the whole chunks in memory."""
        if not filters:
            return None
        wanted = [(fields, _filter_forms(value)) for fields, value in filters.items()]
        return np.array([all(any(_filter_form(m.get(f)) in v for f in fields) for fields, v in wanted)
                         for m in self.bm25.metadatas], dtype=bool)

    def _dense(self, query: str, matching: Any, vector: Any = None) -> dict[str, PaperHit]:
        """Papers by their best chunk's cosine to the query's `vector` among the `candidates` nearest
        chunks (of the papers of the `matching` chunks, when filtered), best first. The index is asked
        for `dense_search_depth` chunks so that those are the true nearest ones
        (rag.store.ChunkStore.nearest). `vector` None: the query is embedded here."""
        vector = self.embedder.encode([query])[0] if vector is None else vector
        stored = max(1, len(self._position))
        papers = None if matching is None else {self.bm25.metadatas[i]["paper_id"] for i in np.flatnonzero(matching)}
        nearest = self.store.nearest(vector, min(self.settings.candidates, stored), min(self.settings.dense_search_depth, stored), papers)
        # Chunks written after this retriever opened are read from the store, and shown only when they
        # belong to their paper's current version.
        unknown = {c.chunk_id: c for c in self.store.chunks([cid for cid, _ in nearest if cid not in self._position])}
        written_since: dict[str, set[str]] = {}  # current chunk ids of papers changed since this retriever opened
        hits: dict[str, PaperHit] = {}
        for chunk_id, cosine in nearest:
            if chunk_id in self._position:
                position = self._position[chunk_id]
                metadata, text = self.bm25.metadatas[position], self.bm25.texts[position]
            elif chunk_id in unknown:
                metadata, text = unknown[chunk_id].metadata, unknown[chunk_id].text
                paper = metadata["paper_id"]
                if chunk_id not in written_since.setdefault(paper, self.store.current_ids(paper)):
                    continue
            else:  # deleted since the query ran
                continue
            paper_id = metadata["paper_id"]
            if paper_id not in hits:  # results arrive best first, so the first chunk is the best
                hits[paper_id] = _hit(metadata, text, chunk_id, dense_similarity=cosine)
        return hits

    def _bm25(self, query: str, mask: Any) -> dict[str, PaperHit]:
        """Papers by lexical score: `bm25_paper_share` x BM25 over the whole paper (rag.paper_index) plus
        the rest x its best chunk's BM25 (both for the RM3-expanded query when `prf_docs` > 0). Each hit
        carries its best chunk, and the whole paper's BM25 and term count for the plain query, which
        the relevance floor checks (small chunks split a query's words across a paper's chunks). Only
        the chunks `mask` marks count, when it is given (see `_matching`)."""
        scores = self.bm25.scores(query)
        if mask is not None:
            scores = np.where(mask, scores, 0.0)
        plain = dict.fromkeys(index_terms(query), 1.0)
        weights = self._feedback(query, scores) if self.settings.prf_docs else plain
        ranking = scores
        if self.settings.prf_docs:
            expanded = self.bm25.weighted_scores(weights)
            ranking = np.where(mask, expanded, 0.0) if mask is not None else expanded
        papers = self.paper_bm25
        best, position = papers.best_chunks(ranking)
        share = self.settings.bm25_paper_share
        whole, held = papers.match(plain)
        if mask is not None:
            whole = np.where(np.isin(np.arange(len(whole)), papers.chunk_paper[mask]), whole, 0.0)
        lexical = (1.0 - share) * best
        if share > 0:
            lexical = lexical + share * (whole if weights is plain else papers.scores(weights))
        k = min(self.settings.candidates, len(lexical))
        if k == 0:
            return {}
        top = np.argpartition(-lexical, k - 1)[:k]
        hits: dict[str, PaperHit] = {}
        for paper in top[np.argsort(-lexical[top], kind="stable")]:
            if lexical[paper] <= 0:
                break
            chunk = position[paper]
            hit = _hit(self.bm25.metadatas[chunk], self.bm25.texts[chunk], self.bm25.chunk_ids[chunk], bm25_score=float(scores[chunk]))
            hit.lexical_score = float(lexical[paper])
            hit.bm25_text = self.bm25.texts[chunk]
            hit.paper_bm25, hit.paper_terms = float(whole[paper]), int(held[paper])
            hits[hit.paper_id] = hit
        return hits

    @property
    def paper_bm25(self) -> PaperBM25:
        """The whole-paper BM25 of this retriever's chunk index, derived at its first use (rag.paper_index)
        and again only when `bm25_paper_k1` or `bm25_paper_b` change."""
        papers = self._paper_bm25
        if papers is None or (papers.k1, papers.b) != (self.settings.bm25_paper_k1, self.settings.bm25_paper_b):
            papers = self._paper_bm25 = PaperBM25(self.bm25, self.settings.bm25_paper_k1, self.settings.bm25_paper_b)
        return papers

    def _feedback(self, query: str, scores: np.ndarray) -> dict[str, float]:
        """The RM3-expanded query (rag.prf) as term weights, fed back from the top first-pass chunks."""
        n = min(self.settings.prf_docs, len(scores))
        if n == 0 or scores.max() <= 0:
            return dict.fromkeys(index_terms(query), 1.0)
        top = np.argpartition(-scores, n - 1)[:n]
        feedback = [(index_terms(self.bm25.texts[p]), float(scores[p])) for p in top]
        return rm3_weights(index_terms(query), feedback, self.settings.prf_terms, self.settings.prf_weight)

    def _fuse(self, dense: dict[str, PaperHit], lexical: dict[str, PaperHit], mode: str, terms: int) -> list[PaperHit]:
        weights = {mode: 1.0}
        if mode == "hybrid":
            weight = self._dense_weight(dense, lexical, terms)
            weights = {"dense": weight, "bm25": 1.0 - weight}
        rankings = {
            "dense": {pid: h.dense_similarity or 0.0 for pid, h in dense.items()},
            "bm25": {pid: h.lexical_score if h.lexical_score is not None else h.bm25_score or 0.0 for pid, h in lexical.items()},
        }
        scores = fuse(rankings, weights, self.settings.fusion, self.settings.rrf_k)
        merged: dict[str, PaperHit] = {}
        for name, hits in (("dense", dense), ("bm25", lexical)):
            for rank, (paper_id, hit) in enumerate(hits.items(), start=1):
                entry = merged.setdefault(paper_id, hit)
                entry.ranks[name] = rank
                if name == "bm25":
                    entry.bm25_score, entry.lexical_score, entry.bm25_text = hit.bm25_score, hit.lexical_score, hit.bm25_text
                    entry.paper_bm25, entry.paper_terms = hit.paper_bm25, hit.paper_terms
        for paper_id, entry in merged.items():
            entry.score = scores.get(paper_id, 0.0)
        return sorted(merged.values(), key=lambda h: (-h.score, h.paper_id))

    def _list_feedback(self, query: str, matching: Any, vector: Any, dense: dict[str, PaperHit],
                       lexical: dict[str, PaperHit], fused: list[PaperHit], terms: int) -> list[PaperHit]:
        """The hybrid hits of a question asking for several papers, after one round of dense feedback:
        the query's `vector` moved towards the chunks shown for the fused top `list_feedback_papers`
        papers (a paper's nearest chunk, or BM25's best for a paper only BM25 proposed;
        rag.prf.rocchio, `list_feedback_weight`), searched again and fused with the same BM25 ranking
        (at the dense weight the new ranking's confidence gives). A paper keeps the first pass's cosine
        and chunk as evidence; one only the moved query found has no cosine (like a BM25-only hit), so
        the relevance floor judges the question itself, not the feedback."""
        stored = self.store.embeddings([h.chunk_id for h in fused[:self.settings.list_feedback_papers] if h.chunk_id])
        if not stored:
            return fused
        again = self._dense(query, matching, rocchio(vector, list(stored.values()), self.settings.list_feedback_weight).tolist())
        hits = self._fuse(again, lexical, "hybrid", terms)
        for i, hit in enumerate(hits):
            first = dense.get(hit.paper_id)
            if first is not None:
                first.score, first.ranks = hit.score, hit.ranks
                hits[i] = first
            elif hit.paper_id in again:
                hit.dense_similarity = None
        return hits

    def _dense_weight(self, dense: dict[str, PaperHit], lexical: dict[str, PaperHit], terms: int) -> float:
        """`dense_weight`, adjusted for this query by how confident each retriever's best match is
        (rag.fusion.confident_dense_weight; `retrieval.confidence_*`)."""
        s = self.settings
        if not dense or not lexical or not terms:
            return s.dense_weight
        top_cosine = max(h.dense_similarity or 0.0 for h in dense.values())
        top_lexical = max(h.lexical_score or 0.0 for h in lexical.values())
        share = top_lexical / terms / self.paper_bm25.max_idf
        return confident_dense_weight(s.dense_weight, top_cosine, share, s.confidence_cosine_centre,
                                      s.confidence_cosine_slope, s.confidence_bm25_centre, s.confidence_bm25_slope)

    def _check_filters(self, filters: Mapping[str, Any]) -> dict[tuple[str, ...], Any]:
        """`filters` by the corpus fields each names, in any case ("year" is "Year" of a CSV export and
        "year" of a file name); RagError naming the fields there are for a field no paper has."""
        resolved: dict[tuple[str, ...], Any] = {}
        for key, value in filters.items():
            fields = tuple(sorted(f for f in self._filter_keys if f.lower() == key.strip().lower()))
            if not fields:
                close = difflib.get_close_matches(key.strip().lower(), sorted({f.lower() for f in self._filter_keys}), n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                raise RagError(f"unknown filter field '{key}'{hint}; this corpus has: {', '.join(sorted(self._filter_keys))}")
            resolved[fields] = value
        return resolved


def parse_filters(pairs: list[str] | None) -> dict[str, Any]:
    """Turn `key=value` strings into a filter dict; integers stay integers (year=2024)."""
    filters: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise RagError(f"bad filter '{pair}'; write it as key=value, e.g. --filter year=2024")
        value = value.strip()
        filters[key.strip()] = int(value) if value.lstrip("-").isdigit() else value
    return filters


def _name_words(name: str) -> list[str]:
    """A person's name as lower-cased words without initials or dots ("Diederik P. Kingma" -> diederik, kingma)."""
    return [w for w in re.findall(r"[^\W\d_][\w'-]*", name.casefold()) if len(w) > 1]


def _filter_forms(value: Any) -> set[str | None]:
    """The forms (`_filter_form`) a filter value accepts: each of a list's values, else the one value."""
    return {_filter_form(v) for v in value} if isinstance(value, (list, tuple, set)) else {_filter_form(value)}


def _filter_form(value: Any) -> str | None:
    """How a filter value and a stored value are compared: as text, case-folded, so a CSV's "2022"
    matches `year=2022` and "Workshop" matches "workshop"; None for a field the chunk lacks."""
    return None if value is None else str(value).strip().casefold()


def _hit(metadata: dict[str, Any], text: str, chunk_id: str, **evidence: float) -> PaperHit:
    return PaperHit(
        paper_id=metadata["paper_id"],
        title=metadata.get("title", ""),
        source=metadata.get("source", ""),
        text=text,
        chunk_metadata=metadata,
        chunk_id=chunk_id,
        **evidence,
    )

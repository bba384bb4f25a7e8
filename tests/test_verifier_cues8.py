"""The cues, numbers rule and not-stated checks of the eighth grounding pass (issue 7, verify9).

Pure functions on text: each detail, polarity or not-stated case names both sides when it fires,
and each free paraphrase that older rules read as a contradiction or a missing number now passes.
"""

from __future__ import annotations

import pytest

from rag.cues import contradiction
from rag.text import missing_terms
from rag.verifier import only_asked, unstated_absolute, unstated_priority

LETTERS = ("Experiments in dialogue scenarios, such as recommendation letters, law enforcement, diplomacy with press, "
           "validate that our framework can reproduce theoretical results.")
ACE = "On scaffold decoration, ACE prevents collapse and significantly outperforms constant-exponent baselines."
MINDZERO = "MindZero significantly outperforms model-based methods in both accuracy and efficiency."


@pytest.mark.parametrize("claim,passage,cue", [
    # a kind-changing prefix the claim drops: "diagonal" for "off-diagonal", "Euclidean" for "pseudo-Euclidean"
    ("It is motivated by the diagonal blocks of the Hamiltonian matrix.",
     "Motivated by the off-diagonal blocks of the Hamiltonian matrix, we propose QHNetV2.", "'diagonal' vs 'off-diagonal'"),
    ("The framework is equivariant to arbitrary Euclidean groups.",
     "A framework that incorporates equivariance to arbitrary pseudo-Euclidean groups.", "'euclidean' vs 'pseudo-euclidean'"),
    # the target's property given to the other side: the method's "time-varying" to the baselines
    ("ACE significantly outperforms time-varying exponent baselines.", ACE,
     "'compared with time time-vari vari' vs 'compared with constant constant-expon'"),
    # parity where the passage says it does better
    ("MindZero matches model-based methods in accuracy.", MINDZERO, "'matches' vs 'outperforms'"),
    # a list item swapped in a list whose items the passage gives without "and", one item later
    ("It is tested on scenarios such as job interviews, law enforcement and diplomacy with press.", LETTERS,
     "'interview' vs 'letter recommend'"),
    # a number-word compound before the same word with another number (or "3D")
    ("StormInsight reconstructs the two-dimensional evolution of storms.",
     "StormInsight enables reconstruction of the three-dimensional evolution of storms.", "'2-dimension evolut' vs '3-dimension evolut'"),
    ("It reconstructs the two-dimensional evolution of storms.", "It reconstructs the 3D evolution of storms.",
     "'2-dimension evolut' vs '3-dimension evolut'"),
    # a compound whose first part is swapped beside the same word
    ("The study uses a tractable mean-field cross-attention toy model.",
     "We study forgetting through a tractable mean-field self-attention toy model.", "'cross-attention' vs 'self-attention'"),
    # a kind swap behind a word of sameness: "a separate latency constraint" against "the same energy constraint"
    ("The pruning method is based on a separate latency constraint.",
     "We propose a weight pruning method based on the same energy constraint.", "'latency constraint' vs 'energy constraint'"),
    # a target named by an -ing word ("flow matching") is a name, not an action
    ("The method outperforms gradient flow and diffusion model methods.",
     "Our method outperforms gradient flow and flow matching methods across experiments.",
     "'compared with diffus' vs 'compared with match'"),
    # a term swapped after the same two words, one side of two words or more
    ("ACE controls the variance of the intermediate distributions.",
     "Our analysis reveals that ACE controls the quantile radius of the intermediate distributions.",
     "'variance' vs 'quantile radius'"),
    ("Inspired by optimal transport, the method replaces softmax affinities.",
     "Inspired by geometric functional maps, our method replaces softmax affinities.",
     "'optimal transport' vs 'geometric functional maps'"),
    ("One transition appears with respect to the learning rate, and the other with respect to depth.",
     "One transition appears with respect to the norm of the perturbation, and the other with respect to depth.",
     "'learning rate' vs 'norm of the perturbation'"),
    ("They add basis embeddings motivated by random matrix theory.",
     "They integrate basis embeddings motivated by harmonic analysis to enhance accuracy.",
     "'random matrix theory' vs 'harmonic analysis'"),
    # cause and effect the other way round
    ("AFR-Net models how functional connectivity gives rise to structural constraints.",
     "AFR-Net models how structural constraints give rise to functional communication patterns.",
     "'connect function causes constraint structur' vs 'constraint structur causes communic function pattern'"),
    # narrow where the passage says general
    ("DeepSciReasoner is a paradigm specific to electronic density of states.",
     "We introduce DeepSciReasoner, a general paradigm for predicting scientific spectra.", "'specific paradigm' vs 'general paradigm'"),
    # putting together is one statement, whichever verb says it
    ("Spike sparsification and weight pruning cannot be combined.",
     "We propose a pruning method which can be naturally integrated with spike sparsification.",
     "'cannot be combined' vs 'integrated'"),
    # independent of what the passage conditions on
    ("StormInsight models storms independently of the surrounding environment.",
     "StormInsight reconstructs storms while explicitly conditioning on the ambient environment.",
     "'independently of the surrounding environment' vs 'conditioning on the ambient environment'"),
])
def test_eighth_pass_cues_name_both_sides(claim, passage, cue):
    assert contradiction(claim, passage, passage) == f"contradicts the source: {cue}"


@pytest.mark.parametrize("claim,passage", [
    # "no less than 14.4%" is a bound, not a negation
    ("GEAR improves by no less than 14.4% with random splits.", "GEAR achieves improvements of at least 14.4% under random splits."),
    # "lack" sets its phrase aside: neither stated nor denied, on either side
    ("Existing methods are not grounded in a principled model of communication dynamics.",
     "These approaches lack a principled formulation grounded in neural communication dynamics."),
    ("PINNs scale to high dimensions but often lack accuracy and efficiency.",
     "PINNs offer scalability to high dimensions, but often suffer from limited accuracy and efficiency."),
    # "non-learning ... update rules": a claim about update rules "that do not learn" says it
    ("The signature shows up for random update rules or ones that do not learn, before learning stops.",
     "The signature can arise even for non-learning or random update rules long before learning has ceased."),
    # "informing" is no negated "forming", "improving" no negated "proving"
    ("The dynamics factor into a port-Hamiltonian form.",
     "The dynamics admit a factorization into a port-Hamiltonian form, directly informing the design."),
    # a participle describes a comparison target; a size word grades it
    ("Geo-R1 even beats specialists trained with full supervision.",
     "Geo-R1 achieves zero-shot transfer, even surpassing fully supervised specialists on certain benchmarks."),
    ("ACE significantly outperforms constant exponent baselines.", ACE),
    ("MindZero matches the accuracy of model-based methods and outperforms them in efficiency.", MINDZERO),
    ("It is tested on scenarios such as recommendation letters, law enforcement and diplomacy with press.", LETTERS),
    ("SpikeInit trains a thousand-layer SNN.", "SpikeInit successfully trains an ultra-deep, 1000-layer SNN."),
    ("Existing systems extrapolate two-dimensional radar reflectivity.", "Existing systems extrapolate 2D radar reflectivity."),
    ("The study uses a tractable mean-field self-attention model.",
     "We study forgetting through a tractable mean-field self-attention toy model."),
    # one word for one word after the same frame is as often a synonym; numbers are the numbers rule's
    ("These mechanisms coexist with real Hebbian plasticity.", "They can coexist with genuine Hebbian plasticity."),
    ("It raises the mCSI by thirty-four percent.", "It improves the mCSI by 34.0%."),
    ("They propose two methods, A and B, to pull regulatory information from scFMs.",
     "We propose two methods, A and B, to distill implicit regulatory information from scFMs."),
    ("AFR-Net models how structural constraints lead to functional communication patterns.",
     "AFR-Net models how structural constraints give rise to functional communication patterns."),
    ("DeepSciReasoner is a general paradigm for scientific spectra.",
     "We introduce DeepSciReasoner, a general paradigm for predicting scientific spectra."),
    ("The control group did general exercises.",
     "The control group did unspecific exercises, and the others a specific exercise strategy."),
    ("The pruning method can be combined with spike sparsification.",
     "We propose a pruning method which can be naturally integrated with spike sparsification."),
    # a size grades a thing, it is no kind swapped for another
    ("At fixed compute, more data helps more than a bigger model.",
     "Allocating resources to more data yields greater gains than increasing model size. We uncover behaviors "
     "that differ from those observed in language models."),
])
def test_eighth_pass_paraphrases_raise_nothing(claim, passage):
    assert contradiction(claim, passage, passage) == ""


def test_a_prefix_negation_about_something_else_still_clashes():
    passage = "We characterize a phase transition between forgetting and non-forgetting behavior."
    assert contradiction("LoRA is free of catastrophic forgetting.", passage, passage) != ""


SOPS = "The sparsified ResNet-18 model requires only 7.04M SOPs to achieve 92.38% accuracy on CIFAR-10."
FI = "Across nine models (1B\u201313B parameters), FI trajectories predict task degradation (AUROC = 0.95)."
ERA = "The compressed full PVS in the ERA5-Latent dataset reduces the original 244.34 TB of data to 0.43 TB."
SPECTRA = ("We evaluate DeepSciReasoner on eDOS, phonon density of states (phDOS), X-ray absorption near-edge "
           "structure (XANES), and Raman spectra, where it improves accuracy.")


@pytest.mark.parametrize("claim,abstract,missing", [
    # magnitudes: "7.04M" is 7.04 million, "13B" 13 billion, "191k" 191 thousand; a model's "-8B" stays a name
    ("It needs just 7.04 million SOPs.", SOPS, []),
    ("It needs 7.04 billion SOPs.", SOPS, ["7040000000"]),
    ("Nine models ranging from one to thirteen billion parameters were studied.", FI, []),
    ("Nine models ranging from 1B to 13B parameters were studied.", FI, []),
    ("The context equals about 191 thousand tokens.", "The context is equivalent to 191k tokens.", []),
    ("GCMs based on Qwen3-9B.", "We evaluate GCMs based on Qwen3-8B.", ["9", "qwen3-9b"]),
    # bounds met within a tenth
    ("ERA5-Latent shrinks more than 244 TB of data.", ERA, []),
    ("ERA5-Latent shrinks more than 250 TB of data.", ERA, ["250"]),
    ("It was tested on more than 50 tasks.", "It transfers across a wide range of downstream tasks (25+).", ["50"]),
    ("Spectral methods are accurate for up to five dimensions.", "For problems with 4 to 10 dimensions, they remain feasible.",
     ["5"]),
    # the claim's own list after a comma, ending at its "and" item
    ("It is tested on four kinds of spectra, eDOS, phDOS, XANES and Raman, and raises accuracy.", SPECTRA, []),
    ("It is tested on five kinds of spectra, eDOS, phDOS, XANES and Raman.", SPECTRA, ["5"]),
])
def test_numbers_rule_reads_magnitudes_bounds_and_lists(claim, abstract, missing):
    assert missing_terms(claim, abstract) == missing


QUESTION = ("This raises an identifiability question: does observing Hebbian structure in synaptic updates uniquely "
            "imply an underlying Hebbian computation? We identify an alternative, emergent route.")


@pytest.mark.parametrize("claim,reason", [
    ("Observing Hebbian structure in synaptic updates uniquely implies an underlying Hebbian computation.",
     "the source only asks this, it does not state it"),
    ("The authors ask whether observing Hebbian structure uniquely implies a Hebbian computation.", ""),
    ("The authors identify an alternative, emergent route to Hebbian structure.", ""),
])
def test_a_claim_resting_on_a_question_is_not_stated(claim, reason):
    assert only_asked(claim, QUESTION) == reason


APT = ("Here we propose APT, a geometry-agnostic neural operator for subsurface tasks. Notably, APT is the first "
       "architecture that learns directly from HR-adaptive mesh refinement simulations.")


@pytest.mark.parametrize("claim,fails", [
    ("APT is the first neural operator for subsurface simulation.", True),
    ("APT is the first architecture that learns directly from uniform fine-mesh simulations.", True),
    ("APT is the first model to learn directly from HR-adaptive mesh refinement simulations.", False),
    ("APT was evaluated on subsurface tasks.", False),
])
def test_a_claim_of_priority_must_be_the_sources(claim, fails):
    assert bool(unstated_priority(claim, [APT])) is fails


FATIGUE = "Stress analyses show that FI onset accelerates under longer contexts, middle-positioned evidence, and reduced precision."


@pytest.mark.parametrize("claim,fails", [
    ("Longer contexts, evidence placed in the middle and lower precision all make FI onset come sooner.", False),
    ("FI onset accelerates under all longer contexts and reduced precision.", True),
    ("Longer contexts and reduced precision accelerate FI onset on all models.", True),
])
def test_all_that_sums_up_a_list_claims_nothing_absolute(claim, fails):
    assert bool(unstated_absolute(claim, [FATIGUE])) is fails


def test_a_claim_in_its_passage_words_needs_no_graded_support():
    from pathlib import Path

    import numpy as np

    from rag.settings import load_settings
    from rag.sources import Source
    from rag.text import split_sentences
    from rag.verifier import Passage, RulesVerifier

    abstract = ("Benchmarks demonstrate superior preservation of geodesic distances, automatic gene-group discovery, "
                "nuanced cell subtype resolution without manual feature engineering and natural batch effect "
                "mitigation without explicit alignments. We propose InfoGlobe.")
    spans = split_sentences(abstract)
    source = Source(1, None, abstract, spans, np.zeros((len(spans), 1)), np.zeros(len(spans)))  # type: ignore[arg-type]
    verifier = RulesVerifier(load_settings(overrides={"data_dir": str(Path("/nonexistent"))}, environ={}).grounding)

    def verdict(claim, similarity):
        return verifier.verify(claim, [Passage(1, 0, len(abstract), abstract, similarity)], [source])
    # every content word in the long list sentence, whose other items dilute the cosine: kept
    assert verdict("It mitigates batch effects naturally, without explicit alignment.", 0.34).supported
    # words the passage lacks still need graded support
    lost = verdict("It mitigates batch effects naturally and quickly in large cohorts.", 0.34)
    assert not lost.supported and lost.reason.startswith("too little support")

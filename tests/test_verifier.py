"""The grounding verifiers: contradiction rules, the `auto`/`model`/`llm` choices, and the answer path.

Checks run against the real embedder and real seed abstracts. The scripted OpenAI-compatible
server (bench/claims.py) stands in for a strong hosted model, which cannot be reached here; the
llm judge is exercised against a real `python -m llama_cpp.server` serving the bundled SmolLM2.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bench.claims import PinnedRetriever, ScriptedServer, paper_hits, scripted_settings
from rag.answer import Answerer
from rag.backends import build_backend
from rag.errors import RagError
from rag.grounding import GroundingChecker
from rag.judge import LLMJudgeVerifier, parse_answer
from rag.sources import Source, prepare_sources
from rag.cues import misattributed
from rag.text import missing_terms, shared_share, split_sentences, tokenize, variant_share
from rag.verifier import (Passage, RulesVerifier, aligned_passage, build_verifier, contradiction, support_signals,
                          unstated_absolute)
from rag.verifier_model import CrossEncoderVerifier, model_dir
from conftest import make_settings

STORM = "000_711129f47277f084#4"
SPIKE = "000_711129f47277f084#5"
FATIGUE = "000_711129f47277f084#15"


@pytest.fixture(scope="module")
def sources(seeded_retriever):
    hits = paper_hits(seeded_retriever)
    return prepare_sources([hits[STORM], hits[SPIKE], hits[FATIGUE]], "", seeded_retriever.embedder, seeded_retriever.store)


@pytest.fixture(scope="module")
def rules_checker(seeded_settings, seeded_retriever):
    settings = seeded_settings.model_copy(update={"grounding": seeded_settings.grounding.model_copy(update={"verifier": "rules"})})
    return GroundingChecker(settings.grounding, seeded_retriever.embedder, build_verifier(settings))


def _check(checker, sources, sentence):
    return checker.check([sentence], sources)[0]


@pytest.mark.parametrize("claim,abstract,flagged", [
    ("The method beats every baseline.", "The method beats strong baselines on three benchmarks.", "'every'"),
    ("It only works on regular grids.", "It handles regular and irregular grids.", "'only'"),
    ("The bound guarantees convergence.", "We derive a bound on the regret.", "'guarantees'"),
    ("It performs all updates in local frames.", "All updates are performed in local frames.", ""),
    ("It needs only 20K samples.", "With just 20K samples, which is only a fraction ...", ""),
    ("The method works alone.", "The method needs no help; used solely ...", ""),
    # "at all" and "only limited" hedge
    ("It trains a 1000-layer SNN with no normalization at all.", "It trains a 1000-layer SNN without normalization.", ""),
    ("GraphCast makes only limited use of the hardware.", "GraphCast suffers from limited hardware utilization.", ""),
    ("It only uses 20K samples.", "It uses 20K samples.", "'only'"),
    # "any" and "exactly" claim more than the source; "any" after a negation claims nothing absolute
    ("It predicts the correctness of any LLM.", "It predicts the correctness of many LLMs.", "'any'"),
    ("It solves the equations exactly.", "It achieves superior accuracy on the equations.", "'exactly'"),
    ("It trains a 1000-layer SNN without any normalization.", "It trains a 1000-layer SNN without normalization.", ""),
    # a longer source word ending in the word says it: "standalone" estimation is estimation "alone"
    ("Estimation from the logs alone is unreliable.", "This renders standalone estimation unreliable.", ""),
    # priority ("the first", "ever") and "state of the art" need the source's word
    ("QHNetV2 is the first network to predict Hamiltonian matrices.",
     "We propose QHNetV2, an efficient network that predicts Hamiltonian matrices.", "'first'"),
    ("ConfSleepNet is the first multi-view method ever applied to sleep staging.", "In the first phase, it learns evidence.", "'ever'"),
    ("The work extends Bayesian persuasion to dialogue games for the first time.",
     "It extends classic BP to real-world games involving human dialogues for the first time.", ""),
    ("AFR-Net reaches the state of the art.", "AFR-Net significantly outperforms strong baselines.", "'state-of-the-art'"),
    ("AFR-Net beats state-of-the-art baselines.", "AFR-Net significantly outperforms state-of-the-art baselines.", ""),
    # a claim of matching people needs the source's word
    ("MindZero reaches human-level Theory of Mind.", "MindZero enhances the intrinsic ToM ability of MLLMs.", "'human-level'"),
    ("The agent reaches human-level accuracy.", "The agent achieves human-level accuracy on the benchmark.", ""),
    # "clearly" is stated by a weaker word of the same claim ("significantly"), not by none
    ("ACE clearly beats constant-exponent baselines.", "ACE significantly outperforms constant-exponent baselines.", ""),
    ("ACE clearly beats constant-exponent baselines.", "ACE outperforms constant-exponent baselines.", "'clearly'"),
    # an equivalence claims both directions: a source giving one does not state it
    ("The criterion is both necessary and sufficient.", "We provide a sharp sufficient Path Existence Criterion.",
     "'necessary-and-sufficient'"),
    ("The criterion is necessary and sufficient.", "We give a necessary and sufficient criterion.", ""),
    # "not only" adds: it claims nothing absolute
    ("The signature arises not only with SGD.", "The signature is not specific to SGD.", ""),
    # ", all verbalized," sums up the claim's own list
    ("Commitment assumptions, obedience constraints and obfuscation, all verbalized, reinforce it.",
     "It is reinforced with verbalized commitment assumptions, verbalized obedience constraints, and obfuscation.", ""),
])
def test_absolute_words_the_source_never_uses_are_overclaims(claim, abstract, flagged):
    reason = unstated_absolute(claim, [abstract])
    assert (flagged in reason) if flagged else reason == ""


@pytest.mark.parametrize("claim,passage,cue", [
    ("SpikeInit does not improve stability.", "SpikeInit improves stability.", "'not improve' vs 'improves'"),
    ("BN is a universal solution.", "However, BN is not a universal solution.", "'universal' vs 'not a universal'"),
    ("FI onset slows down under longer contexts.", "FI onset accelerates under longer contexts.", "'slows' vs 'accelerates'"),
    ("The loss increases with more data.", "The loss decreases with more data.", "'increases' vs 'decreases'"),
    ("Deep SNNs still require normalization.", "Deep SNNs train stably without normalization.", "'normalization' vs 'without normalization'"),
    # noun-phrase negations: "far from", "eliminates the need for"
    ("Foundation models already perform satisfactorily.", "However, their performance remains far from satisfactory.",
     "'satisfactorily' vs 'far from satisfactory'"),
    ("The method needs mental state annotations.", "This method eliminates the need for explicit mental state annotations.",
     "'annotations' vs 'eliminates the need for explicit mental state annotations'"),
    # a negation against a synonym of the passage's word
    ("The loss does not decrease with more data.", "More data reduces the loss.", "'not decrease' vs 'reduces'"),
    # negation prefixes
    ("The views are well aligned.", "The views are often misaligned in practice.", "'aligned' vs 'misaligned'"),
    ("It is restricted to canonical residues.", "It models non-canonical residues.", "'canonical' vs 'non-canonical'"),
    ("The agent is trained with supervised learning.", "A self-supervised reinforcement learning framework trains the agent.",
     "'supervised' vs 'self-supervised'"),
    # modifiers of the same word
    ("The network recruits fewer neurons.", "The network recruits more neurons.", "'fewer neuron' vs 'more neuron'"),
    ("It is more accurate on low-dimensional problems.", "It is more accurate on high-dimensional problems.", "'low dimension' vs 'high dimension'"),
    ("Both use a different energy constraint.", "Both use the same energy constraint.", "'different energi' vs 'same energi'"),
    # comparison direction
    ("Emulators are more data-efficient than TITO models.", "TITO models are substantially more data-efficient than Emulators.",
     "'emul than model tito' vs 'model tito than emul'"),
    ("Weather models favor depth over width.", "Weather models consistently favor increased width over depth.", "'depth over width' vs 'width over depth'"),
    # a number tied to another detail
    ("It improves mCSI by 12.4%.", "It reduces MAE by 12.4% and improves the mCSI by 34.0%.", "'improv 12.4' vs 'improv 34.0'"),
    # preferences and paths with their sides swapped ("rather than", "instead of", "replaces", "from ... to")
    ("The dynamics minimize free energy rather than the Lagrangian action.",
     "We consider dynamics that minimize the Lagrangian action, rather than free energy.",
     "'energi free over action lagrangian' vs 'action lagrangian over energi free'"),
    ("The model relies on direct rewards instead of proxy rewards.",
     "Rather than relying on direct rewards (i.e., annotations), the model utilizes proxy rewards.",
     "'direct reli over proxi' vs 'proxi over direct reli'"),
    ("The layer replaces linear operators with softmax affinities.", "The layer replaces softmax affinities with linear operators.",
     "'affin softmax over linear oper' vs 'linear oper over affin softmax'"),
    ("It maps cells from small spheres to large spheres.", "It maps cells from large spheres to small spheres.", "'larg over small' vs 'small over larg'"),
    # details of two clauses crossed
    ("It uses cheap evaluations for uncertain regions and costly experiments for broad exploration.",
     "It uses cheap evaluations for broad exploration and reserves costly experiments for uncertain regions.",
     "'cheap with region' vs 'cheap with broad'"),
    ("Firing rates stay stable in the backward pass, and gradient magnitudes stay stable in the forward pass.",
     "It keeps firing rates stable in the forward pass and gradient magnitudes stable in the backward pass.",
     "'fire with backward' vs 'fire with forward'"),
    # negating verbs, participles of antonym groups, short un- prefixes, modifiers of the same word
    ("ACE does not prevent collapse.", "ACE prevents collapse on scaffold decoration.", "'not prevent' vs 'prevents'"),
    ("CARD depends on alchemical pathways.", "CARD computes free energies without relying on alchemical pathways.", "'depends' vs 'without relying'"),
    ("The potential enables gradient descent.", "The potential enables geometry-aware gradient ascent.", "'descent' vs 'ascent'"),
    ("It is evaluated on seen genes.", "The benchmark evaluates predictions on unseen genes.", "'seen' vs 'unseen'"),
    ("Kernels use the output feature field.", "Kernels use equivariant representations of the input feature field.", "'output featur' vs 'input featur'"),
    # a negation prefix on the word that modifies the same noun, though a synonym stands elsewhere
    ("Current metrics give consistent assessments.", "Current metrics often give inconsistent assessments, whereas KL enables a coherent comparison.",
     "'consistent' vs 'inconsistent'"),
    # "at the cost of X" negates X
    ("It improves accuracy at the cost of physical consistency.", "It improves accuracy while maintaining physical consistency.",
     "'at the cost of physical consistency' vs 'consistency'"),
    # a noun counted otherwise than in the passage
    ("It fuses the observations through three components.", "It fuses the observations through two components: an encoder and a decoder.",
     "'3 compon' vs '2 compon'"),
    ("GCMs are evaluated across 8 model families.", "We evaluate GCMs across 5 model families.", "'8 famili' vs '5 famili'"),
    # a negated verb the passage never uses, about what the passage affirms
    ("APT does not handle irregular grids.", "APT outperforms prior architectures across both regular and irregular grids.",
     "'not handle grid irregular' vs 'grids irregular'"),
    # directions and implicit negations
    ("Stronger weight decay weakens the alignment with a Hebbian direction.",
     "L2 weight decay drives update rules to align with a Hebbian direction, with alignment increasing monotonically with decay strength.",
     "'weakens' vs 'increasing'"),
    ("Functional Attention is sensitive to varying discretizations.",
     "Functional Attention matches state-of-the-art performance while remaining robust to varying discretizations.",
     "'sensitive' vs 'robust'"),
    ("With non-canonical residues, Agent Rosetta falls short of comparable performance.",
     "With non-canonical residues, where ML approaches fail, Agent Rosetta achieves comparable performance.",
     "'short of comparable performance' vs 'performance'"),
    # a comparison against something else than the passage compares against
    ("Coarse-grained TITO models are more data-efficient than all-atom simulators.",
     "We find that coarse-grained TITO models are substantially more data-efficient than Boltzmann Emulators.",
     "'compared with all-atom atom simul' vs 'compared with boltzmann emul'"),
    # "turns A into B" is a path: the claim goes the other way
    ("The module splits a unified representation into multiple separate PVS.",
     "The module transforms multiple PVS into a unified representation.",
     "'multipl pvs over represent unifi' vs 'represent unifi over multipl pvs'"),
    # the passage's plain "direct rewards" is a parenthetical aside of what it drops: the prefix still clashes
    ("Geo-R1 relies on direct rewards.",
     "Rather than relying on limited task-specific annotations (i.e., direct rewards), Geo-R1 utilizes indirect proxy rewards.",
     "'direct' vs 'indirect'"),
    # what one side sets aside ("rather than B") the other states, without the side it keeps
    ("Confidence estimation is a model-specific skill that relies on introspection.",
     "We find that reliable confidence estimation is a cross-model skill learned by encoding correctness history rather "
     "than a model-specific skill reliant on introspection.",
     "'introspect model model-specif skill specif' vs 'rather than introspect model model-specif skill specif'"),
    ("The conservative interconnection is learned from data rather than fixed by mesh topology.",
     "Under these conditions, the conservative interconnection is fixed uniquely by mesh topology, whereas metric effects "
     "enter only through constitutive relations.",
     "'rather than fix mesh topolog' vs 'fix mesh topolog'"),
    # "outperforms" where the passage only says "matches"
    ("CARD surpasses the accuracy of classical methods on unseen systems.",
     "CARD matches the accuracy of classical computational methods on unseen systems, with a 40-fold speedup.",
     "'surpasses' vs 'matches'"),
    ("ML approaches succeed on non-canonical residues.",
     "With non-canonical residues, where ML approaches fail, Agent Rosetta achieves comparable performance.",
     "'succeed' vs 'fail'"),
    # two modifiers swapped between their nouns
    ("AFR-Net models how functional constraints give rise to structural communication patterns.",
     "AFR-Net is a framework that models how structural constraints give rise to functional communication patterns.",
     "'functional constraint' vs 'functional communic'"),
    ("GraphCast achieves excellent hardware utilization.",
     "GraphCast demonstrates the highest parameter efficiency, yet suffers from limited hardware utilization.",
     "'excellent hardwar' vs 'limited hardwar'"),
    # opposites the passage pairs in parallel, taken crosswise; a number tied to the other modifier of its noun
    ("At high contrast the network shifts to population coding that recruits more neurons.",
     "The network shifts from population coding that extracts features from low-contrast or noisy inputs by recruiting "
     "more neurons, to sparse coding at high contrast, utilizing considerably fewer neurons.",
     "'more neuron with high contrast' vs 'more neuron with low contrast'"),
    ("On OMat24, TriForces reduces force MAE by 57% at 20K samples.",
     "On OMat24, TriForces reduces energy MAE by 57% at 20K samples only and improves force MAE across sample sizes.",
     "'force mae 20k' vs 'energy mae 20k'"),
    # "help" is said of what "improves" says; a negation governs the verb after its adverb
    ("Conditioning on pLM embeddings did not help it generalize out of distribution.",
     "Incorporating pLM embeddings further improves out-of-distribution generalization.", "'not help' vs 'improves'"),
    ("Reconstruction-based objectives reliably capture latent regulatory signals.",
     "Reconstruction-based objectives often fail to explicitly capture latent regulatory signals.",
     "'capture' vs 'fail to explicitly capture'"),
    # "complete" and "limited" modify the same word
    ("Held-out marginal prediction is a complete evaluation protocol.",
     "Held-out marginal prediction is the dominant but limited evaluation protocol.", "'complete evalu' vs 'limited evalu'"),
    # depending on what the passage is invariant to, or the reverse
    ("The representation learned by Functional Attention depends on the resolution.",
     "This yields a compact, resolution-invariant representation.", "'depends on the resolution' vs 'resolution-invariant'"),
    ("The error is invariant to the resolution.", "The error of the baseline varies with the resolution.",
     "'invariant to the resolution' vs 'varies with the resolution'"),
    # width and depth, the two sizes of a network
    ("The second phase transition appears with respect to the width of the Transformers.",
     "One phase transition appears with respect to the norm of the perturbation, and the other with respect to the "
     "depth of the Transformers.", "'width' vs 'depth'"),
    # a kind swapped for another before the same noun, the claim's kind never in the abstract
    ("LABO's efficiency gain is formalized with a simple regret bound.",
     "We provide a theoretical analysis with a cumulative regret bound.", "'simple regret' vs 'cumulative regret'"),
    ("APT fuses a convolutional encoder with a global attention mechanism.",
     "APT fuses a graph-based encoder with a global attention mechanism.", "'convolutional encoder' vs 'graph-based encoder'"),
    # a list that follows the passage's but for one item the abstract never names
    ("The spatial tuning cells considered include grid, place and border cells.",
     "While the brain employs a diverse repertoire of spatial tuning cells\u2014including grid, place, and head-direction "
     "cells\u2014a normative theory remains elusive.",
     "'border' vs 'direct head head-direct'"),
    ("DeepSciReasoner is evaluated on eDOS, phDOS, XANES and infrared spectra.",
     "We evaluate DeepSciReasoner on eDOS, phonon density of states (phDOS), X-ray absorption near-edge structure (XANES), "
     "and Raman spectra, where it improves accuracy.",
     "'infrar' vs 'raman'"),
])
def test_contradiction_cues_name_both_sides(claim, passage, cue):
    assert contradiction(claim, passage) == f"contradicts the source: {cue}"


@pytest.mark.parametrize("claim,passage,context", [
    # the abstract negates it elsewhere: the claim's negation is what the source says
    ("It trains deep SNNs without batch normalization.", "Training has relied on Batch Normalization.",
     "Training has relied on Batch Normalization. Deep SNNs can be trained without normalization."),
    ("It does away with matrix multiplications.", "It beats transformers while eliminating matrix multiplications.", ""),
    ("Cheap LLM evaluations explore; expensive experiments are saved for uncertain regions.",
     "Inexpensive LLM evaluations explore, and costly real experiments are reserved for uncertain regions.", ""),
    ("TITO models are more data-efficient than Emulators.", "TITO models are substantially more data-efficient than Emulators.", ""),
    ("It reduces MAE by 12.4% and improves the mCSI by 34.0%.", "It reduces MAE by 12.4% and improves the mCSI by 34.0%.", ""),
    ("At high contrast the network uses fewer neurons.", "At high contrast it recruits considerably fewer neurons.", ""),
    # two negating verbs say the same thing; "cannot be identified" is "non-identifiable"
    ("ACE avoids collapse and beats the baselines.", "ACE prevents collapse and outperforms the baselines.", ""),
    ("Path-space laws cannot be identified from finitely many marginals.",
     "Destructive measurements make path-space laws non-identifiable from finitely many marginals.", ""),
    # a question in the source states nothing
    ("Hebbian structure need not imply a Hebbian computation.",
     "Does observing Hebbian structure uniquely imply an underlying Hebbian computation? We identify an alternative route.", ""),
    # the same preference, and the same clauses in other words
    ("The dynamics minimize the Lagrangian action instead of free energy.",
     "We consider dynamics that minimize the Lagrangian action, rather than free energy.", ""),
    ("It uses cheap evaluations for broad exploration and keeps costly experiments for uncertain regions.",
     "It uses cheap evaluations for broad exploration and reserves costly experiments for uncertain regions.", ""),
    # "structural and functional connectivity" is one phrase, not two clauses
    ("It fuses structural and functional connectivity through communication dynamics.",
     "We formulate fusion through communication dynamics, and model how structural constraints give rise to functional patterns.", ""),
    # a modifier before a compound modifies its head: "less data" is not "more data-efficient"'s opposite
    ("They learn from less data and generalize better.", "TITO models are substantially more data-efficient than Emulators.", ""),
    # a dependency word negated where it stands ("needs no"), or about another object than "without"
    ("MindZero needs no explicit mental state annotations.", "This method thus eliminates the need for explicit mental state annotations.", ""),
    ("It relies on self-supervised learning to keep representations transferable.",
     "It improves performance over baselines without needing DFT labels, using self-supervised learning.", ""),
    ("It gets rid of matrix multiplications.", "It beats transformers while eliminating matrix multiplications.", ""),
    ("It uses two components.", "It works through two components: an encoder and a decoder.", ""),
    # the passage negates too ("fail to")
    ("Existing methods do not explicitly capture regulatory signals.",
     "Existing objectives often fail to explicitly capture latent regulatory signals.", ""),
    # the passage says the plain word before the same noun: its prefixed word is about something else
    ("On design with canonical amino acids, Agent Rosetta matches specialized models.",
     "We evaluate Agent Rosetta on design with canonical amino acids, matching specialized models, and with non-canonical "
     "residues, achieving comparable performance.", ""),
    # "trained or training-free" states neither side; "can no longer be normalized" is "non-normalizable"
    ("Whether or not either is trained, an LLM predicts its own correctness no better than an unrelated LLM.",
     "Whether trained or training-free, an LLM predicting the correctness of its own outputs performs no better than an "
     "unrelated LLM.", ""),
    ("The intermediate density can no longer be normalized even though its endpoints are valid.",
     "The intermediate density becomes non-normalizable despite valid endpoints.", ""),
    # "with" ties a number to nothing
    ("The Fatigue Index also predicts repetition, with a correlation of 0.94.",
     "FI trajectories predict task degradation (AUROC = 0.95) and repetition (rho = 0.94): instruction-tuned models below 3B "
     "exhibit faster collapse than base models, with this trend reversing at 7B.", ""),
    # generic comparison targets, actions compared, and a target cut by a comma are no changed target
    ("TITO models are more data-efficient than existing methods.",
     "TITO models are substantially more data-efficient than Boltzmann Emulators.", ""),
    ("Spending compute on data helps more than making the model bigger.",
     "Allocating resources to more data yields greater gains than increasing model size.", ""),
    ("An LLM does no better than a different, unrelated LLM.",
     "An LLM generally performs no better than an unrelated LLM attempting the same task.", ""),
    ("WLA turns weather data from pixel space into a latent space.", "WLA transforms weather data from pixel space to latent space.", ""),
    # what "rather than" sets aside is not stated: negating it agrees; a claim's own "instead of" whose kept side the
    # passage states too ("1hr") is a paraphrase
    ("Confidence estimation is not a model-specific skill.",
     "We find that reliable confidence estimation is a cross-model skill learned by encoding correctness history rather "
     "than a model-specific skill reliant on introspection.", ""),
    ("MEG-XL matches supervised decoding with 1hr instead of 50hrs of data.",
     "MEG-XL matches supervised performance with a fraction of the data (e.g. 1hr vs 50hrs).", ""),
    # parity stated on both sides, or the passage also says it does better
    ("CARD matches classical methods on unseen systems.", "CARD matches the accuracy of classical methods on unseen systems.", ""),
    ("Agent Rosetta outperforms prompt-only agents.", "Agent Rosetta matches specialized models and outperforms prompt-only agents.", ""),
    # opposites taken the passage's way; the number tied to the passage's modifier
    ("At high contrast the network uses sparse coding with fewer neurons.",
     "The network shifts from population coding that extracts features from low-contrast or noisy inputs by recruiting "
     "more neurons, to sparse coding at high contrast, utilizing considerably fewer neurons.", ""),
    ("TriForces cuts energy MAE by 57% at 20K samples and also improves force MAE.",
     "On OMat24, TriForces reduces energy MAE by 57% at 20K samples only and improves force MAE across sample sizes.", ""),
    # the same modifiers on the same nouns, in another order
    ("Functional communication patterns arise from structural constraints.",
     "It models how structural constraints give rise to functional communication patterns.", ""),
    # lists: the same items in other words the abstract uses, a shorter list, clauses rather than items
    ("The framework is tested on Raman, XANES and eDOS spectra.",
     "We evaluate it on eDOS, phDOS, XANES, and Raman spectra.", ""),
    ("Grid, place and head-direction codes arise naturally as spectral decompositions.",
     "The brain employs tuning cells, including grid, place, and head-direction cells.", ""),
    ("It offers a benchmark for unseen genes and datasets, plus two methods, Virtual Value Perturbation and Gradient "
     "Trajectory, that distill information.",
     "To unlock the knowledge within the foundation models, we propose two novel methods, Virtual Value Perturbation and "
     "Gradient Trajectory, to distill information.", ""),
    # "not only with SGD" adds to the passage rather than negating it
    ("These signatures can show up even with random update rules, not only with SGD.",
     "L2 weight decay drives the learning signal to align with a Hebbian direction, with alignment increasing with "
     "decay strength. This Hebbian-like signature is not specific to SGD and can arise even for random update rules.", ""),
    # the long form of a defined name ("Bayesian Optimization (LABO)") is no detail of a clause
    ("LABO merges LLM predictions and experimental observations in one Bayesian optimization loop.",
     "To address this limitation, we propose LLM-Accelerated Bayesian Optimization (LABO), a framework that combines "
     "LLM predictions with experimental observations within a single BO loop.", ""),
    # a passage that speaks of both width and depth
    ("Weather models prefer wider over deeper architectures.",
     "Weather forecasting models consistently favor increased width over depth.", ""),
    # "depends on the model size" is not about the model being agnostic; "invariant" and "dependencies"
    ("FI onset depends on the model size.", "We introduce FI, a lightweight, model-agnostic diagnostic.", ""),
    ("The representation is invariant to resolution.", "It yields a resolution-invariant representation.", ""),
    # a kind the abstract names elsewhere, a synonym on one side of an antonym group, a verb, a
    # spelling of the same word, or a short noun adding a setting is no swap of kinds
    ("GEAR aligns the Ricci curvature of the latent spaces.",
     "By aligning the scalar curvature of latent spaces, GEAR ... the Ricci curvature is also used.", ""),
    ("Path-space KL enables a consistent comparison of methods.", "Path-space KL enables a coherent comparison of methods.", ""),
    ("Prompt engineering alone fails to produce Rosetta actions.", "Prompt engineering alone fails to generate Rosetta actions.", ""),
    ("Migraine with aura is associated with ischemic stroke.", "Migraine with aura is a risk factor for ischaemic stroke.", ""),
    ("Pharmacist attendance at ward rounds reduces adverse events.", "Pharmacist attendance at medical rounds reduces adverse events.", ""),
    # "stops being normalizable" says "non-normalizable"
    ("The intermediate density stops being normalizable although its endpoints are valid.",
     "The intermediate density becomes non-normalizable despite valid endpoints.", ""),
])
def test_agreeing_claims_raise_no_new_cue(claim, passage, context):
    assert contradiction(claim, passage, context) == ""


def test_claims_about_prior_work_or_another_name_are_misattributed():
    abstract = "Existing methods typically assume well-aligned modalities. We propose ConfSleepNet, which resolves inter-view conflicts."
    assert misattributed("ConfSleepNet assumes the modalities are well aligned.", abstract, abstract) == \
        "the source says this of existing methods, not of 'confsleepnet'"
    assert misattributed("ConfSleepNet resolves conflicts between views.", abstract, abstract) == ""
    assert misattributed("Unlike existing methods, ConfSleepNet does not assume aligned modalities.", abstract, abstract) == ""
    scaling = "We find that Aurora exhibits the strongest data-scaling behavior. GraphCast shows the highest parameter efficiency."
    assert misattributed("GraphCast shows the strongest data-scaling behavior.", scaling, scaling) == \
        "the source says this of 'aurora', not of 'graphcast'"
    assert misattributed("Aurora shows the strongest data-scaling behavior.", scaling, scaling) == ""
    # an acronym the abstract defines names the same thing as its long form
    defined = ("This work proposes a verbalized framework in Bayesian persuasion (BP). We map the BP to a verbalized "
               "mediator-augmented game, where LLMs instantiate the sender and receiver.")
    assert misattributed("The work maps Bayesian persuasion onto a verbalized mediator-augmented game in which LLMs play "
                         "both the sender and the receiver.", defined, defined) == ""
    # prior work as the comparison target ("gains over existing models") is not what the sentence is about
    gains = ("GEAR is evaluated on 23 molecular task pairs and demonstrates significant performance gains over existing "
             "benchmark models, achieving improvements of at least 14.4% under random splits.")
    assert misattributed("GEAR improves by at least 14.4 percent under random splits.", gains, gains) == ""
    concept = "Training deep SNNs has relied on Batch Normalization, which stabilizes training."
    assert misattributed("SpikeInit trains deep SNNs stably without normalization.", concept, concept + " SpikeInit") == ""


@pytest.mark.parametrize("claim,abstract,missing", [
    ("It works in two stages.", "In the first phase it extracts evidence. In the second phase it aggregates.", []),
    ("It works in three stages.", "In the first phase it extracts evidence. In the second phase it aggregates.", ["3"]),
    # "one ... and the other" states two, and nothing more
    ("It finds two phase transitions.", "One phase transition appears with the norm, and the other with the depth.", []),
    ("It finds three phase transitions.", "One phase transition appears with the norm, and the other with the depth.", ["3"]),
    ("It finds two phase transitions.", "One transition appears with the norm. The other is open.", ["2"]),
    ("It trains a network one thousand layers deep.", "It trains an ultra-deep, 1000-layer SNN.", []),
    ("Tenfold more data cuts the loss.", "Increasing the data by 10x reduces the loss.", []),
    ("It uses 2 components.", "It has two components.", []),
    # "one" as in "from one system to another" or "into one framework" counts nothing
    ("Models transfer poorly from one molecular system to another.", "Transferability across molecular systems is limited.", []),
    ("It has 3 phases.", "It has two phases.", ["3"]),
    ("It runs on 1 GPU.", "It runs on two GPUs.", ["1"]),
    # the same number written otherwise: "50k" is 50,000, "40x" is 40-fold, a digit inside LaTeX counts
    ("It models dependencies as long as 50,000 steps.", "It models sequences of up to 50k steps.", []),
    ("It models dependencies of up to 50k steps.", "It models sequences of up to 50,000 steps.", []),
    ("It is roughly 40x faster.", "It achieves an approximately 40-fold speedup.", []),
    ("Spectral methods are accurate in at most three dimensions.", "For low-dimensional problems ($d\\leq3$), spectral methods excel.", []),
    ("It handles up to 5k steps.", "It handles up to 50k steps.", ["5000"]),
    # one value, several spellings: "34" is "34.0", "two and a half" is 2.5, "twenty-three" is 23
    ("It lifts mCSI by 34 percent.", "It improves the mCSI by 34.0%.", []),
    ("It uses two and a half minutes of context.", "It uses 2.5 minutes of context.", []),
    ("It is tested on twenty-three task pairs.", "It is tested on 23 task pairs.", []),
    ("It is tested on twenty-four task pairs.", "It is tested on 23 task pairs.", ["24"]),
    ("It uses 3.4 minutes.", "It uses 34 minutes.", ["3.4"]),
    # a count the claim proves by its own enumeration after a colon; a count its list does not prove
    ("It is tested on four kinds of spectra: eDOS, phDOS, XANES and Raman.", "We test it on eDOS, phDOS, XANES, and Raman spectra.", []),
    ("It is tested on five kinds of spectra: eDOS, phDOS, XANES and Raman.", "We test it on eDOS, phDOS, XANES, and Raman spectra.", ["5"]),
    # ... only when the list is the source's: an item of the claim's own proves no count
    ("It has three phases: evidence extraction, conflict detection and aggregation.",
     "It consists of multi-view evidence extraction and conflict-aware aggregation.", ["3"]),
    ("It has two phases: evidence extraction and conflict-aware aggregation.",
     "It consists of multi-view evidence extraction and conflict-aware aggregation.", []),
    # a number word opening a compound counts; "one-shot" counts nothing
    ("TriForces is a two-stream framework.", "TriForces is a model-agnostic three-stream framework.", ["2"]),
    ("It is a two-stage method.", "In the first phase it extracts evidence. In the second phase it aggregates.", []),
    ("It is a one-shot method.", "It is a few-shot method.", []),
    # a name written with LaTeX markup in the source
    ("SH2RFSSM beats transformers.", "S$H^2$RFSSM outperforms transformers.", []),
])
def test_numbers_rule_reads_number_words_and_counts(claim, abstract, missing):
    assert missing_terms(claim, abstract) == missing


def test_word_shares_read_number_words_as_digits():
    from rag.text import numbers_as_digits

    assert numbers_as_digits("Evaluated on twenty-three pairs over five families, from one system to another.") == \
        "Evaluated on 23 pairs over 5 families, from one system to another."
    words = set(tokenize(numbers_as_digits("GEAR is evaluated on twenty-three molecular task pairs")))
    assert variant_share(words, numbers_as_digits("We evaluate GEAR on 23 molecular task pairs.")) == 1.0


def test_word_shares_read_a_compound_whatever_its_dash():
    from rag.text import unify_dashes

    assert unify_dashes("Feynman\u2013Kac and Napp--Adams, cells\u2014a") == "Feynman-Kac and Napp-Adams, cells\u2014a"
    abstract = "ACE generalizes Feynman\u2013Kac steering to support time-varying exponents."
    claim = "ACE extends Feynman-Kac steering so that exponents vary over time."
    source = _source(abstract)
    _, overlap, local = support_signals(claim, [Passage(1, 0, len(abstract), abstract, 0.7)], [source], aligned_passage(claim, [source]))
    assert overlap == local == shared_share(set(tokenize(claim)), unify_dashes(abstract)) > shared_share(set(tokenize(claim)), abstract)


def test_aligned_passage_breaks_ties_by_the_claims_names():
    abstract = ("Inference-time steering reweights time-indexed marginals with fixed exponents. "
                "We propose ACE, which generalizes steering to time-varying exponents.")
    aligned = aligned_passage("ACE extends steering so that the exponents change over time.", [_source(abstract)])
    assert aligned is not None and aligned.text.startswith("We propose ACE")


def test_overlap_counts_morphological_variants():
    words = set(tokenize("It is accurate"))
    assert variant_share(words, "better accuracy") == 1.0
    assert shared_share(words, "better accuracy") == 0.0
    assert variant_share(words, "it uses radar") == 0.0


@pytest.mark.parametrize("claim,passage", [
    ("SpikeInit lets deep SNNs train stably with no batch normalization.", "Deep SNNs with SpikeInit can be trained stably without normalization."),
    ("The loss goes down as the data grows.", "The loss decreases with more data."),
    ("Removing BN usually makes training fail to converge.", "Removing BN typically causes the training to fail to converge."),
])
def test_agreeing_paraphrases_are_not_contradictions(claim, passage):
    assert contradiction(claim, passage) == ""


@pytest.mark.parametrize("sentence,why", [
    ("StormInsight does not condition on the ambient environment [1].", "contradicts the source"),          # negation
    ("Deep SNNs trained with SpikeInit still require normalization to converge [2].", "contradicts the source"),  # antonym
    ("FI onset slows down under longer contexts [3].", "contradicts the source"),                           # antonym
    ("On StormBench, StormInsight reduces MAE by 21.4% [1].", "'21.4' is not in the cited source"),          # changed number
    ("StormInsight is evaluated on OMat24 [1].", "'omat24' is not in the cited source"),                    # changed dataset
    ("StormInsight extrapolates 2D radar reflectivity [1].", "the source says this of existing methods"),    # prior work's detail
    ("Base models below 3B exhibit faster collapse than instruction-tuned models [3].", "contradicts the source"),  # swapped comparison
])
def test_rules_catch_negations_antonyms_and_changed_details(rules_checker, sources, sentence, why):
    check = _check(rules_checker, sources, sentence)
    assert not check.supported and why in check.reason, check.reason


def test_rules_keep_true_sentences_and_catch_unstated_ones(rules_checker, sources):
    assert _check(rules_checker, sources, "On StormBench, StormInsight reduces MAE by 12.4% and improves the mCSI by 34.0% [1].").supported
    assert _check(rules_checker, sources, "SpikeInit lets deep SNNs be trained stably without normalization [2].").supported
    unstated = _check(rules_checker, sources, "StormInsight was deployed by national weather services for aviation safety [1].")
    assert not unstated.supported and unstated.reason


@pytest.mark.parametrize("sentence", [
    "Deep SNNs initialised with SpikeInit train stably with no normalization and beat normalized counterparts under identical settings [2].",
    "SpikeInit scales to an ultra-deep SNN of one thousand layers trained without normalization [2].",
    "FI onset comes faster under longer contexts and reduced numerical precision [3].",
    "StormInsight fuses radar, satellite and station observations with reanalysis fields through two components [1].",
])
def test_rules_keep_paraphrases(rules_checker, sources, sentence):
    check = _check(rules_checker, sources, sentence)
    assert check.supported, check.reason


def test_auto_without_a_trained_model_falls_back_to_rules(tmp_path):
    settings = make_settings(tmp_path)
    assert settings.grounding.verifier == "auto"
    assert not CrossEncoderVerifier.available(model_dir(settings))
    assert isinstance(build_verifier(settings), RulesVerifier)
    forced = make_settings(tmp_path, **{"grounding.verifier": "model"})
    with pytest.raises(RagError, match="rag train verifier"):
        build_verifier(forced)


def test_scripted_strong_model_through_openai_like_backend(seeded_settings, seeded_retriever):
    """The real openai-like backend over HTTP, the real Answerer and check; the paper pinned as [1]."""
    hits = paper_hits(seeded_retriever)
    pinned = PinnedRetriever(seeded_retriever)
    pinned.pinned = hits[STORM]
    replies = {
        "t": "StormInsight fuses radar, satellite and station data with reanalysis fields [1]. On StormBench it reduces MAE by 12.4% [1].",
        "f": "StormInsight reduces MAE by 12.4% [1]. StormInsight does not condition on the ambient environment [1].",
    }
    with ScriptedServer(replies) as server:
        answerer = _answerer(scripted_settings(seeded_settings, server.url, "rules"), pinned)
        kept = answerer.ask("What does StormInsight do? (claim t)")
        caught = answerer.ask("What does StormInsight do? (claim f)")
        assert len(server.requests) == 2 and server.requests[0]["stream"] is True
    assert kept.backend == "openai-like:scripted" and kept.error is None
    assert kept.removed_sentences == [] and "12.4%" in kept.answer
    assert caught.removed_sentences == ["StormInsight does not condition on the ambient environment [1]."]
    assert "contradicts the source" in caught.checks[1].reason and caught.checks[0].supported


def test_parse_answer():
    assert parse_answer(" Yes.") is True and parse_answer("No, it does not") is False and parse_answer("Maybe") is None


def test_llm_judge_plumbing_against_a_real_llama_cpp_server(seeded_settings, llama_server, sources):
    """SmolLM2 is a poor judge; this checks the request/response path and that the offline floor still applies."""
    settings = make_settings(
        seeded_settings.data_dir,
        **{"grounding.verifier": "llm", "judge.provider": "openai-like", "judge.model": "smollm2", "judge.api_base": llama_server},
    )
    verifier = build_verifier(settings)
    assert isinstance(verifier, LLMJudgeVerifier)
    reply = verifier.ask("StormInsight reduces MAE by 12.4%.", sources[0].abstract)
    assert isinstance(reply, str) and reply.strip()
    from rag.embeddings import build_embedding

    checker = GroundingChecker(settings.grounding, build_embedding(settings.embedding), verifier)
    wrong_number, negated, true = checker.check([
        "StormInsight reduces MAE by 21.4% [1].",
        "StormInsight does not condition on the ambient environment [1].",
        "StormInsight reduces MAE by 12.4% on StormBench [1].",
    ], sources)
    assert not wrong_number.supported and "'21.4' is not in the cited source" in wrong_number.reason
    assert not negated.supported and "contradicts the source" in negated.reason
    assert true.supported or true.reason.startswith("judge llama-cpp") or true.reason.startswith("judge openai-like:smollm2")


def test_llm_judge_unreachable_falls_back_to_rules(seeded_settings, sources, seeded_retriever):
    settings = make_settings(
        seeded_settings.data_dir,
        **{"grounding.verifier": "llm", "judge.provider": "openai-like", "judge.model": "x",
           "judge.api_base": "http://127.0.0.1:9/v1", "judge.timeout_s": 2},
    )
    checker = GroundingChecker(settings.grounding, seeded_retriever.embedder, build_verifier(settings))
    true, unstated = checker.check([
        "On StormBench, StormInsight reduces MAE by 12.4% and improves the mCSI by 34.0% [1].",
        "StormInsight was deployed by national weather services for aviation safety [1].",
    ], sources)
    assert true.supported
    assert not unstated.supported and "judge unavailable" in unstated.reason


def _answerer(settings, retriever):
    return Answerer(settings, retriever, build_backend(settings))


@pytest.mark.parametrize("claim,abstract,missing", [
    # An acronym the sentence defines itself is not a new name when its long form is in the source.
    ("Crosstalk between dendritic cells (DCs) matters.", "Crosstalk between dendritic cells matters.", []),
    ("LLM-Accelerated Bayesian Optimization (LABO) explores.", "llm-accelerated bayesian optimization explores", []),
    ("LLM-Accelerated Bayesian Optimization (LABO) explores.", "llm-accelerated bayesian inference explores",
     ["labo", "optimization"]),
    ("It is mediated by reactive oxygen species (ROS).", "mediated by reactive oxygen species", []),
    ("Spiking Neural Networks (SNNs) train deep.", "spiking neural networks train deep", []),
    # ... but an acronym whose long form is absent, or a changed part of a compound, still counts.
    ("It is mediated by reactive nitrogen species (RNS).", "mediated by reactive oxygen species", ["rns"]),
    ("APOE4 in iPSC-derived neurons.", "APOE4 in neurons derived from iPSC.", []),
    ("SpikeInit trains a 2000-layer SNN.", "SpikeInit trains a 1000-layer SNN.", ["2000", "2000-layer"]),
    # a plural name is present when its singular is; lower-case parts after a name describe it; "2mg" is 2
    ("Generalized Correctness Models predict correctness.", "We build a Generalized Correctness Model (GCM).", []),
    ("ART reduces infectiveness of HIV-positive people.", "ART reduces the infectiveness of people with HIV.", []),
    ("It is applied to ATAC-seq datasets.", "It is applied to scRNA-seq datasets.", ["atac-seq"]),
    ("Antibody 10EB binds.", "Antibody 10 binds.", ["10eb"]),
    ("Patients took 2mg per day.", "Patients took a 2 mg daily dose.", []),
])
def test_names_rule_reads_defined_acronyms_and_compounds(claim, abstract, missing):
    from rag.text import missing_terms

    assert missing_terms(claim, abstract) == missing


def _source(abstract):
    """A one-paper source [1] for `abstract`, without embeddings (for the word-based parts of the rules)."""
    spans = split_sentences(abstract)
    return Source(1, None, abstract, spans, np.zeros((len(spans), 1)), np.zeros(len(spans)))  # type: ignore[arg-type]


def _graded(claim, abstract, similarity):
    """The rules verifier's verdict on `claim` against a one-paper source whose closest passage has cosine `similarity`."""
    settings = make_settings(Path("/nonexistent")).grounding
    return RulesVerifier(settings).verify(claim, [Passage(1, 0, len(abstract), abstract, similarity)], [_source(abstract)])


def test_graded_support_keeps_close_paraphrases_with_few_shared_words_and_drops_loose_ones():
    abstract = ("Conventional molecular dynamics is fundamentally limited by the high computational cost required "
                "to generate independent samples. We propose a new sampler.")
    paraphrase = "Because producing independent samples is computationally expensive, standard molecular dynamics is severely constrained."
    assert variant_share(set(tokenize(paraphrase)), abstract) < 0.6  # the old floor dropped it
    kept = _graded(paraphrase, abstract, 0.8)
    assert kept.supported and kept.score is not None and kept.score >= 0.64
    # the same words, but the passage is not what it says (low cosine): not stated
    loose = _graded(paraphrase, abstract, 0.45)
    assert not loose.supported and loose.reason.startswith("too little support") and "of its words" in loose.reason


def test_the_claims_bench_checks_claims_whose_ids_hold_digits(seeded_settings):
    """bench/claims.py asks with a letters-only key: an id like "d3-001" in the question would read
    as a versioned name the paper lacks, and every claim would be refused unchecked (0% kept)."""
    from bench.claims import run

    claims = [
        {"id": "d3-001", "paper_id": STORM, "label": "supported", "kind": "paraphrase",
         "claim": "StormInsight fuses radar, satellite and station data with reanalysis fields."},
        {"id": "d3-002", "paper_id": STORM, "label": "unsupported", "kind": "negation",
         "claim": "StormInsight does not condition on the ambient environment."},
    ]
    rows = run(seeded_settings, claims, ["rules"])["rules"]["claims"]
    assert [row["kept"] for row in rows] == [True, False]

#include "analysis/HeadRoleRun.h"

#include <algorithm>

#include "core/HeadmapError.h"
#include "teaching/PortableRandom.h"

namespace headmap {
namespace {

// Bytes of a document kept per position of the model: far more than any tokenizer's longest
// token on average, so only a document that is cut anyway loses text; and a 10 MB line costs
// no more memory than this.
constexpr qint64 kBytesPerPosition = 64;

bool cancelled(const HeadRoleOptions& options) { return options.cancel && options.cancel->load(); }

void checkComparable(const Model& model, const Model& other) {
    const ModelSummary& a = model.summary();
    const ModelSummary& b = other.summary();
    if (model.tokenizer().vocabSize() != other.tokenizer().vocabSize())
        throw InputError(QStringLiteral("--compare needs two models with the same tokenizer (a model and a fine-tuned "
                                        "copy of it): %1 has a vocabulary of %2 tokens, %3 of %4")
                             .arg(a.name).arg(model.tokenizer().vocabSize()).arg(b.name).arg(other.tokenizer().vocabSize()));
    if (a.isEncoderDecoder() != b.isEncoderDecoder() || a.layers != b.layers || a.heads != b.heads)
        throw InputError(QStringLiteral("--compare needs two models of the same shape: %1 has %2 layers of %3 heads, "
                                        "%4 has %5 layers of %6 heads")
                             .arg(a.name).arg(a.layers).arg(a.heads).arg(b.name).arg(b.layers).arg(b.heads));
}

StackKind scoredStack(const Model& model, const HeadRoleOptions& options) {
    const ModelSummary& summary = model.summary();
    if (!summary.isEncoderDecoder())
        return summary.stackKind();
    const StackKind stack = options.stack.value_or(StackKind::Encoder);
    if (stack == StackKind::Cross)
        throw InputError(QStringLiteral("head roles compare positions of one sequence; cross-attention's keys are "
                                        "the source's tokens: choose --stack encoder or decoder"));
    return stack;
}

// One document through the model (and the second one), into the scorer. False when cancelled.
bool scoreEncoding(const Model& model, const Encoding& input, bool truncated, int index, const HeadRoleOptions& options,
                   HeadRoleScorer& scorer, int probeLength, std::vector<double>* stripe) {
    RunOptions run;
    run.progress = [&](int, int) { return !cancelled(options); };
    const bool encoderDecoder = model.summary().isEncoderDecoder();
    const StackKind stack = scoredStack(model, options);
    if (encoderDecoder && stack == StackKind::Encoder)
        run.decoderInput = model.decoderInputForGenerated({});  // the start token alone: cheap
    const auto addStripe = [&](int layer, int head, const Eigen::Ref<const MatrixF>& weights) {
        if (stripe)
            (*stripe)[size_t(layer) * size_t(scorer.heads()) + size_t(head)] += inductionStripe(weights, probeLength);
    };
    if (!options.compare && !encoderDecoder) {
        // The heads as the forward pass computes them: no second computation, nothing stored.
        scorer.beginDocument(RoleTokens::fromLabels(input.ids, input.special, input.displayTokens), truncated, index);
        run.headWeights = [&](int layer, int head, const MatrixF& weights) {
            scorer.addHead(layer, head, weights);
            addStripe(layer, head, weights);
        };
        const RunResult result = model.run(input, run);
        if (result.cancelled) {
            scorer.abandonDocument();
            return false;
        }
        scorer.endDocument();
        return true;
    }
    const RunResult result = model.run(input, run);
    if (result.cancelled)
        return false;
    std::optional<RunResult> other;
    if (options.compare) {
        RunOptions otherRun = run;
        if (encoderDecoder && stack == StackKind::Decoder)
            otherRun.decoderInput = result.decoderInput;  // the same rows in both models
        other = options.compare->run(input, otherRun);
        if (other->cancelled)
            return false;
    }
    const AttentionTrace& trace = result.stack(stack);
    scorer.addDocument(trace, truncated, other ? &other->stack(stack) : nullptr, index);
    if (stripe)
        for (int layer = 0; layer < trace.layers(); ++layer)
            for (int head = 0; head < trace.heads(); ++head)
                addStripe(layer, head, trace.headUncached(layer, head));
    return true;
}

// The document as both models tokenize it, cut to the positions both have.
Encoding tokenizeDocument(const Model& model, const CorpusDocument& document, const HeadRoleOptions& options) {
    TokenizeOptions tokenize;
    tokenize.truncate = true;
    Encoding input = model.tokenize(document.text, tokenize);
    if (!options.compare)
        return input;
    Encoding other = options.compare->tokenize(document.text, tokenize);
    const int common = std::min(input.size(), other.size());
    for (int i = 0; i < common; ++i) {
        if (input.ids[size_t(i)] != other.ids[size_t(i)])
            throw InputError(QStringLiteral("--compare needs the same tokenizer: %1 and %2 tokenize document %3 (line %4) "
                                            "differently, from token %5 ('%6' id %7 against '%8' id %9)")
                                 .arg(model.summary().name, options.compare->summary().name)
                                 .arg(document.index).arg(document.line).arg(i)
                                 .arg(input.displayTokens[i]).arg(input.ids[size_t(i)])
                                 .arg(other.displayTokens[i]).arg(other.ids[size_t(i)]));
    }
    if (input.size() != other.size()) {
        if (!input.truncated && !other.truncated)
            throw InputError(QStringLiteral("--compare needs the same tokenizer: %1 makes %2 tokens of document %3 "
                                            "(line %4), %5 makes %6")
                                 .arg(model.summary().name).arg(input.size()).arg(document.index).arg(document.line)
                                 .arg(options.compare->summary().name).arg(other.size()));
        input.truncate(common);  // the shorter limit of the two models
        input.truncated = true;
    }
    return input;
}

}  // namespace

qint64 corpusDocumentBytes(const ModelSummary& model) {
    return std::max<qint64>(model.maxPositions, 1024) * kBytesPerPosition;
}

HeadRoleRun scoreCorpus(const Model& model, CorpusReader& corpus, const HeadRoleOptions& options) {
    const ModelSummary summary = model.summary().forStack(scoredStack(model, options));
    if (options.compare)
        checkComparable(model, *options.compare);
    HeadRoleScorer scorer(summary.layers, summary.heads);
    HeadRoleRun out;
    bool any = false;
    while (!cancelled(options)) {
        const std::optional<CorpusDocument> document = corpus.next();
        if (!document)
            break;
        any = true;
        const Encoding input = tokenizeDocument(model, *document, options);
        if (input.isEmpty())
            continue;  // white space the tokenizer makes no tokens of
        if (!scoreEncoding(model, input, input.truncated || document->cut, document->index, options, scorer, 0, nullptr)) {
            out.cancelled = true;
            break;
        }
        if (options.progress &&
            !options.progress(HeadRoleProgress{scorer.documents(), scorer.tokens(), corpus.bytesRead(),
                                               corpus.totalBytes()}, scorer)) {
            out.cancelled = true;
            break;
        }
    }
    out.cancelled = out.cancelled || cancelled(options);
    out.invalidUtf8Documents = corpus.invalidUtf8Documents();
    if (!any && !out.cancelled)
        throw InputError(QStringLiteral("the corpus '%1' has no documents: it is empty or holds only blank lines; "
                                        "write one document per line").arg(corpus.path()));
    out.result = scorer.result();
    return out;
}

InductionProbe makeInductionProbe(const Model& model, int length, int count, quint64 seed) {
    if (length < 1 || count < 1)
        throw InputError(QStringLiteral("the induction probe needs a length and a count of at least 1"));
    const int positions = model.summary().maxPositions;
    if (positions > 0 && 2 * length > positions)
        throw InputError(QStringLiteral("--length %1 makes sequences of %2 tokens, more than %3's %4 positions; "
                                        "use --length %5 or less")
                             .arg(length).arg(2 * length).arg(model.summary().name).arg(positions).arg(positions / 2));
    const int vocabulary = model.tokenizer().vocabSize();
    InductionProbe probe{length, count, seed, {}};
    PortableRandom random = PortableRandom::stream(seed, "induction-probe");
    for (int k = 0; k < count; ++k) {
        std::vector<int> half;
        // Ids the tokenizer calls special ([CLS], <s>) are skipped; a vocabulary of nothing else is refused.
        int tries = 0;
        while (int(half.size()) < length) {
            const int id = int(random.next() % quint64(vocabulary));
            if (model.tokenizer().fromIds({id}).special.front()) {
                if (++tries > 100000)
                    throw InputError(QStringLiteral("%1's vocabulary has almost only special tokens; the induction probe "
                                                    "needs ordinary ones").arg(model.summary().name));
                continue;
            }
            half.push_back(id);
        }
        std::vector<int> sequence = half;
        sequence.insert(sequence.end(), half.begin(), half.end());
        probe.sequences.push_back(std::move(sequence));
    }
    return probe;
}

double inductionStripe(const Eigen::Ref<const MatrixF>& weights, int length) {
    if (length < 1 || weights.rows() < 2 * length || weights.cols() < 2 * length)
        throw InputError(QStringLiteral("the induction stripe needs a head of at least %1 x %1 tokens, got %2 x %3")
                             .arg(2 * length).arg(weights.rows()).arg(weights.cols()));
    double sum = 0.0;
    for (int i = length; i < 2 * length; ++i)
        sum += weights(i, i - length + 1);
    return sum / length;
}

InductionProbeRun scoreInductionProbe(const Model& model, const InductionProbe& probe, const HeadRoleOptions& options) {
    const ModelSummary summary = model.summary().forStack(scoredStack(model, options));
    if (options.compare)
        checkComparable(model, *options.compare);
    HeadRoleScorer scorer(summary.layers, summary.heads);
    InductionProbeRun out;
    out.stripe.assign(size_t(summary.layers) * size_t(summary.heads), 0.0);
    int done = 0;
    for (const std::vector<int>& ids : probe.sequences) {
        if (cancelled(options) ||
            !scoreEncoding(model, model.tokenizer().fromIds(ids), false, done, options, scorer, probe.length, &out.stripe)) {
            out.run.cancelled = true;
            break;
        }
        ++done;
        if (options.progress && !options.progress(HeadRoleProgress{scorer.documents(), scorer.tokens(), 0, 0}, scorer)) {
            out.run.cancelled = true;
            break;
        }
    }
    for (double& s : out.stripe)
        s /= std::max(done, 1);
    out.run.result = scorer.result();
    return out;
}

}  // namespace headmap

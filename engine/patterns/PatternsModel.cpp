// builtin:patterns: six attention heads built by hand. How they are built
// ============================================================================================
//
// Sizes: 6 heads × d_head 64 = d_model 384, one layer, at most 256 tokens.
// Notation: i is the query's position, j the key's; T tokens. The shared attention computes
// logit(i, j) = q_i·k_j / √64 and softmaxes each row, so every W_Q and b_Q below carries a factor
// √64 = 8 that cancels that scaling: the numbers quoted here are the logits the softmax sees.
//
// 1. The input x (T × 384), one row per token: a token part plus position features, in separate
//    dimensions, exactly what an embedding layer plus a positional encoding would produce.
//      dims  0..3   [PAD] [CLS] [SEP] [UNK]: one-hot (so [CLS] is unlike every word)
//      dims  4..61  a word: a fixed random unit vector drawn from PortableRandom by its token
//                   id. Two words share a vector only when they are the same token (the teaching
//                   tokenizer folds case, so "The" and "the" do). e·e = 1 for the same token;
//                   for two different words e·e' is small (typically ±0.13, rarely beyond ±0.5).
//      dim  62      position / 256
//      dim  63      1 at position 0, else 0 ("I am the first token")
//      dims 64..95  p(j) = (cos ω_k·j, sin ω_k·j) for 16 frequencies ω_k = 2 · 2^(−k/4),
//                   from 2 radians per position down to 0.15 (the sinusoidal encoding of
//                   "Attention Is All You Need", with a different choice of frequencies)
//      dims 96..383 zero (each head needs its own 64 columns in the output, see 4.)
//
// 2. Heads 0-3 (previous, next, self, first token) use only p. The key is k_j = p(j). The query
//    is p evaluated at the position the head wants to find, times β = 2.5:
//      q_i = β·p(i + δ)  ⇒  logit(i, j) = β · Σ_k cos(ω_k·(i + δ − j)).
//    Every cosine is 1 exactly when j = i + δ, so the sum peaks there at β·16 = 40; for any other
//    j ≤ 256 positions away the 16 cosines disagree and the sum is at least β·5.6 = 14 lower,
//    so the softmax puts more than 0.99 of the row on the peak. W_Q makes p(i + δ) out of p(i)
//    by turning each (cos, sin) pair by the angle ω_k·δ (a 2 × 2 rotation), because
//      cos(a + ωδ) = cos a·cos ωδ − sin a·sin ωδ,   sin(a + ωδ) = sin a·cos ωδ + cos a·sin ωδ.
//      head 0 previous token: δ = −1, peak at j = i − 1
//      head 1 next token:     δ = +1, peak at j = i + 1
//      head 2 self:           δ = 0,  W_Q is the identity on p
//      head 3 first token:    W_Q = 0 and the bias b_Q = β·p(0) = β·(1, 0, 1, 0, ...): every query
//                             asks for position 0, so logit = β · Σ_k cos(ω_k·j), peak at j = 0.
//    Edges: the first token's previous position (−1) and the last token's next position (T)
//    do not exist; the nearest existing position is the token itself, and the frequencies are
//    chosen so that the sum one step from the peak stays above every sum further away (by at
//    least β·2.7 = 6.8), so those tokens attend to themselves.
//
// 3. Head 4, same token earlier, with the first token as a sink (A = 8192, γ = 8):
//      logit(i, j) = A·(e_i·e_j)                     same token: +A
//                  − γ·j                             a ramp: earlier keys are preferred
//                  + [j = 0]·(A + γ/2 − γ·i)         the sink's score: A − γ·(i − ½) in all
//    Query dims 0..61 = A·e_i, key dims 0..61 = e_j; query dim 62 = −256γ (a bias) times key
//    dim 62 = j/256 gives the ramp; query dim 63 = A + γ/2 (bias) − 256γ·(x dim 62 = i/256)
//    times key dim 63 (the first-token flag) gives the sink's score.
//    Among the keys that are the same token as i, the earliest wins by γ per position. If that
//    earliest one is before i, it beats the sink by at least γ/2 and i itself by at least γ. If
//    i is the first occurrence, the sink beats i itself by γ/2 and every later occurrence by
//    more. A different word only gets A·(e_i·e_j), far below A: the ramp can move two keys
//    apart by at most 255γ = 2040, so the pattern holds while e_i·e_j < 0.75 for every two
//    different words of the text; with 58 random dimensions per word that fails for about one
//    pair in 10^8 (this is why d_head is 64: with 32 it would be about one pair in 10^4).
//    A is this large because the ramp must order 256 positions; with a causal mask "earlier"
//    would be free, but this layer cannot have one (head 1 looks ahead). So: the second "the"
//    attends to the first, and so does the third; a word seen for the first time attends to
//    [CLS].
//    This head expects the first token to be [CLS] (the default): a word in position 0 would
//    compete with the sink through its own e_0.
//
// 4. Values and output. Every head's W_V copies x dims 0..63 (which token, position / 256, first
//    flag) into its 64 value columns, and W_O is the identity, so output columns [64h, 64h + 64)
//    hold what head h gathered: for the previous-token head, row i holds token i − 1's
//    embedding and (i − 1)/256. The model returns this output as its hidden state.
//
// 5. Head 5, broad: W_Q = W_K = 0, so every logit is 0 and every weight is exactly 1/T.
//
// 6. The read-out (what the model "predicts" at position i). Sum the token parts (dims 0..61)
//    of the six heads' output columns at row i: g_i = Σ_h out_i[64h .. 64h + 61], the embeddings
//    of the tokens the heads gathered, weighted by their attention. Each word v of the input
//    scores logit_v = λ·(g_i·e_v), λ = 6. At "saw" in "the cat saw the dog": "cat" (previous
//    token), "the" (next token) and "saw" itself (self) score about λ each, plus λ·(count/T)
//    from the broad head, give or take the random overlaps e·e' (±0.13 each, about ±1 in
//    logits); a repeated word also gathered by the same-token head scores about 2λ. [CLS],
//    gathered by the first-token head, is no word and scores nothing. Switch head 0 off and
//    "cat" falls to the level of an unrelated word (20 to 100 times less likely), since
//    nothing else carries its embedding to "saw". Only the input's words are scored: the
//    tokenizer's ids are hashes of 2^24 possible words, far too many to score, and a hand-built
//    layer has nothing to say about words it never saw.
// ============================================================================================

#include "patterns/PatternsModel.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

#include "core/HeadmapError.h"

#include "teaching/PortableRandom.h"

namespace headmap {
namespace {

// The heads' names and explanations are shown in the GUI, so they go through the translator.
class PatternsText {
    Q_DECLARE_TR_FUNCTIONS(PatternsModel)
};

constexpr int kD = PatternsModel::kDModel;
constexpr int kDHead = PatternsModel::kDHead;
const double kScale = std::sqrt(double(kDHead));  // cancels the attention's 1/√d_head

enum Head { Previous = 0, Next = 1, Self = 2, First = 3, SameEarlier = 4, Broad = 5 };

// W is (in, out), row-major.
void set(std::vector<float>& w, int in, int out, double value) {
    w[size_t(in) * kD + size_t(out)] = float(value);
}

// The query of a sinusoid head: turn each (cos, sin) pair of p(i) by ω_k·δ, giving p(i + δ).
void rotatePositions(std::vector<float>& wQ, int head, int shift) {
    for (int k = 0; k < PatternsModel::kFrequencies; ++k) {
        const double angle = PatternsModel::frequency(k) * shift;
        const int cosIn = PatternsModel::kSinusoidDim + 2 * k, sinIn = cosIn + 1;
        const int cosOut = head * kDHead + 2 * k, sinOut = cosOut + 1;
        const double c = std::cos(angle) * kScale * PatternsModel::kPeak;
        const double s = std::sin(angle) * kScale * PatternsModel::kPeak;
        set(wQ, cosIn, cosOut, c);
        set(wQ, sinIn, cosOut, -s);
        set(wQ, cosIn, sinOut, s);
        set(wQ, sinIn, sinOut, c);
    }
}

// The key of a sinusoid head: k_j = p(j).
void copyPositions(std::vector<float>& wK, int head) {
    for (int d = 0; d < 2 * PatternsModel::kFrequencies; ++d)
        set(wK, PatternsModel::kSinusoidDim + d, head * kDHead + d, 1.0);
}

QStringList headNames() {
    return {PatternsText::tr("previous token"),
            PatternsText::tr("next token"),
            PatternsText::tr("self"),
            PatternsText::tr("first token (attention sink)"),
            PatternsText::tr("same token earlier (induction-like)"),
            PatternsText::tr("broad (uniform)")};
}

QStringList headExplanations() {
    return {
        PatternsText::tr("Each token attends to the token just before it; the first token, "
                                    "which has none, attends to itself."),
        PatternsText::tr("Each token attends to the token just after it; the last token, "
                                    "which has none, attends to itself."),
        PatternsText::tr("Each token attends to itself."),
        PatternsText::tr("Every token attends to the first token, [CLS], a resting place for "
                                    "attention that has nothing better to do."),
        PatternsText::tr("A token attends to the first earlier place where the same word "
                                    "appeared (the second \"the\" to the first \"the\"); a word seen for "
                                    "the first time attends to the first token instead."),
        PatternsText::tr("Every token spreads its attention evenly over all the tokens, so "
                                    "with 10 tokens each one gets a tenth."),
    };
}

}  // namespace

double PatternsModel::frequency(int k) {
    return 2.0 * std::pow(2.0, -double(k) / 4.0);
}

RowVectorF PatternsModel::tokenEmbedding(int tokenId) {
    RowVectorF e = RowVectorF::Zero(kTokenDims);
    if (tokenId >= 0 && tokenId < kSpecialDims) {
        e[tokenId] = 1.0f;
        return e;
    }
    const int wordDims = kTokenDims - kSpecialDims;
    const std::vector<float> values =
        PortableRandom::stream(0, "patterns/token/" + QByteArray::number(tokenId))
            .uniformVector(size_t(wordDims), 1.0);
    double norm = 0.0;
    for (float v : values)
        norm += double(v) * double(v);
    norm = std::sqrt(norm);
    for (int d = 0; d < wordDims; ++d)
        e[kSpecialDims + d] = float(double(values[size_t(d)]) / norm);
    return e;
}

MatrixF PatternsModel::embed(const std::vector<int>& ids) {
    const int t = int(ids.size());
    MatrixF x = MatrixF::Zero(t, kDModel);  // (T, D)
    for (int j = 0; j < t; ++j) {
        x.row(j).head(kTokenDims) = tokenEmbedding(ids[size_t(j)]);
        x(j, kPositionDim) = float(double(j) / kMaxPositions);
        x(j, kFirstDim) = j == 0 ? 1.0f : 0.0f;
        for (int k = 0; k < kFrequencies; ++k) {
            x(j, kSinusoidDim + 2 * k) = float(std::cos(frequency(k) * j));
            x(j, kSinusoidDim + 2 * k + 1) = float(std::sin(frequency(k) * j));
        }
    }
    return x;
}

PatternsModel::PatternsModel(const std::vector<int>& broadHeads) {
    m_summary.name = QStringLiteral("builtin:patterns");
    if (!broadHeads.empty()) {
        QStringList heads;
        for (int head : broadHeads)
            heads << QString::number(head);
        m_summary.name += QStringLiteral(":broad=") + heads.join(QLatin1Char(','));
    }
    m_summary.shownName = m_summary.name;
    m_summary.architecture = QStringLiteral("patterns");
    m_summary.layers = 1;
    m_summary.heads = kHeads;
    m_summary.kvHeads = kHeads;
    m_summary.positions = QStringLiteral("none (hand-built heads)");
    m_summary.dModel = kDModel;
    m_summary.dHead = kDHead;
    m_summary.maxPositions = kMaxPositions;
    m_summary.vocabSize = TeachingTokenizer::kVocabSize;
    m_summary.causal = false;
    m_summary.headNames = headNames();
    m_summary.headExplanations = headExplanations();

    const size_t square = size_t(kD) * kD;
    m_wQ.assign(square, 0.0f);
    m_wK.assign(square, 0.0f);
    m_wV.assign(square, 0.0f);
    m_wO.assign(square, 0.0f);
    m_bQ.assign(size_t(kD), 0.0f);

    // Heads 0-2: q_i = β·p(i + δ), k_j = p(j).
    rotatePositions(m_wQ, Previous, -1);
    rotatePositions(m_wQ, Next, +1);
    rotatePositions(m_wQ, Self, 0);
    for (int head : {Previous, Next, Self, First})
        copyPositions(m_wK, head);
    // Head 3: q = β·p(0) for every query, through the bias.
    for (int k = 0; k < kFrequencies; ++k)
        m_bQ[size_t(First * kDHead + 2 * k)] = float(kScale * kPeak);

    // Head 4: same token (A·e_i·e_j), ramp (−γ·j), sink (A + γ/2 − γ·i at j = 0).
    const int base = SameEarlier * kDHead;
    for (int d = 0; d < kTokenDims; ++d) {
        set(m_wQ, d, base + d, kScale * kSameToken);
        set(m_wK, d, base + d, 1.0);
    }
    const int rampColumn = base + kTokenDims, sinkColumn = rampColumn + 1;
    m_bQ[size_t(rampColumn)] = float(kScale * -kRamp * kMaxPositions);
    set(m_wK, kPositionDim, rampColumn, 1.0);
    m_bQ[size_t(sinkColumn)] = float(kScale * (kSameToken + kRamp / 2));
    set(m_wQ, kPositionDim, sinkColumn, kScale * -kRamp * kMaxPositions);
    set(m_wK, kFirstDim, sinkColumn, 1.0);

    // Head 5: nothing; all logits are 0.

    // Values: every head copies x dims 0..63; W_O is the identity.
    for (int head = 0; head < kHeads; ++head)
        for (int d = 0; d < kDHead; ++d)
            set(m_wV, d, head * kDHead + d, 1.0);
    for (int d = 0; d < kD; ++d)
        set(m_wO, d, d, 1.0);

    // Heads made broad: no query, so every logit is 0 as in head 5.
    for (int head : broadHeads) {
        if (head < 0 || head >= kHeads)
            throw ModelError(PatternsText::tr("builtin:patterns has heads 0..%1; cannot make head %2 broad")
                                 .arg(kHeads - 1).arg(head));
        for (int d = 0; d < kD; ++d)
            for (int c = head * kDHead; c < (head + 1) * kDHead; ++c)
                set(m_wQ, d, c, 0.0);
        for (int c = head * kDHead; c < (head + 1) * kDHead; ++c)
            m_bQ[size_t(c)] = 0.0f;
        m_summary.headNames[head] = PatternsText::tr("broad (queries zeroed)");
        m_summary.headExplanations[head] =
            PatternsText::tr("This copy's queries for the head are zero, so every weight is 1/T, as in head 5.");
    }

    m_attention.query = Linear(m_wQ.data(), m_bQ.data(), kD, kD, WeightLayout::InOut);
    m_attention.key = Linear(m_wK.data(), nullptr, kD, kD, WeightLayout::InOut);
    m_attention.value = Linear(m_wV.data(), nullptr, kD, kD, WeightLayout::InOut);
    m_attention.output = Linear(m_wO.data(), nullptr, kD, kD, WeightLayout::InOut);
}

MatrixF PatternsModel::forward(const Encoding& input, ForwardContext& context) const {
    const MatrixF x = embed(input.ids);  // (T, D)
    MatrixF output = context.attention(0, m_attention, x, kHeads, /*causal=*/false);  // (T, D)
    if (!context.layerDone(0))
        return MatrixF();
    return output;
}

RowVectorF PatternsModel::outputLogits(const MatrixF&, int) const {
    throw InputError(QCoreApplication::translate("Engine", "builtin:patterns scores only the words of its input; its "
                                    "predictions come from predictTokens"));
}

std::vector<int> PatternsModel::scoredTokens(const std::vector<int>& inputIds) const {
    std::vector<int> words;
    for (int id : inputIds)
        if (id >= TeachingTokenizer::kFirstWordId && std::find(words.begin(), words.end(), id) == words.end())
            words.push_back(id);
    return words;
}

RowVectorF PatternsModel::scoreTokens(const MatrixF& hidden, int position, const std::vector<int>& ids) const {
    if (position < 0 || position >= hidden.rows() || hidden.cols() != kDModel)
        throw InputError(QCoreApplication::translate("Engine", "no hidden state for position %1 (%2 × %3 given, %4 wide expected)")
                             .arg(position).arg(hidden.rows()).arg(hidden.cols()).arg(kDModel));
    RowVectorF gathered = RowVectorF::Zero(kTokenDims);  // (62) g_i
    for (int h = 0; h < kHeads; ++h)
        gathered += hidden.row(position).segment(h * kDHead, kTokenDims);
    RowVectorF logits(Eigen::Index(ids.size()));  // (ids)
    for (size_t k = 0; k < ids.size(); ++k)
        logits[Eigen::Index(k)] = float(kReadoutScale) * gathered.dot(tokenEmbedding(ids[k]));
    return logits;
}

}  // namespace headmap

#include "analysis/HeadStatistics.h"

#include <algorithm>
#include <limits>

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

// What every head of one trace shares. The distances |q − k| are one vector of 2T − 1 floats,
// not a T×T table: row q's distances are its window starting at T − 1 − q. (The table cost
// 64 MB at 4,096 tokens, allocated and filled again for every head of a long pass.)
struct SharedTerms {
    Eigen::ArrayXf distances;    // (2T − 1) |j − (T − 1)|; empty when the keys are other tokens
    Eigen::VectorXf special;    // (S) 1 for a special key, else 0
    bool hasSpecial = false;
};

// t: the tokens whose distances count (0: none, the keys are another sentence's); s: the keys.
SharedTerms sharedTerms(int t, int s, const std::vector<bool>& special) {
    SharedTerms terms;
    terms.distances.resize(std::max(0, 2 * t - 1));
    for (int j = 0; j < 2 * t - 1; ++j)
        terms.distances(j) = float(j > t - 1 ? j - (t - 1) : (t - 1) - j);  // exact: T < 2^24
    terms.special = Eigen::VectorXf::Zero(s);
    for (int k = 0; k < std::min(s, int(special.size())); ++k) {
        if (special[size_t(k)]) {
            terms.special(k) = 1.0f;
            terms.hasSpecial = true;
        }
    }
    return terms;
}

// Mean of per-row values, accumulated in double: the rows are float, the mean is reported.
template <typename Rows>
double meanOf(const Rows& rows) {
    return rows.size() == 0 ? 0.0 : rows.template cast<double>().mean();
}

// weights: (T, S), rows are queries. Elementwise work is Eigen array expressions so the
// logarithm and the products vectorise; 144 heads at T = 512 is ~38 M weights.
HeadStatistics statisticsOf(const Eigen::Ref<const MatrixF>& weights, const SharedTerms& terms) {
    HeadStatistics s;
    const Eigen::Index t = weights.rows(), keys = weights.cols();
    if (t == 0 || keys == 0)
        return s;
    const auto w = weights.array();
    // 0·ln 0 must be 0, not 0·(−inf) = NaN: the logarithm sees at least FLT_MIN, so a zero
    // weight contributes 0·ln(FLT_MIN) = 0. Weights below FLT_MIN contribute < 1e-36 either
    // way. (Eigen 3.4 does not vectorise select(), which made the obvious form 5× slower.)
    const auto safeLog = w.max(std::numeric_limits<float>::min()).log();
    s.entropy = -meanOf((w * safeLog).rowwise().sum().matrix());
    s.maxWeight = meanOf(w.rowwise().maxCoeff().matrix());
    s.firstToken = meanOf(weights.col(0));
    if (terms.hasSpecial)
        s.specialTokens = meanOf((weights * terms.special).eval());  // (T) per-row sums
    s.endToken = meanOf(weights.col(keys - 1));
    s.sinkMass = 1.0 - meanOf(weights.rowwise().sum().eval());  // (T) per-row sums
    // The argmax alignment; ties go to the first key, as numpy's argmax.
    Eigen::Index previous = 0;
    int forward = 0;
    for (Eigen::Index q = 0; q < t; ++q) {
        Eigen::Index best = 0;
        weights.row(q).maxCoeff(&best);
        if (q > 0 && best >= previous)
            ++forward;
        previous = best;
    }
    s.monotonicity = t > 1 ? double(forward) / double(t - 1) : 0.0;
    if (terms.distances.size() != 2 * t - 1 || keys != t)
        return s;  // cross-attention: positions of two sentences do not compare
    Eigen::VectorXf distance(t);  // (T) per-row expected distance
    for (Eigen::Index q = 0; q < t; ++q)
        distance(q) = (w.row(q) * terms.distances.segment(t - 1 - q, t).transpose()).sum();
    s.meanDistance = meanOf(distance);
    if (t > 1)
        s.previousToken = meanOf(weights.diagonal(-1));  // (T − 1) entries W[q][q − 1]
    s.selfAttention = meanOf(weights.diagonal());
    return s;
}

}  // namespace

std::vector<HeadStatistics> computeHeadStatistics(const AttentionTrace& trace) {
    // Special keys are the keys' own: the source's for cross-attention.
    const SharedTerms terms =
        sharedTerms(trace.hasKeyTokens() ? 0 : trace.length(), trace.keyLength(), trace.keySpecial());
    std::vector<HeadStatistics> all;
    all.reserve(size_t(std::max(0, trace.layers() * trace.heads())));
    for (int l = 0; l < trace.layers(); ++l) {
        for (int h = 0; h < trace.heads(); ++h) {
            HeadStatistics s = statisticsOf(trace.head(l, h), terms);
            s.layer = l;
            s.head = h;
            all.push_back(s);
        }
    }
    return all;
}

HeadStatistics computeHeadStatistics(const Eigen::Ref<const MatrixF>& weights,
                                     const std::vector<bool>& special) {
    if (weights.rows() != weights.cols())
        throw InputError(QCoreApplication::translate("Engine",
                                                     "head statistics need square attention weights, got %1x%2")
                             .arg(weights.rows()).arg(weights.cols()));
    if (!special.empty() && Eigen::Index(special.size()) != weights.rows())
        throw InputError(QCoreApplication::translate("Engine", "%1 special-token flags for %2 tokens")
                             .arg(special.size()).arg(weights.rows()));
    return statisticsOf(weights, sharedTerms(int(weights.rows()), int(weights.cols()), special));
}

double metricValue(const HeadStatistics& s, HeadMetric metric) {
    switch (metric) {
    case HeadMetric::Entropy: return s.entropy;
    case HeadMetric::MaxWeight: return s.maxWeight;
    case HeadMetric::FirstToken: return s.firstToken;
    case HeadMetric::SpecialTokens: return s.specialTokens;
    case HeadMetric::MeanDistance: return s.meanDistance;
    case HeadMetric::PreviousToken: return s.previousToken;
    case HeadMetric::SelfAttention: return s.selfAttention;
    case HeadMetric::EndToken: return s.endToken;
    case HeadMetric::Monotonicity: return s.monotonicity;
    case HeadMetric::SinkMass: return s.sinkMass;
    }
    return 0.0;  // unreachable; keeps GCC's -Wreturn-type quiet
}

QString metricName(HeadMetric metric) {
    switch (metric) {
    case HeadMetric::Entropy: return QStringLiteral("Entropy (nats)");
    case HeadMetric::MaxWeight: return QStringLiteral("Max weight");
    case HeadMetric::FirstToken: return QStringLiteral("First token");
    case HeadMetric::SpecialTokens: return QStringLiteral("Special tokens");
    case HeadMetric::MeanDistance: return QStringLiteral("Mean distance (tokens)");
    case HeadMetric::PreviousToken: return QStringLiteral("Previous token");
    case HeadMetric::SelfAttention: return QStringLiteral("Self");
    case HeadMetric::EndToken: return QStringLiteral("End token");
    case HeadMetric::Monotonicity: return QStringLiteral("Monotonicity");
    case HeadMetric::SinkMass: return QStringLiteral("Sink mass");
    }
    return QString();
}

QString metricDescription(HeadMetric metric) {
    switch (metric) {
    case HeadMetric::Entropy:
        return QStringLiteral("How spread out each token's attention is, averaged over tokens: "
                              "0 when every token looks at one token, ln T when it looks at all "
                              "T equally.");
    case HeadMetric::MaxWeight:
        return QStringLiteral("The largest weight in each token's row, averaged over tokens: "
                              "near 1 for a sharply focused head.");
    case HeadMetric::FirstToken:
        return QStringLiteral("The weight every token gives the first token, averaged: high "
                              "for an \"attention sink\" head that parks attention there.");
    case HeadMetric::SpecialTokens:
        return QStringLiteral("The total weight each token gives special tokens such as [CLS] "
                              "and [SEP], averaged over tokens.");
    case HeadMetric::MeanDistance:
        return QStringLiteral("How many positions away each token looks on average, weighted "
                              "by attention: small for local heads, large for long-range ones.");
    case HeadMetric::PreviousToken:
        return QStringLiteral("The weight each token gives the token just before it, averaged "
                              "over all tokens but the first: near 1 for a previous-token head.");
    case HeadMetric::SelfAttention:
        return QStringLiteral("The weight each token gives itself, averaged over tokens.");
    case HeadMetric::EndToken:
        return QStringLiteral("The weight each token gives the last key, averaged: in cross-attention the "
                              "source's end token </s>, where heads with nothing to align park their attention.");
    case HeadMetric::Monotonicity:
        return QStringLiteral("How often the key a token attends to most is not before the one the previous "
                              "token attends to most: 1 for an alignment that reads the source in order.");
    case HeadMetric::SinkMass:
        return QStringLiteral("The share of each token's attention the head gives its learned sink instead of "
                              "any token (1 minus the row's sum), averaged: high for a head that often looks "
                              "at nothing.");
    }
    return QString();
}

QList<HeadMetric> allHeadMetrics() {
    return {HeadMetric::Entropy,      HeadMetric::MaxWeight,     HeadMetric::FirstToken,
            HeadMetric::SpecialTokens, HeadMetric::MeanDistance, HeadMetric::PreviousToken,
            HeadMetric::SelfAttention};
}

QList<HeadMetric> metricsFor(StackKind stack) {
    if (stack == StackKind::Cross)
        return {HeadMetric::Entropy, HeadMetric::MaxWeight, HeadMetric::EndToken, HeadMetric::Monotonicity,
                HeadMetric::FirstToken, HeadMetric::SpecialTokens};
    return {HeadMetric::Entropy,      HeadMetric::MaxWeight,     HeadMetric::FirstToken,
            HeadMetric::SpecialTokens, HeadMetric::MeanDistance, HeadMetric::PreviousToken,
            HeadMetric::SelfAttention};
}

QList<HeadMetric> metricsFor(const ModelSummary& model, StackKind stack) {
    QList<HeadMetric> metrics = model.isEncoderDecoder() ? metricsFor(stack) : allHeadMetrics();
    if (model.attentionSinks)
        metrics << HeadMetric::SinkMass;
    return metrics;
}

}  // namespace headmap

#include "model/Predictions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

// Token pieces and labels of the top tokens: as the input shows them when the token occurs
// there (so a prediction reads like the heatmap's labels, and builtin:patterns' hashed ids get
// their words back), else from the tokenizer; ids above the tokenizer's vocabulary (a decoder's
// padding rows) by number.
void nameTokens(const Model& model, const AttentionTrace& trace, std::vector<TokenProbability>& top) {
    const std::vector<int>& inputIds = trace.tokenIds();
    for (TokenProbability& t : top) {
        const auto found = std::find(inputIds.begin(), inputIds.end(), t.id);
        if (found != inputIds.end()) {
            const int position = int(found - inputIds.begin());
            t.token = trace.tokens().value(position);
            t.display = trace.displayTokens().value(position, t.token);
            continue;
        }
        if (t.id < model.tokenizer().vocabSize()) {
            const Encoding named = model.tokenizer().fromIds({t.id});
            t.token = named.tokens.value(0);
            t.display = named.displayTokens.value(0, t.token);
        } else {
            t.token = t.display = QStringLiteral("[id %1]").arg(t.id);
        }
    }
}

}  // namespace

float Prediction::probabilityOf(int tokenId) const {
    if (ids.empty())
        return tokenId >= 0 && size_t(tokenId) < probabilities.size() ? probabilities[size_t(tokenId)] : 0.0f;
    const auto found = std::find(ids.begin(), ids.end(), tokenId);
    return found == ids.end() ? 0.0f : probabilities[size_t(found - ids.begin())];
}

std::vector<float> softmaxWithTemperature(const RowVectorF& logits, float temperature) {
    if (!std::isfinite(temperature) || temperature < 0.0f)
        throw InputError(QCoreApplication::translate("Engine", "temperature must be 0 or more, got %1")
                             .arg(double(temperature)));
    const Eigen::Index n = logits.size();
    if (n == 0)
        throw InputError(QCoreApplication::translate("Engine", "no scores to turn into probabilities"));
    // NaN never wins a comparison, so the first finite maximum is found whatever surrounds it.
    Eigen::Index best = -1;
    for (Eigen::Index i = 0; i < n; ++i)
        if (std::isfinite(logits[i]) && (best < 0 || logits[i] > logits[best]))
            best = i;
    if (best < 0)
        throw InputError(QCoreApplication::translate("Engine", "the output head gave no finite score"));

    std::vector<float> probabilities(size_t(n), 0.0f);
    if (temperature == 0.0f) {
        probabilities[size_t(best)] = 1.0f;
        return probabilities;
    }
    const double maxLogit = double(logits[best]);
    std::vector<double> e(size_t(n), 0.0);
    double sum = 0.0;
    for (Eigen::Index i = 0; i < n; ++i) {
        // +inf cannot be (it would be the maximum); NaN and -inf get no probability.
        if (std::isfinite(logits[i]))
            e[size_t(i)] = std::exp((double(logits[i]) - maxLogit) / double(temperature));
        sum += e[size_t(i)];
    }
    for (Eigen::Index i = 0; i < n; ++i)
        probabilities[size_t(i)] = float(e[size_t(i)] / sum);
    return probabilities;
}

double klDivergence(const std::vector<float>& p, const std::vector<float>& q) {
    if (p.size() != q.size())
        throw InputError(QCoreApplication::translate("Engine",
                                                     "KL divergence of distributions of different sizes (%1 and %2)")
                             .arg(p.size()).arg(q.size()));
    double sum = 0.0;
    for (size_t i = 0; i < p.size(); ++i) {
        if (!(p[i] > 0.0f))
            continue;
        if (!(q[i] > 0.0f))
            return std::numeric_limits<double>::infinity();
        sum += double(p[i]) * std::log(double(p[i]) / double(q[i]));
    }
    // Rounding of nearly equal distributions can dip just below zero.
    return std::max(sum, 0.0);
}

double klDivergence(const Prediction& p, const Prediction& q) {
    if (p.ids != q.ids)
        throw InputError(QCoreApplication::translate("Engine", "KL divergence of predictions over different tokens"));
    return klDivergence(p.probabilities, q.probabilities);
}

Prediction predictTokens(const Model& model, const RunResult& result, int position, int topK,
                         float temperature) {
    if (!model.hasOutputHead())
        throw InputError(model.outputHeadMissing());
    const int t = int(result.hidden.rows());
    if (result.cancelled || t == 0)
        throw InputError(QCoreApplication::translate("Engine", "no prediction: the forward pass did not finish"));
    if (position < 0 || position >= t)
        throw InputError(QCoreApplication::translate("Engine",
                                                     "prediction position %1 is outside the %2 tokens (expected 0..%3)")
                             .arg(position).arg(t).arg(t - 1));
    if (topK < 1)
        throw InputError(QCoreApplication::translate("Engine", "top-k must be at least 1, got %1").arg(topK));

    Prediction prediction;
    prediction.position = position;
    prediction.temperature = temperature;
    RowVectorF logits;
    if (const auto* partial = dynamic_cast<const PartialOutputHead*>(&model)) {
        prediction.ids = partial->scoredTokens(result.trace.tokenIds());
        if (prediction.ids.empty())
            throw InputError(QCoreApplication::translate("Engine", "%1 predicts only the words of its "
                                                                   "input, and this input has none")
                                 .arg(model.summary().displayName()));
        logits = partial->scoreTokens(result.hidden, position, prediction.ids);
    } else {
        logits = model.outputLogits(result.hidden, position);
    }
    prediction.probabilities = softmaxWithTemperature(logits, temperature);

    // Order by logit, not probability: the same order for any temperature, and at temperature 0
    // the runners-up still come in a meaningful order.
    const int n = int(logits.size());
    std::vector<int> order(static_cast<size_t>(n));
    std::iota(order.begin(), order.end(), 0);
    auto idOf = [&](int index) { return prediction.ids.empty() ? index : prediction.ids[size_t(index)]; };
    auto before = [&](int a, int b) {
        const float la = std::isnan(logits[a]) ? -std::numeric_limits<float>::infinity() : logits[a];
        const float lb = std::isnan(logits[b]) ? -std::numeric_limits<float>::infinity() : logits[b];
        return la != lb ? la > lb : idOf(a) < idOf(b);
    };
    const int k = std::min(topK, n);
    std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
    for (int i = 0; i < k; ++i) {
        const int index = order[size_t(i)];
        TokenProbability token;
        token.id = idOf(index);
        token.probability = prediction.probabilities[size_t(index)];
        token.logit = logits[index];
        prediction.top.push_back(token);
    }
    nameTokens(model, result.trace, prediction.top);
    return prediction;
}

int defaultPredictionPosition(const Model& model, const Encoding& input) {
    if (input.isEmpty())
        throw InputError(QCoreApplication::translate("Engine", "no tokens to predict at"));
    if (!model.summary().causal && model.hasOutputHead()) {
        for (const QString& name : {QStringLiteral("[MASK]"), QStringLiteral("<mask>")}) {
            const std::optional<int> mask = model.tokenizer().tokenToId(name);
            if (!mask)
                continue;
            const auto found = std::find(input.ids.begin(), input.ids.end(), *mask);
            if (found != input.ids.end())
                return int(found - input.ids.begin());
        }
    }
    return input.size() - 1;
}

}  // namespace headmap

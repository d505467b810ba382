#include "DecoderGolden.h"

#include <algorithm>
#include <cmath>

namespace testsupport {

double logitsDifference(const headmap::Model& model, const headmap::RunResult& result, const QJsonArray& logits) {
    if (logits.size() != result.trace.length())
        return -1.0;
    double difference = 0.0;
    for (int p = 0; p < logits.size(); ++p) {
        const headmap::RowVectorF row = model.outputLogits(result.hidden, p);  // (vocab)
        const QJsonArray expected = logits[p].toArray();
        if (int(row.size()) != expected.size())
            return -1.0;
        for (int v = 0; v < expected.size(); ++v)
            difference = std::max(difference, std::abs(double(row[v]) - expected[v].toDouble()));
    }
    return difference;
}

QString expertsMismatch(const headmap::AttentionTrace& trace, const QJsonArray& experts) {
    if (int(trace.experts().size()) != experts.size())
        return QStringLiteral("experts of %1 layers, the golden has %2").arg(trace.experts().size()).arg(experts.size());
    for (int l = 0; l < experts.size(); ++l) {
        const auto& got = trace.experts()[size_t(l)];
        if (experts[l].isNull()) {
            if (!got.empty())
                return QStringLiteral("layer %1 is dense but has experts").arg(l);
            continue;
        }
        const QJsonArray want = experts[l].toArray();
        if (int(got.size()) != want.size())
            return QStringLiteral("layer %1: experts of %2 tokens, the golden has %3").arg(l).arg(got.size()).arg(want.size());
        for (int t = 0; t < want.size(); ++t) {
            std::vector<int> chosen;
            for (const QJsonValue& id : want[t].toArray())
                chosen.push_back(id.toInt());
            if (got[size_t(t)] != chosen)
                return QStringLiteral("layer %1 token %2: other experts than the golden's").arg(l).arg(t);
        }
    }
    return QString();
}

}  // namespace testsupport

#include "analysis/HeadRoles.h"

#include <cmath>
#include <unordered_map>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

const std::array<const char*, kHeadRoleCount> kNames{
    "previous-token", "duplicate-token", "induction", "sink", "entropy", "distance", "special", "punctuation"};

// For each position the previous position holding the same token id, or −1: walking this chain
// from i visits exactly the keys j < i of the duplicate-token pattern, so a row costs as many
// steps as the token has earlier copies rather than T.
std::vector<int> previousOccurrences(const std::vector<int>& ids) {
    std::vector<int> previous(ids.size(), -1);
    std::unordered_map<int, int> last;
    for (int i = 0; i < int(ids.size()); ++i) {
        const auto found = last.find(ids[size_t(i)]);
        if (found != last.end())
            previous[size_t(i)] = found->second;
        last[ids[size_t(i)]] = i;
    }
    return previous;
}

double klPart(double p, double m) { return p > 0.0 ? p * std::log(p / m) : 0.0; }

}  // namespace

QList<HeadRole> allHeadRoles() {
    QList<HeadRole> roles;
    for (int r = 0; r < kHeadRoleCount; ++r)
        roles << HeadRole(r);
    return roles;
}

QString headRoleName(HeadRole role) { return QString::fromLatin1(kNames[size_t(role)]); }

std::optional<HeadRole> headRoleFromName(const QString& name) {
    for (int r = 0; r < kHeadRoleCount; ++r)
        if (name == QLatin1String(kNames[size_t(r)]))
            return HeadRole(r);
    return std::nullopt;
}

bool isPatternRole(HeadRole role) {
    return role == HeadRole::PreviousToken || role == HeadRole::DuplicateToken || role == HeadRole::Induction;
}

bool isPunctuationLabel(const QString& displayLabel) {
    bool any = false;
    for (const char32_t c : displayLabel.toUcs4()) {
        if (c == U'\u2423' || QChar::isSpace(c))
            continue;
        if (!QChar::isPunct(c))
            return false;
        any = true;
    }
    return any;
}

RoleTokens RoleTokens::fromLabels(const std::vector<int>& ids, const std::vector<bool>& special,
                                  const QStringList& displayLabels) {
    RoleTokens tokens;
    tokens.ids = ids;
    tokens.special = special;
    tokens.special.resize(ids.size(), false);
    tokens.punctuation.resize(ids.size(), false);
    for (size_t i = 0; i < ids.size() && int(i) < displayLabels.size(); ++i)
        tokens.punctuation[i] = !tokens.special[i] && isPunctuationLabel(displayLabels[int(i)]);
    return tokens;
}

DocumentRoleScores scoreDocument(const Eigen::Ref<const MatrixF>& a, const RoleTokens& tokens) {
    const int t = tokens.size();
    if (t == 0 || a.rows() != t || a.cols() != t)
        throw InputError(QStringLiteral("head role scores need a square T x T head for the document's %1 tokens, "
                                        "got %2 x %3").arg(t).arg(a.rows()).arg(a.cols()));
    const std::vector<int> previous = previousOccurrences(tokens.ids);
    const auto flag = [](const std::vector<bool>& flags, int j) { return j < int(flags.size()) && flags[size_t(j)]; };

    DocumentRoleScores out;
    std::array<double, kHeadRoleCount> sum{};
    out.strongestValue.fill(-1.0);
    double total = 0.0;  // ΣA
    for (int i = 0; i < t; ++i) {
        std::array<double, kHeadRoleCount> row{};
        double rowSum = 0.0;
        for (int j = 0; j < t; ++j) {
            const double w = a(i, j);
            rowSum += w;
            if (w > 0.0)
                row[int(HeadRole::Entropy)] -= w * std::log(w);
            row[int(HeadRole::Distance)] += w * std::abs(i - j);
            if (flag(tokens.special, j))
                row[int(HeadRole::Special)] += w;
            if (flag(tokens.punctuation, j))
                row[int(HeadRole::Punctuation)] += w;
        }
        total += rowSum;
        if (i >= 1)
            row[int(HeadRole::PreviousToken)] = a(i, i - 1);
        for (int j = previous[size_t(i)]; j >= 0; j = previous[size_t(j)]) {
            row[int(HeadRole::DuplicateToken)] += a(i, j);
            row[int(HeadRole::Induction)] += a(i, j + 1);  // j < i, so j + 1 ≤ i
        }
        row[int(HeadRole::Sink)] = a(i, 0);
        for (int r = 0; r < kHeadRoleCount; ++r) {
            sum[size_t(r)] += row[size_t(r)];
            if (row[size_t(r)] > out.strongestValue[size_t(r)]) {
                out.strongestValue[size_t(r)] = row[size_t(r)];
                out.strongestRow[size_t(r)] = i;
            }
        }
    }
    for (int r = 0; r < kHeadRoleCount; ++r)
        out.score[size_t(r)] = isPatternRole(HeadRole(r)) ? (total != 0.0 ? sum[size_t(r)] / total : 0.0)
                                                          : sum[size_t(r)] / t;
    return out;
}

double meanRowDivergence(const Eigen::Ref<const MatrixF>& a, const Eigen::Ref<const MatrixF>& b) {
    if (a.rows() != b.rows() || a.cols() != b.cols())
        throw InputError(QStringLiteral("the two heads to compare differ in shape: %1 x %2 and %3 x %4")
                             .arg(a.rows()).arg(a.cols()).arg(b.rows()).arg(b.cols()));
    if (a.rows() == 0)
        return 0.0;
    double sum = 0.0;
    for (Eigen::Index i = 0; i < a.rows(); ++i) {
        double row = 0.0;
        for (Eigen::Index j = 0; j < a.cols(); ++j) {
            const double p = a(i, j), q = b(i, j), m = 0.5 * (p + q);
            row += 0.5 * (klPart(p, m) + klPart(q, m));
        }
        sum += row;
    }
    return sum / double(a.rows());
}

}  // namespace headmap

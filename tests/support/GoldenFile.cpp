#include "GoldenFile.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QDir>
#include <QFile>
#include <QJsonDocument>

namespace golden {

QJsonArray loadCases(const QString& fileName, QString* error) {
    const QString path = QDir(QStringLiteral(HEADMAP_GOLDEN_DIR)).filePath(fileName);
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot open %1: %2").arg(path, file.errorString());
        return {};
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = QStringLiteral("%1 is not valid JSON: %2 at offset %3")
                     .arg(path, parseError.errorString()).arg(parseError.offset);
        return {};
    }
    const QJsonArray cases = document.object().value(QLatin1String("cases")).toArray();
    if (cases.isEmpty())
        *error = QStringLiteral("%1 has no \"cases\"").arg(path);
    return cases;
}

namespace {

float toFloat(const QJsonValue& value, NullAs nulls) {
    if (value.isNull())
        return nulls == NullAs::MinusInfinity ? -std::numeric_limits<float>::infinity()
                                              : std::numeric_limits<float>::quiet_NaN();
    // The files hold float32 values written as Python floats (exact doubles), so narrowing
    // gives back the very float the generator computed.
    return float(value.toDouble(std::numeric_limits<double>::quiet_NaN()));
}

QString formatValue(float value) {
    return QString::number(double(value), 'g', 9);
}

}  // namespace

headmap::MatrixF toMatrix(const QJsonValue& rows, NullAs nulls) {
    const QJsonArray list = rows.toArray();
    if (list.isEmpty())
        return headmap::MatrixF();
    const int rowCount = int(list.size());
    const int colCount = int(list.first().toArray().size());
    // A ragged row leaves NaN behind, which any comparison then reports.
    headmap::MatrixF m = headmap::MatrixF::Constant(rowCount, colCount,
                                                    std::numeric_limits<float>::quiet_NaN());
    for (int r = 0; r < rowCount; ++r) {
        const QJsonArray row = list.at(r).toArray();
        for (int c = 0; c < std::min(colCount, int(row.size())); ++c)
            m(r, c) = toFloat(row.at(c), nulls);
    }
    return m;
}

headmap::RowVectorF toRowVector(const QJsonValue& list) {
    const QJsonArray values = list.toArray();
    headmap::RowVectorF v(values.size());
    for (int i = 0; i < int(values.size()); ++i)
        v(i) = toFloat(values.at(i), NullAs::NaN);
    return v;
}

std::vector<int> toIntVector(const QJsonValue& list) {
    std::vector<int> values;
    for (const QJsonValue& value : list.toArray())
        values.push_back(value.toInt());
    return values;
}

QString compareMatrices(const headmap::MatrixF& actual, const headmap::MatrixF& expected,
                        double tolerance, const QString& what, Tolerance mode) {
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols())
        return QStringLiteral("%1: shape %2x%3, expected %4x%5")
            .arg(what).arg(actual.rows()).arg(actual.cols()).arg(expected.rows())
            .arg(expected.cols());

    double allowed = tolerance;
    if (mode == Tolerance::RelativeToMax) {
        double scale = 1.0;
        for (Eigen::Index i = 0; i < expected.size(); ++i)
            if (std::isfinite(expected.data()[i]))
                scale = std::max(scale, double(std::abs(expected.data()[i])));
        allowed = tolerance * scale;
    }

    int mismatches = 0;
    Eigen::Index firstRow = -1, firstCol = -1;
    double maxDiff = 0.0;
    for (Eigen::Index r = 0; r < expected.rows(); ++r) {
        for (Eigen::Index c = 0; c < expected.cols(); ++c) {
            const float a = actual(r, c);
            const float e = expected(r, c);
            bool ok;
            if (std::isinf(e) || std::isinf(a)) {
                ok = a == e;  // a masked position must be masked, and nothing else
            } else {
                const double diff = std::abs(double(a) - double(e));  // NaN compares false
                ok = diff <= allowed;
                if (std::isfinite(diff))
                    maxDiff = std::max(maxDiff, diff);
            }
            if (!ok) {
                if (mismatches == 0) {
                    firstRow = r;
                    firstCol = c;
                }
                ++mismatches;
            }
        }
    }
    if (mismatches == 0)
        return QString();
    return QStringLiteral("%1: first mismatch at (%2, %3): actual %4, expected %5; "
                          "%6 of %7 entries differ, max |diff| %8 (allowed %9)")
        .arg(what).arg(firstRow).arg(firstCol)
        .arg(formatValue(actual(firstRow, firstCol)), formatValue(expected(firstRow, firstCol)))
        .arg(mismatches).arg(expected.size()).arg(maxDiff, 0, 'g', 3).arg(allowed, 0, 'g', 3);
}

QString compareVectors(const headmap::RowVectorF& actual, const headmap::RowVectorF& expected,
                       double tolerance, const QString& what, Tolerance mode) {
    // As 1×n matrices the reported index is (0, i).
    return compareMatrices(headmap::MatrixF(actual), headmap::MatrixF(expected), tolerance, what,
                           mode);
}

}  // namespace golden

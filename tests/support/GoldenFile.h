#pragma once
// Helpers shared by the tests that compare the engine against the PyTorch golden files in
// tests/golden (see its README.md for the layout). The JSON is small (about a megabyte), so
// QJsonDocument is good enough here even though the engine itself streams its output.

#include <vector>

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include "core/Tensor.h"

namespace golden {

// What a JSON null stands for. The golden generators never write null, but Headmap's own JSON
// (JsonWriter) writes -inf as null, e.g. the masked scores of a causal head.
enum class NullAs { NaN, MinusInfinity };

// How the tolerance of compareMatrices is read.
enum class Tolerance {
    Absolute,  // |actual - expected| <= tolerance
    // |actual - expected| <= tolerance · max(1, max|expected|). The rounding error of a matrix
    // product grows with the size of its operands, not of each result entry, so entries of a
    // large-magnitude matrix (scores reach ~117) are judged against the matrix's scale.
    RelativeToMax,
};

// Loads HEADMAP_GOLDEN_DIR/fileName and returns its "cases" array. On failure returns an empty
// array and sets *error, so a test can QVERIFY2 on it instead of crashing on a missing file.
QJsonArray loadCases(const QString& fileName, QString* error);

// A JSON list of rows -> (rows, cols) matrix; an empty list gives a 0×0 matrix.
headmap::MatrixF toMatrix(const QJsonValue& rows, NullAs nulls = NullAs::NaN);
// A flat JSON list -> row vector.
headmap::RowVectorF toRowVector(const QJsonValue& list);
std::vector<int> toIntVector(const QJsonValue& list);

// Empty when every entry agrees within tolerance; otherwise one line naming `what`, the FIRST
// mismatching (row, col), both values, the number of mismatches and the max abs difference.
// Infinite expected entries must match exactly (same sign); NaN never matches. A shape mismatch
// is reported as such. Use as QVERIFY2(error.isEmpty(), qPrintable(error)).
QString compareMatrices(const headmap::MatrixF& actual, const headmap::MatrixF& expected,
                        double tolerance, const QString& what,
                        Tolerance mode = Tolerance::Absolute);
QString compareVectors(const headmap::RowVectorF& actual, const headmap::RowVectorF& expected,
                       double tolerance, const QString& what,
                       Tolerance mode = Tolerance::Absolute);

}  // namespace golden

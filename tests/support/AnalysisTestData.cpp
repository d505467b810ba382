#include "AnalysisTestData.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

#include <QJsonArray>

#include "GoldenFile.h"

namespace analysistest {

using headmap::AttentionTrace;
using headmap::MatrixF;

AttentionTrace zeroTrace(int layers, int heads, int t, std::vector<bool> special) {
    headmap::ModelSummary model;
    model.name = QStringLiteral("test");
    model.architecture = QStringLiteral("test");
    model.layers = layers;
    model.heads = heads;
    std::vector<int> ids;
    QStringList tokens;
    for (int i = 0; i < t; ++i) {
        ids.push_back(i);
        tokens << QStringLiteral("t%1").arg(i);
    }
    return AttentionTrace(model, ids, tokens, tokens, std::move(special));
}

void setHead(AttentionTrace& trace, int layer, int head, const MatrixF& weights) {
    Q_ASSERT(weights.rows() == trace.length() && weights.cols() == trace.length());
    std::copy(weights.data(), weights.data() + weights.size(), trace.headData(layer, head));
}

AttentionTrace uniformTrace(int layers, int heads, const MatrixF& weights,
                            std::vector<bool> special) {
    AttentionTrace trace = zeroTrace(layers, heads, int(weights.rows()), std::move(special));
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            setHead(trace, l, h, weights);
    return trace;
}

MatrixF previousTokenHead(int t) {
    MatrixF w = MatrixF::Zero(t, t);
    if (t > 0)
        w(0, 0) = 1.0f;
    for (int q = 1; q < t; ++q)
        w(q, q - 1) = 1.0f;
    return w;
}

MatrixF uniformHead(int t) {
    return MatrixF::Constant(t, t, 1.0f / float(t));
}

MatrixF causalUniformHead(int t) {
    MatrixF w = MatrixF::Zero(t, t);
    for (int q = 0; q < t; ++q)
        w.row(q).head(q + 1).setConstant(1.0f / float(q + 1));
    return w;
}

std::vector<QJsonObject> goldenCases(QString* error) {
    std::vector<QJsonObject> cases;
    for (const QJsonValue& value :
         golden::loadCases(QStringLiteral("analysis/analysis_golden.json"), error))
        cases.push_back(value.toObject());
    return cases;
}

AttentionTrace goldenTrace(const QJsonObject& goldenCase) {
    std::vector<bool> special;
    for (const QJsonValue& flag : goldenCase.value("special").toArray())
        special.push_back(flag.toBool());
    const int layers = goldenCase.value("layers").toInt();
    const int heads = goldenCase.value("heads").toInt();
    AttentionTrace trace = zeroTrace(layers, heads, goldenCase.value("T").toInt(), special);
    const QJsonArray weights = goldenCase.value("weights").toArray();
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            setHead(trace, l, h, golden::toMatrix(weights.at(l).toArray().at(h)));
    return trace;
}

bool closeTo(double actual, double expected, double tolerance) {
    return std::abs(actual - expected) <= tolerance * std::max(1.0, std::abs(expected));
}

QString addGoldenRows() {
    QTest::addColumn<QJsonObject>("goldenCase");
    QString error;
    for (const QJsonObject& c : goldenCases(&error))
        QTest::newRow(qPrintable(c.value("name").toString())) << c;
    return error;
}

}  // namespace analysistest

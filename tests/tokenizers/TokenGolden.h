#pragma once
// The golden token files of tests/golden/tokenizers (written by make_token_golden.mjs from
// Hugging Face's official Tokenizers.js) and helpers to compare encodings with them.

#include <vector>

#include <QHash>
#include <QMetaType>
#include <QString>
#include <QStringList>

#include "model/Tokenizer.h"

namespace tokentest {

struct GoldenCase {
    QString name;
    QString text;
    QString textPair;  // pairs only
    std::vector<int> ids;
    QStringList tokens;
    std::vector<int> idsNoSpecial;  // single texts only
    QStringList tokensNoSpecial;
    std::vector<int> typeIds;  // pairs only
};

struct GoldenSet {
    QString reference;  // the npm package and version
    std::vector<GoldenCase> cases;
    std::vector<GoldenCase> pairs;
};

// tests/golden/tokenizers/<name>.json
GoldenSet loadGolden(const QString& name);
// tests/fixtures/tokenizers/<name>
QString fixtureFolder(const QString& name);

// Readable forms for QCOMPARE, so a failure shows the whole sequence.
QString joinIds(const std::vector<int>& ids);
QString joinTokens(const QStringList& tokens);
// Type ids with the empty "all 0" form written out.
std::vector<int> typeIdsOf(const headmap::Encoding& encoding);

// In a _data() function: columns "name" (the tokenizer) and "golden", and one row per case of
// each named set, pairs or single texts, named "tokenizer: case".
void addGoldenRows(const QHash<QString, GoldenSet>& sets, const QStringList& names, bool pairs);
// The checks every tokenizer's golden strings get: ids and tokens with and without special
// tokens (single texts), or ids, tokens and type ids (pairs). Failures are recorded with QTest;
// a caller doing more checks afterwards tests QTest::currentTestFailed() first.
void checkGoldenSingle(const headmap::Tokenizer& tokenizer, const GoldenCase& golden);
void checkGoldenPair(const headmap::Tokenizer& tokenizer, const GoldenCase& golden);

}  // namespace tokentest

Q_DECLARE_METATYPE(tokentest::GoldenCase)

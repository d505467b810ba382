#include "TokenGolden.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerFiles.h"

namespace tokentest {
namespace {

std::vector<int> intsOf(const QJsonValue& value) {
    std::vector<int> ints;
    for (const QJsonValue& item : value.toArray())
        ints.push_back(item.toInt());
    return ints;
}

QStringList stringsOf(const QJsonValue& value) {
    QStringList strings;
    for (const QJsonValue& item : value.toArray())
        strings << item.toString();
    return strings;
}

GoldenCase caseOf(const QJsonObject& object) {
    GoldenCase golden;
    golden.name = object.value(QLatin1String("name")).toString();
    golden.text = object.value(QLatin1String("text")).toString();
    golden.textPair = object.value(QLatin1String("text_pair")).toString();
    golden.ids = intsOf(object.value(QLatin1String("ids")));
    golden.tokens = stringsOf(object.value(QLatin1String("tokens")));
    golden.idsNoSpecial = intsOf(object.value(QLatin1String("ids_no_special")));
    golden.tokensNoSpecial = stringsOf(object.value(QLatin1String("tokens_no_special")));
    golden.typeIds = intsOf(object.value(QLatin1String("type_ids")));
    return golden;
}

}  // namespace

GoldenSet loadGolden(const QString& name) {
    QFile file(QStringLiteral(HEADMAP_GOLDEN_DIR "/tokenizers/%1.json").arg(name));
    QJsonObject root;
    // The engine's reader: Qt's own JSON parser drops a U+FEFF that starts a string.
    try {
        root = headmap::tokenizerfiles::readJsonObject(file.fileName());
    } catch (const headmap::HeadmapError& error) {
        qFatal("%s", error.what());
    }
    GoldenSet set;
    set.reference = root.value(QLatin1String("reference")).toString();
    for (const QJsonValue& item : root.value(QLatin1String("cases")).toArray())
        set.cases.push_back(caseOf(item.toObject()));
    for (const QJsonValue& item : root.value(QLatin1String("pairs")).toArray())
        set.pairs.push_back(caseOf(item.toObject()));
    if (set.cases.empty())
        qFatal("no cases in %s", qPrintable(file.fileName()));
    return set;
}

QString fixtureFolder(const QString& name) {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR "/tokenizers")).filePath(name);
}

QString joinIds(const std::vector<int>& ids) {
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(','));
}

QString joinTokens(const QStringList& tokens) {
    return tokens.join(QStringLiteral(" \u2016 "));
}

std::vector<int> typeIdsOf(const headmap::Encoding& encoding) {
    std::vector<int> typeIds;
    for (int i = 0; i < encoding.size(); ++i)
        typeIds.push_back(encoding.typeId(i));
    return typeIds;
}

void addGoldenRows(const QHash<QString, GoldenSet>& sets, const QStringList& names, bool pairs) {
    QTest::addColumn<QString>("name");
    QTest::addColumn<GoldenCase>("golden");
    for (const QString& name : names)
        for (const GoldenCase& c : pairs ? sets.value(name).pairs : sets.value(name).cases)
            QTest::addRow("%s: %s", qPrintable(name), qPrintable(c.name)) << name << c;
}

void checkGoldenSingle(const headmap::Tokenizer& tokenizer, const GoldenCase& golden) {
    const headmap::Encoding withSpecial = tokenizer.encode(golden.text, true);
    QCOMPARE(joinIds(withSpecial.ids), joinIds(golden.ids));
    QCOMPARE(joinTokens(withSpecial.tokens), joinTokens(golden.tokens));
    const headmap::Encoding plain = tokenizer.encode(golden.text, false);
    QCOMPARE(joinIds(plain.ids), joinIds(golden.idsNoSpecial));
    QCOMPARE(joinTokens(plain.tokens), joinTokens(golden.tokensNoSpecial));
}

void checkGoldenPair(const headmap::Tokenizer& tokenizer, const GoldenCase& golden) {
    const headmap::Encoding pair = tokenizer.encodePair(golden.text, golden.textPair, true);
    QCOMPARE(joinIds(pair.ids), joinIds(golden.ids));
    QCOMPARE(joinTokens(pair.tokens), joinTokens(golden.tokens));
    QCOMPARE(joinIds(typeIdsOf(pair)), joinIds(golden.typeIds));
}

}  // namespace tokentest

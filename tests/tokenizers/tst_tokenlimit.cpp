// Tokenizer::encodeLimited: tokenizing stops once a text has more tokens than the limit. With
// the limit above the token count the result is encode()'s; below it, the first maxTokens tokens
// of encode()'s result with `truncated` set. Every tokenizer Headmap has is checked (WordPiece,
// byte-level BPE, tokenizer.json and legacy files, the teaching tokenizer), at limits around the
// token count; and a text of many megabytes stops after the limit without encoding the rest.

#include <memory>

#include <QtTest>

#include "teaching/TeachingTokenizer.h"
#include "tokenizers/HfTokenizerLoader.h"
#include "tokenizers/TokenizerChars.h"
#include "TokenGolden.h"

using namespace headmap;
using namespace tokentest;

namespace {

QString u(const char* text) {
    return QString::fromUtf8(text);
}

std::shared_ptr<Tokenizer> load(const QString& name) {
    if (name == QLatin1String("teaching"))
        return std::make_shared<TeachingTokenizer>();
    const QString modelType = name.startsWith(QLatin1String("bert")) ? u("bert") : name.section(u'-', 0, 0);
    return std::shared_ptr<Tokenizer>(loadHfTokenizer(fixtureFolder(name), TokenizerLoadOptions{modelType}));
}

const QStringList kTokenizers{u("bert-base-uncased"), u("bert-base-cased-legacy"), u("gpt2"), u("gpt2-legacy"),
                              u("roberta"), u("teaching")};

}  // namespace

class TokenLimitTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void prefixOfTheFullEncoding_data();
    void prefixOfTheFullEncoding();
    void hugeTextStopsEarly_data();
    void hugeTextStopsEarly();
    void normalizingInPiecesEqualsInOneGo();

private:
    QHash<QString, std::shared_ptr<Tokenizer>> m_tokenizers;
};

void TokenLimitTest::initTestCase() {
    for (const QString& name : kTokenizers)
        m_tokenizers.insert(name, load(name));
}

void TokenLimitTest::prefixOfTheFullEncoding_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("special");
    const QStringList texts{
        u("Hello world, this is Headmap."),
        u("hello [SEP] world <s> and <mask> <|endoftext|>"),
        u("Opmærksomhedsmekanisme 深入了解Transformer模型 👍🏽 1234567"),
        u(""),
    };
    for (const QString& name : kTokenizers)
        for (int t = 0; t < texts.size(); ++t)
            for (bool special : {true, false})
                QTest::addRow("%s: text %d%s", qPrintable(name), t, special ? "" : " without special tokens")
                    << name << texts[t] << special;
}

void TokenLimitTest::prefixOfTheFullEncoding() {
    QFETCH(QString, name);
    QFETCH(QString, text);
    QFETCH(bool, special);
    const Tokenizer& tokenizer = *m_tokenizers.value(name);
    const Encoding full = tokenizer.encode(text, special);
    QVERIFY(!full.truncated);
    QCOMPARE(joinIds(tokenizer.encodeLimited(text, special, -1).ids), joinIds(full.ids));
    for (int limit : {0, 1, 2, 3, full.size() - 2, full.size() - 1, full.size(), full.size() + 1, full.size() + 100}) {
        if (limit < 0)
            continue;
        const Encoding limited = tokenizer.encodeLimited(text, special, limit);
        Encoding expected = full;
        expected.truncate(limit);
        QCOMPARE(limited.truncated, full.size() > limit);
        QCOMPARE(joinIds(limited.ids), joinIds(expected.ids));
        QCOMPARE(limited.tokens, expected.tokens);
        QCOMPARE(limited.displayTokens, expected.displayTokens);
        QCOMPARE(limited.special, expected.special);
        QCOMPARE(joinIds(typeIdsOf(limited)), joinIds(typeIdsOf(expected)));
    }
}

void TokenLimitTest::hugeTextStopsEarly_data() {
    QTest::addColumn<QString>("name");
    for (const QString& name : kTokenizers)
        QTest::newRow(qPrintable(name)) << name;
}

void TokenLimitTest::hugeTextStopsEarly() {
    // 16 MB of one line. Encoding all of it would take seconds and gigabytes; the limit stops it
    // after 512 tokens. (No timing is asserted; a run that ignored the limit would still be
    // caught by the token count below, and by taking long.)
    QFETCH(QString, name);
    const Tokenizer& tokenizer = *m_tokenizers.value(name);
    const QString sentence = u("Attention heads look at other tokens, æøå 注意力 👍 42. ");
    QString text;
    text.reserve(16 << 20);
    while (text.size() < (16 << 20))
        text += sentence;
    const Encoding limited = tokenizer.encodeLimited(text, true, 512);
    QVERIFY(limited.truncated);
    QCOMPARE(limited.size(), 512);
    // The prefix is that of a text just long enough.
    const Encoding small = tokenizer.encode(text.left(sentence.size() * 200), true);
    QVERIFY(small.size() > 512);
    QCOMPARE(joinIds(limited.ids), joinIds(std::vector<int>(small.ids.begin(), small.ids.begin() + 512)));
}

void TokenLimitTest::normalizingInPiecesEqualsInOneGo() {
    // Long texts are normalized piece by piece (Qt's in-place decomposition is quadratic); the
    // cuts must not change the result, whatever sits around them.
    const QString sample = u("Cafe\u0301 å Å ﬁ ｶﾞｷﾞ カ\u3099 \u1100\u1161\u11A8 한국 e\u0301\u0323\u0302 x\u0308\u0301 "
                             "注意力 \U0001F44D\U0001F3FD ΟΔΟΣ ①②");
    QString text;
    while (text.size() < 50000)
        text += sample;
    for (auto form : {QString::NormalizationForm_C, QString::NormalizationForm_D, QString::NormalizationForm_KC,
                      QString::NormalizationForm_KD})
        QCOMPARE(tokchars::normalized(text, form), text.normalized(form));
}

QTEST_GUILESS_MAIN(TokenLimitTest)
#include "tst_tokenlimit.moc"

// builtin:translation's tokenizer: the teaching tokenizer's words with </s> closing a source or
// target, ids named back (specials, the writable English words, "#id" for the rest), the target
// side, and decodeTarget's spacing. Sentences are of the kinds the Danish and Chinese seed texts
// use; the ids of hashed words are TeachingTokenizer's (tst_teachingtokenizer checks those).

#include <set>

#include <QtTest>

#include "core/HeadmapError.h"
#include "teaching/TeachingTokenizer.h"
#include "teaching/TeachingTranslationTokenizer.h"

using headmap::Encoding;
using headmap::TeachingTokenizer;
using headmap::TeachingTranslationTokenizer;

namespace {

QStringList spaced(const char* text) {
    return QString::fromUtf8(text).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

int idOf(const char* word) {
    return TeachingTokenizer::idForToken(TeachingTokenizer::foldCase(QString::fromUtf8(word)));
}

}  // namespace

class TeachingTranslationTokenizerTest : public QObject {
    Q_OBJECT

private slots:
    void encodeEndsWithEnd_data();
    void encodeEndsWithEnd();
    void encodeLimitedCuts_data();
    void encodeLimitedCuts();
    void fromIdsNames_data();
    void fromIdsNames();
    void fromIdsRejectsOutOfRange_data();
    void fromIdsRejectsOutOfRange();
    void tokenToId_data();
    void tokenToId();
    void decodeTarget_data();
    void decodeTarget();
    void writableWords();
};

void TeachingTranslationTokenizerTest::encodeEndsWithEnd_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("display");  // the pieces as typed, before </s>
    QTest::newRow("Danish") << QString::fromUtf8("Katten sover på sofaen.") << spaced("Katten sover på sofaen .");
    QTest::newRow("Chinese") << QString::fromUtf8("我每天早上喝茶。") << spaced("我 每 天 早 上 喝 茶 。");
    QTest::newRow("English") << QStringLiteral("The cat is sleeping on the sofa.")
                             << spaced("The cat is sleeping on the sofa .");
    QTest::newRow("empty") << QString() << QStringList();
}

void TeachingTranslationTokenizerTest::encodeEndsWithEnd() {
    QFETCH(QString, text);
    QFETCH(QStringList, display);
    const TeachingTranslationTokenizer tok;
    const Encoding withEnd = tok.encode(text, true);
    QCOMPARE(withEnd.displayTokens, display + QStringList{"</s>"});
    QCOMPARE(withEnd.ids.back(), TeachingTranslationTokenizer::kEndId);
    for (int i = 0; i < display.size(); ++i) {
        // The words are builtin:teaching's: folded, hashed, never special.
        QCOMPARE(withEnd.tokens.value(i), TeachingTokenizer::foldCase(display.value(i)));
        QCOMPARE(withEnd.ids[size_t(i)], TeachingTokenizer::idForToken(withEnd.tokens.value(i)));
        QVERIFY(!withEnd.special[size_t(i)]);
    }
    QVERIFY(withEnd.special.back());
    QCOMPARE(tok.encode(text, false).displayTokens, display);
    // The target side reads text the same way (teacher forcing's labels).
    QCOMPARE(tok.encodeTarget(text, true).ids, withEnd.ids);
    QCOMPARE(tok.encodeTarget(text, true).displayTokens, withEnd.displayTokens);
}

void TeachingTranslationTokenizerTest::encodeLimitedCuts_data() {
    QTest::addColumn<int>("limit");
    QTest::addColumn<bool>("truncated");
    QTest::newRow("3 of 6") << 3 << true;
    QTest::newRow("5 of 6: the words fit, </s> does not") << 5 << true;
    QTest::newRow("6 of 6") << 6 << false;
    QTest::newRow("no limit") << -1 << false;
}

void TeachingTranslationTokenizerTest::encodeLimitedCuts() {
    QFETCH(int, limit);
    QFETCH(bool, truncated);
    const TeachingTranslationTokenizer tok;
    const QString text = QString::fromUtf8("Katten sover på sofaen.");
    const Encoding full = tok.encode(text, true);
    const Encoding cut = tok.encodeLimited(text, true, limit);
    QCOMPARE(cut.truncated, truncated);
    const int kept = truncated ? limit : full.size();
    QCOMPARE(cut.ids, std::vector<int>(full.ids.begin(), full.ids.begin() + kept));
}

void TeachingTranslationTokenizerTest::fromIdsNames_data() {
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<QStringList>("names");
    QTest::addColumn<std::vector<bool>>("special");
    QTest::newRow("specials") << std::vector<int>{1, 2, 0, 3} << QStringList{"<s>", "</s>", "<pad>", "<unk>"}
                              << std::vector<bool>{true, true, true, true};
    QTest::newRow("writable words") << std::vector<int>{idOf("the"), idOf("cat"), idOf(".")}
                                    << QStringList{"the", "cat", "."} << std::vector<bool>{false, false, false};
    QTest::newRow("other words by number") << std::vector<int>{idOf("katten"), 4711}
                                           << QStringList{QStringLiteral("#%1").arg(idOf("katten")), "#4711"}
                                           << std::vector<bool>{false, false};
}

void TeachingTranslationTokenizerTest::fromIdsNames() {
    QFETCH(std::vector<int>, ids);
    QFETCH(QStringList, names);
    QFETCH(std::vector<bool>, special);
    const TeachingTranslationTokenizer tok;
    const Encoding named = tok.fromIds(ids);
    QCOMPARE(named.ids, ids);
    QCOMPARE(named.tokens, names);
    QCOMPARE(named.displayTokens, names);
    QCOMPARE(named.special, special);
    QCOMPARE(tok.targetFromIds(ids).tokens, names);
}

void TeachingTranslationTokenizerTest::fromIdsRejectsOutOfRange_data() {
    QTest::addColumn<int>("id");
    QTest::newRow("-1") << -1;
    QTest::newRow("1<<24") << (1 << 24);
}

void TeachingTranslationTokenizerTest::fromIdsRejectsOutOfRange() {
    QFETCH(int, id);
    const TeachingTranslationTokenizer tok;
    try {
        tok.fromIds({4, id});
        QFAIL("fromIds accepted an id outside the vocabulary");
    } catch (const headmap::InputError& e) {
        QVERIFY2(e.message().contains(QString::number(id)) && e.message().contains(QLatin1String("position 1")),
                 qPrintable(e.message()));
    }
}

void TeachingTranslationTokenizerTest::tokenToId_data() {
    QTest::addColumn<QString>("token");
    QTest::addColumn<int>("id");  // -1: no such token
    QTest::newRow("</s>") << "</s>" << TeachingTranslationTokenizer::kEndId;
    QTest::newRow("<s>") << "<s>" << TeachingTranslationTokenizer::kStartId;
    QTest::newRow("a word, folded") << "Cat" << idOf("cat");
    QTest::newRow("an ideograph") << QString::fromUtf8("茶") << idOf("茶");
    QTest::newRow("<mask>: three pieces") << "<mask>" << -1;
    QTest::newRow("two words") << "the cat" << -1;
}

void TeachingTranslationTokenizerTest::tokenToId() {
    QFETCH(QString, token);
    QFETCH(int, id);
    const std::optional<int> found = TeachingTranslationTokenizer().tokenToId(token);
    QCOMPARE(found, id < 0 ? std::nullopt : std::optional<int>(id));
}

void TeachingTranslationTokenizerTest::decodeTarget_data() {
    QTest::addColumn<std::vector<int>>("ids");
    QTest::addColumn<bool>("skipSpecial");
    QTest::addColumn<QString>("text");
    const int end = TeachingTranslationTokenizer::kEndId;
    QTest::newRow("words and punctuation") << std::vector<int>{idOf("the"), idOf("cat"), idOf(","), idOf("the"),
                                                               idOf("dog"), idOf("reads"), idOf("!"), end}
                                           << true << "the cat, the dog reads!";
    QTest::newRow("specials kept") << std::vector<int>{1, idOf("cat"), end} << false << "<s> cat </s>";
    QTest::newRow("a word outside the list") << std::vector<int>{idOf("kittens"), idOf(".")} << true
                                             << QStringLiteral("#%1.").arg(idOf("kittens"));
    QTest::newRow("nothing") << std::vector<int>{end} << true << "";
}

void TeachingTranslationTokenizerTest::decodeTarget() {
    QFETCH(std::vector<int>, ids);
    QFETCH(bool, skipSpecial);
    QFETCH(QString, text);
    QCOMPARE(TeachingTranslationTokenizer().decodeTarget(ids, skipSpecial), text);
}

void TeachingTranslationTokenizerTest::writableWords() {
    const TeachingTranslationTokenizer tok;
    const QStringList& words = TeachingTranslationTokenizer::writableWords();
    const std::vector<int>& ids = tok.writableIds();
    QCOMPARE(int(ids.size()), int(words.size()));
    QCOMPARE(int(std::set<int>(ids.begin(), ids.end()).size()), int(ids.size()));  // no two share an id
    for (int i = 0; i < words.size(); ++i) {
        // Each word is one piece of its own, already folded, so typing it gives its id.
        QCOMPARE(TeachingTokenizer::split(words.at(i)), QStringList{words.at(i)});
        QCOMPARE(TeachingTokenizer::foldCase(words.at(i)), words.at(i));
        QCOMPARE(tok.encode(words.at(i), false).ids, std::vector<int>{ids[size_t(i)]});
    }
    QCOMPARE(tok.fromIds(ids).tokens, words);
}

QTEST_APPLESS_MAIN(TeachingTranslationTokenizerTest)
#include "tst_teachingtranslationtokenizer.moc"

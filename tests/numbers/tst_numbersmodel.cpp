// builtin:numbers (issue #41), run by Headmap's own engine: exact-match accuracy on the numbers
// numbers.json holds out from training (at least 99 % in Danish and in Chinese, and on their
// accepted variant spellings), the issue's own examples, and words it was never meant to read.
// The number words come from tests/support/NumberWords, written from the issue's conventions
// independently of the training script; the expected output is the number itself.

#include <memory>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include "NumberWords.h"
#include "TestPaths.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"
#include "model/ShippedModels.h"
#include "analysis/NumberAlignment.h"

using namespace headmap;
using testsupport::chineseSpellings;
using testsupport::danishSpellings;

namespace {

constexpr double kMinimumAccuracy = 0.99;  // issue #41

const Model& numbersModel() {
    static const std::unique_ptr<Model> model = loadModel(ModelSpec{QStringLiteral("builtin:numbers"), {}});
    return *model;
}

QString translate(const QString& text) {
    const Model& model = numbersModel();
    const Encoding source = model.tokenize(text);
    return model.targetText(model.generate(source));
}

std::vector<int> heldOut() {
    return heldOutNumbers(*shippedModelFolder(QStringLiteral("builtin:numbers")));
}

}  // namespace

class TestNumbersModel : public QObject {
    Q_OBJECT
private slots:
    // The words of the test's own generator are the issue's, word for word.
    void wordsFollowTheIssue_data() {
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("danish");
        QTest::addColumn<QString>("chinese");
        QTest::newRow("97") << 97 << "syvoghalvfems" << "九十七";
        QTest::newRow("21") << 21 << "enogtyve" << "二十一";
        QTest::newRow("42") << 42 << "toogfyrre" << "四十二";
        QTest::newRow("197") << 197 << "et hundrede og syvoghalvfems" << "一百九十七";
        QTest::newRow("1005") << 1005 << "et tusind og fem" << "一千零五";
        QTest::newRow("2312") << 2312 << "to tusind tre hundrede og tolv" << "二千三百一十二";
        QTest::newRow("110") << 110 << "et hundrede og ti" << "一百一十";
        QTest::newRow("105") << 105 << "et hundrede og fem" << "一百零五";
        QTest::newRow("1010") << 1010 << "et tusind og ti" << "一千零一十";
        QTest::newRow("3000") << 3000 << "tre tusind" << "三千";
        QTest::newRow("0") << 0 << "nul" << "零";
        QTest::newRow("10") << 10 << "ti" << "十";
        QTest::newRow("15") << 15 << "femten" << "十五";
    }
    void wordsFollowTheIssue() {
        QFETCH(int, number);
        QFETCH(QString, danish);
        QFETCH(QString, chinese);
        QCOMPARE(testsupport::danishNumber(number), danish);
        QCOMPARE(testsupport::chineseNumber(number), chinese);
    }

    void heldOutListIsUsable() {
        const std::vector<int> numbers = heldOut();
        QVERIFY2(numbers.size() >= 500, "numbers.json holds out too few numbers to measure 99 %");
        int compounds = 0;
        for (const int n : numbers) {
            QVERIFY(n >= 0 && n <= 9999);
            compounds += (n > 20 && n < 100 && n % 10 != 0) ? 1 : 0;
        }
        QVERIFY2(compounds >= 10, "too few two-digit compounds held out for the alignment test");
    }

    // Exact match on every held-out number, canonical spellings and every accepted variant.
    void heldOutAccuracy_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<bool>("variants");
        QTest::newRow("danish") << "da" << false;
        QTest::newRow("chinese") << "zh" << false;
        QTest::newRow("danish variants ét/hundred/tusinde") << "da" << true;
        QTest::newRow("chinese variants 两") << "zh" << true;
    }
    void heldOutAccuracy() {
        QFETCH(QString, language);
        QFETCH(bool, variants);
        int right = 0, total = 0;
        QStringList misses;
        for (const int n : heldOut()) {
            QStringList texts = language == QLatin1String("da") ? danishSpellings(n) : chineseSpellings(n);
            texts = variants ? texts.mid(1) : texts.mid(0, 1);
            for (const QString& text : texts) {
                const QString got = translate(text);
                ++total;
                if (got == QString::number(n))
                    ++right;
                else if (misses.size() < 10)
                    misses << QStringLiteral("%1 -> %2").arg(text, got);
            }
        }
        QVERIFY(total > 0);
        const double accuracy = double(right) / total;
        qInfo("%s: %d of %d held-out inputs right (%.2f %%)", qPrintable(language), right, total, 100 * accuracy);
        QVERIFY2(accuracy >= kMinimumAccuracy, qPrintable(misses.join(QStringLiteral("; "))));
    }

    // The words the issue lists one by one (0..20 and the tens), in both languages: what a class
    // types first. Most were in training; the model must know them all.
    void listedWords_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("digits");
        for (int n = 0; n < 100; ++n) {
            if (n > 20 && n % 10 != 0)
                continue;
            for (const QString& text : {testsupport::danishNumber(n), testsupport::chineseNumber(n)})
                QTest::addRow("%s", qPrintable(text)) << text << QString::number(n);
        }
    }
    void listedWords() {
        QFETCH(QString, text);
        QFETCH(QString, digits);
        QCOMPARE(translate(text), digits);
    }

    // What a teacher types first, and the variants the issue names.
    void examples_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("digits");
        QTest::newRow("syvoghalvfems") << "syvoghalvfems" << "97";
        QTest::newRow("et tusind og fem") << "et tusind og fem" << "1005";
        QTest::newRow("to tusind tre hundrede og tolv") << "to tusind tre hundrede og tolv" << "2312";
        QTest::newRow("九十七") << "九十七" << "97";
        QTest::newRow("一千零五") << "一千零五" << "1005";
        QTest::newRow("二千三百一十二") << "二千三百一十二" << "2312";
        QTest::newRow("两千三百一十二") << "两千三百一十二" << "2312";
        QTest::newRow("ét tusinde") << "ét tusinde" << "1000";
        QTest::newRow("ét hundred og syvoghalvfems") << "ét hundred og syvoghalvfems" << "197";
        QTest::newRow("nul") << "nul" << "0";
        QTest::newRow("零") << "零" << "0";
        QTest::newRow("upper case") << "Syvoghalvfems" << "97";
    }
    void examples() {
        QFETCH(QString, text);
        QFETCH(QString, digits);
        QCOMPARE(translate(text), digits);
    }

    // tokenizer.json read by Headmap gives the ids the Rust tokenizers library gives
    // (tests/golden/tokenizers/numbers.json, make_numbers_golden.mjs): every spelling of 0..99
    // and of a quarter of the held-out numbers, and texts that are not numbers.
    void tokenizerMatchesRust() {
        QFile file(testsupport::goldenPath(QStringLiteral("tokenizers/numbers.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonArray cases = QJsonDocument::fromJson(file.readAll()).object().value(QLatin1String("cases")).toArray();
        QVERIFY(cases.size() > 1000);
        QStringList mismatches;
        int compared = 0;
        for (const QJsonValue& value : cases) {
            const QJsonObject c = value.toObject();
            const QString text = c.value(QLatin1String("text")).toString();
            std::vector<int> expected;
            for (const QJsonValue& id : c.value(QLatin1String("ids")).toArray())
                expected.push_back(id.toInt());
            std::vector<int> got;
            try {
                got = numbersModel().tokenize(text).ids;
            } catch (const InputError&) {
                QVERIFY2(text.trimmed().isEmpty(), qPrintable(QStringLiteral("refused: '%1'").arg(text)));
                continue;  // Headmap asks for some text; Rust encodes "" as <s> </s>
            }
            ++compared;
            if (got != expected && mismatches.size() < 10)
                mismatches << text;
        }
        QVERIFY(compared >= cases.size() - 1);
        QVERIFY2(mismatches.isEmpty(), qPrintable(mismatches.join(QStringLiteral(" | "))));
    }

    // The folder is an ordinary Hugging Face folder: a BART with its tokenizer.json.
    void loadsAsAFolder() {
        const ModelSummary summary = numbersModel().summary();
        QVERIFY(summary.isEncoderDecoder());
        const std::unique_ptr<Model> asFolder =
            loadModel(ModelSpec{*shippedModelFolder(QStringLiteral("builtin:numbers")), {}});
        const Encoding source = asFolder->tokenize(QStringLiteral("syvoghalvfems"));
        QCOMPARE(asFolder->targetText(asFolder->generate(source)), QStringLiteral("97"));
        QCOMPARE(source.tokens, (QStringList{"<s>", "syv", "og", "halvfems", "</s>"}));
    }
};

QTEST_GUILESS_MAIN(TestNumbersModel)
#include "tst_numbersmodel.moc"

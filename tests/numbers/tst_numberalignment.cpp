// analysis/NumberAlignment on builtin:numbers (issue #41): the most aligned cross-attention head,
// chosen on the compounds the model was trained on, looks at the tens word while it writes the
// tens digit and at the units word while it writes the units digit, for at least 80 % of the
// Danish two-digit compounds held out from training. Run by Headmap's engine; the words of the
// compounds are checked against the issue's list first.

#include <memory>

#include <QtTest>

#include "NumberWords.h"
#include "analysis/NumberAlignment.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"
#include "model/ShippedModels.h"

using namespace headmap;

namespace {

constexpr double kMinimumAligned = 0.80;  // issue #41

QString numbersFolder() {
    return *shippedModelFolder(QStringLiteral("builtin:numbers"));
}

std::vector<int> heldOutCompounds() {
    std::vector<int> out;
    for (const int n : heldOutNumbers(numbersFolder()))
        if (n > 20 && n < 100 && n % 10 != 0)
            out.push_back(n);
    return out;
}

}  // namespace

class TestNumberAlignment : public QObject {
    Q_OBJECT
private slots:
    void compounds_data() {
        QTest::addColumn<int>("number");
        QTest::addColumn<QString>("text");
        QTest::newRow("21") << 21 << "enogtyve";
        QTest::newRow("57") << 57 << "syvoghalvtreds";
        QTest::newRow("97") << 97 << "syvoghalvfems";
        QTest::newRow("78") << 78 << "otteoghalvfjerds";
    }
    void compounds() {
        QFETCH(int, number);
        QFETCH(QString, text);
        QCOMPARE(danishCompound(number), text);
        QCOMPARE(danishCompound(number), testsupport::danishNumber(number));
    }

    void everyCompoundMatchesTheIssuesWords() {
        const std::vector<int> all = danishCompoundNumbers();
        QCOMPARE(int(all.size()), 72);
        for (const int n : all)
            QCOMPARE(danishCompound(n), testsupport::danishNumber(n));
    }

    void notACompound_data() {
        QTest::addColumn<int>("number");
        QTest::newRow("on a ten") << 30;
        QTest::newRow("teen") << 15;
        QTest::newRow("three digits") << 101;
    }
    void notACompound() {
        QFETCH(int, number);
        QVERIFY_THROWS_EXCEPTION(InputError, danishCompound(number));
    }

    // The probe set the window chooses its head on shares nothing with the held-out numbers.
    void probeSetLeavesTheHeldOutNumbersOut() {
        const std::vector<int> probe = probeCompounds(numbersFolder());
        const std::vector<int> held = heldOutCompounds();
        QVERIFY(!probe.empty());
        QCOMPARE(int(probe.size() + held.size()), 72);
        for (const int n : held)
            QVERIFY(std::find(probe.begin(), probe.end(), n) == probe.end());
    }

    void mostAlignedHeadAlignsHeldOutCompounds() {
        const std::unique_ptr<Model> model = loadModel(ModelSpec{QStringLiteral("builtin:numbers"), {}});
        const AlignedHead head = mostAlignedHead(measureCompoundAlignment(*model, probeCompounds(numbersFolder())));
        const std::vector<int> held = heldOutCompounds();
        QVERIFY(held.size() >= 10);
        const CompoundAlignment measured = measureCompoundAlignment(*model, held);
        QCOMPARE(measured.compounds, int(held.size()));
        const double share = measured.share(head.layer, head.head);
        qInfo("cross-attention layer %d head %d: %.0f %% of the probe compounds, %.0f %% of %d held-out ones",
              head.layer, head.head, 100 * head.share, 100 * share, measured.compounds);
        QVERIFY2(share >= kMinimumAligned, qPrintable(QStringLiteral("layer %1 head %2 aligns %3 % of the held-out "
                                                                     "compounds")
                                                          .arg(head.layer).arg(head.head).arg(100 * share)));
    }

    // A head that never looks at the right words scores 0; the measure is not always high.
    void measureSeparatesHeads() {
        const std::unique_ptr<Model> model = loadModel(ModelSpec{QStringLiteral("builtin:numbers"), {}});
        const CompoundAlignment measured = measureCompoundAlignment(*model, probeCompounds(numbersFolder()));
        double lowest = 1.0;
        for (int layer = 0; layer < measured.layers; ++layer)
            for (int head = 0; head < measured.heads; ++head)
                lowest = std::min(lowest, measured.share(layer, head));
        QVERIFY2(lowest < kMinimumAligned, "every head aligns the compounds: the measure tells nothing apart");
    }
};

QTEST_GUILESS_MAIN(TestNumberAlignment)
#include "tst_numberalignment.moc"

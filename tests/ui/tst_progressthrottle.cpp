// ProgressThrottle (#10): a forward pass's progress reaches the window from 200 ms into the pass
// and at most once per 100 ms after that, so a short pass (a keystroke's rerun) repaints nothing.
// The rows feed the times at which a pass reports, and list the ones that must be shown; the
// document row runs a real short pass and counts the progress signals the window would get.

#include <QSignalSpy>
#include <QtTest>

#include "AttentionDocument.h"
#include "ProgressThrottle.h"

using namespace headmap;
using namespace headmap::ui;

class TestProgressThrottle : public QObject {
    Q_OBJECT
private slots:
    void admitsEveryHundredMsFrom200_data();
    void admitsEveryHundredMsFrom200();
    void shortPassEmitsNoProgress();
};

void TestProgressThrottle::admitsEveryHundredMsFrom200_data() {
    QTest::addColumn<QList<qint64>>("reports");  // ms since the pass started, in order
    QTest::addColumn<QList<qint64>>("shown");
    QTest::newRow("short pass: nothing") << QList<qint64>{0, 10, 50, 120, 199} << QList<qint64>{};
    QTest::newRow("first at 200 ms exactly") << QList<qint64>{150, 200, 250} << QList<qint64>{200};
    QTest::newRow("one per 100 ms") << QList<qint64>{210, 260, 309, 310, 350, 411, 500, 511}
                                    << QList<qint64>{210, 310, 411, 511};
    QTest::newRow("slow layers: every report") << QList<qint64>{300, 700, 1100} << QList<qint64>{300, 700, 1100};
}

void TestProgressThrottle::admitsEveryHundredMsFrom200() {
    QFETCH(QList<qint64>, reports);
    QFETCH(QList<qint64>, shown);
    ProgressThrottle throttle;
    QList<qint64> admitted;
    for (qint64 ms : reports)
        if (throttle.admit(ms))
            admitted << ms;
    QCOMPARE(admitted, shown);
}

void TestProgressThrottle::shortPassEmitsNoProgress() {
    // A few tokens through the built-in model take milliseconds: the pass reports each layer,
    // and none of it may reach the window. (Without the throttle every layer repainted it.)
    AttentionDocument document;
    QVERIFY(document.setModelSpec(ModelSpec{QStringLiteral("builtin:teaching"), {}}));
    document.waitForIdle();
    QSignalSpy progress(&document, &AttentionDocument::progressChanged);
    document.setText(QStringLiteral("the cat sat on the mat"));
    document.waitForIdle();
    QCoreApplication::processEvents();
    QVERIFY(document.trace().length() > 0);
    QCOMPARE(progress.count(), 0);
}

QTEST_MAIN(TestProgressThrottle)
#include "tst_progressthrottle.moc"

// File › Memory for converted weights… (#40): WeightMemoryDialog's three choices and what they
// mean in bytes; through the main window as a user does it, choosing "None" reopens the open BF16
// model with nothing kept (its summary says budget 0), the choice is remembered in the settings
// and given to the next model opened; a model stored as F32 is not reopened.

#include <QApplication>
#include <QDoubleSpinBox>
#include <QMenuBar>
#include <QRadioButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

#include "AppSettings.h"
#include "Language.h"
#include "MainWindowTestSupport.h"
#include "TestPaths.h"
#include "WeightMemoryDialog.h"

using namespace headmap;
using namespace headmap::ui;
using namespace mainwindowtests;

namespace {

constexpr qint64 kGiB = qint64(1) << 30;

QAction* weightMemoryAction(MainWindow& window) {
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* action : menu->menu()->actions())
                if (action->text().contains(QStringLiteral("converted")))
                    return action;
    return nullptr;
}

// Answers the dialog the action opens (modal) by clicking `choice` and OK.
void answerDialogWith(const std::function<QRadioButton*(WeightMemoryDialog&)>& choice) {
    QTimer::singleShot(0, [choice] {
        auto* dialog = qobject_cast<WeightMemoryDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QTest::mouseClick(choice(*dialog), Qt::LeftButton);
        dialog->accept();
    });
}

}  // namespace

class WeightMemoryTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void dialogShowsTheBudget_data() {
        QTest::addColumn<qint64>("budget");  // -1: the default
        QTest::addColumn<QString>("checked");
        QTest::newRow("default") << qint64(-1) << "half";
        QTest::newRow("none") << qint64(0) << "none";
        QTest::newRow("3 GB") << 3 * kGiB << "limit";
    }

    void dialogShowsTheBudget() {
        QFETCH(qint64, budget);
        QFETCH(QString, checked);
        WeightMemoryDialog dialog(budget < 0 ? std::nullopt : std::optional<qint64>(budget));
        QCOMPARE(dialog.halfButton()->isChecked(), checked == QLatin1String("half"));
        QCOMPARE(dialog.noneButton()->isChecked(), checked == QLatin1String("none"));
        QCOMPARE(dialog.limitButton()->isChecked(), checked == QLatin1String("limit"));
        QCOMPARE(dialog.limitBox()->isEnabled(), checked == QLatin1String("limit"));
        QCOMPARE(dialog.budget(), budget < 0 ? std::nullopt : std::optional<qint64>(budget));
        if (checked == QLatin1String("limit"))
            QCOMPARE(dialog.limitBox()->value(), 3.0);
    }

    void choicesGiveBudgets() {
        WeightMemoryDialog dialog(std::nullopt);
        dialog.show();
        QTest::mouseClick(dialog.limitButton(), Qt::LeftButton);
        QVERIFY(dialog.limitBox()->isEnabled());
        dialog.limitBox()->setValue(1.5);
        QCOMPARE(dialog.budget(), std::optional<qint64>(kGiB + kGiB / 2));
        QTest::mouseClick(dialog.noneButton(), Qt::LeftButton);
        QVERIFY(!dialog.limitBox()->isEnabled());
        QCOMPARE(dialog.budget(), std::optional<qint64>(0));
        QTest::mouseClick(dialog.halfButton(), Qt::LeftButton);
        QCOMPARE(dialog.budget(), std::nullopt);
    }

    // In Danish and Chinese the dialog shows its own language (and, with HEADMAP_SHOT_DIR set,
    // saves a picture of itself to look at).
    void dialogSpeaksTheLanguage_data() {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("title");
        QTest::newRow("da") << "da" << "Hukommelse til konverterede vægte";
        QTest::newRow("zh_CN") << "zh_CN" << "转换后权重的内存";
        QTest::newRow("en") << "en" << "Memory for converted weights";
    }

    void dialogSpeaksTheLanguage() {
        QFETCH(QString, language);
        QFETCH(QString, title);
        installLanguage(language);
        WeightMemoryDialog dialog(3 * kGiB);
        dialog.resize(560, dialog.sizeHint().height());
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        QCOMPARE(dialog.windowTitle(), title);
        if (qEnvironmentVariableIsSet("HEADMAP_SHOT_DIR"))
            QVERIFY(dialog.grab().save(qEnvironmentVariable("HEADMAP_SHOT_DIR") +
                                       QStringLiteral("/weight_memory_%1.png").arg(language)));
        installLanguage(QStringLiteral("en"));
    }

    void noneReopensTheModelWithNothingKept() {
        AppSettings cleared;
        cleared.save();  // no budget remembered from another test
        AttentionDocument document;
        auto window = openWindow(document, modelSpec(testsupport::modelFixture(QStringLiteral("qwen2_bf16"))));
        QVERIFY(window);
        QVERIFY(document.modelSummary().convertedWeightBudget > 0);  // the default: half of what is available
        QAction* action = weightMemoryAction(*window);
        QVERIFY(action);
        QSignalSpy reopened(&document, &AttentionDocument::modelChanged);
        answerDialogWith([](WeightMemoryDialog& d) { return d.noneButton(); });
        action->trigger();
        QVERIFY(reopened.wait(15000));
        QCOMPARE(document.modelSummary().convertedWeightBudget, qint64(0));
        QVERIFY(runSentence(*window, QStringLiteral("hello world")));  // it runs, converting each pass

        // Remembered when the window closes, and given to the next model opened.
        window->close();
        window.reset();
        QCOMPARE(AppSettings::load().convertedWeightBudget, std::optional<qint64>(0));
        AttentionDocument next;
        auto second = openWindow(next, modelSpec(testsupport::modelFixture(QStringLiteral("mistral_f16"))));
        QVERIFY(second);
        QSignalSpy opened(&next, &AttentionDocument::modelChanged);
        next.openModel(modelSpec(testsupport::modelFixture(QStringLiteral("mistral_f16"))));
        QVERIFY(opened.wait(15000));
        QCOMPARE(next.modelSummary().convertedWeightBudget, qint64(0));

        // Back to the default.
        answerDialogWith([](WeightMemoryDialog& d) { return d.halfButton(); });
        weightMemoryAction(*second)->trigger();
        QVERIFY(opened.wait(15000));
        QVERIFY(next.modelSummary().convertedWeightBudget > 0);
    }

    void f32ModelsAreNotReopened() {
        AttentionDocument document;
        auto window = openWindow(document, modelSpec(testsupport::modelFixture(QStringLiteral("gpt2_f32"))));
        QVERIFY(window);
        QCOMPARE(document.modelSummary().convertedWeightBudget, qint64(-1));  // nothing converts
        QSignalSpy reopened(&document, &AttentionDocument::modelChanged);
        answerDialogWith([](WeightMemoryDialog& d) { return d.noneButton(); });
        weightMemoryAction(*window)->trigger();
        QVERIFY(!reopened.wait(500));
        window->close();
    }
};

QTEST_MAIN(WeightMemoryTest)
#include "tst_weightmemory.moc"

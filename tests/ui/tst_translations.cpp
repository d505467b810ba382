// The Danish and Chinese interface: with a language installed the real widgets speak it (menus,
// tabs, buttons, a step explanation, counts in the status bar and the error banner, with English's
// plural forms too, the engine's error about a broken model, the command-line help, from --lang
// or the system's locale), View › Language remembers the
// choice and asks for a window in it, and the .ts files stay complete: every entry finished, with the same placeholders and
// accelerators as its source, so that a new tr() without a translation fails here.

#include <QActionGroup>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QComboBox>
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QStyleOptionComboBox>
#include <QToolButton>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QStatusBar>
#include <QXmlStreamReader>
#include <QtTest>

#include "AppSettings.h"
#include "AttentionDocument.h"
#include "ErrorBanner.h"
#include "Language.h"
#include "HeatmapView.h"
#include <qcustomplot.h>
#include "MainWindow.h"
#include "ModelChooser.h"
#include "predictions/PredictionPanel.h"
#include "steps/StepView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

struct TsMessage {
    QString context, source;
    QStringList forms;  // one, or the numerus forms
    QString type;       // the translation's type attribute: empty when finished
    bool numerus = false;
};

// Every <message> of a Qt Linguist file, or an error message.
QList<TsMessage> readTs(const QString& path, QString* language, QString* error) {
    QList<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QStringLiteral("cannot read %1: %2").arg(path, file.errorString());
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("TS")) {
            *language = xml.attributes().value(QLatin1String("language")).toString();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = TsMessage{};
            current.context = context;
            current.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            current.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            if (current.numerus) {
                while (xml.readNextStartElement())
                    current.forms << xml.readElementText();
            } else {
                current.forms << xml.readElementText();
            }
            messages << current;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1: line %2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

// %1 … %99 (each once, however often it is used); %n is checked apart.
QStringList placeholders(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("%(\\d+)"));
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();) {
        const QString p = it.next().captured(0);
        if (!found.contains(p))
            found << p;
    }
    found.sort();
    return found;
}

// Keyboard accelerators: "&F" marks F, "&&" is a literal ampersand, "& " none.
int acceleratorCount(const QString& text) {
    int count = 0;
    for (int i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != QLatin1Char('&'))
            continue;
        if (text[i + 1] == QLatin1Char('&')) {
            ++i;
        } else if (!text[i + 1].isSpace()) {
            ++count;
        }
    }
    return count;
}

QString tsPath(const QString& code) {
    return QStringLiteral(HEADMAP_TRANSLATIONS_DIR "/headmap_%1.ts").arg(code);
}

QStringList menuTitles(const QMenuBar* bar) {
    QStringList titles;
    for (const QAction* action : bar->actions())
        titles << action->text();
    return titles;
}

QMenu* menuTitled(const QMenuBar* bar, const QString& title) {
    for (QAction* action : bar->actions())
        if (action->text() == title)
            return action->menu();
    return nullptr;
}

QAction* actionTexted(const QMenu* menu, const QString& text) {
    for (QAction* action : menu->actions())
        if (action->text() == text)
            return action;
    return nullptr;
}

// The accelerator letters of a menu's entries (lower case) that occur more than once.
QStringList clashingAccelerators(const QList<QAction*>& actions) {
    QStringList seen, clashes;
    for (const QAction* action : actions) {
        const QString text = action->text();
        for (int i = 0; i + 1 < text.size(); ++i) {
            if (text[i] != QLatin1Char('&'))
                continue;
            if (text[i + 1] == QLatin1Char('&')) {
                ++i;
                continue;
            }
            const QString key = text[i + 1].toLower();
            if (seen.contains(key))
                clashes << QStringLiteral("%1 (%2)").arg(key, text);
            seen << key;
            break;
        }
    }
    return clashes;
}

bool runSentence(MainWindow& window, const QString& sentence) {
    QSignalSpy traced(window.document(), &AttentionDocument::traceChanged);
    window.sentenceEdit()->setText(sentence);
    QTest::keyClick(window.sentenceEdit(), Qt::Key_Return);
    return traced.wait(10000);
}

ModelSpec teachingSpec() {
    ModelSpec spec;
    spec.source = QStringLiteral("builtin:teaching");
    return spec;
}

}  // namespace

class TranslationsTest : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }
    void cleanup() { installLanguage(QStringLiteral("en")); }

    void everyEntryIsTranslated_data();
    void everyEntryIsTranslated();
    void bothLanguagesCoverTheSameTexts();
    void englishHasEveryPluralForm();
    void colourBarTitleFitsAShortPlot_data();
    void colourBarTitleFitsAShortPlot();
    void widgetsSpeakTheLanguage_data();
    void widgetsSpeakTheLanguage();
    void textsFitAt800Pixels_data();
    void textsFitAt800Pixels();
    void countsSpeakTheLanguage_data();
    void countsSpeakTheLanguage();
    void modelErrorsSpeakTheLanguage_data();
    void modelErrorsSpeakTheLanguage();
    void menuAcceleratorsAreUnique_data();
    void menuAcceleratorsAreUnique();
    void languageMenuRemembersTheChoice();
    void codesResolve_data();
    void codesResolve();
    void langArgumentIsFound_data();
    void langArgumentIsFound();
    void commandLineHelpIsTranslated_data();
    void commandLineHelpIsTranslated();
};

void TranslationsTest::everyEntryIsTranslated_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("numerusForms");  // Danish, English: singular and plural; Chinese: one form
    QTest::addColumn<bool>("wholeInterface");  // English holds the plural forms only
    QTest::newRow("danish") << "da" << "da_DK" << 2 << true;
    QTest::newRow("chinese") << "zh_CN" << "zh_CN" << 1 << true;
    QTest::newRow("english plurals") << "en" << "en_US" << 2 << false;
}

void TranslationsTest::everyEntryIsTranslated() {
    QFETCH(QString, code);
    QFETCH(QString, language);
    QFETCH(int, numerusForms);
    QFETCH(bool, wholeInterface);
    QString fileLanguage, error;
    const QList<TsMessage> messages = readTs(tsPath(code), &fileLanguage, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(fileLanguage, language);
    // The whole UI, not a stub; English's plural file is checked against Danish below.
    QVERIFY2(messages.size() > (wholeInterface ? 500 : 5), qPrintable(QString::number(messages.size())));
    QStringList problems;
    for (const TsMessage& m : messages) {
        const QString where = QStringLiteral("%1: \"%2\"").arg(m.context, m.source.left(70));
        if (!m.type.isEmpty())
            problems << QStringLiteral("%1 is %2").arg(where, m.type);
        if (m.numerus && m.forms.size() != numerusForms)
            problems << QStringLiteral("%1 has %2 plural forms, expected %3").arg(where).arg(m.forms.size()).arg(numerusForms);
        bool hasN = false;
        for (const QString& form : m.forms) {
            if (form.trimmed().isEmpty())
                problems << QStringLiteral("%1 has an empty translation").arg(where);
            if (placeholders(form) != placeholders(m.source))
                problems << QStringLiteral("%1: placeholders %2 in the source, %3 in \"%4\"")
                                .arg(where, placeholders(m.source).join(QLatin1Char(' ')),
                                     placeholders(form).join(QLatin1Char(' ')), form);
            if (acceleratorCount(form) != acceleratorCount(m.source))
                problems << QStringLiteral("%1: %2 accelerators (&) in the source, %3 in \"%4\"")
                                .arg(where).arg(acceleratorCount(m.source)).arg(acceleratorCount(form)).arg(form);
            hasN = hasN || form.contains(QLatin1String("%n"));
        }
        // A singular may say "one token" instead of "%n token"; some form must count.
        if (m.source.contains(QLatin1String("%n")) && !hasN)
            problems << QStringLiteral("%1: no form has %n").arg(where);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TranslationsTest::bothLanguagesCoverTheSameTexts() {
    QString language, error;
    QSet<QString> danish, chinese;
    for (const TsMessage& m : readTs(tsPath(QStringLiteral("da")), &language, &error))
        danish << m.context + QLatin1Char('|') + m.source;
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const TsMessage& m : readTs(tsPath(QStringLiteral("zh_CN")), &language, &error))
        chinese << m.context + QLatin1Char('|') + m.source;
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList onlyDanish = (danish - chinese).values(), onlyChinese = (chinese - danish).values();
    QVERIFY2(onlyDanish.isEmpty(), qPrintable(onlyDanish.join(QLatin1Char('\n'))));
    QVERIFY2(onlyChinese.isEmpty(), qPrintable(onlyChinese.join(QLatin1Char('\n'))));
}

// The English file holds exactly the texts that count (%n), each of the Danish file's numerus
// entries, so that a new "%n file(s)" cannot stay "1 file(s)" in English.
void TranslationsTest::englishHasEveryPluralForm() {
    QString language, error;
    QSet<QString> counted, english;
    for (const TsMessage& m : readTs(tsPath(QStringLiteral("da")), &language, &error))
        if (m.numerus)
            counted << m.context + QLatin1Char('|') + m.source;
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QStringList notCounting;
    for (const TsMessage& m : readTs(tsPath(QStringLiteral("en")), &language, &error)) {
        english << m.context + QLatin1Char('|') + m.source;
        if (!m.numerus)
            notCounting << m.source;
    }
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(notCounting.isEmpty(), qPrintable(notCounting.join(QLatin1Char('\n'))));
    QVERIFY(counted.size() >= 10);
    const QStringList missing = (counted - english).values(), extra = (english - counted).values();
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    QVERIFY2(extra.isEmpty(), qPrintable(extra.join(QLatin1Char('\n'))));
}

void TranslationsTest::textsFitAt800Pixels_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("model");
    const QString gpt2 = QStringLiteral(HEADMAP_FIXTURES_DIR "/models/gpt2_f32");  // predicts: the target box shows
    for (const char* code : {"en", "da", "zh_CN"}) {
        QTest::addRow("%s teaching", code) << code << "builtin:teaching";
        QTest::addRow("%s gpt2", code) << code << gpt2;
        QTest::addRow("%s bert, pairs", code) << code << QStringLiteral(HEADMAP_FIXTURES_DIR "/models/bert_f32_prefixed");
    }
}

// A window 800 pixels wide in each language, with the predictions panel open: no text the new
// user met cut off (issue #36: "Undervisningsmod…", "Find a token (Ct…", "Target token: click
// one abo…", the grid's instruction line). Every label shows its whole text, the model list its
// entry, the search and target boxes their placeholders.
void TranslationsTest::textsFitAt800Pixels() {
    QFETCH(QString, code);
    QFETCH(QString, model);
    QCOMPARE(installLanguage(code), code);
    AttentionDocument document;
    ModelSpec spec;
    spec.source = model;
    QVERIFY(document.setModelSpec(spec));
    MainWindow window(&document);
    window.resize(800, 640);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(runSentence(window, QStringLiteral("Multi-head self-attention gør det muligt")));
    if (!window.predictionDock()->isVisible())
        window.predictionsButton()->click();
    QApplication::processEvents();
    // Opening the panel must not push the window past the screen's 800 pixels.
    QVERIFY2(window.width() <= 800, qPrintable(QString::number(window.width())));
    for (int tab : {int(MainWindow::HeatmapTab), int(MainWindow::GridTab)}) {
        window.tabs()->setCurrentIndex(tab);
        QTest::qWait(50);
        QApplication::processEvents();
        for (const QLabel* label : window.findChildren<QLabel*>()) {
            if (!label->isVisible() || label->wordWrap() || label->text().isEmpty())
                continue;
            // A label that does not wrap needs its size hint's width (rich text and margins too).
            const int needed = label->sizeHint().width();
            QVERIFY2(label->width() >= needed, qPrintable(QStringLiteral("label '%1' is %2 px wide, its text needs %3")
                                                              .arg(label->text()).arg(label->width()).arg(needed)));
        }
        const ModelChooser* chooser = window.modelChooser();
        QStyleOptionComboBox option;
        option.initFrom(chooser);
        const QRect field = chooser->style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, chooser);
        QVERIFY2(field.width() >= chooser->fontMetrics().horizontalAdvance(chooser->currentText()),
                 qPrintable(chooser->currentText()));
        for (const QLineEdit* edit : {window.heatmap()->searchBox(), window.predictionPanel()->targetEdit(),
                                      window.pairEdit()}) {
            if (!edit->isVisible())
                continue;
            // Less the frame and the clear button (about two line heights).
            QVERIFY2(edit->width() - 2 * edit->fontMetrics().height() >= edit->fontMetrics().horizontalAdvance(edit->placeholderText()),
                     qPrintable(QStringLiteral("'%1' in %2 px").arg(edit->placeholderText()).arg(edit->width())));
        }
    }
    window.grab().save(QDir::temp().filePath(QStringLiteral("headmap_800px_%1_%2.png").arg(code, QFileInfo(model).fileName())));
}

void TranslationsTest::colourBarTitleFitsAShortPlot_data() {
    QTest::addColumn<QString>("code");
    for (const char* code : {"en", "da", "zh_CN"})
        QTest::addRow("%s", code) << code;
}

// A long text in a small window: the plot is short, and the colour bar's title with its pooling
// note ("Opmærksomhedsvægt (maks.-samlet 16×16)") ran past the bar's ends (issue #36). Each of
// its lines fits the bar's length.
void TranslationsTest::colourBarTitleFitsAShortPlot() {
    QFETCH(QString, code);
    QCOMPARE(installLanguage(code), code);
    const int tokens = 2000;
    MatrixF values = MatrixF::Constant(tokens, tokens, 1.0f / tokens);
    QStringList names;
    for (int i = 0; i < tokens; ++i)
        names << QStringLiteral("tok%1").arg(i);
    HeatmapView view;
    view.resize(780, 330);  // the heatmap tab of an 800 × 640 window with the hint bar shown
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(values, names, names, QStringLiteral("long"));
    QApplication::processEvents();
    QVERIFY(!view.poolingNote().isEmpty());
    auto* map = qobject_cast<QCPColorMap*>(view.plot()->plottable(0));
    QVERIFY(map && map->colorScale());
    const QCPAxis* axis = map->colorScale()->axis();
    const QString label = axis->label();
    QVERIFY2(label.contains(view.poolingNote()), qPrintable(label));
    const QFontMetrics metrics(axis->labelFont());
    for (const QString& line : label.split(QLatin1Char('\n')))
        QVERIFY2(metrics.horizontalAdvance(line) <= axis->axisRect()->height(),
                 qPrintable(QStringLiteral("'%1' needs %2 px, the bar is %3 px")
                                .arg(line).arg(metrics.horizontalAdvance(line)).arg(axis->axisRect()->height())));
}

void TranslationsTest::widgetsSpeakTheLanguage_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<QStringList>("menus");    // File, View, Help as the menu bar shows them
    QTest::addColumn<QString>("heatmapTab");
    QTest::addColumn<QString>("stepsTab");
    QTest::addColumn<QString>("runButton");
    QTest::addColumn<QString>("stepName");     // the step list's name of the softmax step
    QTest::addColumn<QString>("explanation");  // the start of step 1's explanation
    QTest::newRow("english") << "en" << QStringList{"&File", "&View", "&Help"} << "&Heatmap" << "Ste&p by step"
                             << "Run" << "Softmax" << "Each row is one token of the sentence";
    QTest::newRow("danish") << "da" << QStringList{"&Filer", "&Vis", "&Hjælp"} << "&Varmekort"
                            << "Trin for tr&in" << "Kør" << "Softmax" << "Hver række er ét token fra sætningen";
    QTest::newRow("chinese") << "zh_CN" << QStringList{"文件(&F)", "视图(&V)", "帮助(&H)"} << "热力图(&H)"
                             << "逐步讲解(&P)" << "运行" << "Softmax" << "每一行是句子中的一个词元";
}

void TranslationsTest::widgetsSpeakTheLanguage() {
    QFETCH(QString, code);
    QFETCH(QStringList, menus);
    QFETCH(QString, heatmapTab);
    QFETCH(QString, stepsTab);
    QFETCH(QString, runButton);
    QFETCH(QString, stepName);
    QFETCH(QString, explanation);
    QCOMPARE(installLanguage(code), code);
    QCOMPARE(currentLanguage(), code);

    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QStringList titles = menuTitles(window.menuBar());
    for (const QString& menu : menus)
        QVERIFY2(titles.contains(menu), qPrintable(titles.join(QStringLiteral(", "))));
    QCOMPARE(window.tabs()->tabText(MainWindow::HeatmapTab), heatmapTab);
    QCOMPARE(window.tabs()->tabText(MainWindow::StepsTab), stepsTab);
    QStringList buttons;
    for (const QPushButton* button : window.findChildren<QPushButton*>())
        buttons << button->text();
    QVERIFY2(buttons.contains(runButton), qPrintable(buttons.join(QStringLiteral(", "))));

    // The walk-through: the step list and the explanation of the first step, for a sentence
    // in the classroom's own language.
    QVERIFY(runSentence(window, QStringLiteral("Multi-head self-attention gør det muligt")));
    QSignalSpy stepped(&document, &AttentionDocument::stepsChanged);
    window.tabs()->setCurrentIndex(MainWindow::StepsTab);
    QVERIFY(stepped.wait(10000));
    StepView* steps = window.stepView();
    QTRY_VERIFY_WITH_TIMEOUT(steps->stepCount() > 0, 5000);
    QCOMPARE(StepView::stepName(StepView::Softmax), stepName);
    QCOMPARE(StepView::stepName(StepView::Projections),
             code == QLatin1String("da")      ? QStringLiteral("Forespørgsler, nøgler, værdier")
             : code == QLatin1String("zh_CN") ? QStringLiteral("查询、键、值")
                                              : QStringLiteral("Queries, keys, values"));
    QVERIFY2(steps->explanationText(0).startsWith(explanation), qPrintable(steps->explanationText(0)));
}

void TranslationsTest::countsSpeakTheLanguage_data() {
    // A count in the window's words: the status bar after a run (two words: [CLS] two words
    // [SEP]), and the error banner's offer to run the first 1 or 2048 tokens of a long text.
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("firstToken");
    QTest::addColumn<QString>("firstTokens");
    QTest::newRow("english") << "en" << "4 tokens" << "Run the first token" << "Run the first 2048 tokens";
    QTest::newRow("danish") << "da" << "4 tokens" << "Kør det første token" << "Kør de første 2048 tokens";
    QTest::newRow("chinese") << "zh_CN" << "4 个词元" << "运行前 1 个词元" << "运行前 2048 个词元";
}

void TranslationsTest::countsSpeakTheLanguage() {
    QFETCH(QString, code);
    QFETCH(QString, status);
    QFETCH(QString, firstToken);
    QFETCH(QString, firstTokens);
    QCOMPARE(installLanguage(code), code);

    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(runSentence(window, QStringLiteral("two words")));
    QCOMPARE(window.statusBar()->currentMessage(), status);

    ErrorBanner* banner = window.errorBanner();
    banner->showError(QStringLiteral("too long"), 1, false);
    QCOMPARE(banner->truncateButton()->text(), firstToken);
    banner->showError(QStringLiteral("too long"), 2048, false);
    QCOMPARE(banner->truncateButton()->text(), firstTokens);
}

void TranslationsTest::modelErrorsSpeakTheLanguage_data() {
    // A model folder the engine refuses: the whole message in the status bar is in the
    // interface's language, the engine's part (context Engine) included, names left as they are.
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("config");    // config.json's bytes
    QTest::addColumn<QString>("expected");  // the engine's words, as the .ts file translates them
    const QString broken = QStringLiteral("{\"model_type\": ");
    const QString list = QStringLiteral("[1, 2]");
    QTest::newRow("english, not JSON") << "en" << broken << "not valid JSON";
    QTest::newRow("danish, not JSON") << "da" << broken << "ikke gyldig JSON";
    QTest::newRow("chinese, not JSON") << "zh_CN" << broken << "不是有效的 JSON";
    QTest::newRow("english, not an object") << "en" << list << "expected a JSON object";
    QTest::newRow("danish, not an object") << "da" << list << "forventede et JSON-objekt";
    QTest::newRow("chinese, not an object") << "zh_CN" << list << "应为 JSON 对象";
}

void TranslationsTest::modelErrorsSpeakTheLanguage() {
    QFETCH(QString, code);
    QFETCH(QString, config);
    QFETCH(QString, expected);
    QCOMPARE(installLanguage(code), code);
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("broken_model"));
    QVERIFY(QDir().mkpath(folder));
    QFile file(QDir(folder).filePath(QStringLiteral("config.json")));
    QVERIFY(file.open(QIODevice::WriteOnly) && file.write(config.toUtf8()) == config.toUtf8().size());
    file.close();

    AttentionDocument document;
    QVERIFY(document.setModelSpec(teachingSpec()));
    MainWindow window(&document);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy errors(&document, &AttentionDocument::errorOccurred);
    window.openModel(folder);
    QVERIFY(errors.wait(10000));
    const QString shown = window.statusBar()->currentMessage();
    QVERIFY2(shown.contains(expected), qPrintable(shown));
    QVERIFY2(shown.contains(QStringLiteral("config.json")), qPrintable(shown));  // the file keeps its name
    if (code != QLatin1String("en"))
        QVERIFY2(!shown.contains(QStringLiteral("JSON object")) && !shown.contains(QStringLiteral("valid JSON")),
                 qPrintable(shown));
}

void TranslationsTest::menuAcceleratorsAreUnique_data() {
    QTest::addColumn<QString>("code");
    QTest::newRow("english") << "en";
    QTest::newRow("danish") << "da";
    QTest::newRow("chinese") << "zh_CN";
}

void TranslationsTest::menuAcceleratorsAreUnique() {
    QFETCH(QString, code);
    QCOMPARE(installLanguage(code), code);
    AttentionDocument document;
    MainWindow window(&document);
    QStringList clashes = clashingAccelerators(window.menuBar()->actions());
    QList<QMenu*> menus;
    for (QAction* action : window.menuBar()->actions())
        if (action->menu())
            menus << action->menu();
    while (!menus.isEmpty()) {
        QMenu* menu = menus.takeFirst();
        for (const QString& clash : clashingAccelerators(menu->actions()))
            clashes << menu->title() + QStringLiteral(": ") + clash;
        for (QAction* action : menu->actions())
            if (action->menu())
                menus << action->menu();
    }
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
}

void TranslationsTest::languageMenuRemembersTheChoice() {
    AttentionDocument document;
    MainWindow window(&document);
    QMenu* view = menuTitled(window.menuBar(), QStringLiteral("&View"));
    QVERIFY(view);
    QAction* languageAction = actionTexted(view, QStringLiteral("L&anguage"));
    QVERIFY(languageAction && languageAction->menu());
    QMenu* language = languageAction->menu();
    QStringList entries;
    for (const QAction* action : language->actions())
        entries << action->text();
    QCOMPARE(entries.mid(1), (QStringList{"English", "Dansk", "简体中文"}));
    QVERIFY2(entries.first().startsWith(QLatin1String("&System (")), qPrintable(entries.first()));
    QVERIFY(language->actions().first()->isChecked());  // nothing chosen yet: the system's

    // Choosing Danish is remembered at once and asked of the window's owner, which rebuilds the
    // window in Danish (tst_mainwindowhost); a window on its own keeps its language.
    QSignalSpy chosen(&window, &MainWindow::languageChosen);
    actionTexted(language, QStringLiteral("Dansk"))->trigger();
    QCOMPARE(AppSettings::load().language, QStringLiteral("da"));
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("da"));
    QVERIFY(actionTexted(language, QStringLiteral("Dansk"))->isChecked());
    QCOMPARE(currentLanguage(), QStringLiteral("en"));
    // English, the language installed, is saved but asks for no new window.
    actionTexted(language, QStringLiteral("English"))->trigger();
    QCOMPARE(AppSettings::load().language, QStringLiteral("en"));
    QCOMPARE(chosen.count(), 1);
    actionTexted(language, QStringLiteral("Dansk"))->trigger();
    QCOMPARE(chosen.count(), 2);

    // A new window (the next start) reads the choice and ticks it.
    MainWindow next(&document);
    QMenu* nextView = menuTitled(next.menuBar(), QStringLiteral("&View"));
    QVERIFY(nextView);
    QMenu* nextLanguage = actionTexted(nextView, QStringLiteral("L&anguage"))->menu();
    QVERIFY(actionTexted(nextLanguage, QStringLiteral("Dansk"))->isChecked());
}

void TranslationsTest::codesResolve_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("expected");
    QTest::newRow("english") << "en" << "en";
    QTest::newRow("danish") << "da" << "da";
    QTest::newRow("danish in Denmark") << "da_DK" << "da";
    QTest::newRow("danish BCP 47") << "da-DK" << "da";
    QTest::newRow("chinese") << "zh_CN" << "zh_CN";
    QTest::newRow("chinese without country") << "zh" << "zh_CN";
    QTest::newRow("simplified script") << "zh-Hans-CN" << "zh_CN";
    QTest::newRow("traditional script") << "zh-Hant-TW" << "en";
    QTest::newRow("taiwan") << "zh_TW" << "en";
    QTest::newRow("french") << "fr_FR" << "en";
    QTest::newRow("posix") << "C" << "en";
}

void TranslationsTest::codesResolve() {
    QFETCH(QString, code);
    QFETCH(QString, expected);
    QCOMPARE(resolveLanguage(code), expected);
}

void TranslationsTest::langArgumentIsFound_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("expected");
    QTest::newRow("none") << QStringList{"headmap", "--text", "hej"} << "";
    QTest::newRow("separate value") << QStringList{"headmap", "--lang", "da", "--text", "hej"} << "da";
    QTest::newRow("equals sign") << QStringList{"headmap", "--lang=zh_CN"} << "zh_CN";
    QTest::newRow("single dash") << QStringList{"headmap", "-lang", "en"} << "en";
    QTest::newRow("missing value") << QStringList{"headmap", "--lang"} << "";
    QTest::newRow("after --") << QStringList{"headmap", "--", "--lang", "da"} << "";
}

void TranslationsTest::langArgumentIsFound() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, expected);
    QCOMPARE(languageArgument(arguments), expected);
}

void TranslationsTest::commandLineHelpIsTranslated_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("locale");    // LC_ALL and LANG of the process
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected");  // on stdout (help) or stderr (error)
    const QString c = QStringLiteral("C");
    QTest::newRow("english") << QStringList{"--lang", "en", "--help"} << c << 0 << "Sentence to show at start.";
    QTest::newRow("danish") << QStringList{"--lang", "da", "--help"} << c << 0 << "Sætning, der vises ved start.";
    QTest::newRow("chinese") << QStringList{"--lang=zh_CN", "--help"} << c << 0 << "启动时显示的句子。";
    QTest::newRow("unknown language") << QStringList{"--lang", "fr", "--help"} << c << 0 << "Sentence to show at start.";
    QTest::newRow("unknown language refused") << QStringList{"--lang", "fr", "--screenshot", "x.png"} << c << 2
                                              << "--lang must be one of en, da, zh_CN, not 'fr'";
    // Without --lang nor a remembered choice, the system's language.
    QTest::newRow("danish system") << QStringList{"--help"} << "da_DK.UTF-8" << 0 << "Sætning, der vises ved start.";
    QTest::newRow("chinese system") << QStringList{"--help"} << "zh_CN.UTF-8" << 0 << "启动时显示的句子。";
    QTest::newRow("english system") << QStringList{"--help"} << "en_US.UTF-8" << 0 << "Sentence to show at start.";
    QTest::newRow("other system language") << QStringList{"--help"} << "fr_FR.UTF-8" << 0 << "Sentence to show at start.";
    QTest::newRow("--lang over the system") << QStringList{"--lang", "en", "--help"} << "da_DK.UTF-8" << 0
                                            << "Sentence to show at start.";
}

void TranslationsTest::commandLineHelpIsTranslated() {
    QFETCH(QStringList, arguments);
    QFETCH(QString, locale);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QTemporaryDir config;
    QVERIFY(config.isValid());
    QProcess headmap;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());  // no remembered language
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    environment.insert(QStringLiteral("LC_ALL"), locale);
    environment.insert(QStringLiteral("LANG"), locale);
    environment.remove(QStringLiteral("LANGUAGE"));
    environment.remove(QStringLiteral("LC_MESSAGES"));
    headmap.setProcessEnvironment(environment);
    headmap.setWorkingDirectory(config.path());
    headmap.start(QStringLiteral(HEADMAP_GUI_PATH), arguments);
    QVERIFY(headmap.waitForFinished(60000));
    QCOMPARE(headmap.exitCode(), exitCode);
    const QString output = QString::fromUtf8(exitCode == 0 ? headmap.readAllStandardOutput()
                                                           : headmap.readAllStandardError());
    QVERIFY2(output.contains(expected), qPrintable(output));
}

QTEST_MAIN(TranslationsTest)
#include "tst_translations.moc"

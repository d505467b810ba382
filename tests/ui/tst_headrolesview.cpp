// The Head roles tab (issue #38) driven as a user would: a corpus path typed into the view's
// field and Score heads pressed; builtin:patterns' hand-built heads come first in their roles;
// progress and partial results show while a long corpus runs and Cancel stops it; a click on a
// head opens its strongest document in the Heatmap tab at the strongest query; the table sorts;
// the data (JSON, CSV, the CLI's layout) and the figure (PNG, SVG, PDF) are written; bad corpora
// (empty, binary, missing, a FIFO) give a message naming the file and nothing hangs; the same
// corpus again comes from memory and a changed one is scored again. The numbers the view shows
// are compared with analysis/HeadRoleRun run here on the same model and corpus (the engine's
// scores are checked against numpy in tst_cliheads). With HEADMAP_SCREENSHOT_DIR set, the tab
// with 144 (12 × 12) and 336 (24 × 14) heads at 800 px, in English, Danish and Chinese, is saved.

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

#include "AttentionDocument.h"
#include "Language.h"
#include "MainWindow.h"
#include "MainWindowTestSupport.h"
#include "TestPaths.h"
#include "model/ModelLoader.h"
#include "roles/HeadRolesMap.h"
#include "roles/HeadRolesTableModel.h"
#include "roles/HeadRolesView.h"
#include "tabs/HeadRolesTabView.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

HeadRolesView* rolesOf(MainWindow& window) { return window.viewOf<HeadRolesTabView>()->roles(); }

// Types the path into the view's field and presses Score heads; true once the run is over.
bool scoreFile(HeadRolesView* view, const QString& path, int timeoutMs = 120000) {
    QSignalSpy finished(view, &HeadRolesView::finished);
    view->useTextBox()->setChecked(false);
    view->corpusEdit()->setText(path);
    QTest::mouseClick(view->runButton(), Qt::LeftButton);
    return finished.wait(timeoutMs) || finished.count() > 0;
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return QString();
    file.write(bytes);
    return path;
}

// The non-empty lines of a file: the corpus reader's documents, by index.
QStringList documentsOf(const QString& path) {
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    QStringList documents;
    for (const QByteArray& line : file.readAll().split('\n'))
        if (!line.trimmed().isEmpty())
            documents << QString::fromUtf8(line.endsWith('\r') ? line.chopped(1) : line);
    return documents;
}

HeadRoleResult engineResult(const QString& source, const QString& path) {
    ModelSpec spec;
    spec.source = source;
    const auto model = loadModel(spec);
    CorpusReader corpus(path, CorpusReader::Split::Lines, corpusDocumentBytes(model->summary()));
    return scoreCorpus(*model, corpus, HeadRoleOptions{}).result;
}

void keep(QWidget& widget, const QString& name) {
    const QString dir = qEnvironmentVariable("HEADMAP_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget.grab().save(QDir(dir).filePath(name + QStringLiteral(".png")));
}

}  // namespace

class TestHeadRolesView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { clearHeadRolesCache(); }
    void cleanup() { installLanguage(QStringLiteral("en")); }

    void patternsHeadsComeFirstInTheirRoles_data();
    void patternsHeadsComeFirstInTheirRoles();
    void progressPartialResultsAndCancel();
    void clickOpensTheStrongestDocumentInTheHeatmap_data();
    void clickOpensTheStrongestDocumentInTheHeatmap();
    void tableSorts();
    void exportsWriteFiles();
    void compareShowsTheChangedHead();
    void sameCorpusFromMemoryChangedCorpusAgain();
    void currentText();
    void translationModelsChooseTheStack_data();
    void translationModelsChooseTheStack();
    void badCorpus_data();
    void badCorpus();
    void screenshots_data();
    void screenshots();
};

void TestHeadRolesView::patternsHeadsComeFirstInTheirRoles_data() {
    QTest::addColumn<int>("role");
    QTest::addColumn<int>("head");
    // README: the roles of the built-in models.
    QTest::newRow("previous-token") << int(HeadRole::PreviousToken) << 0;
    QTest::newRow("sink") << int(HeadRole::Sink) << 3;
    QTest::newRow("special") << int(HeadRole::Special) << 3;
    QTest::newRow("duplicate-token") << int(HeadRole::DuplicateToken) << 4;
    QTest::newRow("entropy") << int(HeadRole::Entropy) << 5;
}

void TestHeadRolesView::patternsHeadsComeFirstInTheirRoles() {
    QFETCH(int, role);
    QFETCH(int, head);
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    const QString corpus = testsupport::fixturePath(QStringLiteral("heads/corpus.txt"));
    QVERIFY(scoreFile(view, corpus));
    QVERIFY(view->messageLabel()->text().isEmpty() || !view->messageLabel()->isVisible());
    const auto result = view->result();
    QVERIFY(result);
    QVERIFY(!view->isPartial());
    QCOMPARE(result->ranking(HeadRole(role)).front(), std::make_pair(0, head));
    // The view shows the engine's numbers, in the table and in the map's tooltip.
    const HeadRoleResult expected = engineResult(QStringLiteral("builtin:patterns"), corpus);
    QCOMPARE(result->documents, expected.documents);
    QCOMPARE(result->tokens, expected.tokens);
    for (int h = 0; h < expected.heads; ++h) {
        QCOMPARE(result->score(HeadRole(role), 0, h), expected.score(HeadRole(role), 0, h));
        const QModelIndex cell = view->tableModel()->index(h, HeadRolesTableModel::FirstMeasureColumn + role);
        QCOMPARE(view->tableModel()->data(cell, HeadRolesTableModel::SortRole).toDouble(),
                 expected.score(HeadRole(role), 0, h));
    }
    view->measureBox()->setCurrentIndex(role);
    const QString tip = view->map()->toolTipFor(0, head);
    QVERIFY2(tip.contains(measureText(expected.score(HeadRole(role), 0, head))), qPrintable(tip));
    for (int m = 0; m < kHeadRoleCount; ++m)
        QVERIFY2(tip.contains(headRoleTitle(m)), qPrintable(tip));
    QCOMPARE(view->progressBar()->value(), view->progressBar()->maximum());
}

void TestHeadRolesView::progressPartialResultsAndCancel() {
    QTemporaryDir dir;
    QByteArray lines;
    const QStringList base = documentsOf(testsupport::fixturePath(QStringLiteral("heads/corpus.txt")));
    for (int i = 0; i < 20000; ++i)
        lines += base[i % base.size()].toUtf8() + '\n';
    const QString path = writeFile(dir, QStringLiteral("long.txt"), lines);
    AttentionDocument document;
    ModelSpec spec = mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"));
    spec.teaching.layers = 12;
    spec.teaching.heads = 12;
    spec.teaching.dModel = 96;
    auto window = mainwindowtests::openWindow(document, spec);
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QSignalSpy finished(view, &HeadRolesView::finished);
    view->corpusEdit()->setText(path);
    QTest::mouseClick(view->runButton(), Qt::LeftButton);
    QVERIFY(view->isRunning());
    QVERIFY(view->cancelButton()->isEnabled());
    // A partial result and the counts arrive while the run goes on.
    QTRY_VERIFY_WITH_TIMEOUT(view->isPartial() && view->result() && view->progressBar()->value() > 0, 60000);
    QVERIFY(view->isRunning());
    QVERIFY2(view->progressLabel()->text().contains(QStringLiteral("document")), qPrintable(view->progressLabel()->text()));
    QVERIFY2(view->progressLabel()->text().contains(QStringLiteral("left")), qPrintable(view->progressLabel()->text()));
    QVERIFY(view->map()->cellRect(11, 11).isValid());  // drawn already
    QTest::mouseClick(view->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000) || finished.count() == 1);
    QVERIFY(!view->isRunning());
    QVERIFY(view->result());
    QVERIFY(view->result()->documents < 20000);
    QVERIFY(view->messageLabel()->text().contains(QStringLiteral("Cancelled")));
    QVERIFY(!view->cancelButton()->isEnabled());
    // A cancelled run is not kept: scoring again starts afresh and finishes.
    QVERIFY(!view->messageLabel()->text().contains(QStringLiteral("memory")));
}

void TestHeadRolesView::clickOpensTheStrongestDocumentInTheHeatmap_data() {
    QTest::addColumn<int>("role");
    QTest::addColumn<int>("head");
    QTest::newRow("previous-token head") << int(HeadRole::PreviousToken) << 0;
    QTest::newRow("duplicate-token head") << int(HeadRole::DuplicateToken) << 4;
    QTest::newRow("punctuation, broad head") << int(HeadRole::Punctuation) << 5;
}

void TestHeadRolesView::clickOpensTheStrongestDocumentInTheHeatmap() {
    QFETCH(int, role);
    QFETCH(int, head);
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    const QString corpus = testsupport::fixturePath(QStringLiteral("heads/corpus.txt"));
    QVERIFY(scoreFile(view, corpus));
    view->measureBox()->setCurrentIndex(role);
    const StrongestPosition strongest = view->result()->strongestOf(HeadRole(role), 0, head);
    QVERIFY(strongest.document >= 0);
    QSignalSpy traced(&document, &AttentionDocument::traceChanged);
    QTest::mouseClick(view->map(), Qt::LeftButton, Qt::NoModifier, view->map()->cellRect(0, head).center());
    QTRY_COMPARE_WITH_TIMEOUT(window->tabs()->currentIndex(), int(MainWindow::HeatmapTab), 30000);
    QCOMPARE(document.text(), documentsOf(corpus).at(strongest.document));
    QCOMPARE(window->currentText(), document.text());  // the text field says what is shown
    QCOMPARE(document.layer(), 0);
    QCOMPARE(document.head(), head);
    QCOMPARE(document.view().selectedToken, strongest.position);
    // The heatmap's row there is where the head plays the role: the weight the score counts.
    const AttentionTrace& trace = *document.pieceTrace();
    const int q = strongest.position;
    if (role == int(HeadRole::PreviousToken)) {
        QVERIFY(q >= 1);
        QVERIFY(trace.weight(0, head, q, q - 1) > 0.99f);
    } else if (role == int(HeadRole::DuplicateToken)) {
        const auto& ids = trace.tokenIds();
        double onCopies = 0;
        for (int k = 0; k < q; ++k)
            if (ids[size_t(k)] == ids[size_t(q)])
                onCopies += trace.weight(0, head, q, k);
        QCOMPARE(onCopies, strongest.value);
        QVERIFY(onCopies > 0.99);
    }
}

void TestHeadRolesView::tableSorts() {
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QVERIFY(scoreFile(view, testsupport::fixturePath(QStringLiteral("heads/corpus.txt"))));
    QTableView* table = view->table();
    const int column = HeadRolesTableModel::FirstMeasureColumn + int(HeadRole::Sink);
    QHeaderView* header = table->horizontalHeader();
    const QPoint at(header->sectionViewportPosition(column) + header->sectionSize(column) / 2, header->height() / 2);
    QTest::mouseClick(header->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    if (header->sortIndicatorOrder() == Qt::AscendingOrder)
        QTest::mouseClick(header->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    QCOMPARE(header->sortIndicatorSection(), column);
    QCOMPARE(header->sortIndicatorOrder(), Qt::DescendingOrder);
    QAbstractItemModel* shown = table->model();
    double previous = 2;
    for (int row = 0; row < shown->rowCount(); ++row) {
        const double value = shown->index(row, column).data(HeadRolesTableModel::SortRole).toDouble();
        QVERIFY(value <= previous);
        previous = value;
    }
    QCOMPARE(shown->index(0, HeadRolesTableModel::HeadColumn).data().toInt(), 3);  // the first-token head
}

void TestHeadRolesView::exportsWriteFiles() {
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QTemporaryDir dir;
    QVERIFY(!view->exportData(dir.filePath(QStringLiteral("none.json"))).isEmpty());  // nothing yet
    QVERIFY(window->exportCurrentView(dir.filePath(QStringLiteral("none.png"))).size() > 0);
    const QString corpus = testsupport::fixturePath(QStringLiteral("heads/corpus.txt"));
    QVERIFY(scoreFile(view, corpus));
    const auto result = view->result();

    const QString json = dir.filePath(QStringLiteral("heads.json"));
    QCOMPARE(view->exportData(json), QString());
    QFile jsonFile(json);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    const QJsonObject root = QJsonDocument::fromJson(jsonFile.readAll()).object();
    QCOMPARE(root.value("documents").toInt(), result->documents);
    QCOMPARE(root.value("corpus").toString(), corpus);
    const QJsonObject scores = root.value("scores").toObject();
    QCOMPARE(scores.size(), kHeadRoleCount);
    const QJsonArray previous = scores.value("previous-token").toArray();
    QCOMPARE(previous.size(), result->layers);
    QCOMPARE(previous.at(0).toArray().size(), result->heads);
    QCOMPARE(previous.at(0).toArray().at(0).toDouble(), result->score(HeadRole::PreviousToken, 0, 0));
    const QJsonArray strongest = root.value("strongest").toObject().value("sink").toArray();
    QCOMPARE(strongest.at(3).toObject().value("document").toInt(), result->strongestOf(HeadRole::Sink, 0, 3).document);

    const QString csv = dir.filePath(QStringLiteral("heads.csv"));
    QCOMPARE(view->exportData(csv), QString());
    QFile csvFile(csv);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = csvFile.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 1 + result->layers * result->heads);
    QCOMPARE(rows.front(), QByteArray("layer,head,previous-token,duplicate-token,induction,sink,entropy,distance,special,"
                                      "punctuation"));
    QCOMPARE(rows.at(4).split(',').at(5).toDouble(), result->score(HeadRole::Sink, 0, 3));

    for (const QString name : {QStringLiteral("map.png"), QStringLiteral("map.svg"), QStringLiteral("map.pdf")}) {
        const QString path = dir.filePath(name);
        QCOMPARE(window->exportCurrentView(path, 2.0), QString());
        QVERIFY(QFileInfo(path).size() > 500);
    }
    const QImage image(dir.filePath(QStringLiteral("map.png")));
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 200);
    const auto figure = view->figure();
    QVERIFY(figure->texts().contains(headRoleTitle(0)));
}

void TestHeadRolesView::compareShowsTheChangedHead() {
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    view->compareEdit()->setText(QStringLiteral("builtin:patterns:broad=0"));
    QVERIFY(scoreFile(view, testsupport::fixturePath(QStringLiteral("heads/corpus.txt"))));
    const auto result = view->result();
    QVERIFY(result && result->hasDivergence());
    QVERIFY(result->divergence[0] > 0.1);
    for (int h = 1; h < result->heads; ++h)
        QCOMPARE(result->divergence[size_t(h)], 0.0);
    view->measureBox()->setCurrentIndex(kDivergenceMeasure);
    QCOMPARE(view->map()->measure(), kDivergenceMeasure);
    QCOMPARE(view->tableModel()->columnCount(), HeadRolesTableModel::FirstMeasureColumn + kHeadRoleCount + 1);
    const auto figure = view->figure();
    QVERIFY(figure->texts().contains(headRoleTitle(kDivergenceMeasure)));
    // A second model the view cannot open: a message, no result.
    view->compareEdit()->setText(QStringLiteral("/no/such/model/folder"));
    QVERIFY(scoreFile(view, testsupport::fixturePath(QStringLiteral("heads/corpus.txt"))));
    QVERIFY(!view->result());
    QVERIFY2(view->messageLabel()->text().contains(QStringLiteral("/no/such/model/folder")),
             qPrintable(view->messageLabel()->text()));
}

void TestHeadRolesView::sameCorpusFromMemoryChangedCorpusAgain() {
    QTemporaryDir dir;
    const QString path = writeFile(dir, QStringLiteral("c.txt"), "the cat sat on the mat\nthe dog sat\n");
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QVERIFY(scoreFile(view, path));
    QCOMPARE(view->result()->documents, 2);
    QVERIFY(!view->messageLabel()->text().contains(QStringLiteral("memory")));
    QVERIFY(scoreFile(view, path));
    QVERIFY(view->messageLabel()->text().contains(QStringLiteral("memory")));
    QCOMPARE(view->result()->documents, 2);
    writeFile(dir, QStringLiteral("c.txt"), "the cat sat on the mat\nthe dog sat\na bird\n");
    QVERIFY(scoreFile(view, path));
    QVERIFY(!view->messageLabel()->text().contains(QStringLiteral("memory")));
    QCOMPARE(view->result()->documents, 3);
}

void TestHeadRolesView::currentText() {
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    QVERIFY(mainwindowtests::runSentence(*window, QStringLiteral("the cat saw the cat")));
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QSignalSpy finished(view, &HeadRolesView::finished);
    view->useTextBox()->setChecked(true);
    QVERIFY(!view->corpusEdit()->isEnabled());
    QTest::mouseClick(view->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(30000));
    QVERIFY(view->result());
    QCOMPARE(view->result()->documents, 1);
    QCOMPARE(view->result()->tokens, qint64(document.pieceTrace()->length()));
}

void TestHeadRolesView::translationModelsChooseTheStack_data() {
    QTest::addColumn<int>("stackIndex");
    QTest::newRow("encoder") << int(StackKind::Encoder);
    QTest::newRow("decoder") << int(StackKind::Decoder);
}

// An encoder–decoder model shows the stack choice (one-stack models do not); the scores are the
// chosen stack's as analysis/HeadRoleRun computes them, the export names the stack, and a click
// opens the document in that stack at the strongest query.
void TestHeadRolesView::translationModelsChooseTheStack() {
    QFETCH(int, stackIndex);
    const StackKind stack = StackKind(stackIndex);
    {
        AttentionDocument plain;
        auto window = mainwindowtests::openWindow(plain, mainwindowtests::modelSpec("builtin:patterns"));
        QVERIFY(window);
        window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
        QVERIFY(!rolesOf(*window)->stackBox()->isVisible());
    }
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:translation"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QVERIFY(view->stackBox()->isVisible());
    QCOMPARE(view->stackBox()->count(), 2);  // no cross-attention: its keys are the source's
    view->stackBox()->setCurrentIndex(view->stackBox()->findData(int(stack)));
    QTemporaryDir dir;
    const QString corpus = writeFile(dir, QStringLiteral("corpus.txt"),
                                     QByteArray("katten sidder på måtten\nhunden løber i haven\n"));
    QVERIFY(scoreFile(view, corpus));
    QVERIFY(view->result());
    window->resize(800, 700);
    keep(*window, QStringLiteral("head-roles-translation-") + stackName(stack));

    ModelSpec spec;
    spec.source = QStringLiteral("builtin:translation");
    const auto model = loadModel(spec);
    CorpusReader reader(corpus, CorpusReader::Split::Lines, corpusDocumentBytes(model->summary()));
    HeadRoleOptions options;
    options.stack = stack;
    const HeadRoleResult expected = scoreCorpus(*model, reader, options).result;
    const HeadRoleResult& shown = *view->result();
    QCOMPARE(shown.layers, expected.layers);
    QCOMPARE(shown.heads, expected.heads);
    QCOMPARE(shown.tokens, expected.tokens);
    for (int role = 0; role < kHeadRoleCount; ++role)
        for (int layer = 0; layer < shown.layers; ++layer)
            for (int head = 0; head < shown.heads; ++head)
                QCOMPARE(shown.score(HeadRole(role), layer, head), expected.score(HeadRole(role), layer, head));

    const QString json = dir.filePath(QStringLiteral("heads.json"));
    QCOMPARE(view->exportData(json), QString());
    QFile jsonFile(json);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(jsonFile.readAll()).object().value("stack").toString(), stackName(stack));
    QVERIFY(view->figure()->texts().join(' ').contains(stackTitle(stack)));

    const StrongestPosition strongest = shown.strongestOf(HeadRole::PreviousToken, 0, 1);
    QVERIFY(strongest.document >= 0);
    QTest::mouseClick(view->map(), Qt::LeftButton, Qt::NoModifier, view->map()->cellRect(0, 1).center());
    QTRY_COMPARE_WITH_TIMEOUT(window->tabs()->currentIndex(), int(MainWindow::HeatmapTab), 30000);
    QTRY_COMPARE_WITH_TIMEOUT(document.stack(), stack, 30000);
    QCOMPARE(document.text(), documentsOf(corpus).at(strongest.document));
    QCOMPARE(document.head(), 1);
    QCOMPARE(document.view().selectedToken, strongest.position);
    QVERIFY(strongest.position < document.pieceTrace()->length());
}

void TestHeadRolesView::badCorpus_data() {
    QTest::addColumn<QByteArray>("content");  // "missing" / "fifo": no file / a FIFO
    QTest::addColumn<QString>("expected");
    QTest::newRow("empty") << QByteArray() << QStringLiteral("bad.txt");
    QTest::newRow("blank lines only") << QByteArray("\n  \n\t\n") << QStringLiteral("bad.txt");
    QTest::newRow("binary") << QByteArray("PK\x03\x04\x00\x00\x01\x02 zip", 13) << QStringLiteral("bad.txt");
    QTest::newRow("missing") << QByteArray("missing") << QStringLiteral("bad.txt");
    QTest::newRow("fifo") << QByteArray("fifo") << QStringLiteral("bad.txt");
}

void TestHeadRolesView::badCorpus() {
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bad.txt"));
    if (content == "fifo")
        QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    else if (content != "missing")
        QVERIFY(!writeFile(dir, QStringLiteral("bad.txt"), content).isEmpty());
    AttentionDocument document;
    auto window = mainwindowtests::openWindow(document, mainwindowtests::modelSpec("builtin:patterns"));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QVERIFY(scoreFile(view, path, 30000));
    QVERIFY(!view->isRunning());
    QVERIFY(!view->result());
    QVERIFY(view->messageLabel()->isVisible());
    QVERIFY2(view->messageLabel()->text().contains(expected), qPrintable(view->messageLabel()->text()));
    // The view still works afterwards.
    QVERIFY(scoreFile(view, testsupport::fixturePath(QStringLiteral("heads/corpus.txt"))));
    QVERIFY(view->result());
    // No path at all: a message before any work.
    view->corpusEdit()->clear();
    QTest::mouseClick(view->runButton(), Qt::LeftButton);
    QVERIFY(!view->isRunning());
    QVERIFY(view->messageLabel()->text().contains(QStringLiteral("Browse")));
}

void TestHeadRolesView::screenshots_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    for (const char* language : {"en", "da", "zh_CN"}) {
        QTest::addRow("%s 12x12", language) << QString::fromLatin1(language) << 12 << 12;
        QTest::addRow("%s 24x14", language) << QString::fromLatin1(language) << 24 << 14;
    }
}

void TestHeadRolesView::screenshots() {
    QFETCH(QString, language);
    QFETCH(int, layers);
    QFETCH(int, heads);
    installLanguage(language);
    AttentionDocument document;
    ModelSpec spec = mainwindowtests::modelSpec(QStringLiteral("builtin:teaching"));
    spec.teaching.layers = layers;
    spec.teaching.heads = heads;
    spec.teaching.dModel = heads * 4;
    auto window = mainwindowtests::openWindow(document, spec, QSize(800, 700));
    QVERIFY(window);
    window->tabs()->setCurrentIndex(MainWindow::HeadRolesTab);
    HeadRolesView* view = rolesOf(*window);
    QVERIFY(scoreFile(view, testsupport::fixturePath(QStringLiteral("heads/corpus.txt"))));
    QVERIFY(view->result());
    QCOMPARE(view->result()->layers * view->result()->heads, layers * heads);
    view->measureBox()->setCurrentIndex(int(HeadRole::Sink));
    QApplication::processEvents();
    QVERIFY(window->width() <= 800);
    // Every head's cell is on screen, inside the map.
    QVERIFY(view->map()->rect().contains(view->map()->cellRect(layers - 1, heads - 1)));
    QVERIFY(view->map()->cellRect(0, 0).width() >= 6);
    keep(*window, QStringLiteral("head-roles-%1-%2x%3").arg(language).arg(layers).arg(heads));
}

QTEST_MAIN(TestHeadRolesView)
#include "tst_headrolesview.moc"

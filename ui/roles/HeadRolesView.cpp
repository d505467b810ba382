#include "roles/HeadRolesView.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "WorkerPool.h"
#include "core/HeadmapError.h"
#include "roles/HeadRolesData.h"
#include "roles/HeadRolesFigure.h"
#include "roles/HeadRolesMap.h"
#include "roles/HeadRolesTableModel.h"

namespace headmap::ui {

HeadRolesView::HeadRolesView(QWidget* parent)
    : QWidget(parent),
      m_corpus(new QLineEdit),
      m_browse(new QPushButton(tr("&Browse…"))),
      m_useText(new QCheckBox(tr("Use the current text"))),
      m_paragraphs(new QCheckBox(tr("Paragraphs"))),
      m_measure(new QComboBox),
      m_stackLabel(new QLabel(tr("S&tack:"))),
      m_stack(new QComboBox),
      m_compare(new QLineEdit),
      m_run(new QPushButton(tr("&Score heads"))),
      m_cancelButton(new QPushButton(tr("Cancel"))),
      m_progress(new QProgressBar),
      m_progressText(new QLabel),
      m_message(new QLabel),
      m_map(new HeadRolesMap),
      m_model(new HeadRolesTableModel(this)),
      m_sorted(new QSortFilterProxyModel(this)),
      m_table(new QTableView),
      m_exportButton(new QPushButton(tr("Export &data…"))) {
    buildLayout();
    connect(m_browse, &QPushButton::clicked, this, &HeadRolesView::chooseFile);
    connect(m_run, &QPushButton::clicked, this, &HeadRolesView::run);
    connect(m_corpus, &QLineEdit::returnPressed, this, &HeadRolesView::run);
    connect(m_cancelButton, &QPushButton::clicked, this, &HeadRolesView::cancel);
    connect(m_exportButton, &QPushButton::clicked, this, &HeadRolesView::chooseExportFile);
    connect(m_useText, &QCheckBox::toggled, this, &HeadRolesView::updateControls);
    connect(m_measure, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_map->setMeasure(index);
    });
    connect(m_map, &HeadRolesMap::headClicked, this, &HeadRolesView::openHead);
    connect(&m_watcher, &QFutureWatcher<HeadRolesOutcome>::finished, this, &HeadRolesView::adoptOutcome);
    connect(&m_reader, &QFutureWatcher<std::pair<QString, bool>>::finished, this, [this] {
        const auto [text, cut] = m_reader.result();
        if (text.isEmpty()) {
            setMessage(tr("That document is no longer in the corpus: the file changed. Score the heads again."), true);
            return;
        }
        emit openRequested(text, cut, m_running.stack.value_or(StackKind::Encoder), m_openLayer, m_openHead,
                           m_openPosition);
    });
    m_map->setPlaceholder(tr("Choose a corpus file (one document per line) or use the current text, then "
                             "press Score heads."));
    updateControls();
}

HeadRolesView::~HeadRolesView() {
    if (m_cancel)
        m_cancel->store(true);
    m_watcher.waitForFinished();
    m_reader.waitForFinished();
}

void HeadRolesView::buildLayout() {
    m_corpus->setPlaceholderText(tr("Corpus file: UTF-8 text, one document per line"));
    m_corpus->setClearButtonEnabled(true);
    m_compare->setPlaceholderText(tr("Second model to compare (optional)"));
    m_compare->setToolTip(tr("A model spec or folder with the same tokenizer, e.g. a fine-tuned copy: the "
                             "divergence map shows which heads changed."));
    m_paragraphs->setToolTip(tr("One document per run of lines between blank lines, instead of one per line"));
    for (int measure = 0; measure <= kDivergenceMeasure; ++measure) {
        m_measure->addItem(headRoleTitle(measure));
        m_measure->setItemData(measure, headRoleHint(measure), Qt::ToolTipRole);
    }
    // Cross-attention has no role here: its keys are the source's tokens, not its own.
    m_stack->addItem(tr("Encoder self-attention"), int(StackKind::Encoder));
    m_stack->addItem(tr("Decoder self-attention"), int(StackKind::Decoder));
    m_stack->setToolTip(tr("Encoder: each document read as the source. Decoder: the model's translation of "
                           "each document, written first."));
    m_stackLabel->setBuddy(m_stack);
    m_cancelButton->setEnabled(false);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    m_progress->setMaximumHeight(10);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_sorted->setSourceModel(m_model);
    m_sorted->setSortRole(HeadRolesTableModel::SortRole);
    m_table->setModel(m_sorted);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);  // the heads in order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        const QModelIndex source = m_sorted->mapToSource(index);
        if (const HeadRoleResult* r = m_model->result())
            openHead(source.row() / r->heads, source.row() % r->heads);
    });

    auto* corpusRow = new QHBoxLayout;
    corpusRow->addWidget(m_corpus, 1);
    corpusRow->addWidget(m_browse);
    corpusRow->addWidget(m_useText);
    corpusRow->addWidget(m_paragraphs);
    auto* measureLabel = new QLabel(tr("Colour b&y:"));
    measureLabel->setBuddy(m_measure);
    auto* optionsRow = new QHBoxLayout;
    optionsRow->addWidget(measureLabel);
    optionsRow->addWidget(m_measure);
    optionsRow->addWidget(m_stackLabel);
    optionsRow->addWidget(m_stack);
    optionsRow->addWidget(m_compare, 1);
    optionsRow->addWidget(m_run);
    optionsRow->addWidget(m_cancelButton);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(m_progressText, 2);
    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_map);
    splitter->addWidget(m_table);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    auto* exportRow = new QHBoxLayout;
    exportRow->addStretch(1);
    exportRow->addWidget(m_exportButton);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(corpusRow);
    layout->addLayout(optionsRow);
    layout->addLayout(progressRow);
    layout->addWidget(m_message);
    layout->addWidget(splitter, 1);
    layout->addLayout(exportRow);
}

void HeadRolesView::setModel(std::shared_ptr<const Model> model, const ModelSpec& spec) {
    if (model == m_modelPointer)
        return;
    cancel();
    m_modelPointer = std::move(model);
    m_spec = spec;
    showResult(nullptr, false);
    setMessage(QString(), false);
    m_progressText->clear();
    updateControls();
}

void HeadRolesView::takeOverFrom(const HeadRolesView& old) {
    m_corpus->setText(old.m_corpus->text());
    m_useText->setChecked(old.m_useText->isChecked());
    m_paragraphs->setChecked(old.m_paragraphs->isChecked());
    m_compare->setText(old.m_compare->text());
    m_stack->setCurrentIndex(old.m_stack->currentIndex());
    m_modelPointer = old.m_modelPointer;
    m_spec = old.m_spec;
    m_text = old.m_text;
    m_running = old.m_running;
    m_compareName = old.m_compareName;
    if (!old.isRunning())
        showResult(old.m_result, old.m_partial);
    m_measure->setCurrentIndex(old.m_measure->currentIndex());
    m_progressText->setText(old.m_progressText->text());
}

void HeadRolesView::setCurrentText(const QString& text) { m_text = text; }

void HeadRolesView::setColormap(Colormap colormap) {
    m_colormap = colormap;
    m_map->setColormap(colormap);
}

HeadRolesRequest HeadRolesView::request() const {
    HeadRolesRequest request;
    request.model = m_modelPointer;
    request.spec = m_spec;
    request.compareSource = m_compare->text().trimmed();
    if (m_useText->isChecked())
        request.text = m_text;
    else
        request.corpusPath = m_corpus->text().trimmed();
    request.paragraphs = m_paragraphs->isChecked();
    if (scoresStacks())
        request.stack = StackKind(m_stack->currentData().toInt());
    return request;
}

bool HeadRolesView::scoresStacks() const {
    return m_modelPointer && m_modelPointer->summary().isEncoderDecoder();
}

void HeadRolesView::run() {
    // The old worker reports to this view: it ends (within a layer) before the next one starts.
    cancel();
    m_watcher.waitForFinished();
    const HeadRolesRequest next = request();
    if (!m_useText->isChecked() && next.corpusPath.isEmpty()) {
        setMessage(tr("Choose a corpus file first (Browse…), or check \"Use the current text\"."), true);
        return;
    }
    m_running = next;
    const quint64 generation = ++m_generation;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const auto cancelFlag = m_cancel;
    showResult(nullptr, false);
    setMessage(QString(), false);
    m_progress->setRange(0, 0);  // busy until the first report says how far
    m_progressText->setText(tr("Reading the corpus…"));
    m_watcher.setFuture(QtConcurrent::run(workerPool(), [this, next, cancelFlag, generation] {
        return runHeadRoles(next, *cancelFlag, [this, generation](const HeadRolesReport& report) {
            QMetaObject::invokeMethod(this, [this, generation, report] { showReport(generation, report); },
                                      Qt::QueuedConnection);
        });
    }));
    updateControls();
}

void HeadRolesView::cancel() {
    if (!isRunning())
        return;
    m_cancel->store(true);
    m_progressText->setText(tr("Cancelling…"));
}

bool HeadRolesView::isRunning() const { return m_watcher.isRunning(); }

void HeadRolesView::showReport(quint64 generation, const HeadRolesReport& report) {
    if (generation != m_generation || !isRunning())
        return;  // a run cancelled since, or already over
    const HeadRoleProgress& p = report.progress;
    QString text = tr("%n document(s)", nullptr, p.documents) + QStringLiteral(", ") +
                   tr("%n token(s)", nullptr, int(std::min<qint64>(p.tokens, INT_MAX)));
    if (p.totalBytes > 0 && p.bytesRead > 0) {
        m_progress->setRange(0, 1000);
        m_progress->setValue(int(1000.0 * double(p.bytesRead) / double(p.totalBytes)));
        const double left = report.elapsedSeconds * double(p.totalBytes - p.bytesRead) / double(p.bytesRead);
        text += QStringLiteral(" · ") + tr("about %1 s left").arg(qRound(left));
    }
    m_progressText->setText(text);
    showResult(report.partial, true);
}

void HeadRolesView::adoptOutcome() {
    const HeadRolesOutcome outcome = m_watcher.result();
    m_progress->setRange(0, 1000);
    m_progress->setValue(outcome.cancelled || !outcome.error.isEmpty() ? 0 : 1000);
    m_compareName = outcome.compareName;
    if (!outcome.error.isEmpty()) {
        showResult(nullptr, false);
        m_progressText->clear();
        setMessage(outcome.error, true);
    } else {
        showResult(outcome.result, outcome.cancelled);
        const HeadRoleResult* r = outcome.result.get();
        QString summary = r ? tr("%n document(s)", nullptr, r->documents) + QStringLiteral(", ") +
                                  tr("%n token(s)", nullptr, int(std::min<qint64>(r->tokens, INT_MAX)))
                            : QString();
        if (r && r->truncated > 0)
            summary += QStringLiteral(", ") + tr("%n cut to the model's length", nullptr, r->truncated);
        m_progressText->setText(summary);
        if (outcome.cancelled)
            setMessage(tr("Cancelled: the map shows the documents scored before."), false);
        else if (outcome.fromCache)
            setMessage(tr("The same corpus and model as before: shown from memory."), false);
        else if (outcome.invalidUtf8Documents > 0)
            setMessage(tr("%n document(s) are not valid UTF-8; invalid bytes were replaced.", nullptr,
                          outcome.invalidUtf8Documents),
                       false);
        else
            setMessage(QString(), false);
    }
    updateControls();
    emit finished();
}

void HeadRolesView::showResult(std::shared_ptr<const HeadRoleResult> result, bool partial) {
    m_result = std::move(result);
    m_partial = partial;
    m_map->setResult(m_result);
    m_model->setResult(m_result);
    updateControls();
}

void HeadRolesView::setMessage(const QString& text, bool error) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_message->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
}

void HeadRolesView::updateControls() {
    const bool running = isRunning();
    m_cancelButton->setEnabled(running);
    m_run->setEnabled(m_modelPointer != nullptr);
    m_corpus->setEnabled(!m_useText->isChecked());
    m_browse->setEnabled(!m_useText->isChecked());
    m_exportButton->setEnabled(m_result != nullptr && !running);
    m_stackLabel->setVisible(scoresStacks());
    m_stack->setVisible(scoresStacks());
    // The divergence entry means something only with a second model's result.
    const bool divergence = m_result && m_result->hasDivergence();
    if (!divergence && m_measure->currentIndex() == kDivergenceMeasure)
        m_measure->setCurrentIndex(0);
}

void HeadRolesView::chooseFile() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a corpus"), m_corpus->text(),
                                                      tr("Text (*.txt);;All files (*)"));
    if (path.isEmpty())
        return;
    m_corpus->setText(path);
    run();
}

void HeadRolesView::chooseExportFile() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export head roles"),
                                                      QDir::home().filePath(QStringLiteral("heads.json")),
                                                      tr("JSON (*.json);;CSV (*.csv)"));
    if (!path.isEmpty())
        exportData(path);
}

QString HeadRolesView::exportData(const QString& path) {
    if (!m_result) {
        const QString error = tr("Nothing to export yet: score the heads first.");
        setMessage(error, true);
        return error;
    }
    HeadRolesExport data;
    data.model = m_modelPointer ? m_modelPointer->summary().name : QString();
    data.compare = m_compareName;
    data.corpus = m_running.corpusPath;
    data.paragraphs = m_running.paragraphs;
    if (m_running.stack)
        data.stack = stackName(*m_running.stack);
    data.result = m_result.get();
    QSaveFile file(path);
    QString error;
    if (!file.open(QIODevice::WriteOnly))
        error = tr("Could not write %1: %2").arg(path, file.errorString());
    else {
        const bool json = QFileInfo(path).suffix().compare(QStringLiteral("json"), Qt::CaseInsensitive) == 0;
        file.write(json ? headRolesJson(data) : headRolesCsv(data));
        if (!file.commit())
            error = tr("Could not write %1: %2").arg(path, file.errorString());
    }
    setMessage(error.isEmpty() ? tr("Saved %1").arg(path) : error, !error.isEmpty());
    return error;
}

std::unique_ptr<Figure> HeadRolesView::figure() const {
    if (!m_result)
        return nullptr;
    HeadRolesFigureData data;
    data.result = *m_result;
    data.measure = m_measure->currentIndex();
    data.colormap = m_colormap;
    const QString model = m_modelPointer ? m_modelPointer->summary().name : QString();
    const QString corpus = m_running.corpusPath.isEmpty() ? tr("the current text")
                                                           : QFileInfo(m_running.corpusPath).fileName();
    data.title = tr("%1 · head roles over %2 (%n document(s))", nullptr, m_result->documents).arg(model, corpus);
    if (m_running.stack)
        data.title += QStringLiteral(" · ") + stackTitle(*m_running.stack);
    if (!m_compareName.isEmpty())
        data.title += QStringLiteral(" · ") + tr("compared with %1").arg(m_compareName);
    return std::make_unique<HeadRolesFigure>(data);
}

void HeadRolesView::openHead(int layer, int head) {
    if (!m_result || layer < 0 || head < 0 || layer >= m_result->layers || head >= m_result->heads ||
        m_reader.isRunning())
        return;
    // The divergence has no strongest position: the head opens where it is most previous-token.
    const int measure = m_measure->currentIndex() < kHeadRoleCount ? m_measure->currentIndex() : 0;
    const StrongestPosition s = m_result->strongestOf(HeadRole(measure), layer, head);
    if (s.document < 0)
        return;
    m_openLayer = layer;
    m_openHead = head;
    m_openPosition = s.position;
    const HeadRolesRequest request = m_running;
    const int document = s.document;
    m_reader.setFuture(QtConcurrent::run(workerPool(), [request, document] {
        bool cut = false;
        try {
            const QString text = corpusDocumentText(request, document, &cut);
            return std::make_pair(text, cut);
        } catch (const HeadmapError&) {
            return std::make_pair(QString(), false);
        }
    }));
}

}  // namespace headmap::ui

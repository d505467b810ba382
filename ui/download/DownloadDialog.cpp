#include "download/DownloadDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "download/ByteSizeText.h"

namespace headmap::ui {
namespace {

constexpr int kProgressSteps = 1000;  // QProgressBar holds an int; sizes do not fit one

enum Column { FileColumn, SizeColumn, StatusColumn };

}  // namespace

DownloadDialog::DownloadDialog(QWidget* parent)
    : QDialog(parent),
      m_modelId(new QLineEdit),
      m_revision(new QLineEdit(QStringLiteral("main"))),
      m_check(new QPushButton(tr("Check"))),
      m_files(new QTreeWidget),
      m_progress(new QProgressBar),
      m_speed(new QLabel),
      m_message(new QLabel),
      m_download(new QPushButton(tr("Download"))),
      m_cancel(new QPushButton(tr("Cancel"))),
      m_open(new QPushButton(tr("Open model"))),
      m_close(new QPushButton(tr("Close"))) {
    setWindowTitle(tr("Download a model from the Hugging Face Hub"));
    m_modelId->setObjectName(QStringLiteral("modelId"));
    m_modelId->setPlaceholderText(QStringLiteral("openai-community/gpt2"));
    m_revision->setObjectName(QStringLiteral("revision"));
    m_check->setObjectName(QStringLiteral("check"));
    m_files->setObjectName(QStringLiteral("files"));
    m_files->setHeaderLabels({tr("File"), tr("Size"), tr("Status")});
    m_files->setRootIsDecorated(false);
    m_files->header()->setSectionResizeMode(FileColumn, QHeaderView::Stretch);
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, kProgressSteps);
    m_progress->setValue(0);
    m_speed->setObjectName(QStringLiteral("speed"));
    m_message->setObjectName(QStringLiteral("message"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_download->setObjectName(QStringLiteral("download"));
    m_download->setDefault(true);
    m_cancel->setObjectName(QStringLiteral("cancel"));
    m_open->setObjectName(QStringLiteral("open"));
    m_open->setVisible(false);
    m_close->setObjectName(QStringLiteral("close"));

    auto* idRow = new QHBoxLayout;
    idRow->addWidget(m_modelId, 1);
    idRow->addWidget(m_check);
    auto* form = new QFormLayout;
    form->addRow(tr("Model id:"), idRow);
    form->addRow(tr("Revision:"), m_revision);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_download);
    buttons->addWidget(m_cancel);
    buttons->addStretch();
    buttons->addWidget(m_open);
    buttons->addWidget(m_close);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_files, 1);
    layout->addWidget(m_progress);
    layout->addWidget(m_speed);
    layout->addWidget(m_message);
    layout->addLayout(buttons);
    resize(620, 420);

    const QString cache = m_downloader.environment().cacheRoot;
    showMessage(m_downloader.environment().offline
                    ? tr("HF_HUB_OFFLINE is set: only models already in the cache (%1) open.").arg(cache)
                    : tr("Files go to the Hugging Face cache, %1, where transformers finds them too.").arg(cache),
                false);

    connect(m_check, &QPushButton::clicked, this, [this] {
        setBusy(true);
        showMessage(tr("Asking the Hub for the file list…"), false);
        m_downloader.check(request());
    });
    connect(m_download, &QPushButton::clicked, this, [this] {
        m_snapshot.clear();
        m_open->setVisible(false);
        setBusy(true);
        showMessage(tr("Downloading…"), false);
        m_downloader.download(request());
    });
    connect(m_cancel, &QPushButton::clicked, &m_downloader, &HubDownloader::cancel);
    connect(m_open, &QPushButton::clicked, this, [this] {
        emit openRequested(m_snapshot);
        accept();
    });
    connect(m_close, &QPushButton::clicked, this, &DownloadDialog::reject);
    connect(m_modelId, &QLineEdit::textChanged, this, [this] { m_files->clear(); });

    connect(&m_downloader, &HubDownloader::filesListed, this, [this](const HubFileList& list) {
        showFiles(list);
        if (!m_downloader.isBusy()) {
            setBusy(false);
            showMessage(tr("%1 files, %2 in all, at commit %3.")
                            .arg(list.files.size())
                            .arg(byteSizeText(list.totalSize()), list.commit.left(12)),
                        false);
        }
    });
    connect(&m_downloader, &HubDownloader::fileStarted, this, [this](const QString& path, qint64, qint64 offset) {
        setFileStatus(path, offset > 0 ? tr("resuming after %1").arg(byteSizeText(offset)) : tr("downloading"));
    });
    connect(&m_downloader, &HubDownloader::fileFinished, this, [this](const QString& path, bool cached) {
        setFileStatus(path, cached ? tr("in the cache") : tr("done"));
    });
    connect(&m_downloader, &HubDownloader::progress, this, &DownloadDialog::showProgress);
    connect(&m_downloader, &HubDownloader::finished, this, [this](const QString& folder) {
        setBusy(false);
        m_snapshot = folder;
        m_progress->setValue(kProgressSteps);
        m_speed->clear();
        m_open->setVisible(true);
        m_open->setDefault(true);
        showMessage(tr("Downloaded into %1").arg(folder), false);
    });
    connect(&m_downloader, &HubDownloader::failed, this, [this](const QString& message) {
        setBusy(false);
        m_speed->clear();
        showMessage(message, true);
    });
    connect(&m_downloader, &HubDownloader::cancelled, this, [this] {
        setBusy(false);
        m_speed->clear();
        showMessage(tr("Cancelled. Download again to resume where it stopped."), false);
    });
    setBusy(false);
}

HubRequest DownloadDialog::request() const {
    return HubRequest{m_modelId->text().trimmed(), m_revision->text().trimmed()};
}

void DownloadDialog::setBusy(bool busy) {
    m_modelId->setEnabled(!busy);
    m_revision->setEnabled(!busy);
    m_check->setEnabled(!busy);
    m_download->setEnabled(!busy);
    m_cancel->setEnabled(busy);
}

void DownloadDialog::showFiles(const HubFileList& list) {
    m_files->clear();
    for (const HubFile& file : list.files) {
        auto* item = new QTreeWidgetItem(m_files);
        item->setText(FileColumn, file.path);
        item->setText(SizeColumn, file.size >= 0 ? byteSizeText(file.size) : QStringLiteral("?"));
        item->setTextAlignment(SizeColumn, Qt::AlignRight | Qt::AlignVCenter);
        if (!file.sha256.isEmpty())
            item->setToolTip(FileColumn, tr("SHA-256 %1 (checked after the download)").arg(file.sha256));
    }
    m_files->resizeColumnToContents(SizeColumn);
}

void DownloadDialog::showProgress(qint64 done, qint64 total, double bytesPerSecond) {
    m_progress->setValue(total > 0 ? int(double(done) / double(total) * kProgressSteps) : 0);
    QString text = tr("%1 of %2").arg(byteSizeText(done), byteSizeText(total));
    if (bytesPerSecond > 0)
        text += tr(", %1/s, %2 left").arg(byteSizeText(qint64(bytesPerSecond)),
                                        durationText(double(total - done) / bytesPerSecond));
    m_speed->setText(text);
}

void DownloadDialog::setFileStatus(const QString& path, const QString& status) {
    const QList<QTreeWidgetItem*> items = m_files->findItems(path, Qt::MatchExactly, FileColumn);
    for (QTreeWidgetItem* item : items)
        item->setText(StatusColumn, status);
}

void DownloadDialog::showMessage(const QString& text, bool error) {
    m_message->setText(text);
    m_message->setStyleSheet(error ? QStringLiteral("color: #b00020;") : QString());
    m_message->setProperty("error", error);
}

void DownloadDialog::reject() {
    m_downloader.cancel();
    QDialog::reject();
}

}  // namespace headmap::ui

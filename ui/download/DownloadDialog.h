#pragma once
// File > Download model from the Hub…: a model id and a revision, Check lists the files the
// download takes with their sizes, Download fetches them into the Hugging Face cache with a
// progress bar, speed and time left; Cancel keeps what arrived, so Download again resumes it.
// When done, Open model emits the snapshot folder for the main window to open.

#include <QDialog>

#include "download/HubDownloader.h"

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTreeWidget;

namespace headmap::ui {

class DownloadDialog : public QDialog {
    Q_OBJECT
public:
    explicit DownloadDialog(QWidget* parent = nullptr);

    // The snapshot folder of the last finished download; empty before.
    const QString& snapshotFolder() const { return m_snapshot; }

signals:
    void openRequested(const QString& snapshotFolder);

protected:
    void reject() override;  // Esc or Close: a running download is cancelled first

private:
    HubRequest request() const;
    void setBusy(bool busy);
    void showFiles(const HubFileList& list);
    void showProgress(qint64 done, qint64 total, double bytesPerSecond);
    void setFileStatus(const QString& path, const QString& status);
    void showMessage(const QString& text, bool error);

    HubDownloader m_downloader;
    QLineEdit* m_modelId;
    QLineEdit* m_revision;
    QPushButton* m_check;
    QTreeWidget* m_files;
    QProgressBar* m_progress;
    QLabel* m_speed;
    QLabel* m_message;
    QPushButton* m_download;
    QPushButton* m_cancel;
    QPushButton* m_open;
    QPushButton* m_close;
    QString m_snapshot;
};

}  // namespace headmap::ui

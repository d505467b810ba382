#include "cli/CliDownload.h"

#include <unistd.h>

#include <QElapsedTimer>
#include <QFile>

#include "download/ByteSizeText.h"
#include "download/HubDownloader.h"

namespace headmap::cli {
namespace {

bool isTerminal(QIODevice* device) {
    auto* file = qobject_cast<QFile*>(device);
    return file && file->handle() >= 0 && ::isatty(file->handle());
}

// Progress on stderr: a terminal gets one line rewritten in place (at most 5 times a second);
// a log or pipe a line per file and a percentage at most every 10 %.
class ProgressPrinter {
public:
    explicit ProgressPrinter(QIODevice* err) : m_err(err), m_terminal(isTerminal(err)) { m_clock.start(); }

    void line(const QString& text) {
        clearLive();
        m_err->write(("headmap-cli: " + text + '\n').toUtf8());
    }
    void progress(qint64 done, qint64 total, double speed) {
        const int percent = total > 0 ? int(100 * done / total) : 100;
        QString text = QStringLiteral("%1 %  %2 of %3").arg(percent).arg(byteSizeText(done), byteSizeText(total));
        if (speed > 0)
            text += QStringLiteral("  %1/s  %2 left").arg(byteSizeText(qint64(speed)), durationText(double(total - done) / speed));
        if (m_terminal) {
            if (m_clock.elapsed() - m_lastLive < 200 && done < total)
                return;
            m_lastLive = m_clock.elapsed();
            m_err->write(("\r\033[K" + text).toUtf8());
            m_live = true;
        } else if (percent / 10 > m_lastDecile && percent < 100) {
            m_lastDecile = percent / 10;
            line(text);
        }
    }

private:
    void clearLive() {
        if (m_live)
            m_err->write("\r\033[K");
        m_live = false;
    }

    QIODevice* m_err;
    bool m_terminal;
    bool m_live = false;
    int m_lastDecile = 0;
    qint64 m_lastLive = -1000;
    QElapsedTimer m_clock;
};

}  // namespace

void runDownload(const CliRequest& request, QIODevice* out, QIODevice* err) {
    HubDownloader downloader;
    ProgressPrinter printer(err);
    const HubEnvironment& env = downloader.environment();
    QObject::connect(&downloader, &HubDownloader::filesListed, [&](const HubFileList& list) {
        printer.line(QStringLiteral("%1 at %2 (commit %3): %4 files, %5, into %6")
                         .arg(list.repoId, list.revision, list.commit.left(12))
                         .arg(list.files.size())
                         .arg(byteSizeText(list.totalSize()), env.cacheRoot));
    });
    QObject::connect(&downloader, &HubDownloader::fileStarted, [&](const QString& path, qint64 size, qint64 offset) {
        printer.line(offset > 0 ? QStringLiteral("  %1 (%2), resuming after %3").arg(path, byteSizeText(size), byteSizeText(offset))
                                : QStringLiteral("  %1 (%2)").arg(path, byteSizeText(size)));
    });
    QObject::connect(&downloader, &HubDownloader::progress, [&](qint64 done, qint64 total, double speed) {
        printer.progress(done, total, speed);
    });
    QObject::connect(&downloader, &HubDownloader::fileFinished, [&](const QString& path, bool cached) {
        if (cached)
            printer.line(QStringLiteral("  %1 already in the cache").arg(path));
    });
    const QString folder = waitForDownload(downloader, {request.repoId, request.revision});
    printer.line(downloader.usedCacheOffline()
                     ? QStringLiteral("HF_HUB_OFFLINE is set: using the cached snapshot")
                     : QStringLiteral("done; open it with --model %1").arg(request.repoId));
    out->write(folder.toUtf8() + '\n');
}

}  // namespace headmap::cli

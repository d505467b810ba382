#include "roles/HeadRolesJob.h"

#include <algorithm>
#include <optional>
#include <vector>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QTemporaryFile>

#include "core/AttentionStack.h"
#include "core/HeadmapError.h"

namespace headmap::ui {
namespace {

class HeadRolesJobText {
    Q_DECLARE_TR_FUNCTIONS(headmap::ui::HeadRolesView)  // the messages are the view's
};

struct CacheEntry {
    std::weak_ptr<const Model> model;
    QByteArray key;
    std::shared_ptr<const HeadRoleResult> result;
    QString compareName;
};

QMutex& cacheMutex() {
    static QMutex mutex;
    return mutex;
}

// A handful of results: each is 16 numbers and 8 positions per head, a few hundred kB at most.
std::vector<CacheEntry>& resultCache() {
    static std::vector<CacheEntry> entries;
    return entries;
}
constexpr size_t kCacheSize = 16;

// The options and the corpus's content, hashed. Reads the file in 1 MB chunks, so a 2 GB file
// costs time but no memory; cancel stops it. Empty when cancelled.
QByteArray corpusKey(const HeadRolesRequest& request, const std::atomic<bool>& cancel) {
    QCryptographicHash hash(QCryptographicHash::Sha1);
    const QByteArray stack = request.stack ? stackName(*request.stack).toUtf8() : QByteArray();
    hash.addData(request.compareSource.toUtf8() + '\0' + (request.paragraphs ? "p" : "l") + '\0' + stack + '\0');
    if (request.corpusPath.isEmpty()) {
        hash.addData(request.text.toUtf8());
        return hash.result();
    }
    QFile file(request.corpusPath);
    // Not a regular file (a FIFO would block here): CorpusReader says so, with the file's name.
    if (!QFileInfo(request.corpusPath).isFile() || !file.open(QIODevice::ReadOnly))
        return QByteArray("unreadable:") + request.corpusPath.toUtf8();
    QByteArray chunk;
    while (!file.atEnd()) {
        if (cancel.load())
            return QByteArray();
        chunk = file.read(1 << 20);
        if (chunk.isEmpty())
            break;
        hash.addData(chunk);
    }
    return hash.result();
}

std::optional<CacheEntry> cachedResult(const Model* model, const QByteArray& key) {
    QMutexLocker lock(&cacheMutex());
    for (const CacheEntry& entry : resultCache()) {
        const auto alive = entry.model.lock();
        if (alive && alive.get() == model && entry.key == key)
            return entry;
    }
    return std::nullopt;
}

void keepResult(const std::shared_ptr<const Model>& model, const QByteArray& key,
          std::shared_ptr<const HeadRoleResult> result, const QString& compareName) {
    QMutexLocker lock(&cacheMutex());
    auto& entries = resultCache();
    entries.erase(std::remove_if(entries.begin(), entries.end(), [](const CacheEntry& e) { return e.model.expired(); }),
                  entries.end());
    if (entries.size() >= kCacheSize)
        entries.erase(entries.begin());
    entries.push_back({model, key, std::move(result), compareName});
}

// The current text as a corpus file: CorpusReader reads files only, and the text is small.
std::unique_ptr<QTemporaryFile> temporaryTextFile(const QString& text) {
    auto file = std::make_unique<QTemporaryFile>();
    if (!file->open())
        throw InputError(HeadRolesJobText::tr("Could not write the text to a temporary file: %1").arg(file->errorString()));
    file->write(text.toUtf8());
    file->flush();
    return file;
}

CorpusReader::Split corpusSplit(const HeadRolesRequest& request) {
    return request.paragraphs ? CorpusReader::Split::Paragraphs : CorpusReader::Split::Lines;
}

}  // namespace

HeadRolesOutcome runHeadRoles(const HeadRolesRequest& request, const std::atomic<bool>& cancel,
                              const std::function<void(const HeadRolesReport&)>& report) {
    HeadRolesOutcome outcome;
    if (!request.model) {
        outcome.error = HeadRolesJobText::tr("Open a model first: head roles are measured with the loaded model.");
        return outcome;
    }
    if (request.corpusPath.isEmpty() && request.text.trimmed().isEmpty()) {
        outcome.error = HeadRolesJobText::tr("Type a text or choose a corpus file first: there is nothing to score.");
        return outcome;
    }
    const QByteArray key = corpusKey(request, cancel);
    if (cancel.load()) {
        outcome.cancelled = true;
        return outcome;
    }
    if (auto entry = cachedResult(request.model.get(), key)) {
        outcome.result = entry->result;
        outcome.compareName = entry->compareName;
        outcome.fromCache = true;
        return outcome;
    }
    try {
        std::unique_ptr<Model> compare;
        if (!request.compareSource.isEmpty()) {
            ModelSpec spec = request.spec;
            spec.source = request.compareSource;
            compare = loadModel(spec);
            outcome.compareName = compare->summary().name;
        }
        std::unique_ptr<QTemporaryFile> temporary;
        QString path = request.corpusPath;
        if (path.isEmpty()) {
            temporary = temporaryTextFile(request.text);
            path = temporary->fileName();
        }
        CorpusReader corpus(path, corpusSplit(request), corpusDocumentBytes(request.model->summary()));
        QElapsedTimer clock;
        clock.start();
        qint64 lastReport = -1000;
        HeadRoleOptions options;
        options.stack = request.stack;
        options.compare = compare.get();
        options.cancel = &cancel;
        options.progress = [&](const HeadRoleProgress& progress, const HeadRoleScorer& scorer) {
            const qint64 now = clock.elapsed();
            if (report && now - lastReport >= 100) {
                lastReport = now;
                HeadRolesReport r;
                r.progress = progress;
                if (temporary)  // bytes of a temporary file mean nothing to the user
                    r.progress.bytesRead = r.progress.totalBytes = 0;
                r.elapsedSeconds = now / 1000.0;
                r.partial = std::make_shared<const HeadRoleResult>(scorer.result());
                report(r);
            }
            return !cancel.load();
        };
        HeadRoleRun run = scoreCorpus(*request.model, corpus, options);
        outcome.cancelled = run.cancelled || cancel.load();
        outcome.invalidUtf8Documents = run.invalidUtf8Documents;
        outcome.result = std::make_shared<const HeadRoleResult>(std::move(run.result));
        if (!outcome.cancelled)
            keepResult(request.model, key, outcome.result, outcome.compareName);
    } catch (const HeadmapError& error) {
        outcome.error = error.message();
    } catch (const std::bad_alloc&) {
        outcome.error = HeadRolesJobText::tr("Out of memory while scoring the corpus: try a smaller model or corpus.");
    }
    return outcome;
}

QString corpusDocumentText(const HeadRolesRequest& request, int index, bool* cut) {
    std::unique_ptr<QTemporaryFile> temporary;
    QString path = request.corpusPath;
    if (path.isEmpty()) {
        temporary = temporaryTextFile(request.text);
        path = temporary->fileName();
    }
    CorpusReader corpus(path, corpusSplit(request), corpusDocumentBytes(request.model->summary()));
    while (auto document = corpus.next()) {
        if (document->index == index) {
            if (cut)
                *cut = document->cut;
            return document->text;
        }
    }
    return QString();
}

void clearHeadRolesCache() {
    QMutexLocker lock(&cacheMutex());
    resultCache().clear();
}

}  // namespace headmap::ui

#include "local/LmStudioStore.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

QString readSmallFile(const QString& path, qint64 limit) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly) || file.size() > limit)
        return QString();
    return QString::fromUtf8(file.read(limit));
}

QString lmStudioHome() {
    const QString configured = qEnvironmentVariable("LMSTUDIO_HOME");
    if (!configured.isEmpty())
        return QDir(configured).absolutePath();
    const QDir home = QDir::home();
    const QString pointer = readSmallFile(home.filePath(QStringLiteral(".lmstudio-home-pointer")), 4096).trimmed();
    if (!pointer.isEmpty())
        return pointer;
    const QString legacy = home.filePath(QStringLiteral(".cache/lm-studio"));
    if (QFileInfo(legacy).isDir())
        return legacy;
    return home.filePath(QStringLiteral(".lmstudio"));
}

// settings.json's "downloadsFolder": the Models Directory chosen in LM Studio; empty when unset.
QString downloadsFolder(const QString& home) {
    const QString text = readSmallFile(QDir(home).filePath(QStringLiteral("settings.json")), LmStudioStore::kMaxSettingsBytes);
    const QJsonDocument document = QJsonDocument::fromJson(text.toUtf8());
    return document.object().value(QStringLiteral("downloadsFolder")).toString();
}

QStringList lmStudioRoots() {
    const QString home = lmStudioHome();
    QStringList candidates;
    if (const QString chosen = downloadsFolder(home); !chosen.isEmpty())
        candidates << chosen;
    candidates << QDir(home).filePath(QStringLiteral("models"))
               << QDir::home().filePath(QStringLiteral(".lmstudio/models"))
               << QDir::home().filePath(QStringLiteral(".cache/lm-studio/models"));
    QStringList roots;
    for (const QString& candidate : candidates) {
        const QString clean = QDir::cleanPath(candidate);
        if (!roots.contains(clean))
            roots << clean;
    }
    return roots;
}

bool isProjector(const QString& fileName) {
    return fileName.startsWith(QLatin1String("mmproj"), Qt::CaseInsensitive);
}

// One path part of a key: not empty, not "." or "..", no separator.
bool isPlainPart(const QString& part) {
    return !part.isEmpty() && part != QLatin1String(".") && part != QLatin1String("..") &&
           !part.contains(QLatin1Char('\\')) && !part.contains(QLatin1Char('/')) && !part.contains(QChar(0));
}

QString listOf(const QStringList& items, int shown) {
    QString text = QStringList(items.mid(0, shown)).join(QStringLiteral(", "));
    if (items.size() > shown)
        text += QCoreApplication::translate("Engine", ", … (%1 in all; see 'headmap-cli models')").arg(items.size());
    return text;
}

}  // namespace

LmStudioStore::LmStudioStore() : m_roots(lmStudioRoots()) {}

LmStudioStore::LmStudioStore(QStringList roots) : m_roots(std::move(roots)) {}

QStringList LmStudioStore::modelFiles(const QString& folder) {
    QStringList files;
    const QFileInfoList entries = QDir(folder).entryInfoList(QDir::Files, QDir::Name);
    for (const QFileInfo& entry : entries) {
        if (entry.fileName().endsWith(QLatin1String(".gguf"), Qt::CaseInsensitive) && !isProjector(entry.fileName()))
            files << entry.fileName();
    }
    return files;  // QDir::Name: sorted by name, the same on every run
}

QList<LmStudioStore::Folder> LmStudioStore::folders() const {
    QList<Folder> found;
    QStringList keys;
    for (const QString& root : m_roots) {
        const QDir rootDir(root);
        for (const QString& publisher : rootDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
            const QDir publisherDir(rootDir.filePath(publisher));
            for (const QString& model : publisherDir.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name)) {
                const QString key = publisher + QLatin1Char('/') + model;
                const QString path = publisherDir.filePath(model);
                if (keys.contains(key) || modelFiles(path).isEmpty())
                    continue;
                keys << key;
                found << Folder{key, path};
            }
        }
    }
    return found;
}

QList<LocalModel> LmStudioStore::list() const {
    QList<LocalModel> models;
    for (const Folder& folder : folders()) {
        const QStringList files = modelFiles(folder.path);
        for (const QString& file : files) {
            LocalModel model;
            const QString shortSpec = QStringLiteral("lmstudio:") + folder.key;
            if (files.size() == 1) {
                model.spec = shortSpec;
            } else {
                model.spec = shortSpec + QLatin1Char('/') + file;
                if (file == files.front())
                    model.alias = shortSpec;  // what the short spec opens
            }
            model.path = QDir(folder.path).filePath(file);
            describeGgufFile(model);
            models << model;
        }
    }
    std::sort(models.begin(), models.end(),
              [](const LocalModel& a, const LocalModel& b) { return a.spec < b.spec; });
    return models;
}

QString LmStudioStore::resolve(const QString& key) const {
    const QStringList parts = key.split(QLatin1Char('/'));
    if ((parts.size() != 2 && parts.size() != 3) || !std::all_of(parts.begin(), parts.end(), isPlainPart))
        throw ModelError(QCoreApplication::translate("Engine", "'%1' is not an LM Studio model (expected "
                                                               "PUBLISHER/MODEL or PUBLISHER/MODEL/FILE.gguf, as in "
                                                               "LM Studio's models folder)")
                             .arg(key));
    const QString folderKey = parts[0] + QLatin1Char('/') + parts[1];
    const QList<Folder> all = folders();
    for (const Folder& folder : all) {
        if (folder.key != folderKey)
            continue;
        const QStringList files = modelFiles(folder.path);
        if (parts.size() == 2)
            return QDir(folder.path).filePath(files.front());
        if (files.contains(parts[2]))
            return QDir(folder.path).filePath(parts[2]);
        throw ModelError(
            QCoreApplication::translate("Engine", "LM Studio model '%1' not found: '%2' holds %3%4")
                .arg(key, folder.path, listOf(files, 20),
                     isProjector(parts[2])
                         ? QCoreApplication::translate("Engine", " (mmproj files are vision projectors, not models)")
                         : QString()));
    }
    QStringList keys;
    for (const Folder& folder : all)
        keys << QStringLiteral("lmstudio:") + folder.key;
    throw ModelError(QCoreApplication::translate("Engine", "LM Studio model '%1' not found in %2 (%3)")
                         .arg(folderKey, m_roots.join(QStringLiteral(", ")),
                              keys.isEmpty() ? QCoreApplication::translate("Engine", "no GGUF models there")
                                             : QCoreApplication::translate("Engine", "downloaded: %1")
                                                   .arg(listOf(keys, 20))));
}

}  // namespace headmap

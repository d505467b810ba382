#include "hf/HubCache.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include "core/HeadmapError.h"
#include "hf/ArchitectureRegistry.h"
#include "hf/ConfigFile.h"

namespace headmap {
namespace {

QString defaultRoot() {
    const QString hubCache = qEnvironmentVariable("HF_HUB_CACHE");
    if (!hubCache.isEmpty())
        return hubCache;
    const QString home = qEnvironmentVariable("HF_HOME");
    if (!home.isEmpty())
        return QDir(home).filePath(QStringLiteral("hub"));
    return QDir::home().filePath(QStringLiteral(".cache/huggingface/hub"));
}

}  // namespace

HubCache::HubCache() : m_root(defaultRoot()) {}

HubCache::HubCache(const QString& root) : m_root(root) {}

bool HubCache::looksLikeHubId(const QString& text) {
    // "name" or "org/name" of letters, digits, '-', '_', '.'; no leading '.', no "..".
    static const QRegularExpression pattern(
        QStringLiteral("^[A-Za-z0-9][A-Za-z0-9._-]*(/[A-Za-z0-9][A-Za-z0-9._-]*)?$"));
    return pattern.match(text).hasMatch() && !text.contains(QLatin1String(".."));
}

std::optional<CachedModel> HubCache::snapshotOf(const QString& repoFolder, const QString& id) const {
    const QDir repo(repoFolder);
    const QDir snapshots(repo.filePath(QStringLiteral("snapshots")));
    QFile ref(repo.filePath(QStringLiteral("refs/main")));
    if (ref.open(QIODevice::ReadOnly)) {
        const QString commit = QString::fromLatin1(ref.read(256)).trimmed();
        const QString folder = snapshots.filePath(commit);
        if (looksLikeHubId(commit) && QFileInfo(QDir(folder).filePath(QStringLiteral("config.json"))).exists())
            return CachedModel{id, folder, commit, QString(), false};
    }
    // No usable ref (e.g. downloaded at a fixed revision): take the newest complete snapshot.
    const QFileInfoList entries =
        snapshots.entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Time);
    for (const QFileInfo& entry : entries) {
        if (QFileInfo(QDir(entry.filePath()).filePath(QStringLiteral("config.json"))).exists())
            return CachedModel{id, entry.filePath(), entry.fileName(), QString(), false};
    }
    return std::nullopt;
}

std::optional<CachedModel> HubCache::find(const QString& id) const {
    if (!looksLikeHubId(id))
        return std::nullopt;
    QString folderName = QStringLiteral("models--") + id;
    folderName.replace(QLatin1Char('/'), QStringLiteral("--"));
    const QString repo = QDir(m_root).filePath(folderName);
    if (!QFileInfo(repo).isDir())
        return std::nullopt;
    return snapshotOf(repo, id);
}

QList<CachedModel> HubCache::list() const {
    QList<CachedModel> models;
    const QDir root(m_root);
    const QStringList repos =
        root.entryList({QStringLiteral("models--*")}, QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString& repo : repos) {
        QString id = repo.mid(8);  // after "models--"
        id.replace(QStringLiteral("--"), QStringLiteral("/"));
        if (auto model = snapshotOf(root.filePath(repo), id)) {
            try {
                model->modelType = ConfigFile::readModelType(model->folder);
            } catch (const HeadmapError&) {
                // Listed all the same: opening it will say what is wrong with its config.json.
            }
            model->supported = findArchitecture(model->modelType) != nullptr;
            models << *model;
        }
    }
    return models;
}

}  // namespace headmap

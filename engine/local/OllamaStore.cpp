#include "local/OllamaStore.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

// envconfig.Var: the value with surrounding quotes and spaces trimmed.
QString cleanedVariable(const char* name) {
    QString value = qEnvironmentVariable(name);
    static const QString junk = QStringLiteral("\"' ");
    qsizetype begin = 0, end = value.size();
    while (begin < end && junk.contains(value[begin]))
        ++begin;
    while (end > begin && junk.contains(value[end - 1]))
        --end;
    return value.mid(begin, end - begin);
}

QStringList ollamaRoots() {
    QStringList roots;
    const QString configured = cleanedVariable("OLLAMA_MODELS");
    roots << (configured.isEmpty() ? QDir::home().filePath(QStringLiteral(".ollama/models")) : configured);
    const QString service = QStringLiteral("/usr/share/ollama/.ollama/models");
    if (QDir::cleanPath(roots.front()) != service)
        roots << service;
    return roots;
}

QStringList subfolders(const QString& folder) {
    return QDir(folder).entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

QString manifestError(const QString& file, const QString& detail) {
    return QCoreApplication::translate("Engine", "Ollama manifest '%1' %2").arg(file, detail);
}

QJsonObject readManifest(const QString& file) {
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly))
        throw ModelError(
            manifestError(file, QCoreApplication::translate("Engine", "cannot be read: %1").arg(in.errorString())));
    if (in.size() > OllamaStore::kMaxManifestBytes)
        throw ModelError(manifestError(file, QCoreApplication::translate("Engine", "is %1 bytes; a manifest is a "
                                                                                  "small JSON file (at most %2)")
                                                 .arg(in.size())
                                                 .arg(OllamaStore::kMaxManifestBytes)));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(in.read(OllamaStore::kMaxManifestBytes), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throw ModelError(manifestError(file, QCoreApplication::translate("Engine", "is not valid JSON: %1 at byte %2")
                                                 .arg(parseError.errorString())
                                                 .arg(parseError.offset)));
    if (!document.isObject())
        throw ModelError(manifestError(file, QCoreApplication::translate("Engine", "is not a JSON object")));
    return document.object();
}

QString knownRoots(const QStringList& roots) {
    return roots.join(QStringLiteral(", "));
}

}  // namespace

OllamaStore::OllamaStore() : m_roots(ollamaRoots()) {}

OllamaStore::OllamaStore(QStringList roots) : m_roots(std::move(roots)) {}

QList<OllamaStore::Manifest> OllamaStore::manifests() const {
    QList<Manifest> found;
    for (const QString& root : m_roots) {
        const QString top = QDir(root).filePath(QStringLiteral("manifests"));
        // Manifests() in server/manifest.go: manifests/*/*/*/*, files only.
        for (const QString& host : subfolders(top)) {
            const QString hostDir = QDir(top).filePath(host);
            for (const QString& nameSpace : subfolders(hostDir)) {
                const QString nameSpaceDir = QDir(hostDir).filePath(nameSpace);
                for (const QString& model : subfolders(nameSpaceDir)) {
                    const QDir modelDir(QDir(nameSpaceDir).filePath(model));
                    for (const QString& tag : modelDir.entryList(QDir::Files, QDir::Name)) {
                        const auto name = OllamaName::fromManifestParts(host, nameSpace, model, tag);
                        if (!name)
                            continue;  // not a name Ollama could have written (Ollama skips these too)
                        const bool hidden = std::any_of(found.begin(), found.end(), [&](const Manifest& m) {
                            return m.name.sameAs(*name);
                        });
                        if (!hidden)
                            found << Manifest{*name, root, modelDir.filePath(tag)};
                    }
                }
            }
        }
    }
    return found;
}

QString OllamaStore::blobOf(const Manifest& manifest) const {
    const QJsonObject object = readManifest(manifest.file);
    const QJsonValue layers = object.value(QStringLiteral("layers"));
    if (!layers.isArray())
        throw ModelError(
            manifestError(manifest.file, QCoreApplication::translate("Engine", "has no \"layers\" array")));
    QStringList mediaTypes;
    for (const QJsonValue& layer : layers.toArray()) {
        const QString mediaType = layer.toObject().value(QStringLiteral("mediaType")).toString();
        if (mediaType != QLatin1String(kModelMediaType)) {
            mediaTypes << (mediaType.isEmpty() ? QCoreApplication::translate("Engine", "(no mediaType)") : mediaType);
            continue;
        }
        const QString digest = layer.toObject().value(QStringLiteral("digest")).toString();
        // GetBlobsPath accepts only real sha256 digests, so a manifest cannot point outside blobs/.
        static const QRegularExpression sha256(QStringLiteral("^sha256[:-][0-9a-fA-F]{64}$"));
        if (!sha256.match(digest).hasMatch())
            throw ModelError(manifestError(manifest.file, QCoreApplication::translate(
                                                              "Engine", "names the model layer's digest '%1'; "
                                                                        "expected sha256:<64 hex digits>")
                                                              .arg(digest)));
        QString blobName = digest;
        blobName.replace(QLatin1Char(':'), QLatin1Char('-'));
        const QString blob = QDir(manifest.root).filePath(QStringLiteral("blobs/") + blobName);
        if (!QFileInfo::exists(blob))
            throw ModelError(QCoreApplication::translate("Engine", "Ollama model '%1': its blob '%2' is missing (an "
                                                                   "interrupted pull? 'ollama pull %1' fetches it "
                                                                   "again)")
                                 .arg(manifest.name.shortest(), blob));
        return blob;
    }
    throw ModelError(manifestError(manifest.file, QCoreApplication::translate("Engine", "has no layer of type %1 "
                                                                                        "(its layers: %2); Headmap "
                                                                                        "opens GGUF models")
                                                      .arg(QLatin1String(kModelMediaType),
                                                           mediaTypes.isEmpty()
                                                               ? QCoreApplication::translate("Engine", "none")
                                                               : mediaTypes.join(QStringLiteral(", ")))));
}

QList<LocalModel> OllamaStore::list() const {
    QList<LocalModel> models;
    for (const Manifest& manifest : manifests()) {
        LocalModel model;
        model.spec = QStringLiteral("ollama:") + manifest.name.shortest();
        try {
            model.path = blobOf(manifest);
            describeGgufFile(model);
        } catch (const HeadmapError& error) {
            model.error = error.message();
        }
        models << model;
    }
    std::sort(models.begin(), models.end(),
              [](const LocalModel& a, const LocalModel& b) { return a.spec < b.spec; });
    return models;
}

QString OllamaStore::resolve(const QString& text) const {
    const auto name = OllamaName::parse(text);
    if (!name)
        throw ModelError(QCoreApplication::translate("Engine", "'%1' is not an Ollama model name (expected "
                                                               "MODEL[:TAG], NAMESPACE/MODEL[:TAG] or "
                                                               "HOST/NAMESPACE/MODEL[:TAG] of letters, digits, '_', "
                                                               "'-' and '.')")
                             .arg(text));
    const QList<Manifest> all = manifests();
    for (const Manifest& manifest : all) {
        if (manifest.name.sameAs(*name))
            return blobOf(manifest);
    }
    QStringList pulled;
    for (const Manifest& manifest : all)
        pulled << QStringLiteral("ollama:") + manifest.name.shortest();
    std::sort(pulled.begin(), pulled.end());
    const int shown = 20;
    QString available = pulled.isEmpty() ? QCoreApplication::translate("Engine", "none pulled")
                                          : QCoreApplication::translate("Engine", "pulled: %1")
                                                .arg(QStringList(pulled.mid(0, shown)).join(QStringLiteral(", ")));
    if (pulled.size() > shown)
        available += QCoreApplication::translate("Engine", ", … (%1 in all; see 'headmap-cli models')")
                         .arg(pulled.size());
    throw ModelError(QCoreApplication::translate("Engine", "Ollama model '%1' not found in %2 (%3; 'ollama pull %1' "
                                                           "downloads it)")
                         .arg(name->shortest(), knownRoots(m_roots), available));
}

}  // namespace headmap

#pragma once
// For the tests of engine/local (header only; link tests/formats/GgufBytes.cpp): fake Ollama
// and LM Studio stores laid out the way those programs write them, holding tiny valid GGUF
// files built byte by byte (tests/formats/GgufBytes.h).
//
// Ollama (ollama/ollama server/manifest.go WriteManifest, server/layer.go): a manifest is
//   {"schemaVersion":2,"mediaType":"application/vnd.docker.distribution.manifest.v2+json",
//    "config":{...},"layers":[{"mediaType":...,"digest":"sha256:HEX","size":N}, ...]}
// and each layer is stored as blobs/sha256-HEX, HEX being the SHA-256 of its bytes.

#include <optional>
#include <utility>

#include <QByteArray>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QtGlobal>

#include "GgufBytes.h"
#include "core/HeadmapError.h"

namespace localfixture {

// A valid GGUF file (two small tensors) with general.architecture and, when given,
// general.file_type (a UINT32, as llama.cpp's convert_hf_to_gguf.py writes it).
inline QByteArray ggufBytes(const QByteArray& architecture, std::optional<quint32> fileType) {
    fixture::GgufParts parts = fixture::validGgufParts();
    parts.kvs.clear();
    parts.kvs << fixture::ggufStringKv("general.architecture", architecture);
    if (fileType)
        parts.kvs << fixture::ggufU32Kv("general.file_type", *fileType);
    return fixture::gguf(parts);
}

inline bool writeBytes(const QString& path, const QByteArray& bytes) {
    if (!QDir().mkpath(QFileInfo(path).path()))
        return false;
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

inline QString digestOf(const QByteArray& bytes) {
    return QStringLiteral("sha256:") + QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

// Stores bytes as a blob of the Ollama store at root; returns its digest ("" on failure).
inline QString writeOllamaBlob(const QString& root, const QByteArray& bytes) {
    const QString digest = digestOf(bytes);
    QString name = digest;
    name.replace(QLatin1Char(':'), QLatin1Char('-'));
    return writeBytes(QDir(root).filePath(QStringLiteral("blobs/") + name), bytes) ? digest : QString();
}

using OllamaLayer = std::pair<QString, QString>;  // mediaType, digest

inline QByteArray ollamaManifest(const QList<OllamaLayer>& layers) {
    QJsonArray array;
    for (const OllamaLayer& layer : layers)
        array.append(QJsonObject{{"mediaType", layer.first}, {"digest", layer.second}, {"size", 1}});
    const QJsonObject config{{"mediaType", "application/vnd.docker.container.image.v1+json"},
                             {"digest", digestOf("{}")}, {"size", 2}};
    return QJsonDocument(QJsonObject{{"schemaVersion", 2},
                                     {"mediaType", "application/vnd.docker.distribution.manifest.v2+json"},
                                     {"config", config},
                                     {"layers", array}})
        .toJson(QJsonDocument::Compact);
}

// manifests/HOST/NAMESPACE/MODEL/TAG
inline bool writeOllamaManifest(const QString& root, const QString& relativePath, const QByteArray& manifest) {
    return writeBytes(QDir(root).filePath(QStringLiteral("manifests/") + relativePath), manifest);
}

// A pulled model: the GGUF blob, a template layer beside it, and the manifest naming both.
// Returns the blob's path ("" on failure).
inline QString addOllamaModel(const QString& root, const QString& relativePath, const QByteArray& gguf) {
    const QString model = writeOllamaBlob(root, gguf);
    const QString templ = writeOllamaBlob(root, "{{ .Prompt }}");
    if (model.isEmpty() || templ.isEmpty() ||
        !writeOllamaManifest(root, relativePath,
                             ollamaManifest({{"application/vnd.ollama.image.model", model},
                                             {"application/vnd.ollama.image.template", templ}})))
        return QString();
    QString name = model;
    name.replace(QLatin1Char(':'), QLatin1Char('-'));
    return QDir(root).filePath(QStringLiteral("blobs/") + name);
}

// The message store.resolve(name) throws, or "(no error)".
template <typename Store>
QString errorOf(const Store& store, const QString& name) {
    try {
        store.resolve(name);
    } catch (const headmap::ModelError& error) {
        return error.message();
    }
    return QStringLiteral("(no error)");
}

// Sets back an environment variable (or its absence) when the test is done with it.
class EnvironmentGuard {
public:
    explicit EnvironmentGuard(const char* name) : m_name(name), m_had(qEnvironmentVariableIsSet(name)), m_value(qgetenv(name)) {}
    ~EnvironmentGuard() { m_had ? qputenv(m_name, m_value) : qunsetenv(m_name); }

private:
    const char* m_name;
    bool m_had;
    QByteArray m_value;
};

}  // namespace localfixture

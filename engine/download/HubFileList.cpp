#include "download/HubFileList.h"

#include <algorithm>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include "core/HeadmapError.h"

namespace headmap {

qint64 HubFileList::totalSize() const {
    qint64 total = 0;
    for (const HubFile& file : files)
        total += std::max<qint64>(0, file.size);
    return total;
}

bool isWantedFile(const QString& path) {
    static const QStringList exact{
        "config.json", "generation_config.json", "model.safetensors.index.json", "tokenizer.json",
        "tokenizer_config.json", "special_tokens_map.json", "vocab.txt", "vocab.json", "merges.txt",
        "tokenizer.model", "spiece.model"};  // spiece.model: T5 folders without tokenizer.json
    // The weights as formats/Checkpoint reads them: model.safetensors, or the shards that
    // model.safetensors.index.json names (transformers' model-00001-of-00002.safetensors);
    // not consolidated.safetensors (Mistral's copy in another layout) nor adapters.
    static const QRegularExpression shard(QStringLiteral("^model-\\d+-of-\\d+\\.safetensors$"));
    if (path.contains(QLatin1Char('/')))
        return false;  // onnx/, original/, ...: other formats of the same model
    return exact.contains(path) || path == QLatin1String("model.safetensors") || shard.match(path).hasMatch();
}

bool isCommitHash(const QString& text) {
    static const QRegularExpression pattern(QStringLiteral("^[0-9a-f]{40}$"));
    return pattern.match(text).hasMatch();
}

HubFileList parseModelInfo(const QByteArray& json, const QString& repoId, const QString& revision) {
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        throw ModelError(QCoreApplication::translate("Engine", "the Hub's file list for %1 is not JSON: %2")
                             .arg(repoId, error.errorString()));
    const QJsonObject info = doc.object();
    HubFileList list;
    list.repoId = repoId;
    list.revision = revision;
    list.commit = info.value(QLatin1String("sha")).toString();
    if (!isCommitHash(list.commit))
        throw ModelError(
            QCoreApplication::translate("Engine", "the Hub's file list for %1 has no commit id (\"sha\")").arg(repoId));
    const QJsonValue siblings = info.value(QLatin1String("siblings"));
    if (!siblings.isArray())
        throw ModelError(
            QCoreApplication::translate("Engine", "the Hub's file list for %1 has no \"siblings\" array").arg(repoId));
    bool anyPytorch = false;
    QStringList otherSafetensors;
    for (const QJsonValue& value : siblings.toArray()) {
        const QJsonObject entry = value.toObject();
        const QString path = entry.value(QLatin1String("rfilename")).toString();
        if (path.endsWith(QLatin1String(".bin")) || path.endsWith(QLatin1String(".pth")))
            anyPytorch = true;
        if (!isWantedFile(path)) {
            if (path.endsWith(QLatin1String(".safetensors")))
                otherSafetensors << path;
            continue;
        }
        HubFile file;
        file.path = path;
        const QJsonObject lfs = entry.value(QLatin1String("lfs")).toObject();
        file.size = qint64(entry.value(QLatin1String("size")).toDouble(lfs.value(QLatin1String("size")).toDouble(-1)));
        file.sha256 = lfs.value(QLatin1String("sha256")).toString().toLower();
        list.files << file;
    }
    std::sort(list.files.begin(), list.files.end(),
              [](const HubFile& a, const HubFile& b) { return a.path < b.path; });
    const auto has = [&](auto predicate) {
        return std::any_of(list.files.begin(), list.files.end(), predicate);
    };
    if (!has([](const HubFile& f) { return f.path.endsWith(QLatin1String(".safetensors")); }) &&
        !otherSafetensors.isEmpty())
        throw ModelError(QCoreApplication::translate("Engine", "%1 at '%2' has no model.safetensors nor shards named "
                                                               "model-NNNNN-of-NNNNN.safetensors, only %3, which "
                                                               "Headmap does not read")
                             .arg(repoId, revision, otherSafetensors.join(QStringLiteral(", "))));
    if (!has([](const HubFile& f) { return f.path.endsWith(QLatin1String(".safetensors")); }))
        throw ModelError(QCoreApplication::translate("Engine", "%1 at '%2' has no safetensors weights%3; Headmap reads "
                                                               "only safetensors (look for a converted copy of the "
                                                               "model on the Hub)")
                             .arg(repoId, revision,
                                  anyPytorch ? QCoreApplication::translate("Engine", " (only PyTorch .bin files)")
                                             : QString()));
    if (!has([](const HubFile& f) { return f.path == QLatin1String("config.json"); }))
        throw ModelError(QCoreApplication::translate("Engine", "%1 at '%2' has no config.json").arg(repoId, revision));
    return list;
}

}  // namespace headmap

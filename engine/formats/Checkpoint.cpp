#include "formats/Checkpoint.h"

#include <algorithm>
#include <map>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include "core/HeadmapError.h"
#include "formats/RegularFile.h"
#include "formats/SafetensorsHeader.h"

namespace headmap {
namespace {

const QLatin1String kSingleFile("model.safetensors");
const QLatin1String kIndexFile("model.safetensors.index.json");
// Real index files are a few hundred kilobytes; the limit only stops a runaway read.
constexpr qint64 kMaxIndexBytes = 64ll * 1024 * 1024;

[[noreturn]] void failIndex(const QString& indexPath, const QString& detail) {
    throw ModelError(
        QCoreApplication::translate("Engine", "checkpoint index %1: %2").arg(quotedName(indexPath), detail));
}

// A shard must be a file directly inside the folder: an index is data from the internet, and a
// name like "../x" or "/etc/x" must not make Headmap open files elsewhere.
bool isPlainFileName(const QString& name) {
    return !name.isEmpty() && !name.contains(QLatin1Char('/')) && !name.contains(QLatin1Char('\\')) &&
           !name.contains(QLatin1String("..")) && !name.contains(QChar(0));
}

// Weight files in formats Headmap cannot read, and stray safetensors files, for the message that
// explains why a folder has no usable checkpoint.
QString otherWeightFiles(const QDir& dir) {
    // Suffixes compared by hand: QDir's name filters become JIT-compiled regular expressions,
    // whose code valgrind flags with false "uninitialised value" reports.
    static const char* const kSuffixes[] = {".bin", ".h5", ".msgpack", ".safetensors", ".pt", ".pth"};
    QStringList found;
    for (const QString& name : dir.entryList(QDir::Files, QDir::Name))
        for (const char* suffix : kSuffixes)
            if (name.endsWith(QLatin1String(suffix), Qt::CaseInsensitive)) {
                found << name;
                break;
            }
    QStringList shown;
    for (const QString& name : found.mid(0, 5))
        shown << quotedName(name);
    if (found.size() > 5)
        shown << QCoreApplication::translate("Engine", "and %1 more").arg(found.size() - 5);
    return shown.join(QStringLiteral(", "));
}

// The weight_map, grouped by shard: shard file name -> tensors the index puts there. std::map so
// that shards open in a stable (name) order.
std::map<QString, QStringList> readWeightMap(const QString& indexPath) {
    if (const QString reason = irregularFileReason(indexPath); !reason.isEmpty())
        failIndex(indexPath, reason);
    QFile file(indexPath);
    if (!file.open(QIODevice::ReadOnly))
        failIndex(indexPath, QCoreApplication::translate("Engine", "cannot be opened: %1").arg(file.errorString()));
    if (file.size() > kMaxIndexBytes)
        failIndex(indexPath, QCoreApplication::translate("Engine", "is %1 bytes, more than the %2 allowed")
                                 .arg(file.size()).arg(kMaxIndexBytes));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        failIndex(indexPath, QCoreApplication::translate("Engine", "is not valid JSON (%1 at byte %2)")
                                 .arg(parseError.errorString()).arg(parseError.offset));
    if (!document.isObject())
        failIndex(indexPath, QCoreApplication::translate("Engine", "is not a JSON object"));
    const QJsonValue weightMap = document.object().value(QLatin1String("weight_map"));
    if (!weightMap.isObject())
        failIndex(indexPath, weightMap.isUndefined()
                                 ? QCoreApplication::translate("Engine", "has no weight_map")
                                 : QCoreApplication::translate(
                                       "Engine", "weight_map is not an object of tensor name -> shard file"));
    const QJsonObject entries = weightMap.toObject();
    if (entries.isEmpty())
        failIndex(indexPath, QCoreApplication::translate("Engine", "weight_map is empty"));

    std::map<QString, QStringList> shards;
    for (auto it = entries.begin(); it != entries.end(); ++it) {
        if (!it.value().isString())
            failIndex(indexPath, QCoreApplication::translate("Engine", "weight_map entry for tensor %1 is not a string")
                                     .arg(quotedName(it.key())));
        const QString shard = it.value().toString();
        if (!isPlainFileName(shard))
            failIndex(indexPath, QCoreApplication::translate("Engine", "shard %1 (for tensor %2) is not a plain file "
                                                                       "name inside the folder")
                                     .arg(quotedName(shard), quotedName(it.key())));
        shards[shard] << it.key();
    }
    return shards;
}

QString shardCountText(size_t count) {
    return count == 1 ? QCoreApplication::translate("Engine", "1 shard")
                      : QCoreApplication::translate("Engine", "%1 shards").arg(count);
}

}  // namespace

std::unique_ptr<Checkpoint> Checkpoint::openFolder(const QString& folder) {
    const QFileInfo folderInfo(folder);
    if (!folderInfo.exists())
        throw ModelError(
            QCoreApplication::translate("Engine", "model folder %1 does not exist").arg(quotedName(folder)));
    if (!folderInfo.isDir())
        throw ModelError(
            QCoreApplication::translate("Engine", "model folder %1 is not a folder").arg(quotedName(folder)));

    const QDir dir(folder);
    auto checkpoint = std::make_unique<SafetensorsCheckpoint>(folder);

    const QString indexPath = dir.filePath(kIndexFile);
    if (QFileInfo::exists(indexPath)) {
        const std::map<QString, QStringList> shards = readWeightMap(indexPath);
        for (const auto& [shard, tensors] : shards) {
            const QString shardPath = dir.filePath(shard);
            if (!QFileInfo::exists(shardPath))  // other kinds of file: SafetensorsFile says what they are
                failIndex(indexPath, QCoreApplication::translate("Engine", "lists shard %1 (for tensor %2%3), but the "
                                                                           "folder has no such file")
                                         .arg(quotedName(shard), quotedName(tensors.first()),
                                              tensors.size() > 1 ? QCoreApplication::translate("Engine", " and %1 more")
                                                                       .arg(tensors.size() - 1)
                                                                 : QString()));
            auto file = std::make_unique<SafetensorsFile>(shardPath);
            for (const QString& tensor : tensors)
                if (!file->info(tensor))
                    failIndex(indexPath, QCoreApplication::translate("Engine", "puts tensor %1 in shard %2, which has "
                                                                               "no such tensor")
                                             .arg(quotedName(tensor), quotedName(shard)));
            checkpoint->addFile(std::move(file));
        }
        checkpoint->setDescription(QStringLiteral("%1 (%2)").arg(kIndexFile, shardCountText(shards.size())));
        return checkpoint;
    }

    const QString singlePath = dir.filePath(kSingleFile);
    if (QFileInfo::exists(singlePath)) {
        checkpoint->addFile(std::make_unique<SafetensorsFile>(singlePath));
        checkpoint->setDescription(kSingleFile);
        return checkpoint;
    }

    const QString others = otherWeightFiles(dir);
    if (others.isEmpty())
        throw ModelError(QCoreApplication::translate("Engine", "folder %1 has no model.safetensors or "
                                                               "model.safetensors.index.json (pytorch_model.bin is not "
                                                               "supported: convert it to safetensors)")
                             .arg(quotedName(folder)));
    throw ModelError(QCoreApplication::translate("Engine", "folder %1 has no model.safetensors or "
                                                           "model.safetensors.index.json, only %2 (pytorch_model.bin, "
                                                           ".h5 and .msgpack weights are not supported: convert them "
                                                           "to safetensors)")
                         .arg(quotedName(folder), others));
}

void Checkpoint::readFloats(const QString& name, float* out) const {
    const TensorInfo* tensor = info(name);
    const float* values = floats(name);  // throws for an absent tensor
    std::copy_n(values, size_t(tensor->elementCount()), out);
}

void Checkpoint::readRows(const QString& name, qint64 first, qint64 count, float* out) const {
    const TensorInfo* tensor = info(name);
    const float* values = floats(name);
    const qint64 columns = tensor->shape.size() == 2 ? tensor->shape[1] : 1;
    Q_ASSERT(first >= 0 && first + count <= tensor->elementCount() / columns);
    std::copy_n(values + size_t(first) * size_t(columns), size_t(count) * size_t(columns), out);
}

void Checkpoint::readBytes(const QString& name, qint64, qint64, uchar*) const {
    throw ModelError(QCoreApplication::translate("Engine", "%1: tensor '%2' cannot be read as stored bytes from "
                                                           "this kind of file")
                         .arg(description(), name));
}

void SafetensorsCheckpoint::readBytes(const QString& name, qint64 first, qint64 count, uchar* out) const {
    fileHolding(name).readBytes(name, first, count, out);
}

void SafetensorsCheckpoint::addFile(std::unique_ptr<SafetensorsFile> file) {
    const size_t fileIndex = m_files.size();
    for (const QString& name : file->tensorNames()) {
        const auto [it, inserted] = m_fileOfTensor.emplace(name, fileIndex);
        if (!inserted)
            throw ModelError(QCoreApplication::translate("Engine",
                                                         "checkpoint %1: tensor %2 is in two shards, %3 and %4")
                                 .arg(quotedName(m_folder), quotedName(name),
                                      quotedName(QFileInfo(m_files[it->second]->path()).fileName()),
                                      quotedName(QFileInfo(file->path()).fileName())));
    }
    m_convertsOnRead = m_convertsOnRead || file->convertsOnRead();
    m_files.push_back(std::move(file));
}

QStringList SafetensorsCheckpoint::tensorNames() const {
    QStringList names;
    for (const auto& file : m_files)
        names << file->tensorNames();
    return names;
}

const TensorInfo* SafetensorsCheckpoint::info(const QString& name) const {
    const auto it = m_fileOfTensor.find(name);
    return it == m_fileOfTensor.end() ? nullptr : m_files[it->second]->info(name);
}

const SafetensorsFile& SafetensorsCheckpoint::fileHolding(const QString& name) const {
    const auto it = m_fileOfTensor.find(name);
    if (it == m_fileOfTensor.end())
        throw ModelError(QCoreApplication::translate("Engine", "checkpoint %1 (%2) has no tensor %3")
                             .arg(quotedName(m_folder), m_description, quotedName(name)));
    return *m_files[it->second];
}

const float* SafetensorsCheckpoint::floats(const QString& name) const {
    return fileHolding(name).floats(name);
}

const quint16* SafetensorsCheckpoint::storedBf16(const QString& name) const {
    const auto it = m_fileOfTensor.find(name);
    return it == m_fileOfTensor.end() ? nullptr : m_files[it->second]->storedBf16(name);
}

bool SafetensorsCheckpoint::tensorConvertsOnRead(const QString& name) const {
    const auto it = m_fileOfTensor.find(name);
    return it != m_fileOfTensor.end() && m_files[it->second]->convertsTensor(name);
}

void SafetensorsCheckpoint::readFloats(const QString& name, float* out) const {
    fileHolding(name).readFloats(name, out);
}

void SafetensorsCheckpoint::readRows(const QString& name, qint64 first, qint64 count, float* out) const {
    fileHolding(name).readRows(name, first, count, out);
}

QString SafetensorsCheckpoint::fileOf(const QString& name) const {
    const auto it = m_fileOfTensor.find(name);
    return it == m_fileOfTensor.end() ? QString() : QFileInfo(m_files[it->second]->path()).fileName();
}

}  // namespace headmap

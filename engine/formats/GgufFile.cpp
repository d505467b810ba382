#include "formats/GgufFile.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <new>

#include <QCoreApplication>
#include <QFileInfo>

#include "formats/GgufHeader.h"
#include "formats/RegularFile.h"
#include "formats/SafetensorsHeader.h"  // quotedName

namespace headmap {
namespace {

// Once a tensor is converted its stored bytes are not needed again; dropping the pages keeps a
// layer-at-a-time load from holding the whole quantised file resident beside the floats. The
// mapping is file-backed and read-only, so nothing is lost: a later access faults them back in.
void releasePages(const uchar* bytes, qint64 length) {
    const std::uintptr_t page = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(bytes) + page - 1) / page * page;
    const std::uintptr_t last = (reinterpret_cast<std::uintptr_t>(bytes) + std::uintptr_t(length)) / page * page;
    if (last > first)
        ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

}  // namespace

qint64 GgufTensorInfo::elementCount() const {
    qint64 count = 0;
    // Validated tensors never overflow; -1 marks a hand-built info whose dims do.
    return checkedElementCount(dims, &count) ? count : -1;
}

std::vector<qint64> GgufTensorInfo::shape() const {
    return std::vector<qint64>(dims.rbegin(), dims.rend());
}

QString GgufTensorInfo::dimsText() const {
    QStringList parts;
    for (const qint64 dim : dims)
        parts << QString::number(dim);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

GgufFile::GgufFile(const QString& path) : m_path(path), m_file(path) {
    if (QFileInfo(path).isDir())
        throwGgufError(path, QCoreApplication::translate("Engine", "is a folder; expected a file"));
    // A FIFO would block in open(), a device has no real size.
    if (const QString reason = irregularFileReason(path); !reason.isEmpty())
        throwGgufError(path, reason);
    if (!m_file.open(QIODevice::ReadOnly))
        throwGgufError(path, QCoreApplication::translate("Engine", "cannot be opened: %1").arg(m_file.errorString()));
    const qint64 fileSize = m_file.size();
    if (fileSize == 0)  // map() refuses an empty range; the message must still be about the file
        throwIncompleteGguf(path, 0, 4,
                            QCoreApplication::translate("Engine", "the file is empty; a GGUF file starts with the 4 "
                                                                  "bytes \"GGUF\""));

    // As for safetensors: one shared read-only mapping, every read bounds-checked by the header
    // parser. If another program truncates the file while it is mapped, the kernel raises
    // SIGBUS on access; no user-space check can prevent that.
    m_map = m_file.map(0, fileSize);
    if (!m_map)
        throwGgufError(path,
                       QCoreApplication::translate("Engine", "cannot be memory-mapped: %1").arg(m_file.errorString()));
    m_mapSize = fileSize;
    m_file.close();  // the mapping outlives the descriptor

    GgufHeader header = parseGgufHeader(path, m_map, m_mapSize);
    m_version = header.version;
    m_alignment = header.alignment;
    m_dataStart = header.dataStart;
    m_metadata = std::move(header.metadata);
    m_tensors = std::move(header.tensors);
    for (size_t i = 0; i < m_tensors.size(); ++i)
        m_index.emplace(m_tensors[i].name, i);
}

GgufFile::~GgufFile() = default;  // QFile unmaps on destruction

QStringList GgufFile::tensorNames() const {
    QStringList names;
    names.reserve(qsizetype(m_tensors.size()));
    for (const GgufTensorInfo& tensor : m_tensors)
        names << tensor.name;
    return names;
}

const GgufTensorInfo* GgufFile::info(const QString& name) const {
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_tensors[it->second];
}

qint64 GgufFile::tensorBytesTotal() const {
    qint64 total = 0;  // no overflow: the tensors are disjoint ranges of one file
    for (const GgufTensorInfo& tensor : m_tensors)
        total += tensor.byteSize;
    return total;
}

const GgufTensorInfo& GgufFile::require(const QString& name) const {
    const GgufTensorInfo* tensor = info(name);
    if (!tensor)
        throwGgufError(m_path, QCoreApplication::translate("Engine", "has no tensor %1").arg(quotedName(name)));
    return *tensor;
}

const uchar* GgufFile::rawBytes(const QString& name) const {
    const GgufTensorInfo& tensor = require(name);
    // The header parser guaranteed dataStart + offset + byteSize <= the file size.
    Q_ASSERT(m_dataStart + tensor.offset + tensor.byteSize <= m_mapSize);
    return m_map + m_dataStart + tensor.offset;
}

const GgufTensorInfo& GgufFile::requireDequantizable(const QString& name) const {
    const GgufTensorInfo& tensor = require(name);
    const GgmlTypeTraits* traits = ggmlTypeTraits(tensor.typeId);
    if (!traits || !traits->dequantizable)
        throwGgufError(m_path, QCoreApplication::translate("Engine", "tensor %1 has type %2, which Headmap cannot "
                                                                     "dequantise (it reads %3)")
                                   .arg(quotedName(name), tensor.typeName, dequantizableTypeNames()));
    return tensor;
}

void GgufFile::dequantize(const QString& name, float* out) const {
    const GgufTensorInfo& tensor = requireDequantizable(name);
    const uchar* bytes = rawBytes(name);
    // Whole blocks per piece, so pieces decode independently and give the same floats as one
    // call; a layer at a time on every core, since decoding is what a rerun of a quantised
    // model waits for (typing: one new token).
    const GgmlTypeTraits* traits = ggmlTypeTraits(tensor.typeId);
    const qint64 blocks = tensor.elementCount() / traits->blockSize;
    const qint64 blocksPerPiece = std::max<qint64>(1, (qint64(1) << 16) / traits->blockSize);
    const qint64 pieces = (blocks + blocksPerPiece - 1) / blocksPerPiece;
#pragma omp parallel for schedule(static) if (pieces > 1)
    for (qint64 piece = 0; piece < pieces; ++piece) {
        const qint64 first = piece * blocksPerPiece;
        const qint64 count = std::min(blocksPerPiece, blocks - first);
        dequantizeRow(tensor.type, bytes + first * traits->blockBytes, out + first * traits->blockSize,
                      count * traits->blockSize);
    }
    releasePages(bytes, tensor.byteSize);
}

std::vector<float> GgufFile::floats(const QString& name) const {
    const GgufTensorInfo& tensor = requireDequantizable(name);  // before allocating anything
    std::vector<float> values;
    try {
        values.resize(size_t(tensor.elementCount()));
    } catch (const std::bad_alloc&) {
        throwGgufError(m_path, QCoreApplication::translate("Engine", "not enough memory to convert tensor %1 "
                                                                     "(%2 elements of %3)")
                                   .arg(quotedName(name), QString::number(tensor.elementCount()), tensor.typeName));
    } catch (const std::length_error&) {
        throwGgufError(m_path, QCoreApplication::translate("Engine", "tensor %1 has %2 elements, more than this "
                                                                     "machine can hold")
                                   .arg(quotedName(name), QString::number(tensor.elementCount())));
    }
    dequantize(name, values.data());
    return values;
}

}  // namespace headmap

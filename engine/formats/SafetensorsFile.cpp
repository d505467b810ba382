#include "formats/SafetensorsFile.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <new>

#include <QFileInfo>
#include <QSysInfo>
#include <QtEndian>

#include "core/HeadmapError.h"
#include "formats/RegularFile.h"
#include "formats/HalfFloat.h"
#include "formats/SafetensorsHeader.h"

namespace headmap {
namespace {

// What floats() hands out for a tensor with no elements: a valid, never dereferenced address,
// so a null pointer only ever means "not there" (which throws instead).
const float kNoElements = 0.0f;

bool isLittleEndianHost() {
    return QSysInfo::ByteOrder == QSysInfo::LittleEndian;
}

}  // namespace

qint64 TensorInfo::elementCount() const {
    qint64 count = 0;
    // Validated tensors never overflow; -1 marks a hand-built TensorInfo whose shape does.
    return checkedElementCount(shape, &count) ? count : -1;
}

QString TensorInfo::shapeText() const {
    QStringList dims;
    for (const qint64 dim : shape)
        dims << QString::number(dim);
    return QLatin1Char('[') + dims.join(QStringLiteral(", ")) + QLatin1Char(']');
}

SafetensorsFile::SafetensorsFile(const QString& path) : m_path(path), m_file(path) {
    if (QFileInfo(path).isDir())
        throwFileError(path, QStringLiteral("is a folder; expected a file"));
    // A FIFO would block in open(), a device has no real size.
    if (const QString reason = irregularFileReason(path); !reason.isEmpty())
        throwFileError(path, reason);
    if (!m_file.open(QIODevice::ReadOnly))
        throwFileError(path, QStringLiteral("cannot be opened: %1").arg(m_file.errorString()));
    const qint64 fileSize = m_file.size();
    if (fileSize < 8)
        throwFileError(path, QStringLiteral("is a truncated file: %1 bytes, but the 8-byte header "
                                            "length alone needs 8").arg(fileSize));

    // The whole file is mapped once; headers and tensors are read through bounds checked below.
    // The mapping is shared and read-only: if another program truncates the file while it is
    // mapped, the kernel raises SIGBUS on access. No user-space check can prevent that.
    m_map = m_file.map(0, fileSize);
    if (!m_map)
        throwFileError(path, QStringLiteral("cannot be memory-mapped: %1").arg(m_file.errorString()));
    m_mapSize = fileSize;
    m_file.close();  // the mapping outlives the descriptor; keeps many-shard folders cheap

    const quint64 headerBytes = qFromLittleEndian<quint64>(m_map);
    // The limit first: a huge N must not be turned into a signed number or added to anything.
    if (headerBytes > quint64(kMaxHeaderBytes))
        throwFileError(path, QStringLiteral("header over the limit: header says %1 bytes, more than "
                                            "the %2 allowed").arg(headerBytes).arg(kMaxHeaderBytes));
    const qint64 afterLength = fileSize - 8;
    if (qint64(headerBytes) > afterLength)
        throwFileError(path, QStringLiteral("header longer than the file: header says %1 bytes but the "
                                            "file has only %2 after the length")
                                 .arg(headerBytes).arg(afterLength));
    m_dataStart = 8 + qint64(headerBytes);

    // fromRawData: the parser reads the mapped bytes directly, no copy of a header up to 100 MB.
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char*>(m_map) + 8,
                                                    qsizetype(headerBytes));
    SafetensorsHeader header = parseSafetensorsHeader(path, json, fileSize - m_dataStart);
    m_tensors = std::move(header.tensors);
    m_metadata = header.metadata;
    for (size_t i = 0; i < m_tensors.size(); ++i)
        m_index.emplace(m_tensors[i].name, i);

    // Only now, with every offset checked, is tensor data touched.
    for (const TensorInfo& tensor : m_tensors)
        prepareFloats(tensor);
}

SafetensorsFile::~SafetensorsFile() = default;  // QFile unmaps on destruction

void SafetensorsFile::prepareFloats(const TensorInfo& tensor) {
    const bool isF32 = tensor.dtype == TensorDType::F32;
    if (!isF32 && tensor.dtype != TensorDType::F16 && tensor.dtype != TensorDType::BF16)
        return;
    const qint64 count = tensor.elementCount();
    if (count == 0)
        return;
    const uchar* bytes = tensorBytes(tensor);
    // F32 is used in place when the host reads it natively; a header length that is not a
    // multiple of 4 (the format does not require padding) leaves it unaligned, and reading a
    // float through a misaligned pointer is undefined behaviour, so such a tensor is copied.
    if (isF32 && isLittleEndianHost() && reinterpret_cast<std::uintptr_t>(bytes) % alignof(float) == 0)
        return;

    // Not a std::vector: zero-filling gigabytes that are overwritten at once cost more than the
    // conversion. Large buffers are 2 MiB aligned and asked for huge pages, so the kernel
    // faults them in 512 times less often.
    constexpr size_t kHugePage = size_t(2) << 20;
    const size_t bytesNeeded = size_t(count) * sizeof(float);
    const bool huge = bytesNeeded >= kHugePage;
    const size_t allocated = huge ? (bytesNeeded + kHugePage - 1) / kHugePage * kHugePage : bytesNeeded;
    FloatBuffer values(static_cast<float*>(huge ? std::aligned_alloc(kHugePage, allocated) : std::malloc(allocated)));
    if (!values)
        throwFileError(m_path, QStringLiteral("not enough memory to convert tensor %1 (%2 elements of %3)")
                                   .arg(quotedName(tensor.name)).arg(count).arg(tensor.dtypeName));
    if (huge)
        ::madvise(values.get(), allocated, MADV_HUGEPAGE);
    float* out = values.get();
    if (isF32) {
        for (qint64 i = 0; i < count; ++i)
            out[i] = floatFromBits(qFromLittleEndian<quint32>(bytes + 4 * i));
    } else if (tensor.dtype == TensorDType::F16) {
        for (qint64 i = 0; i < count; ++i)
            out[i] = halfToFloat(qFromLittleEndian<quint16>(bytes + 2 * i));
    } else {
        for (qint64 i = 0; i < count; ++i)
            out[i] = bfloat16ToFloat(qFromLittleEndian<quint16>(bytes + 2 * i));
    }
    m_converted.emplace(tensor.name, std::move(values));
    releasePages(bytes, tensor.end - tensor.begin);
}

// The source bytes of a converted tensor are never read again; without this they would stay
// resident beside their float32 copy (a BF16 model would cost 3x its file size instead of 2x).
// The mapping is file-backed and read-only, so dropping pages loses nothing: a later access
// would fault them back in from the page cache.
void SafetensorsFile::releasePages(const uchar* bytes, qint64 length) {
    const std::uintptr_t page = std::uintptr_t(::sysconf(_SC_PAGESIZE));
    const std::uintptr_t first = (reinterpret_cast<std::uintptr_t>(bytes) + page - 1) / page * page;
    const std::uintptr_t last = (reinterpret_cast<std::uintptr_t>(bytes) + std::uintptr_t(length)) / page * page;
    if (last > first)
        ::madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED);
}

const uchar* SafetensorsFile::tensorBytes(const TensorInfo& tensor) const {
    // The header parser guaranteed begin <= end <= m_mapSize - m_dataStart.
    Q_ASSERT(tensor.begin <= tensor.end && m_dataStart + tensor.end <= m_mapSize);
    return m_map + m_dataStart + tensor.begin;
}

QStringList SafetensorsFile::tensorNames() const {
    QStringList names;
    names.reserve(qsizetype(m_tensors.size()));
    for (const TensorInfo& tensor : m_tensors)
        names << tensor.name;
    return names;
}

const TensorInfo* SafetensorsFile::info(const QString& name) const {
    const auto it = m_index.find(name);
    return it == m_index.end() ? nullptr : &m_tensors[it->second];
}

const float* SafetensorsFile::floats(const QString& name) const {
    const TensorInfo* tensor = info(name);
    if (!tensor)
        throwFileError(m_path, QStringLiteral("has no tensor %1").arg(quotedName(name)));
    if (tensor->dtype != TensorDType::F32 && tensor->dtype != TensorDType::F16 &&
        tensor->dtype != TensorDType::BF16)
        throwFileError(m_path, QStringLiteral("tensor %1 has dtype %2; expected a float type (F32, F16 "
                                              "or BF16)").arg(quotedName(name), tensor->dtypeName));
    if (tensor->elementCount() == 0)
        return &kNoElements;
    const auto converted = m_converted.find(name);
    if (converted != m_converted.end())
        return converted->second.get();
    return reinterpret_cast<const float*>(tensorBytes(*tensor));
}

}  // namespace headmap

#include "formats/SafetensorsFile.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <new>

#include <QCoreApplication>
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

bool isFloatType(TensorDType dtype) {
    return dtype == TensorDType::F32 || dtype == TensorDType::F16 || dtype == TensorDType::BF16;
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
        throwFileError(path, QCoreApplication::translate("Engine", "is a folder; expected a file"));
    // A FIFO would block in open(), a device has no real size.
    if (const QString reason = irregularFileReason(path); !reason.isEmpty())
        throwFileError(path, reason);
    if (!m_file.open(QIODevice::ReadOnly))
        throwFileError(path, QCoreApplication::translate("Engine", "cannot be opened: %1").arg(m_file.errorString()));
    const qint64 fileSize = m_file.size();
    if (fileSize < 8)
        throwIncompleteFile(path, fileSize, 8, false,
                            QCoreApplication::translate("Engine", "the file has %1 bytes, but the header length "
                                                                  "alone takes 8").arg(fileSize));

    // The whole file is mapped once; headers and tensors are read through bounds checked below.
    // The mapping is shared and read-only: if another program truncates the file while it is
    // mapped, the kernel raises SIGBUS on access. No user-space check can prevent that.
    m_map = m_file.map(0, fileSize);
    if (!m_map)
        throwFileError(path,
                       QCoreApplication::translate("Engine", "cannot be memory-mapped: %1").arg(m_file.errorString()));
    m_mapSize = fileSize;
    m_file.close();  // the mapping outlives the descriptor; keeps many-shard folders cheap

    const quint64 headerBytes = qFromLittleEndian<quint64>(m_map);
    // The limit first: a huge N must not be turned into a signed number or added to anything.
    if (headerBytes > quint64(kMaxHeaderBytes))
        throwFileError(path, QCoreApplication::translate("Engine", "header over the limit: header says %1 bytes, "
                                                                   "more than the %2 allowed")
                                 .arg(headerBytes).arg(kMaxHeaderBytes));
    const qint64 afterLength = fileSize - 8;
    // A header cut short: the data area's size is in the part that is missing, hence "at least".
    if (qint64(headerBytes) > afterLength)
        throwIncompleteFile(path, fileSize, 8 + qint64(headerBytes), false,
                            QCoreApplication::translate("Engine", "header longer than the file: header says %1 "
                                                                  "bytes but the file has only %2 after the length")
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

    // Only now, with every offset checked, may tensor data be touched (by the readers below).
    for (const TensorInfo& tensor : m_tensors)
        if (isFloatType(tensor.dtype) && tensor.elementCount() > 0 && !usedInPlace(tensor))
            m_convertsOnRead = true;
}

SafetensorsFile::~SafetensorsFile() = default;  // QFile unmaps on destruction

// F32 is used in place when the host reads it natively; a header length that is not a multiple
// of 4 (the format does not require padding) leaves it unaligned, and reading a float through a
// misaligned pointer is undefined behaviour, so such a tensor is copied.
bool SafetensorsFile::usedInPlace(const TensorInfo& tensor) const {
    return tensor.dtype == TensorDType::F32 && isLittleEndianHost() &&
           reinterpret_cast<std::uintptr_t>(tensorBytes(tensor)) % alignof(float) == 0;
}

const quint16* SafetensorsFile::storedBf16(const QString& name) const {
    const TensorInfo* tensor = info(name);
    if (!tensor || tensor->dtype != TensorDType::BF16 || QSysInfo::ByteOrder != QSysInfo::LittleEndian)
        return nullptr;
    return reinterpret_cast<const quint16*>(tensorBytes(*tensor));  // read with unaligned loads
}

bool SafetensorsFile::convertsTensor(const QString& name) const {
    const TensorInfo* tensor = info(name);
    return tensor && isFloatType(tensor->dtype) && !usedInPlace(*tensor);
}

// Elements [firstElement, firstElement + count) of a float tensor as F32. Parallel over the
// cores for large ranges: a 7B model converts 14 GB of BF16 per forward pass, layer by layer.
// Each element is converted on its own, so the threads change nothing in the result.
void SafetensorsFile::convert(const TensorInfo& tensor, qint64 firstElement, qint64 count, float* out) const {
    Q_ASSERT(firstElement >= 0 && count >= 0 && firstElement + count <= tensor.elementCount());
    constexpr qint64 kParallelFrom = qint64(1) << 18;
    const uchar* bytes = tensorBytes(tensor);
    if (tensor.dtype == TensorDType::F32) {
        bytes += 4 * firstElement;
#pragma omp parallel for schedule(static) if (count >= kParallelFrom)
        for (qint64 i = 0; i < count; ++i)
            out[i] = floatFromBits(qFromLittleEndian<quint32>(bytes + 4 * i));
    } else if (tensor.dtype == TensorDType::F16) {
        bytes += 2 * firstElement;
#pragma omp parallel for schedule(static) if (count >= kParallelFrom)
        for (qint64 i = 0; i < count; ++i)
            out[i] = halfToFloat(qFromLittleEndian<quint16>(bytes + 2 * i));
    } else {
        Q_ASSERT(tensor.dtype == TensorDType::BF16);
        bytes += 2 * firstElement;
#pragma omp parallel for schedule(static) if (count >= kParallelFrom)
        for (qint64 i = 0; i < count; ++i)
            out[i] = bfloat16ToFloat(qFromLittleEndian<quint16>(bytes + 2 * i));
    }
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

const TensorInfo& SafetensorsFile::requireFloat(const QString& name) const {
    const TensorInfo* tensor = info(name);
    if (!tensor)
        throwFileError(m_path, QCoreApplication::translate("Engine", "has no tensor %1").arg(quotedName(name)));
    if (!isFloatType(tensor->dtype))
        throwFileError(m_path, QCoreApplication::translate("Engine", "tensor %1 has dtype %2; expected a float type "
                                                                     "(F32, F16 or BF16)")
                                   .arg(quotedName(name), tensor->dtypeName));
    return *tensor;
}

const float* SafetensorsFile::floats(const QString& name) const {
    const TensorInfo& tensor = requireFloat(name);
    if (tensor.elementCount() == 0)
        return &kNoElements;
    if (usedInPlace(tensor))
        return reinterpret_cast<const float*>(tensorBytes(tensor));

    const std::lock_guard<std::mutex> lock(m_convertedMutex);
    const auto converted = m_converted.find(name);
    if (converted != m_converted.end())
        return converted->second.get();
    // Not a std::vector: zero-filling gigabytes that are overwritten at once cost more than the
    // conversion. Large buffers are 2 MiB aligned and asked for huge pages, so the kernel
    // faults them in 512 times less often.
    const qint64 count = tensor.elementCount();
    constexpr size_t kHugePage = size_t(2) << 20;
    const size_t bytesNeeded = size_t(count) * sizeof(float);
    const bool huge = bytesNeeded >= kHugePage;
    const size_t allocated = huge ? (bytesNeeded + kHugePage - 1) / kHugePage * kHugePage : bytesNeeded;
    FloatBuffer values(static_cast<float*>(huge ? std::aligned_alloc(kHugePage, allocated) : std::malloc(allocated)));
    if (!values)
        throwFileError(m_path, QCoreApplication::translate("Engine", "not enough memory to convert tensor %1 "
                                                                     "(%2 elements of %3)")
                                   .arg(quotedName(tensor.name)).arg(count).arg(tensor.dtypeName));
    if (huge)
        ::madvise(values.get(), allocated, MADV_HUGEPAGE);
    convert(tensor, 0, count, values.get());
    releasePages(tensorBytes(tensor), tensor.end - tensor.begin);
    return m_converted.emplace(name, std::move(values)).first->second.get();
}

void SafetensorsFile::readFloats(const QString& name, float* out) const {
    const TensorInfo& tensor = requireFloat(name);
    convert(tensor, 0, tensor.elementCount(), out);
}

void SafetensorsFile::readRows(const QString& name, qint64 first, qint64 count, float* out) const {
    const TensorInfo& tensor = requireFloat(name);
    const qint64 rows = tensor.shape.empty() ? 1 : tensor.shape[0];
    if (first < 0 || count < 0 || first > rows || count > rows - first)
        throwFileError(m_path, QCoreApplication::translate("Engine", "rows %1 + %2 are outside tensor %3 of shape %4")
                                   .arg(first).arg(count).arg(quotedName(name), tensor.shapeText()));
    const qint64 columns = rows == 0 ? 0 : tensor.elementCount() / rows;
    convert(tensor, first * columns, count * columns, out);
}

void SafetensorsFile::readBytes(const QString& name, qint64 first, qint64 count, uchar* out) const {
    const TensorInfo* tensor = info(name);
    if (!tensor)
        throwFileError(m_path, QCoreApplication::translate("Engine", "has no tensor %1").arg(quotedName(name)));
    const qint64 length = tensor->end - tensor->begin;
    if (first < 0 || count < 0 || first > length || count > length - first)
        throwFileError(m_path, QCoreApplication::translate("Engine", "bytes %1 + %2 are outside tensor %3 of %4 bytes")
                                   .arg(first).arg(count).arg(quotedName(name)).arg(length));
    std::copy_n(tensorBytes(*tensor) + first, size_t(count), out);
}

}  // namespace headmap

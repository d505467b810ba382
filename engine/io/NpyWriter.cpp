#include "io/NpyWriter.h"

#include <algorithm>

#include <QCoreApplication>
#include <QtEndian>

#include "core/HeadmapError.h"
#include "io/TraceExport.h"

namespace headmap {
namespace {

constexpr int kAlignment = 64;       // NumPy aligns the data start to 64 bytes
constexpr int kPrefixLength = 10;    // magic (6) + version (2) + header length (2)

// Python's repr of a shape tuple: "()", "(5,)", "(2, 3)".
QByteArray shapeRepr(const std::vector<qint64>& shape) {
    QByteArray text = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i > 0)
            text += ", ";
        text += QByteArray::number(shape[i]);
    }
    if (shape.size() == 1)
        text += ',';
    return text + ')';
}

// Everything before the data; empty when the header would not fit version 1.0's uint16 length.
QByteArray npyHeader(const std::vector<qint64>& shape, const char* descr = "<f4") {
    QByteArray dict =
        "{'descr': '" + QByteArray(descr) + "', 'fortran_order': False, 'shape': " + shapeRepr(shape) + ", }";
    const int unpadded = kPrefixLength + int(dict.size()) + 1;  // + the closing '\n'
    dict += QByteArray((kAlignment - unpadded % kAlignment) % kAlignment, ' ');
    dict += '\n';
    if (dict.size() > 0xffff)
        return QByteArray();
    QByteArray header("\x93NUMPY\x01\x00", 8);
    const quint16 length = qToLittleEndian(quint16(dict.size()));
    header.append(reinterpret_cast<const char*>(&length), 2);
    return header + dict;
}

qint64 elementCount(const std::vector<qint64>& shape) {
    qint64 count = 1;
    for (qint64 dimension : shape) {
        if (dimension < 0)
            throw InputError(QCoreApplication::translate("Engine", "cannot write an .npy array of shape %1: negative "
                                                                   "dimension %2")
                                 .arg(QString::fromLatin1(shapeRepr(shape))).arg(dimension));
        count *= dimension;
    }
    return count;
}

// QIODevice::write may take fewer bytes than offered (sockets, pipes); keep going until all
// are written or the device refuses.
bool writeAll(QIODevice* device, const char* bytes, qint64 size) {
    while (size > 0) {
        const qint64 written = device->write(bytes, size);
        if (written <= 0)
            return false;
        bytes += written;
        size -= written;
    }
    return true;
}

bool writeFloats(QIODevice* device, const float* data, qint64 count) {
#if Q_BYTE_ORDER == Q_LITTLE_ENDIAN
    return writeAll(device, reinterpret_cast<const char*>(data), count * qint64(sizeof(float)));
#else
    // Swap in bounded chunks so a big trace does not need a second copy in memory.
    std::vector<float> chunk;
    for (qint64 start = 0; start < count; start += 65536) {
        const qint64 n = std::min<qint64>(65536, count - start);
        chunk.resize(size_t(n));
        qToLittleEndian<float>(data + start, n, chunk.data());
        if (!writeAll(device, reinterpret_cast<const char*>(chunk.data()),
                      n * qint64(sizeof(float))))
            return false;
    }
    return true;
#endif
}

bool writeHeader(QIODevice* device, const std::vector<qint64>& shape, const char* descr = "<f4") {
    if (!device || !device->isWritable())
        return false;
    const QByteArray header = npyHeader(shape, descr);
    return !header.isEmpty() && writeAll(device, header.constData(), header.size());
}

}  // namespace

bool writeNpy(QIODevice* device, const float* data, const std::vector<qint64>& shape) {
    const qint64 count = elementCount(shape);
    return writeHeader(device, shape) && writeFloats(device, data, count);
}

bool writeExpertsNpy(QIODevice* device, const AttentionTrace& trace, int layer) {
    const AttentionTrace::ExpertChoices& experts = trace.experts();
    const int k = trace.model().expertsPerToken;
    const int t = trace.length();
    std::vector<qint32> values;  // (L, T, K) little-endian int32, −1 for a dense layer
    int layers = 0;
    for (int l = 0; l < int(experts.size()); ++l) {
        if (layer >= 0 && l != layer)
            continue;
        ++layers;
        const auto& rows = experts[size_t(l)];
        for (int q = 0; q < t; ++q)
            for (int j = 0; j < k; ++j)
                values.push_back(qToLittleEndian(rows.empty() ? qint32(-1) : qint32(rows[size_t(q)][size_t(j)])));
    }
    return writeHeader(device, {layers, t, k}, "<i4") &&
           writeAll(device, reinterpret_cast<const char*>(values.data()), qint64(values.size() * sizeof(qint32)));
}

bool writeSinkMassNpy(QIODevice* device, const AttentionTrace& trace, int layer, int head) {
    const qint64 t = trace.length();
    const int firstLayer = layer >= 0 ? layer : 0, endLayer = layer >= 0 ? layer + 1 : trace.layers();
    const int firstHead = head >= 0 ? head : 0, endHead = head >= 0 ? head + 1 : trace.heads();
    if (!writeHeader(device, {endLayer - firstLayer, endHead - firstHead, t}))
        return false;
    for (int l = firstLayer; l < endLayer; ++l)
        for (int h = firstHead; h < endHead; ++h)
            if (!writeFloats(device, sinkMassOfHead(trace, l, h).data(), t))
                return false;
    return true;
}

bool writeTraceNpy(QIODevice* device, const AttentionTrace& trace, int layer, int head) {
    const qint64 t = trace.length();
    const qint64 s = trace.keyLength();  // cross-attention: the source tokens; else t
    const int firstLayer = layer >= 0 ? layer : 0, endLayer = layer >= 0 ? layer + 1 : trace.layers();
    const int firstHead = head >= 0 ? head : 0, endHead = head >= 0 ? head + 1 : trace.heads();
    if (!writeHeader(device, {endLayer - firstLayer, endHead - firstHead, t, s}))
        return false;
    // Head by head: the trace promises each head's (T, S) block, row-major, not the layout of
    // the whole.
    for (int l = firstLayer; l < endLayer; ++l)
        for (int h = firstHead; h < endHead; ++h)
            if (!writeFloats(device, trace.head(l, h).data(), t * s))
                return false;
    return true;
}

}  // namespace headmap

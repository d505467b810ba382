#include "tokenizers/SentencePieceModelCheck.h"

#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include <QByteArrayView>
#include <QCoreApplication>

namespace headmap::sentencepiececheck {
namespace {

// Field numbers of sentencepiece_model.proto (v0.1.97).
constexpr uint32_t kModelPieces = 1;            // ModelProto.pieces (SentencePiece)
constexpr uint32_t kModelNormalizer = 3;        // ModelProto.normalizer_spec (NormalizerSpec)
constexpr uint32_t kModelDenormalizer = 5;      // ModelProto.denormalizer_spec (NormalizerSpec)
constexpr uint32_t kPiecePiece = 1;             // SentencePiece.piece (string)
constexpr uint32_t kNormalizerCharsMap = 2;     // NormalizerSpec.precompiled_charsmap (bytes)

constexpr int kProtoVarint = 0;
constexpr int kProtoFixed64 = 1;
constexpr int kProtoLengthDelimited = 2;
constexpr int kProtoFixed32 = 5;

struct ProtoField {
    uint32_t number = 0;
    int wireType = 0;
    QByteArrayView bytes;  // the payload of a length-delimited field
};

// Reads a protobuf varint at `pos` (at most 10 bytes); false when it runs past `end`.
bool readProtoVarint(const char*& pos, const char* end, uint64_t& value) {
    value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        if (pos >= end)
            return false;
        const auto byte = uint8_t(*pos++);
        value |= uint64_t(byte & 0x7F) << shift;
        if ((byte & 0x80) == 0)
            return true;
    }
    return false;
}

// Calls `field` for each field of a message; false when the bytes are no well-formed message of
// the wire types protobuf's lite runtime writes (groups, which no model file has, count as
// malformed here).
bool forEachProtoField(QByteArrayView message, const std::function<bool(const ProtoField&)>& field) {
    const char* pos = message.data();
    const char* const end = pos + message.size();
    while (pos < end) {
        uint64_t key = 0;
        if (!readProtoVarint(pos, end, key) || (key >> 3) == 0 || (key >> 3) > 0x1FFFFFFF)
            return false;
        ProtoField current;
        current.number = uint32_t(key >> 3);
        current.wireType = int(key & 7);
        uint64_t skipped = 0;
        switch (current.wireType) {
        case kProtoVarint:
            if (!readProtoVarint(pos, end, skipped))
                return false;
            break;
        case kProtoFixed64:
        case kProtoFixed32: {
            const qsizetype width = current.wireType == kProtoFixed64 ? 8 : 4;
            if (end - pos < width)
                return false;
            pos += width;
            break;
        }
        case kProtoLengthDelimited: {
            uint64_t length = 0;
            if (!readProtoVarint(pos, end, length) || length > uint64_t(end - pos))
                return false;
            current.bytes = QByteArrayView(pos, qsizetype(length));
            pos += length;
            break;
        }
        default:
            return false;
        }
        if (!field(current))
            return false;
    }
    return true;
}

uint32_t dartsUnitAt(const char* units, size_t index) {
    uint32_t unit = 0;
    std::memcpy(&unit, units + index * 4, 4);  // little-endian, as the library reads it on x86-64
    return unit;
}

// Darts-clone's DoubleArrayUnit, as darts.h decodes it.
bool dartsHasLeaf(uint32_t unit) {
    return ((unit >> 8) & 1) == 1;
}
uint32_t dartsValue(uint32_t unit) {
    return unit & ((1U << 31) - 1);
}
uint32_t dartsLabel(uint32_t unit) {
    return unit & ((1U << 31) | 0xFF);
}
size_t dartsOffset(uint32_t unit) {
    return size_t(unit >> 10) << ((unit & (1U << 9)) >> 6);
}

}  // namespace

QString charsMapProblem(QByteArrayView blob) {
    // <trie size: uint32><double array: trie size bytes><replacement strings>. The library checks
    // trie size < blob size, which still lets the array run up to 3 bytes past the blob.
    uint32_t trieBytes = 0;
    if (blob.size() <= 4)
        return QCoreApplication::translate("Engine", "its normalization rules are cut off");
    std::memcpy(&trieBytes, blob.data(), 4);
    if (uint64_t(trieBytes) + 4 > uint64_t(blob.size()))
        return QCoreApplication::translate("Engine", "its normalization rules are cut off");
    const size_t units = trieBytes / 4;  // set_array's unit count: a partial unit is ignored
    if (units == 0)
        return QCoreApplication::translate("Engine", "its normalization rules have an empty trie");
    const char* array = blob.data() + 4;
    const size_t replacementBytes = size_t(blob.size()) - 4 - trieBytes;

    // commonPrefixSearch from the root: at node p, for input byte c it reads unit
    // (p ^ offset(p)) ^ c, follows it when that unit's label is c, and takes the value unit at
    // p ^ offset(p) when p has a leaf. Every byte value can come, so the whole 256-unit block of
    // p ^ offset(p) must lie inside the array; values index the replacement strings.
    std::vector<bool> visited(units, false);
    std::vector<size_t> pending{0};
    visited[0] = true;
    while (!pending.empty()) {
        const size_t node = pending.back();
        pending.pop_back();
        const uint32_t unit = dartsUnitAt(array, node);
        const size_t base = node ^ dartsOffset(unit);
        if ((base | 0xFF) >= units)
            return QCoreApplication::translate("Engine", "its normalization rules point outside their trie");
        if (dartsHasLeaf(unit) && dartsValue(dartsUnitAt(array, base)) >= replacementBytes)
            return QCoreApplication::translate("Engine",
                                               "its normalization rules point outside their replacement strings");
        for (uint32_t byte = 0; byte < 256; ++byte) {
            const size_t child = base ^ byte;
            if (dartsLabel(dartsUnitAt(array, child)) == byte && !visited[child]) {
                visited[child] = true;
                pending.push_back(child);
            }
        }
    }
    return QString();
}

QString modelProblem(const QByteArray& bytes) {
    QString problem;
    const auto checkNormalizer = [&](const ProtoField& spec) {
        return forEachProtoField(spec.bytes, [&](const ProtoField& field) {
            if (field.number == kNormalizerCharsMap && field.wireType == kProtoLengthDelimited &&
                !field.bytes.isEmpty())
                problem = charsMapProblem(field.bytes);
            return problem.isEmpty();
        });
    };
    const auto checkPiece = [&](const ProtoField& piece) {
        return forEachProtoField(piece.bytes, [&](const ProtoField& field) {
            if (field.number == kPiecePiece && field.wireType == kProtoLengthDelimited &&
                field.bytes.startsWith('\0'))
                problem = QCoreApplication::translate("Engine", "a piece starts with a NUL byte");
            return problem.isEmpty();
        });
    };
    // Fields of the wrong wire type are unknown fields to protobuf, not these: skipped. The
    // checks stop at the first problem (or malformed message, which protobuf refuses as a whole).
    const bool wellFormed = forEachProtoField(bytes, [&](const ProtoField& field) {
        if (field.wireType != kProtoLengthDelimited)
            return true;
        if (field.number == kModelNormalizer || field.number == kModelDenormalizer)
            return checkNormalizer(field);
        if (field.number == kModelPieces)
            return checkPiece(field);
        return true;
    });
    if (!problem.isEmpty())
        return problem;
    if (!wellFormed)
        return QCoreApplication::translate("Engine", "its bytes are no protobuf message");
    return QString();
}

}  // namespace headmap::sentencepiececheck

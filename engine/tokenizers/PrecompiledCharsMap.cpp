#include "tokenizers/PrecompiledCharsMap.h"

#include <QCoreApplication>
#include <QtEndian>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

// A Darts-clone unit (spm_precompiled's ArrayUnitTrait). Positions are 64-bit: an offset
// XORed into a position may point far past a 32-bit array.
bool dartsHasLeaf(quint32 unit) {
    return ((unit >> 8) & 1) == 1;
}
quint32 dartsLeafValue(quint32 unit) {
    return unit & ((1u << 31) - 1);
}
quint32 dartsLabel(quint32 unit) {
    return unit & ((1u << 31) | 0xFF);
}
quint64 dartsOffset(quint32 unit) {
    return quint64(unit >> 10) << ((unit & (1u << 9)) >> 6);
}

// Rust's String::from_utf8: well-formed UTF-8 (no overlong forms, no surrogates, nothing past
// U+10FFFF). Returns the offset of the first bad byte, or -1.
qsizetype firstInvalidUtf8(const QByteArray& bytes) {
    const qsizetype size = bytes.size();
    qsizetype i = 0;
    while (i < size) {
        const quint8 lead = quint8(bytes.at(i));
        qsizetype length = 1;
        quint8 low = 0x80;
        quint8 high = 0xBF;  // the allowed range of the second byte
        if (lead < 0x80) {
            ++i;
            continue;
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            low = lead == 0xE0 ? 0xA0 : 0x80;
            high = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            low = lead == 0xF0 ? 0x90 : 0x80;
            high = lead == 0xF4 ? 0x8F : 0xBF;
        } else {
            return i;
        }
        if (i + length > size)
            return i;
        for (qsizetype k = 1; k < length; ++k) {
            const quint8 byte = quint8(bytes.at(i + k));
            if (k == 1 ? (byte < low || byte > high) : (byte < 0x80 || byte > 0xBF))
                return i;
        }
        i += length;
    }
    return -1;
}

ModelError brokenCharsMap(const QString& what) {
    return ModelError(QCoreApplication::translate("Engine", "precompiled_charsmap is broken: %1; the file is damaged "
                                                            "or was not written by SentencePiece or tokenizers: "
                                                            "download it again")
                          .arg(what));
}

}  // namespace

PrecompiledCharsMap::PrecompiledCharsMap(const QByteArray& blob) {
    if (blob.size() < 4)
        throw brokenCharsMap(QCoreApplication::translate("Engine", "it has %1 bytes, too few for the trie's size")
                            .arg(blob.size()));
    const quint32 trieBytes = qFromLittleEndian<quint32>(blob.constData());
    const quint64 unitCount = trieBytes / 4;
    if (quint64(blob.size()) - 4 < unitCount * 4)
        throw brokenCharsMap(QCoreApplication::translate("Engine", "its trie should have %1 bytes, but only %2 follow")
                            .arg(trieBytes).arg(blob.size() - 4));
    if (unitCount == 0)
        throw brokenCharsMap(QCoreApplication::translate("Engine", "its trie is empty"));
    m_units.resize(size_t(unitCount));
    for (quint64 i = 0; i < unitCount; ++i)
        m_units[size_t(i)] = qFromLittleEndian<quint32>(blob.constData() + 4 + i * 4);
    // The rest, from the last whole unit on, holds the replacements (the crate's split).
    m_strings = blob.mid(qsizetype(4 + unitCount * 4));
    if (const qsizetype bad = firstInvalidUtf8(m_strings); bad >= 0)
        throw brokenCharsMap(QCoreApplication::translate("Engine", "its replacement strings are not UTF-8 (byte %1 of %2)")
                            .arg(bad).arg(m_strings.size()));
    checkReachableNodes();
}

bool PrecompiledCharsMap::validStringOffset(quint32 offset) const {
    // An offset at the very end gives "" in the crate; one inside a character would panic.
    if (offset > quint32(m_strings.size()))
        return false;
    return offset == quint32(m_strings.size()) || (quint8(m_strings.at(qsizetype(offset))) & 0xC0) != 0x80;
}

void PrecompiledCharsMap::checkReachableNodes() const {
    // A node is the position its children are XORed from. From each, a lookup may probe any of the
    // 255 non-NUL bytes; every probe must stay inside the array (Darts-clone arrays come in blocks
    // of 256 units, so a real one always does).
    const quint64 size = m_units.size();
    std::vector<bool> visited(size_t(size), false);
    std::vector<quint64> pending;
    const auto reach = [&](quint64 node, quint64 from) {
        if ((node | 0xFF) >= size)
            throw brokenCharsMap(QCoreApplication::translate("Engine", "unit %1 points to %2, outside the trie's %3 units")
                                .arg(from).arg(node).arg(size));
        if (!visited[size_t(node)]) {
            visited[size_t(node)] = true;
            pending.push_back(node);
        }
    };
    reach(dartsOffset(m_units[0]), 0);
    while (!pending.empty()) {
        const quint64 node = pending.back();
        pending.pop_back();
        for (quint32 byte = 1; byte < 256; ++byte) {
            const quint64 position = node ^ byte;
            const quint32 unit = m_units[size_t(position)];
            if (dartsLabel(unit) != byte)
                continue;
            const quint64 child = position ^ dartsOffset(unit);
            reach(child, position);
            if (dartsHasLeaf(unit) && !validStringOffset(dartsLeafValue(m_units[size_t(child)])))
                throw brokenCharsMap(QCoreApplication::translate("Engine", "unit %1 gives the replacement at byte %2, "
                                                                      "past the end of its %3 bytes of strings "
                                                                      "or inside a character")
                                    .arg(child).arg(dartsLeafValue(m_units[size_t(child)])).arg(m_strings.size()));
        }
    }
}

std::optional<QByteArrayView> PrecompiledCharsMap::transform(QByteArrayView key) const {
    // The checks of the constructor keep every read below inside the array and the strings; the
    // bounds are tested again all the same, as a broken invariant must not read out of bounds.
    const quint64 size = m_units.size();
    quint64 position = dartsOffset(m_units[0]);
    for (const char c : key) {
        const quint8 byte = quint8(c);
        if (byte == 0)
            break;
        position ^= byte;
        if (position >= size)
            return std::nullopt;
        const quint32 unit = m_units[size_t(position)];
        if (dartsLabel(unit) != byte)
            return std::nullopt;
        position ^= dartsOffset(unit);
        if (dartsHasLeaf(unit)) {
            if (position >= size)
                return std::nullopt;
            const quint32 start = dartsLeafValue(m_units[size_t(position)]);
            if (!validStringOffset(start))
                return std::nullopt;
            qsizetype end = qsizetype(start);
            while (end < m_strings.size() && m_strings.at(end) != '\0')
                ++end;
            return QByteArrayView(m_strings.constData() + start, end - qsizetype(start));
        }
    }
    return std::nullopt;
}

std::optional<PrecompiledCharsMap::PrefixMatch> PrecompiledCharsMap::longestPrefix(QByteArrayView key) const {
    // The walk of transform(), going on past each leaf and keeping the last (longest) one.
    const quint64 size = m_units.size();
    std::optional<PrefixMatch> found;
    quint64 position = dartsOffset(m_units[0]);
    for (qsizetype i = 0; i < key.size(); ++i) {
        const quint8 byte = quint8(key[i]);
        if (byte == 0)
            break;
        position ^= byte;
        if (position >= size)
            break;
        const quint32 unit = m_units[size_t(position)];
        if (dartsLabel(unit) != byte)
            break;
        position ^= dartsOffset(unit);
        if (dartsHasLeaf(unit)) {
            if (position >= size)
                break;
            const quint32 start = dartsLeafValue(m_units[size_t(position)]);
            if (!validStringOffset(start))
                break;
            qsizetype end = qsizetype(start);
            while (end < m_strings.size() && m_strings.at(end) != '\0')
                ++end;
            found = PrefixMatch{i + 1, QByteArrayView(m_strings.constData() + start, end - qsizetype(start))};
        }
    }
    return found;
}

}  // namespace headmap

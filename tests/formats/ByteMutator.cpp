#include "ByteMutator.h"

#include <QList>
#include <QtEndian>

namespace fixture {

std::uint32_t ByteMutator::below(std::uint32_t bound) {
    return std::uint32_t(m_random() % bound);
}

QByteArray ByteMutator::mutate(QByteArray bytes) {
    const std::uint32_t rounds = 1 + below(3);
    for (std::uint32_t i = 0; i < rounds; ++i)
        mutateOnce(&bytes);
    return bytes;
}

// Half the time an edit inside the header also corrects the length field, the way a structure-aware
// fuzzer would, so the mutation reaches the entry checks instead of stopping at "not JSON".
void ByteMutator::keepHeaderLength(QByteArray* bytes, qsizetype at, qint64 claimed, qsizetype delta) {
    if (bytes->size() >= 8 && at >= 8 && at < 8 + claimed && below(2) == 0)
        qToLittleEndian<quint64>(quint64(claimed + delta), bytes->data());
}

void ByteMutator::mutateOnce(QByteArray* bytes) {
    const qsizetype size = bytes->size();
    const auto anywhere = [&] { return qsizetype(below(std::uint32_t(size))); };
    // The header (after the 8-byte length) is where most of the interesting structure is.
    const qint64 claimed = size >= 8 ? qint64(qFromLittleEndian<quint64>(bytes->constData()) & 0xffffff) : 0;
    const qsizetype headerEnd = qMin<qsizetype>(size, 8 + claimed);

    switch (below(8)) {
    case 0:  // flip one bit
        if (size > 0) {
            const qsizetype at = anywhere();
            (*bytes)[at] = char(bytes->at(at) ^ (1 << below(8)));
        }
        break;
    case 1:  // one random byte
        if (size > 0)
            (*bytes)[anywhere()] = char(below(256));
        break;
    case 2:  // truncate
        bytes->truncate(size > 0 ? anywhere() : 0);
        break;
    case 3: {  // insert a few random bytes
        QByteArray inserted;
        for (std::uint32_t n = 1 + below(8); n > 0; --n)
            inserted += char(below(256));
        const qsizetype at = size > 0 ? anywhere() : 0;
        bytes->insert(at, inserted);
        keepHeaderLength(bytes, at, claimed, inserted.size());
        break;
    }
    case 4: {  // delete a short range
        if (size == 0)
            break;
        const qsizetype at = anywhere();
        const qsizetype removed = qMin<qsizetype>(1 + below(16), size - at);
        bytes->remove(at, removed);
        keepHeaderLength(bytes, at, claimed, -removed);
        break;
    }
    case 5: {  // change a digit in the header: shapes and offsets that no longer agree
        QList<qsizetype> digits;
        for (qsizetype i = 8; i < headerEnd; ++i)
            if (bytes->at(i) >= '0' && bytes->at(i) <= '9')
                digits << i;
        if (!digits.isEmpty())
            (*bytes)[digits.at(below(std::uint32_t(digits.size())))] = char('0' + below(10));
        break;
    }
    case 6:  // nudge the header length by up to ±16
        if (size >= 8)
            qToLittleEndian<quint64>(quint64(claimed + qint64(below(33)) - 16), bytes->data());
        break;
    case 7: {  // a JSON-structural character somewhere in the header
        static const char kStructural[] = "{}[],:\"-.e0 \\";
        if (headerEnd > 8)
            (*bytes)[8 + below(std::uint32_t(headerEnd - 8))] = kStructural[below(sizeof kStructural - 1)];
        break;
    }
    }
}

}  // namespace fixture

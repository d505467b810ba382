#include "tokenizers/Vocabulary.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {

Vocabulary::Vocabulary(qsizetype expectedEntries)
    : m_expectedEntries(std::max<qsizetype>(expectedEntries, 0)),
      m_idLimit(int(std::min<qsizetype>(kMaxId, std::max<qsizetype>(expectedEntries, 0) + kIdSlack))) {
    m_ids.reserve(std::min<qsizetype>(expectedEntries, kMaxId));
}

void Vocabulary::insert(const QString& piece, int id) {
    if (id < 0 || id > m_idLimit)
        throw ModelError(QCoreApplication::translate("Engine", "the id of \"%1\" is %2, but a vocabulary of %3 entries "
                                                               "may use ids 0..%4 only")
                             .arg(piece).arg(id).arg(m_expectedEntries).arg(m_idLimit));
    m_ids.insert(piece, id);
    if (id >= int(m_pieces.size()))
        m_pieces.resize(size_t(id) + 1);
    m_pieces[size_t(id)] = piece;
}

std::optional<int> Vocabulary::id(const QString& piece) const {
    const auto it = m_ids.constFind(piece);
    if (it == m_ids.constEnd())
        return std::nullopt;
    return *it;
}

QString Vocabulary::piece(int id) const {
    if (id < 0 || id >= int(m_pieces.size()))
        return QString();
    return m_pieces[size_t(id)];
}

}  // namespace headmap

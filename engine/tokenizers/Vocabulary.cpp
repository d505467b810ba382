#include "tokenizers/Vocabulary.h"

namespace headmap {

void Vocabulary::insert(const QString& piece, int id) {
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

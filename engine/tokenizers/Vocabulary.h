#pragma once
// A model's vocabulary: piece → id and id → piece.

#include <optional>
#include <vector>

#include <QHash>
#include <QString>

namespace headmap {

class Vocabulary {
public:
    // Later entries win when a piece comes twice, as in Python dicts and Rust maps.
    void insert(const QString& piece, int id);
    std::optional<int> id(const QString& piece) const;
    bool contains(const QString& piece) const { return m_ids.contains(piece); }
    // The piece with this id; a null QString if there is none.
    QString piece(int id) const;
    int maxId() const { return int(m_pieces.size()) - 1; }
    int size() const { return int(m_ids.size()); }

private:
    QHash<QString, int> m_ids;
    std::vector<QString> m_pieces;
};

}  // namespace headmap

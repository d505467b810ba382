#pragma once
// A model's vocabulary: piece → id and id → piece.

#include <optional>
#include <vector>

#include <QHash>
#include <QString>

namespace headmap {

class Vocabulary {
public:
    // The largest id any vocabulary may use. Real ones are far below (Gemma-3: 262144 pieces);
    // the bound keeps a file with an absurd id from sizing the id → piece table by it.
    static constexpr int kMaxId = (1 << 24) - 1;
    // How far ids may run past the number of entries: vocabularies are dense, but some leave a
    // few ids free (for added tokens) or list a piece twice.
    static constexpr int kIdSlack = 1 << 16;

    // expectedEntries: how many pieces will be inserted; it sets the largest id insert accepts.
    explicit Vocabulary(qsizetype expectedEntries = 0);

    // Later entries win when a piece comes twice, as in Python dicts and Rust maps. Throws
    // ModelError (naming the piece and the id; the caller adds the file) for an id below 0 or
    // above the limit, before anything is allocated for it.
    void insert(const QString& piece, int id);
    std::optional<int> id(const QString& piece) const;
    bool contains(const QString& piece) const { return m_ids.contains(piece); }
    // The piece with this id; a null QString if there is none.
    QString piece(int id) const;
    int maxId() const { return int(m_pieces.size()) - 1; }
    int size() const { return int(m_ids.size()); }
    // The largest id insert accepts.
    int idLimit() const { return m_idLimit; }

private:
    QHash<QString, int> m_ids;
    std::vector<QString> m_pieces;
    qsizetype m_expectedEntries;
    int m_idLimit;
};

}  // namespace headmap

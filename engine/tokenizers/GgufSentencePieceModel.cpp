#include "tokenizers/GgufSentencePieceModel.h"

#include <queue>

#include "tokenizers/TokenizerChars.h"

namespace headmap {
namespace {

struct PieceSymbol {
    qsizetype start;   // UTF-16 offset into the word
    qsizetype length;  // 0 once merged into the symbol on its left
    int prev;
    int next;
};

struct Bigram {
    int left;
    int right;
    float score;
    qsizetype length;  // of the concatenation: tells a stale entry from a current one
};

// llm_bigram_spm::comparator: the highest score first, then the leftmost.
struct LowerPriority {
    bool operator()(const Bigram& a, const Bigram& b) const {
        return a.score < b.score || (a.score == b.score && a.left > b.left);
    }
};

}  // namespace

GgufSentencePieceModel::GgufSentencePieceModel(Vocabulary vocabulary, std::vector<float> scores,
                                               std::optional<int> unknownId)
    : TokenizerModel(std::move(vocabulary)), m_scores(std::move(scores)), m_unknownId(unknownId) {
    for (int byte = 0; byte < 256; ++byte) {
        const QString piece = QStringLiteral("<0x%1>").arg(QString::number(byte, 16).toUpper().rightJustified(2, u'0'));
        m_byteIds[size_t(byte)] = this->vocabulary().id(piece).value_or(-1);
    }
    m_scores.resize(size_t(this->vocabulary().maxId() + 1), 0.0f);
}

void GgufSentencePieceModel::tokenize(const QString& word, std::vector<int>& ids) const {
    std::vector<PieceSymbol> symbols;
    tokchars::forEachCodePoint(word, [&](char32_t, qsizetype start, qsizetype end) {
        const int index = int(symbols.size());
        symbols.push_back(PieceSymbol{start, end - start, index - 1, index + 1});
    });
    if (symbols.empty())
        return;
    symbols.back().next = -1;

    std::priority_queue<Bigram, std::vector<Bigram>, LowerPriority> queue;
    const auto tryAdd = [&](int left, int right) {
        if (left < 0 || right < 0)
            return;
        const qsizetype length = symbols[size_t(left)].length + symbols[size_t(right)].length;
        const std::optional<int> id = vocabulary().id(word.mid(symbols[size_t(left)].start, length));
        if (id)
            queue.push(Bigram{left, right, m_scores[size_t(*id)], length});
    };
    for (int i = 1; i < int(symbols.size()); ++i)
        tryAdd(i - 1, i);

    while (!queue.empty()) {
        const Bigram bigram = queue.top();
        queue.pop();
        PieceSymbol& left = symbols[size_t(bigram.left)];
        PieceSymbol& right = symbols[size_t(bigram.right)];
        if (left.length == 0 || right.length == 0 || left.length + right.length != bigram.length)
            continue;  // one of them was merged since
        left.length += right.length;
        right.length = 0;
        left.next = right.next;
        if (right.next >= 0)
            symbols[size_t(right.next)].prev = bigram.left;
        tryAdd(left.prev, bigram.left);
        tryAdd(bigram.left, left.next);
    }

    for (int i = 0; i != -1; i = symbols[size_t(i)].next) {
        const QString text = word.mid(symbols[size_t(i)].start, symbols[size_t(i)].length);
        if (const std::optional<int> id = vocabulary().id(text)) {
            ids.push_back(*id);
            continue;
        }
        // Only single characters reach here: every merge result is a piece.
        for (char byte : text.toUtf8()) {
            const int id = m_byteIds[uchar(byte)];
            if (id >= 0)
                ids.push_back(id);
            else if (m_unknownId)
                ids.push_back(*m_unknownId);
        }
    }
}

}  // namespace headmap

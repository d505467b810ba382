#include "tokenizers/UnigramModel.h"

#include <algorithm>
#include <limits>

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

// SentencePiece's kUnkPenalty: an unknown character scores this far below the rarest piece.
constexpr double kUnigramUnkPenalty = 10.0;

// The byte length of the UTF-8 character starting with lead (QString::toUtf8 writes valid UTF-8).
qsizetype utf8CharLength(quint8 lead) {
    if (lead < 0x80)
        return 1;
    if (lead < 0xE0)
        return 2;
    if (lead < 0xF0)
        return 3;
    return 4;
}

Vocabulary unigramVocabulary(const std::vector<std::pair<QString, double>>& pieces) {
    Vocabulary vocabulary(qsizetype(pieces.size()));
    // A piece listed twice is found under its last id, as in the Rust library's map.
    for (size_t i = 0; i < pieces.size(); ++i)
        vocabulary.insert(pieces[i].first, int(i));
    return vocabulary;
}

}  // namespace

UnigramModel::UnigramModel(const std::vector<std::pair<QString, double>>& pieces, const UnigramOptions& options)
    : TokenizerModel(unigramVocabulary(pieces)), m_options(options) {
    if (pieces.empty())
        throw ModelError(QCoreApplication::translate("Engine", "the vocabulary is empty"));
    if (m_options.unkId && (*m_options.unkId < 0 || *m_options.unkId >= int(pieces.size())))
        throw ModelError(QCoreApplication::translate("Engine", "unk_id %1 is outside the vocabulary of %2 pieces")
                             .arg(*m_options.unkId).arg(pieces.size()));
    m_scores.reserve(pieces.size());
    std::vector<QByteArray> utf8;
    utf8.reserve(pieces.size());
    double minScore = std::numeric_limits<double>::infinity();
    for (const auto& [piece, score] : pieces) {
        m_scores.push_back(score);
        utf8.push_back(piece.toUtf8());
        minScore = std::min(minScore, score);
    }
    m_unkScore = minScore - kUnigramUnkPenalty;
    m_trie = PieceTrie(utf8);
    const Vocabulary& vocab = vocabulary();
    for (int byte = 0; byte < 256; ++byte) {
        // Rust's format!("<0x{byte:02X}>"): "<0x0A>", "<0xE5>".
        const QString piece = QStringLiteral("<0x%1>").arg(QString::number(byte, 16).toUpper().rightJustified(2, u'0'));
        m_byteIds[size_t(byte)] = vocab.id(piece).value_or(-1);
    }
}

std::vector<UnigramModel::PathToken> UnigramModel::bestPath(const QByteArray& utf8, const QString& word) const {
    // best[i]: the best path over bytes [0, i), as its last token (start -1: none yet).
    struct Best {
        double score = 0.0;
        qsizetype start = -1;
        int id = 0;
    };
    const qsizetype size = utf8.size();
    std::vector<Best> best(size_t(size) + 1);
    const auto offer = [&](qsizetype start, qsizetype end, double score, int id) {
        Best& target = best[size_t(end)];
        // Strictly better only: the first candidate of equal score stays, as in Rust.
        if (target.start < 0 || score > target.score) {
            target.score = score;
            target.start = start;
            target.id = id;
            return true;
        }
        return false;
    };
    for (qsizetype start = 0; start < size;) {
        const double before = best[size_t(start)].score;
        const qsizetype charLength = std::min(utf8CharLength(quint8(utf8.at(start))), size - start);
        bool coveredAlone = false;
        m_trie.forEachPrefix(utf8.constData() + start, size - start, [&](qsizetype length, int id) {
            offer(start, start + length, m_scores[size_t(id)] + before, id);
            coveredAlone = coveredAlone || length == charLength;
        });
        if (!coveredAlone) {
            // The candidate is only taken when better, and only then does Rust need unk_id.
            const int unkId = m_options.unkId.value_or(-1);
            if (offer(start, start + charLength, m_unkScore + before, unkId) && unkId < 0)
                throw InputError(QCoreApplication::translate("Engine", "the text holds \"%1\", which no piece of the "
                                                                       "tokenizer's vocabulary covers, and its "
                                                                       "tokenizer.json gives no unk_id: remove the "
                                                                       "character, or use a tokenizer that has an "
                                                                       "unknown token (in \"%2\")")
                                     .arg(QString::fromUtf8(utf8.mid(start, charLength)), word.left(80)));
        }
        start += charLength;
    }
    std::vector<PathToken> path;
    for (qsizetype end = size; end > 0; end = best[size_t(end)].start)
        path.push_back(PathToken{best[size_t(end)].start, end, best[size_t(end)].id});
    std::reverse(path.begin(), path.end());
    return path;
}

void UnigramModel::appendUnknown(const QByteArray& utf8, qsizetype start, qsizetype end,
                                 std::vector<int>& ids) const {
    // Rust looks the fused text up like any token: a lone "<unk>" typed in the text is that piece.
    const QByteArray bytes = utf8.mid(start, end - start);
    if (const auto id = vocabulary().id(QString::fromUtf8(bytes))) {
        ids.push_back(*id);
        return;
    }
    if (m_options.byteFallback &&
        std::all_of(bytes.begin(), bytes.end(), [&](char byte) { return m_byteIds[quint8(byte)] >= 0; })) {
        for (const char byte : bytes)
            ids.push_back(m_byteIds[quint8(byte)]);
        return;
    }
    ids.push_back(*m_options.unkId);  // an unknown stretch exists only where unk_id does
}

void UnigramModel::tokenize(const QString& word, std::vector<int>& ids) const {
    const QByteArray utf8 = word.toUtf8();
    const std::vector<PathToken> path = bestPath(utf8, word);
    const int unkId = m_options.unkId.value_or(-1);
    qsizetype unknownStart = -1;  // start of the run of unknown tokens being fused
    for (size_t i = 0; i < path.size(); ++i) {
        const PathToken& token = path[i];
        if (token.id == unkId) {
            if (unknownStart < 0)
                unknownStart = token.start;
            if (i + 1 == path.size() || path[i + 1].id != unkId)
                appendUnknown(utf8, unknownStart, token.end, ids);
            continue;
        }
        unknownStart = -1;
        ids.push_back(token.id);
    }
}

}  // namespace headmap

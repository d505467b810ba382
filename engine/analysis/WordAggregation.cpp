#include "analysis/WordAggregation.h"

#include "text/TokenLabels.h"
#include "tokenizers/ByteLevelAlphabet.h"

namespace headmap {
namespace {

// The CJK ideograph blocks of BERT's _is_chinese_char: each such character is a word.
bool isCjkIdeograph(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
           (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

bool isSpace(char32_t c) {
    return c != 0 && QChar::isSpace(c);
}

// A character that is a word on its own: punctuation, a symbol or an ideograph.
bool standsAlone(char32_t c) {
    if (c == 0)
        return false;
    return QChar::isPunct(c) || QChar::isSymbol(c) || isCjkIdeograph(c);
}

bool allSpace(const QByteArray& bytes) {
    if (bytes.isEmpty())
        return false;
    for (const uint c : QString::fromUtf8(bytes).toUcs4())
        if (!QChar::isSpace(c))
            return false;
    return true;
}

// Whether the byte token `next` continues the word of the byte token `previous`.
bool continuesByteWord(const tokenlabels::TokenText& previous, const tokenlabels::TokenText& next) {
    if (next.continuesCharacter)
        return true;
    if (isSpace(next.firstChar))
        return false;
    if (allSpace(previous.bytes))
        return true;  // a lone "Ġ" or "▁" is the leading space of the word after it
    if (isSpace(previous.lastChar))
        return false;
    return !standsAlone(previous.lastChar) && !standsAlone(next.firstChar);
}

// One pass over a (T, S) head: weight (i, j) adds to (word of query i, word of key j), divided
// by the number of pieces of i's word. In double, then stored as float like the trace. (W, W')
MatrixF mergedHead(const ConstMatrixMap& head, const std::vector<int>& word, const std::vector<int>& count,
                   int words, const std::vector<int>& keyWord, int keyWords) {
    const int t = int(head.rows()), s = int(head.cols());
    Eigen::MatrixXd out = Eigen::MatrixXd::Zero(words, keyWords);
    for (int i = 0; i < t; ++i) {
        const int wq = word[size_t(i)];
        const double share = 1.0 / double(count[size_t(wq)]);
        for (int j = 0; j < s; ++j)
            out(wq, keyWord[size_t(j)]) += share * double(head(i, j));
    }
    return out.cast<float>();
}

// One axis's tokens merged into words: the queries, or a cross-attention trace's keys (the
// source sentence, with its own pieces).
struct MergedTokens {
    std::vector<int> word;   // (T) the word of each piece
    std::vector<int> count;  // (W) pieces per word
    std::vector<int> ids;
    std::vector<bool> special;
    QStringList tokens, display;
    std::vector<std::vector<int>> piecesOfWord;
    int words() const { return int(count.size()); }
};

MergedTokens mergedTokens(const std::vector<int>& tokenIds, const QStringList& tokens, const QStringList& displayTokens,
                          const std::vector<bool>& specialTokens, PieceStyle style) {
    MergedTokens m;
    const int t = int(tokens.size());
    m.word = wordOfTokens(tokens, specialTokens, style);
    const size_t n = t == 0 ? 0 : size_t(m.word.back() + 1);
    const bool bytes = style == PieceStyle::ByteLevel || style == PieceStyle::SentencePiece;
    const std::vector<tokenlabels::TokenText> texts =
        bytes ? tokenlabels::describe(tokens, specialTokens, style) : std::vector<tokenlabels::TokenText>{};
    m.ids.assign(n, 0);
    m.special.assign(n, false);
    m.count.assign(n, 0);
    m.piecesOfWord.resize(n);
    std::vector<QStringList> pieces(n);
    std::vector<QStringList> labels(n);
    std::vector<QByteArray> wordBytes(n);
    for (int i = 0; i < t; ++i) {
        const size_t w = size_t(m.word[size_t(i)]);
        if (m.count[w]++ == 0)
            m.ids[w] = tokenIds[size_t(i)];
        m.special[w] = i < int(specialTokens.size()) && specialTokens[size_t(i)];
        m.piecesOfWord[w].push_back(i);
        pieces[w] << tokens[i];
        QString label = displayTokens[i];
        if (style == PieceStyle::WordPiece && m.count[w] > 1 && label.startsWith(QLatin1String("##")))
            label = label.mid(2);
        labels[w] << label;
        if (bytes)
            wordBytes[w] += texts[size_t(i)].bytes;
    }
    for (size_t w = 0; w < n; ++w) {
        m.tokens << pieces[w].join(QLatin1Char(' '));
        // Whole characters now: the bytes of the word read as text, without byte marks.
        m.display << (bytes && !m.special[w] ? bytelevel::displayBytes(wordBytes[w]) : labels[w].join(QString()));
    }
    return m;
}

}  // namespace

std::vector<int> wordOfTokens(const QStringList& pieces, const std::vector<bool>& special, PieceStyle style) {
    const int t = int(pieces.size());
    std::vector<int> word(size_t(t), 0);
    const auto isSpecial = [&](int i) { return i < int(special.size()) && special[size_t(i)]; };
    const bool bytes = style == PieceStyle::ByteLevel || style == PieceStyle::SentencePiece;
    const std::vector<tokenlabels::TokenText> texts =
        bytes ? tokenlabels::describe(pieces, special, style) : std::vector<tokenlabels::TokenText>{};
    for (int i = 1; i < t; ++i) {
        bool joins = false;
        if (!isSpecial(i) && !isSpecial(i - 1)) {
            if (style == PieceStyle::WordPiece)
                joins = pieces[i].startsWith(QLatin1String("##"));
            else if (bytes)
                joins = continuesByteWord(texts[size_t(i - 1)], texts[size_t(i)]);
        }
        word[size_t(i)] = word[size_t(i - 1)] + (joins ? 0 : 1);
    }
    return word;
}

std::vector<int> wordOfTokens(const AttentionTrace& trace) {
    return wordOfTokens(trace.tokens(), trace.special(), trace.model().pieces);
}

AttentionTrace mergeIntoWords(const AttentionTrace& trace, const HeadFilter& heads) {
    const PieceStyle style = trace.model().pieces;
    const MergedTokens queries = mergedTokens(trace.tokenIds(), trace.tokens(), trace.displayTokens(), trace.special(),
                                              style);
    ModelSummary summary = trace.model();
    summary.pieces = PieceStyle::Words;
    AttentionTrace merged(summary, queries.ids, queries.tokens, queries.display, queries.special);
    // Cross-attention: the source's pieces merge into the source's words on their own axis.
    const MergedTokens keys = trace.hasKeyTokens() ? mergedTokens(trace.keyTokenIds(), trace.keyTokens(),
                                                                  trace.keyDisplayTokens(), trace.keySpecial(), style)
                                                   : queries;
    if (trace.hasKeyTokens())
        merged.setKeyTokens(keys.ids, keys.tokens, keys.display, keys.special);
    merged.setAblations(trace.ablations());
    merged.setModelPositions(trace, queries.piecesOfWord);  // a word cell is masked iff all its piece cells are
    // Held by the derived trace's source: copies share the heads, queries and keys.
    auto source = std::make_shared<const AttentionTrace>(trace);
    const int words = queries.words(), keyWords = keys.words();
    merged.deriveHeads([source, word = queries.word, count = queries.count, words, keyWord = keys.word, keyWords,
                        heads](int layer, int head) {
        if (heads && !heads(layer, head))
            return MatrixF(MatrixF::Zero(words, keyWords));
        return mergedHead(source->headUncached(layer, head), word, count, words, keyWord, keyWords);
    });
    return merged;
}

}  // namespace headmap

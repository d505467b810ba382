#pragma once
// A tokenizer.json pre-tokenizer: splits normalized text into the words the model tokenizes one
// at a time. Rust's tokenizers drops empty words after every step; so do these. Words are handed
// out one at a time, so a long text never exists as a list of words and the caller can stop early.

#include <functional>

#include <QString>
#include <QStringList>

namespace headmap {

class PreTokenizer {
public:
    // One word, and whether it starts where the whole text starts (not after an added token or
    // another word): Metaspace's prepend_scheme "first" needs that. Returns false to stop.
    using WordSink = std::function<bool(const QString& word, bool atTextStart)>;

    virtual ~PreTokenizer() = default;
    // Gives the non-empty words of piece to sink, in order; false when the sink stopped early.
    virtual bool forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const = 0;

    // All words of a piece that starts the text.
    void split(const QString& piece, QStringList& words) const {
        forEachWord(piece, true, [&](const QString& word, bool) {
            words << word;
            return true;
        });
    }
    QStringList split(const QString& text) const {
        QStringList words;
        split(text, words);
        return words;
    }
};

// Gives piece[start, end) to sink unless it is empty; it starts the text when piece does and
// start is 0. Returns what the sink returns (true for an empty word).
inline bool giveWord(const PreTokenizer::WordSink& sink, const QString& piece, qsizetype start,
                     qsizetype end, bool pieceAtTextStart) {
    if (end <= start)
        return true;
    return sink(start == 0 && end == piece.size() ? piece : piece.mid(start, end - start),
                pieceAtTextStart && start == 0);
}

}  // namespace headmap

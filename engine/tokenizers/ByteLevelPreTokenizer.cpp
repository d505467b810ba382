#include "tokenizers/ByteLevelPreTokenizer.h"

#include "tokenizers/ByteLevelAlphabet.h"
#include "tokenizers/Gpt2Split.h"

namespace headmap {

bool ByteLevelPreTokenizer::forEachWord(const QString& piece, bool atTextStart, const WordSink& sink) const {
    if (piece.isEmpty())
        return true;
    QString text = piece;
    if (m_addPrefixSpace && !text.startsWith(QLatin1Char(' ')))
        text.prepend(QLatin1Char(' '));
    if (!m_useRegex)
        return sink(bytelevel::encode(text), atTextStart);
    return forEachGpt2Piece(text, [&](qsizetype start, qsizetype end) {
        return sink(bytelevel::encode(QStringView(text).mid(start, end - start).toString()),
                    atTextStart && start == 0);
    });
}

}  // namespace headmap

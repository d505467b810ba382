#include "tokenizers/ByteLevelPreTokenizer.h"

#include "tokenizers/ByteLevelAlphabet.h"
#include "tokenizers/Gpt2Split.h"

namespace headmap {

void ByteLevelPreTokenizer::split(const QString& piece, QStringList& words) const {
    if (piece.isEmpty())
        return;
    QString text = piece;
    if (m_addPrefixSpace && !text.startsWith(QLatin1Char(' ')))
        text.prepend(QLatin1Char(' '));
    const QStringList parts = m_useRegex ? splitGpt2(text) : QStringList{text};
    for (const QString& part : parts)
        if (!part.isEmpty())
            words << bytelevel::encode(part);
}

}  // namespace headmap

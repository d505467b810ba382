#include "model/Tokenizer.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {

void Encoding::truncate(int count) {
    if (count < 0 || count >= size())
        return;
    ids.resize(size_t(count));
    tokens = tokens.mid(0, count);
    displayTokens = displayTokens.mid(0, count);
    special.resize(size_t(count));
    if (typeIds.size() > size_t(count))
        typeIds.resize(size_t(count));
}

Encoding Tokenizer::encodeLimited(const QString& text, bool addSpecialTokens, int maxTokens) const {
    Encoding encoding = encode(text, addSpecialTokens);
    if (maxTokens >= 0 && encoding.size() > maxTokens) {
        encoding.truncate(maxTokens);
        encoding.truncated = true;
    }
    return encoding;
}

Encoding Tokenizer::encodePair(const QString&, const QString&, bool) const {
    throw InputError(QCoreApplication::translate("Engine", "this model's tokenizer does not take sentence pairs"));
}

std::optional<int> Tokenizer::tokenToId(const QString&) const {
    return std::nullopt;
}

}  // namespace headmap

#include "model/Tokenizer.h"

#include "core/HeadmapError.h"

namespace headmap {

Encoding Tokenizer::encodePair(const QString&, const QString&, bool) const {
    throw InputError(QStringLiteral("this model's tokenizer does not take sentence pairs"));
}

std::optional<int> Tokenizer::tokenToId(const QString&) const {
    return std::nullopt;
}

}  // namespace headmap

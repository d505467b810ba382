#pragma once
// BERT's normalizer, as the Rust tokenizers library runs it: clean the text (drop NUL, U+FFFD and
// control characters, turn white space into ' '), put spaces around CJK ideographs, strip
// accents (NFD, then drop non-spacing marks), lowercase, in that order.

#include <optional>

#include "tokenizers/Normalizer.h"

namespace headmap {

struct BertNormalizerOptions {
    bool cleanText = true;
    bool handleChineseChars = true;
    std::optional<bool> stripAccents;  // null follows lowercase, as in tokenizers and transformers
    bool lowercase = true;
};

class BertNormalizer : public Normalizer {
public:
    explicit BertNormalizer(const BertNormalizerOptions& options);
    QString normalize(const QString& text) const override;

private:
    BertNormalizerOptions m_options;
};

}  // namespace headmap

#pragma once
// tokenizer.json's Precompiled normalizer: SentencePiece's compiled rules (PrecompiledCharsMap)
// applied as the Rust tokenizers library applies them (normalizers/precompiled.rs), which is not
// quite SentencePiece's own longest-match walk: the text is cut into extended grapheme clusters;
// a cluster of fewer than 6 UTF-8 bytes is replaced whole when a rule matches a prefix of it
// (the shortest such rule), and otherwise each of its characters is replaced by its own rule or
// kept. (The Rust source: "Yes, this seems broken ... check this normalizer against XNLI".)

#include <memory>

#include <QJsonObject>

#include "tokenizers/Normalizer.h"
#include "tokenizers/PrecompiledCharsMap.h"

namespace headmap {

class PrecompiledNormalizer : public Normalizer {
public:
    explicit PrecompiledNormalizer(PrecompiledCharsMap map) : m_map(std::move(map)) {}
    QString normalize(const QString& text) const override;

private:
    PrecompiledCharsMap m_map;
};

// {"type": "Precompiled", "precompiled_charsmap": "<base64>"}. Throws ModelError naming where for
// a missing or malformed base64 string or a broken map.
std::unique_ptr<Normalizer> parsePrecompiledNormalizer(const QJsonObject& object, const QString& where);

}  // namespace headmap

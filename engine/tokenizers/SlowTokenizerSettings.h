#pragma once
// The settings transformers' Python ("slow") tokenizers read beside their model files, shared by
// the Marian and M2M100 loaders: tokenizer_config.json with special_tokens_map.json over it (as
// from_pretrained merges them), the special tokens they name, and how PreTrainedTokenizer
// numbers the special tokens the vocabulary lacks.

#include <functional>
#include <optional>
#include <vector>

#include <QDir>
#include <QHash>
#include <QJsonObject>
#include <QString>

#include "tokenizers/AddedTokenMatcher.h"

namespace headmap {

struct SlowTokenizerSettings {
    QJsonObject values;
    QString source;  // the files read, for messages

    explicit SlowTokenizerSettings(const QDir& dir);
    bool flag(const char* key, bool fallback) const;
    QString text(const char* key) const;  // "" when absent or not a string (null)
};

namespace slowtokenizer {

// One special-token setting: a string, an AddedToken object, null (none) or absent (fallback).
// Returns false for none. Throws ModelError for another kind of value.
bool specialTokenSetting(const SlowTokenizerSettings& settings, const QString& key, const QString& fallback,
                         AddedToken& token);

// PreTrainedTokenizerBase's special tokens, in the order _add_tokens numbers them: the named ones
// (SPECIAL_TOKENS_ATTRIBUTES, with the class's defaults from `defaults`: "eos_token" → "</s>"),
// other "*_token" texts of the settings, then the extra (additional) ones; each content once.
std::vector<AddedToken> specialTokens(const SlowTokenizerSettings& settings, const QHash<QString, QString>& defaults);

// _add_tokens: a special token the tokenizer already knows (knownId) keeps its id; the others are
// numbered after the vocabulary's `size` entries, in order. Throws ModelError when such a number
// is already a piece's (pieceOf gives it), naming the settings and the vocabulary.
void numberSpecialTokens(std::vector<AddedToken>& tokens, const std::function<std::optional<int>(const QString&)>& knownId,
                         int size, const std::function<QString(int)>& pieceOf, const QString& vocabPath,
                         const QString& settingsPath);

// The id of the special token with this content, or -1.
int idOfSpecial(const std::vector<AddedToken>& tokens, const QString& content);

// Decoding: Python's str.strip() (str.isspace() characters at both ends), and
// PreTrainedTokenizerBase's clean_up_tokenization (" ." → "." etc.) for tokenizer_config.json's
// clean_up_tokenization_spaces.
QString pythonStrip(const QString& text);
QString cleanUpTokenizationSpaces(QString text);

}  // namespace slowtokenizer
}  // namespace headmap

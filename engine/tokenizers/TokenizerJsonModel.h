#pragma once
// Reading the "model" object of tokenizer.json (WordPiece or BPE) and the vocabulary and merges
// formats it shares with the legacy vocab.json and merges.txt files.

#include <memory>
#include <vector>

#include <QJsonValue>

#include "tokenizers/BpeModel.h"
#include "tokenizers/TokenizerModel.h"

namespace headmap::tokenizerjson {

// Throws ModelError naming `where` ("model") for an unsupported type or option, a missing vocab
// or merges, or merges that refer to pieces outside the vocabulary.
std::unique_ptr<TokenizerModel> parseModel(const QJsonValue& value, const QString& where);

// {"piece": id, ...}
Vocabulary parseVocabulary(const QJsonValue& value, const QString& where);
// ["a b", ...] or [["a", "b"], ...]: both forms exist.
std::vector<BpeMerge> parseMerges(const QJsonValue& value, const QString& where);

}  // namespace headmap::tokenizerjson

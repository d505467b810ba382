#pragma once
// Reading the normalizer, pre_tokenizer and post_processor objects of tokenizer.json. Each
// function takes the JSON value and where it sits ("normalizer", "pre_tokenizer.pretokenizers[1]")
// and throws ModelError naming that place for a type or field Headmap does not support.

#include <memory>

#include <QJsonValue>

#include "tokenizers/Normalizer.h"
#include "tokenizers/PostProcessor.h"
#include "tokenizers/PreTokenizer.h"

namespace headmap::tokenizerjson {

// null gives nullptr.
std::unique_ptr<Normalizer> parseNormalizer(const QJsonValue& value, const QString& where);
std::unique_ptr<PreTokenizer> parsePreTokenizer(const QJsonValue& value, const QString& where);
std::unique_ptr<PostProcessor> parsePostProcessor(const QJsonValue& value, const QString& where);

// True when the component (a pre_tokenizer or decoder), or one inside its Sequence, is ByteLevel.
bool containsByteLevel(const QJsonValue& value);

// Shared checks: the value must be an object with a string "type".
QJsonObject requireObject(const QJsonValue& value, const QString& where);
QString typeOf(const QJsonObject& object, const QString& where);
bool optionalBool(const QJsonObject& object, const QString& key, bool fallback, const QString& where);
// A token id written as a JSON number. JSON numbers are doubles: the value is checked to be an
// integer from 0 to Vocabulary::kMaxId before it is cast (a cast of 2^31 or 1e300 to int is
// undefined). Throws ModelError naming where, the token and the value found.
int tokenId(const QJsonValue& value, const QString& where, const QString& token);

}  // namespace headmap::tokenizerjson

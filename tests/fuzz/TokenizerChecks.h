#pragma once
// The promises of model/Tokenizer.h, checked on a tokenizer a harness managed to load: every
// encoding is consistent (one id, piece, label and flag per token), its ids are in the
// vocabulary (fromIds names them again, with the same pieces), and encodeLimited returns the
// first maxTokens tokens of encode() with `truncated` set exactly when tokens were cut off;
// a sentence pair is the two encodings in order, one type id each, or inside the template.
// Tokenizers have no decode, so there is no text round trip to check.

#include <QByteArray>

namespace headmap {
class Tokenizer;
}

namespace headmap::fuzz {

// Encodes a text made of the input's own bytes and one of a few fixed texts (ASCII, accents,
// CJK, emoji, special-token look-alikes, empty), chosen by the input's bytes.
void checkTokenizer(const char* what, const Tokenizer& tokenizer, const QByteArray& input);

}  // namespace headmap::fuzz

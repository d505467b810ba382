#pragma once
// GPT-2's pre-tokenization regex,
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// written out by hand: it runs in one pass without copying the text, and \s is exactly
// Oniguruma's (Unicode White_Space), which neither JavaScript's nor PCRE2's \s is.

#include <functional>

#include <QStringList>

namespace headmap {

// Calls piece(start, end) for each match, with UTF-16 offsets, in order; stops and returns false
// when piece returns false.
bool forEachGpt2Piece(const QString& text, const std::function<bool(qsizetype, qsizetype)>& piece);
QStringList splitGpt2(const QString& text);

}  // namespace headmap

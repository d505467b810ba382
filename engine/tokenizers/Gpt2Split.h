#pragma once
// GPT-2's pre-tokenization regex,
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// written out by hand: it runs in one pass, and \s is exactly Oniguruma's (Unicode White_Space),
// which neither JavaScript's nor PCRE2's \s is.

#include <QStringList>

namespace headmap {

QStringList splitGpt2(const QString& text);

}  // namespace headmap

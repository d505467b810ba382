#pragma once
// Readable labels for tokens. Byte-level BPE (GPT-2, RoBERTa, Llama-3, Qwen) and SentencePiece
// byte fallback (Llama-2, Gemma: "<0xE5>") cut characters outside ASCII into bytes, so one
// Chinese character can be spread over two or three tokens. The bytes of consecutive tokens
// are read together as UTF-8; a token holding part of a character shows the character with a
// byte mark:
//
//   多¹⁄₃     the token holds byte 1 of 多's 3 bytes
//   多²⁻³⁄₃   it holds bytes 2 to 3 of 3
//   <0xE5>    a byte that never becomes a character (invalid UTF-8, or cut off by truncation)
//
// Superscripts say which bytes of the character the token holds, the subscript how many bytes
// the character has. Other marks: ␣ a space (GPT-2's "Ġ", SentencePiece's "▁" word start),
// \n \t \r newline, tab, return; other control characters are "<0x00>"-style bytes.
//
// Tokenizers label their encodings with this, so displayTokens are readable everywhere (CLI
// JSON, views, exports); views take tooltips() for the details.

#include <vector>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "core/PieceStyle.h"

namespace headmap {

class AttentionTrace;

namespace tokenlabels {

// What one token stands for.
struct TokenText {
    bool hasBytes = false;  // false for special tokens and for styles whose pieces are no bytes
    QByteArray bytes;       // the bytes the piece stands for (filled by describe())
    QString label;          // the readable label
    QString tooltip;        // piece "Ã¥" · bytes E5 A4 · part of 多 (U+591A), bytes 1–2 of 3
    // The characters the token's first and last bytes belong to (0: none, or not a character),
    // and whether its first byte continues a character that began in the token before.
    char32_t firstChar = 0;
    char32_t lastChar = 0;
    bool continuesCharacter = false;
};

// pieces: the tokenizer's own pieces ("Ġthe", "<0xE5>", "▁the", "##ing"); special: true for
// [CLS], <s>, ... (never read as bytes). spaceMarker: SentencePiece's word-start marker.
std::vector<TokenText> describe(const QStringList& pieces, const std::vector<bool>& special, PieceStyle style,
                                const QString& spaceMarker = QStringLiteral("\u2581"));
QStringList labels(const QStringList& pieces, const std::vector<bool>& special, PieceStyle style,
                   const QString& spaceMarker = QStringLiteral("\u2581"));

// One tooltip per token of the trace (its raw piece, bytes and character).
QStringList tooltips(const AttentionTrace& trace);

// A one-line legend of the marks these labels use ("" when they use none), e.g.
// "␣ space · \n newline · 多¹⁄₃ byte 1 of 多's 3 bytes · <0xE5> a byte that is no character".
QString legend(const QStringList& labels);
// Every mark, for help texts.
QString fullLegend();

// "it #10": a label with its position, for tooltips and breakdowns where a word can repeat.
QString labelWithPosition(const QString& label, int index);

// The byte mark for bytes first..last (1-based) of a character of length bytes: "¹⁻²⁄₃".
QString byteMark(int first, int last, int length);

}  // namespace tokenlabels
}  // namespace headmap

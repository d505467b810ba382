#pragma once
// GPT-2's byte alphabet (bytes_to_unicode): every byte of UTF-8 text is written as one printable
// character, so that byte-level BPE vocabularies are plain strings ("Ġthe" is " the").

#include <QByteArray>
#include <QByteArrayView>
#include <QString>

namespace headmap::bytelevel {

// One alphabet character per byte.
QString encodeBytes(const QByteArray& bytes);
// The UTF-8 bytes of text, one alphabet character per byte.
QString encode(const QString& text);
// The bytes a piece in the alphabet stands for; characters outside the alphabet (added tokens
// are not byte-encoded) are taken as UTF-8 text.
QByteArray decode(const QString& piece);
// decode(), appended to out: labels decode every piece of every encoding, in place.
void appendDecoded(QByteArray& out, const QString& piece);
// A readable label for a vocabulary piece: its bytes as UTF-8 with spaces shown as "␣", tabs,
// newlines and returns as \t \n \r, and every byte that is not part of a valid UTF-8 character
// (a character split across tokens) or is another control character as "<0xE6>".
QString display(const QString& piece);
// The same label for bytes that are not in the alphabet (SentencePiece pieces as UTF-8).
QString displayBytes(QByteArrayView bytes);
// displayBytes(), appended to out.
void appendDisplayBytes(QString& out, QByteArrayView bytes);
// "<0xE6>", appended to out.
void appendByteLabel(QString& out, uchar byte);
// The length of the valid UTF-8 character starting at bytes[i], or 0 if there is none there
// (a continuation byte, an overlong or surrogate form, or a character cut off by the end).
int utf8SequenceLength(QByteArrayView bytes, qsizetype i);
// The same, with the character's code point in codePoint when the length is not 0.
int utf8Sequence(QByteArrayView bytes, qsizetype i, char32_t& codePoint);

}  // namespace headmap::bytelevel

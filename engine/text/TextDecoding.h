#pragma once
// Decoding user text. Invalid UTF-8 never stops Headmap: bad bytes become U+FFFD and the caller
// is told, so it can warn.

#include <QByteArray>
#include <QString>

namespace headmap {

struct DecodedText {
    QString text;
    bool hadInvalidUtf8 = false;
};

DecodedText decodeUtf8(const QByteArray& bytes);

// True when text holds nothing but white space (or nothing at all).
bool isBlank(const QString& text);

}  // namespace headmap

#include "text/TextDecoding.h"

#include <QStringDecoder>

namespace headmap {

DecodedText decodeUtf8(const QByteArray& bytes) {
    // Stateless: a character cut off at the end becomes U+FFFD instead of vanishing.
    QStringDecoder decoder(QStringDecoder::Utf8, QStringDecoder::Flag::Stateless);
    DecodedText decoded;
    decoded.text = decoder.decode(bytes);
    decoded.hadInvalidUtf8 = decoder.hasError();
    return decoded;
}

bool isBlank(const QString& text) {
    for (QChar c : text)
        if (!c.isSpace())
            return false;
    return true;
}

}  // namespace headmap

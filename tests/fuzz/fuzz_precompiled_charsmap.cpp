// SentencePiece's precompiled_charsmap (tokenizers/PrecompiledCharsMap.h), the binary blob that
// tokenizer.json's Precompiled normalizer holds in base64: read from the raw bytes, then, when
// accepted, the Precompiled normalizer run over texts full of rules and over the input's own
// bytes as text. The map's reader checks every node a lookup can reach when it reads the blob,
// so no text may read outside the trie or the strings; every replacement is UTF-8.

#include <QStringList>

#include "FuzzSupport.h"
#include "tokenizers/PrecompiledCharsMap.h"
#include "tokenizers/PrecompiledNormalizer.h"

using namespace headmap;
using namespace headmap::fuzz;

namespace {

// Characters that nmt_nfkc rewrites or removes, grapheme clusters of every length around the
// 6-byte limit, white space, controls, and NUL (which ends a key).
const QStringList& fixedTexts() {
    static const QStringList texts{
        QStringLiteral("Hello, world! Hej verden"),
        QString::fromUtf8("ﬁ ﬂ Ａｂｃ ① ½ ㎏ Ⅻ ™ ｶﾞ ﾊﾟ 𝔘𝔫 µ ſ"),
        QString::fromUtf8("e\u0301 e\u0301\u0301 e\u0301\u0301\u0301 A\u030a \u0627\u0653 ड़ी क्ष"),
        QString::fromUtf8("\t\n\r\u00a0\u3000\u2003\u200b\u200d\u00ad\ufeff\u0007\x7f"),
        QString::fromUtf8("👨‍👩‍👧‍👦 🇩🇰 ❤️ 1️⃣ 漢字𪚥 한국어"),
        QString(QChar(0)) + QStringLiteral("a") + QString(QChar(0)),
    };
    return texts;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray input = inputBytes(data, size);
    std::unique_ptr<PrecompiledNormalizer> normalizer;
    if (!acceptsOrRefusesCleanly("PrecompiledCharsMap",
                                 [&] { normalizer = std::make_unique<PrecompiledNormalizer>(PrecompiledCharsMap(input)); }))
        return 0;
    // The input's last bytes (the replacement strings, in a real map) as text too.
    const QStringList texts = fixedTexts() + QStringList{QString::fromUtf8(input.right(256))};
    for (const QString& text : texts) {
        QString normalized;
        require(acceptsOrRefusesCleanly("PrecompiledNormalizer::normalize", [&] { normalized = normalizer->normalize(text); }),
                "PrecompiledNormalizer::normalize", "refused a text: normalizing never fails once the map is read");
        // The output is the replacements (checked UTF-8) and characters of the text: it converts
        // to UTF-8 and back unchanged, as it holds no lone surrogate.
        require(QString::fromUtf8(normalized.toUtf8()) == normalized, "PrecompiledNormalizer::normalize",
                "the output holds a lone surrogate or invalid text");
    }
    return 0;
}

#include "tokenizers/GgufIdsTokenizer.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "formats/GgufMetadata.h"

namespace headmap {
namespace {

// gguf-py's TokenType: 2 unknown, 3 control (SentencePieceTokenTypes of convert_hf_to_gguf.py).
constexpr qint64 kGgufUnknownType = 2;
constexpr qint64 kGgufControlType = 3;

}  // namespace

GgufIdsTokenizer::GgufIdsTokenizer(const GgufMetadata& metadata, const QString& path, int vocabSize)
    : m_path(path), m_vocabSize(vocabSize) {
    const QString tokens = QStringLiteral("tokenizer.ggml.tokens"), types = QStringLiteral("tokenizer.ggml.token_type");
    m_modelName = metadata.string(QStringLiteral("tokenizer.ggml.model"), QString());
    if (metadata.contains(tokens))
        m_pieces = metadata.stringArray(tokens);
    const std::vector<qint64> kinds = metadata.contains(types) ? metadata.intArray(types) : std::vector<qint64>();
    m_special.assign(size_t(m_vocabSize), false);
    for (size_t i = 0; i < kinds.size() && i < m_special.size(); ++i)
        m_special[i] = kinds[i] == kGgufUnknownType || kinds[i] == kGgufControlType;
}

Encoding GgufIdsTokenizer::encode(const QString&, bool) const {
    throw InputError(QCoreApplication::translate("Engine", "Give token ids (--ids) or open the model's Hugging Face "
                                                           "folder: %1 has a tokenizer of kind '%2' "
                                                           "(tokenizer.ggml.model), which Headmap does not run yet")
                         .arg(QFileInfo(m_path).fileName(), m_modelName));
}

Encoding GgufIdsTokenizer::fromIds(const std::vector<int>& ids) const {
    Encoding encoding;
    for (int id : ids) {
        if (id < 0 || id >= m_vocabSize)
            throw InputError(QCoreApplication::translate("Engine", "token id %1 is outside the vocabulary (0 to %2)")
                                 .arg(id)
                                 .arg(m_vocabSize - 1));
        const QString piece = id < m_pieces.size() ? m_pieces.at(id) : QStringLiteral("[%1]").arg(id);
        encoding.append(id, piece, piece, m_special[size_t(id)]);
    }
    return encoding;
}

std::optional<int> GgufIdsTokenizer::tokenToId(const QString& token) const {
    const qsizetype index = m_pieces.indexOf(token);
    if (index < 0 || index >= m_vocabSize)
        return std::nullopt;
    return int(index);
}

}  // namespace headmap

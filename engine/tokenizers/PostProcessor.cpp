#include "tokenizers/PostProcessor.h"

#include <algorithm>

namespace headmap {
namespace {

Encoding specialEncoding(const SpecialTokenIds& special, int typeId) {
    Encoding encoding;
    for (size_t i = 0; i < special.ids.size(); ++i) {
        const QString& token = special.tokens.at(qsizetype(i));
        encoding.append(special.ids[i], token, token, true, typeId);
    }
    return encoding;
}

void appendEncoding(Encoding& to, const Encoding& from) {
    for (int i = 0; i < from.size(); ++i)
        to.append(from.ids[size_t(i)], from.tokens.at(i), from.displayTokens.at(i),
                  from.special[size_t(i)], from.typeId(i));
}

void appendSpecialTokens(std::vector<std::pair<QString, int>>& out, const SpecialTokenIds& special) {
    for (size_t i = 0; i < special.ids.size(); ++i)
        out.emplace_back(special.tokens.at(qsizetype(i)), special.ids[i]);
}

}  // namespace

Encoding concatenate(std::vector<Encoding> encodings) {
    // Every encode() ends here: a lone sequence is handed on, and the lists of a joined one are
    // sized once instead of growing token by token.
    if (encodings.size() == 1 && !encodings.front().truncated) {
        Encoding result = std::move(encodings.front());
        const auto zero = [](int typeId) { return typeId == 0; };
        if (std::all_of(result.typeIds.begin(), result.typeIds.end(), zero))
            result.typeIds.clear();  // as appending leaves them: empty means all 0
        return result;
    }
    size_t total = 0;
    for (const Encoding& encoding : encodings)
        total += size_t(encoding.size());
    Encoding result;
    result.ids.reserve(total);
    result.tokens.reserve(qsizetype(total));
    result.displayTokens.reserve(qsizetype(total));
    result.special.reserve(total);
    for (const Encoding& encoding : encodings)
        appendEncoding(result, encoding);
    return result;
}

void setTypeIds(Encoding& encoding, int typeId) {
    encoding.typeIds.assign(size_t(encoding.size()), typeId);
    if (typeId == 0)
        encoding.typeIds.clear();  // empty means all 0
}

std::vector<Encoding> TemplateProcessor::process(std::vector<Encoding> encodings,
                                                 bool addSpecialTokens) const {
    const std::vector<TemplatePiece>& pieces = encodings.size() >= 2 ? m_pair : m_single;
    std::vector<Encoding> result;
    for (const TemplatePiece& piece : pieces) {
        if (piece.isSequence) {
            if (size_t(piece.sequence) >= encodings.size())
                continue;
            // Each sequence appears once in a template (TokenizerJsonComponents checks it).
            Encoding sequence = std::move(encodings[size_t(piece.sequence)]);
            setTypeIds(sequence, piece.typeId);
            result.push_back(std::move(sequence));
        } else if (addSpecialTokens) {
            result.push_back(specialEncoding(piece.special, piece.typeId));
        }
    }
    return result;
}

std::vector<Encoding> ClsSepProcessor::process(std::vector<Encoding> encodings,
                                               bool addSpecialTokens) const {
    // RoBERTa's tokens all have type id 0, with special tokens or without (roberta.rs of the
    // tokenizers library: "Roberta is weird, and every encoding is type_id=0"); its models have
    // a single token type.
    if (m_style == Style::Roberta)
        for (Encoding& sequence : encodings)
            setTypeIds(sequence, 0);
    if (!addSpecialTokens)
        return encodings;
    std::vector<Encoding> result;
    for (size_t i = 0; i < encodings.size(); ++i) {
        Encoding& sequence = encodings[i];
        if (i == 0) {
            result.push_back(specialEncoding(m_cls, 0));
            result.push_back(std::move(sequence));
            result.push_back(specialEncoding(m_sep, 0));
        } else if (m_style == Style::Bert) {
            result.push_back(std::move(sequence));
            result.push_back(specialEncoding(m_sep, 1));
        } else {
            result.push_back(specialEncoding(m_sep, 0));
            result.push_back(std::move(sequence));
            result.push_back(specialEncoding(m_sep, 0));
        }
    }
    return result;
}

std::vector<Encoding> PostProcessorSequence::process(std::vector<Encoding> encodings,
                                                     bool addSpecialTokens) const {
    for (const auto& step : m_steps)
        encodings = step->process(std::move(encodings), addSpecialTokens);
    return encodings;
}

std::vector<std::pair<QString, int>> TemplateProcessor::specialTokens() const {
    std::vector<std::pair<QString, int>> out;
    for (const std::vector<TemplatePiece>* pieces : {&m_single, &m_pair})
        for (const TemplatePiece& piece : *pieces)
            if (!piece.isSequence)
                appendSpecialTokens(out, piece.special);
    return out;
}

std::vector<std::pair<QString, int>> ClsSepProcessor::specialTokens() const {
    std::vector<std::pair<QString, int>> out;
    appendSpecialTokens(out, m_cls);
    appendSpecialTokens(out, m_sep);
    return out;
}

std::vector<std::pair<QString, int>> PostProcessorSequence::specialTokens() const {
    std::vector<std::pair<QString, int>> out;
    for (const auto& step : m_steps)
        for (auto& token : step->specialTokens())
            out.push_back(std::move(token));
    return out;
}

}  // namespace headmap

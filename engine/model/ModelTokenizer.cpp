#include "model/ModelTokenizer.h"

#include <algorithm>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "model/TargetSideTokenizer.h"
#include "text/TextDecoding.h"

namespace headmap {
namespace {

bool hasTextTokens(const Encoding& encoding) {
    return std::find(encoding.special.begin(), encoding.special.end(), false) != encoding.special.end();
}

// Why a text gave no tokens, in words a user can act on.
QString noTokensMessage(const QString& which, const QString& text, const ModelSummary& summary) {
    if (text.isEmpty())
        return QCoreApplication::translate("Engine", "%1 is empty").arg(which);
    if (isBlank(text))
        return QCoreApplication::translate("Engine",
                                           "%1 holds only white space, and %2's tokenizer makes no tokens of it")
            .arg(which, summary.name);
    return QCoreApplication::translate("Engine", "%1 makes no tokens for %2").arg(which, summary.name);
}

}  // namespace

Encoding tokenizeFor(const ModelSummary& summary, const Tokenizer& tokenizer, const QString& text,
                     const TokenizeOptions& options) {
    const int limit = summary.maxPositions - (options.prependBos ? 1 : 0);
    Encoding encoding;
    if (!options.languages.source.isEmpty() && !options.pair) {
        // The source language's tokens (M2M100's "__da__" first): encoded whole, then cut as
        // Tokenizer::encodeLimited does.
        const auto* languages = dynamic_cast<const TargetSideTokenizer*>(&tokenizer);
        if (!languages || languages->sourceLanguageCodes().isEmpty())
            throw InputError(QCoreApplication::translate("Engine", "%1 takes no source language code ('%2'): leave "
                                                                   "it out").arg(summary.name, options.languages.source));
        encoding = languages->encodeSourceIn(text, options.addSpecialTokens, options.languages.source);
        if (encoding.size() > std::max(limit, 0)) {
            encoding.truncate(std::max(limit, 0));
            encoding.truncated = true;
        }
    } else {
        encoding = options.pair ? tokenizer.encodePair(text, *options.pair, options.addSpecialTokens)
                                : tokenizer.encodeLimited(text, options.addSpecialTokens, std::max(limit, 0));
    }
    // Whether white space is a token is the tokenizer's business (GPT-2: " " is 220); only a
    // text of which nothing is left is refused.
    if (!hasTextTokens(encoding))
        throw InputError(noTokensMessage(QCoreApplication::translate("Engine", "the text"), text, summary));
    if (options.pair && !hasTextTokens(tokenizer.encode(*options.pair, false)))
        throw InputError(noTokensMessage(QCoreApplication::translate("Engine", "the second text of the pair"),
                                         *options.pair, summary));
    if (encoding.size() > limit && options.pair) {  // pairs are encoded whole; cut like the rest
        encoding.truncate(limit);
        encoding.truncated = true;
    }
    if (encoding.truncated && !options.truncate)
        throw InputError(QCoreApplication::translate("Engine", "the text has more than %1 tokens; %2 accepts at "
                                                               "most %3 (max positions)")
                             .arg(limit).arg(summary.name).arg(summary.maxPositions));
    if (!options.prependBos)
        return encoding;
    const QString bos = summary.bosToken;
    const std::optional<int> bosId = bos.isEmpty() ? std::nullopt : tokenizer.tokenToId(bos);
    if (!bosId)
        throw InputError(QCoreApplication::translate("Engine", "%1 has no beginning-of-text token to prepend")
                             .arg(summary.name));
    Encoding withBos;
    withBos.append(*bosId, bos, bos, true);
    for (int i = 0; i < encoding.size(); ++i)
        withBos.append(encoding.ids[size_t(i)], encoding.tokens[i], encoding.displayTokens[i],
                       encoding.special[size_t(i)], encoding.typeId(i));
    withBos.truncated = encoding.truncated;
    return withBos;
}

ModelTokenizer::ModelTokenizer(ModelSummary summary, std::unique_ptr<Tokenizer> tokenizer)
    : m_tokenizer(std::move(tokenizer)), m_summary(std::move(summary)) {}

ModelTokenizer::ModelTokenizer(std::unique_ptr<Model> model) : m_model(std::move(model)) {}

}  // namespace headmap

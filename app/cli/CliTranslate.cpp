#include "cli/CliTranslate.h"

#include <QRegularExpression>

#include "core/HeadmapError.h"
#include "io/JsonWriter.h"

namespace headmap::cli {
namespace {

// The >>L<< tokens of a Marian vocabulary, the target languages of a multilingual opus-mt model.
QStringList marianLanguageCodes(const Tokenizer& tokenizer) {
    static const QRegularExpression code(QStringLiteral("^>>(.+)<<$"));
    std::vector<int> ids(size_t(tokenizer.vocabSize()));
    for (size_t i = 0; i < ids.size(); ++i)
        ids[i] = int(i);
    QStringList codes;
    for (const QString& token : tokenizer.fromIds(ids).tokens)
        if (const QRegularExpressionMatch match = code.match(token); match.hasMatch())
            codes << match.captured(1);
    return codes;
}

// "de, fr, it, … (12 in all)"
QString someCodes(const QStringList& codes) {
    constexpr int kShown = 20;
    if (codes.size() <= kShown)
        return codes.join(QStringLiteral(", "));
    return codes.mid(0, kShown).join(QStringLiteral(", ")) + QStringLiteral(", … (%1 in all)").arg(codes.size());
}

}  // namespace

Encoding withLanguages(const CliRequest& request, const Model& model, const Encoding& source) {
    const ModelSummary& summary = model.summary();
    const QString& architecture = summary.architecture;
    if (request.sourceLanguage.isEmpty() && request.targetLanguage.isEmpty())
        return source;
    if (architecture == QLatin1String("t5"))
        throw InputError(QStringLiteral("T5 reads the languages from the text itself: leave out --source-lang and "
                                        "--target-lang and write the task first, e.g. --text 'translate English to "
                                        "German: …'"));
    if (architecture != QLatin1String("marian"))
        throw InputError(QStringLiteral("--source-lang and --target-lang are not supported for %1 models yet; %2 "
                                        "translates as its generation settings say (leave them out)")
                             .arg(architecture, summary.displayName()));
    if (!request.sourceLanguage.isEmpty())
        throw InputError(QStringLiteral("--source-lang %1: Marian models (opus-mt) have no source language code, "
                                        "they read the language from the text: leave --source-lang out")
                             .arg(request.sourceLanguage));
    const QString token = QStringLiteral(">>%1<<").arg(request.targetLanguage);
    const std::optional<int> id = model.tokenizer().tokenToId(token);
    if (!id) {
        const QStringList codes = marianLanguageCodes(model.tokenizer());
        if (codes.isEmpty())
            throw InputError(QStringLiteral("--target-lang %1: %2 translates into one language only (its vocabulary "
                                            "has no >>L<< language tokens): leave --target-lang out")
                                 .arg(request.targetLanguage, summary.displayName()));
        throw InputError(QStringLiteral("--target-lang %1: %2 has no language token %3; give one of %4")
                             .arg(request.targetLanguage, summary.displayName(), token, someCodes(codes)));
    }
    if (!source.isEmpty() && source.ids.front() == *id)  // the text already starts with it
        return source;
    // The token's own labels, then the text's tokens: what MarianTokenizer makes of ">>L<< text".
    Encoding out = model.tokenizer().fromIds({*id});
    for (int i = 0; i < source.size(); ++i)
        out.append(source.ids[size_t(i)], source.tokens[i], source.displayTokens[i],
                   i < int(source.special.size()) && source.special[size_t(i)]);
    return out;
}

bool writeTranslationJson(QIODevice* device, const TranslationReport& r) {
    JsonWriter json(device);
    json.beginObject();
    json.key("model"); json.value(r.model);
    json.key("source_tokens"); json.stringList(r.source.tokens);
    json.key("source_display_tokens"); json.stringList(r.source.displayTokens);
    json.key("source_ids"); json.intList(r.source.ids);
    json.key("target_tokens"); json.stringList(r.target.tokens);
    json.key("target_display_tokens"); json.stringList(r.target.displayTokens);
    json.key("target_ids"); json.intList(r.target.ids);
    json.key("translation"); json.value(r.translation);
    json.endObject();
    return json.flush() && device->write("\n") == 1;
}

}  // namespace headmap::cli

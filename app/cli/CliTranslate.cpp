#include "cli/CliTranslate.h"

#include "core/HeadmapError.h"
#include "io/JsonWriter.h"

namespace headmap::cli {
void checkLanguages(const CliRequest& request, const Model& model) {
    const ModelSummary& summary = model.summary();
    if (request.sourceLanguage.isEmpty() && request.targetLanguage.isEmpty())
        return;
    if (summary.architecture == QLatin1String("t5"))
        throw InputError(QStringLiteral("T5 reads the languages from the text itself: leave out --source-lang and "
                                        "--target-lang and write the task first, e.g. --text 'translate English to "
                                        "German: …'"));
    if (!request.sourceLanguage.isEmpty())
        throw InputError(QStringLiteral("--source-lang %1: %2 (%3) takes no source language code; Headmap reads the "
                                        "source language from the text: leave --source-lang out")
                             .arg(request.sourceLanguage, summary.displayName(), summary.architecture));
    if (request.ids)
        throw UsageError(QStringLiteral("--target-lang goes with --text or --text-file, not --ids (give the language "
                                        "code's id first among the ids instead)"));
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

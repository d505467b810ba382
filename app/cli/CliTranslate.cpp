#include "cli/CliTranslate.h"

#include "core/HeadmapError.h"
#include "io/JsonWriter.h"

namespace headmap::cli {

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

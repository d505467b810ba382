#pragma once
// headmap-cli translate: an encoder–decoder model's greedy translation of a text, as the text
// alone or as JSON with the source and target tokens.

#include <QIODevice>

#include "cli/CliRequest.h"
#include "model/Model.h"

namespace headmap::cli {

struct TranslationReport {
    QString model;
    Encoding source;
    Encoding target;  // the generated ids after the decoder start token, the end token included
    QString translation;
};

// {"model", "source_tokens", "source_display_tokens", "source_ids", "target_tokens",
//  "target_display_tokens", "target_ids", "translation"}
bool writeTranslationJson(QIODevice* device, const TranslationReport& report);

}  // namespace headmap::cli

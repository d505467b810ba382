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

// Refuses --source-lang and --target-lang where the model takes no such code, saying what to
// do instead (T5 reads the task from the text; no model reads a source language code yet), and
// --target-lang with --ids. The target language itself is applied to the text by the model
// (Model::sourceTextFor: Marian's multi-target models read >>L<< before the text), which names
// the languages there are when it has no such one.
void checkLanguages(const CliRequest& request, const Model& model);

// {"model", "source_tokens", "source_display_tokens", "source_ids", "target_tokens",
//  "target_display_tokens", "target_ids", "translation"}
bool writeTranslationJson(QIODevice* device, const TranslationReport& report);

}  // namespace headmap::cli

#pragma once
// headmap-cli info: a model's shape, as text or JSON. Translation (encoder–decoder) models add
// their three stacks, the source and target vocabularies, the decoder start token and the
// generation settings that translating applies.

#include <QIODevice>

#include "cli/CliRequest.h"
#include "model/Model.h"

namespace headmap::cli {

// The whole text or JSON document. A device that refuses it shows when the caller flushes
// standard output (CliRunner), as for every command.
void writeModelInfo(const CliRequest& request, const Model& model, QIODevice* out);

}  // namespace headmap::cli

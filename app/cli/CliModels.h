#pragma once
// headmap-cli models: what can be opened by name on this machine.

#include <QIODevice>

#include "cli/CliRequest.h"

namespace headmap::cli {

// The built-in models, the Hugging Face cache, and the GGUF models of Ollama and LM Studio,
// as text or (request.format "json") one JSON object.
void listModels(const CliRequest& request, QIODevice* out);

}  // namespace headmap::cli

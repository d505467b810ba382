#pragma once
// The GGUF models other programs keep on this machine, under one spec each:
//   ollama:MODEL[:TAG], ollama:NAMESPACE/MODEL[:TAG], ollama:HOST/NAMESPACE/MODEL[:TAG]
//   lmstudio:PUBLISHER/MODEL, lmstudio:PUBLISHER/MODEL/FILE.gguf
// See OllamaStore.h and LmStudioStore.h for where each program keeps them.

#include <optional>

#include <QList>
#include <QString>
#include <QStringList>

#include "local/LocalModel.h"

namespace headmap {

struct LocalStoreListing {
    QString program;      // "Ollama", "LM Studio"
    QStringList roots;    // the folders searched, in order
    QList<LocalModel> models;
};

// Ollama's store, then LM Studio's, as the environment (HOME, OLLAMA_MODELS, LMSTUDIO_HOME)
// places them. Reads every GGUF header; never throws for a broken store or file.
QList<LocalStoreListing> listLocalModels();

bool isLocalModelSpec(const QString& spec);  // starts with "ollama:" or "lmstudio:"

// The .gguf file an ollama:/lmstudio: spec names; std::nullopt for any other spec. Throws
// ModelError when the spec names nothing there (saying what is there and where it looked).
std::optional<QString> resolveLocalModelSpec(const QString& spec);

}  // namespace headmap

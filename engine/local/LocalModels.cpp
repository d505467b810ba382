#include "local/LocalModels.h"

#include "local/LmStudioStore.h"
#include "local/OllamaStore.h"

namespace headmap {
namespace {

const QLatin1String kOllamaPrefix("ollama:");
const QLatin1String kLmStudioPrefix("lmstudio:");

}  // namespace

QList<LocalStoreListing> listLocalModels() {
    const OllamaStore ollama;
    const LmStudioStore lmStudio;
    return {LocalStoreListing{QStringLiteral("Ollama"), ollama.roots(), ollama.list()},
            LocalStoreListing{QStringLiteral("LM Studio"), lmStudio.roots(), lmStudio.list()}};
}

bool isLocalModelSpec(const QString& spec) {
    return spec.startsWith(kOllamaPrefix) || spec.startsWith(kLmStudioPrefix);
}

std::optional<QString> resolveLocalModelSpec(const QString& spec) {
    if (spec.startsWith(kOllamaPrefix))
        return OllamaStore().resolve(spec.mid(kOllamaPrefix.size()));
    if (spec.startsWith(kLmStudioPrefix))
        return LmStudioStore().resolve(spec.mid(kLmStudioPrefix.size()));
    return std::nullopt;
}

}  // namespace headmap

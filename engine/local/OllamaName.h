#pragma once
// Ollama's model names, as ollama/ollama's types/model/name.go parses them:
//   [HOST/][NAMESPACE/]MODEL[:TAG]
// with the defaults registry.ollama.ai, library and latest. A name is stored as the manifest
// MODELS/manifests/HOST/NAMESPACE/MODEL/TAG and shown as its shortest form: "qwen2.5:0.5b",
// "namespace/model:tag", or "host/namespace/model:tag" for another registry.

#include <optional>

#include <QString>

namespace headmap {

struct OllamaName {
    static constexpr const char* kDefaultHost = "registry.ollama.ai";
    static constexpr const char* kDefaultNamespace = "library";
    static constexpr const char* kDefaultTag = "latest";

    QString host;
    QString nameSpace;  // "namespace" is a keyword
    QString model;
    QString tag;

    // Parses what the user typed; empty parts take the defaults. std::nullopt when a part is
    // empty or holds characters Ollama does not allow (so no part can be "..", hold a '/', ...).
    static std::optional<OllamaName> parse(const QString& text);
    // The name stored as manifests/HOST/NAMESPACE/MODEL/TAG (the four path parts, checked).
    static std::optional<OllamaName> fromManifestParts(const QString& host, const QString& nameSpace,
                                                       const QString& model, const QString& tag);

    QString shortest() const;       // as `ollama list` shows it
    QString relativePath() const;   // "HOST/NAMESPACE/MODEL/TAG", under manifests/
    bool sameAs(const OllamaName& other) const;  // Ollama compares names case-insensitively
};

}  // namespace headmap

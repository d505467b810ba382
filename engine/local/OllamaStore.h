#pragma once
// The models Ollama has pulled (ollama/ollama: envconfig Models(), server/manifest.go,
// server/modelpath.go GetBlobsPath):
//   MODELS = $OLLAMA_MODELS, else ~/.ollama/models; the Linux system service keeps its own
//            store in /usr/share/ollama/.ollama/models, searched after it
//   MODELS/manifests/HOST/NAMESPACE/MODEL/TAG   a JSON manifest whose "layers" hold one of
//            mediaType application/vnd.ollama.image.model with digest "sha256:HEX"
//   MODELS/blobs/sha256-HEX                     that layer: the GGUF file itself
// Other layers (template, params, license, a vision projector) are not the model.

#include <QList>
#include <QString>
#include <QStringList>

#include "local/LocalModel.h"
#include "local/OllamaName.h"

namespace headmap {

class OllamaStore {
public:
    static constexpr const char* kModelMediaType = "application/vnd.ollama.image.model";
    static constexpr qint64 kMaxManifestBytes = 4 << 20;  // real manifests are under 2 kB

    // The folders above, in search order.
    OllamaStore();
    explicit OllamaStore(QStringList roots);

    const QStringList& roots() const { return m_roots; }

    // Every manifest in every root (a name found in an earlier root hides the same name in a
    // later one), sorted by spec, each with its blob's header read (or its error).
    QList<LocalModel> list() const;

    // The blob of `name` ("qwen2.5:0.5b", "namespace/model:tag", "host/namespace/model:tag").
    // Throws ModelError naming what is wrong: a malformed name, a name not pulled (listing
    // what is there and where it looked), a manifest that is not valid JSON or holds no model
    // layer, a missing blob.
    QString resolve(const QString& name) const;

private:
    struct Manifest {
        OllamaName name;
        QString root;  // the MODELS folder it is in: its blobs are there too
        QString file;
    };
    QList<Manifest> manifests() const;
    QString blobOf(const Manifest& manifest) const;  // throws ModelError

    QStringList m_roots;
};

}  // namespace headmap

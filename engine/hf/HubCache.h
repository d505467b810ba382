#pragma once
// The Hugging Face cache that transformers and huggingface_hub download into:
//   $HF_HUB_CACHE, else $HF_HOME/hub, else ~/.cache/huggingface/hub
//   models--ORG--NAME/refs/main             (the commit the "main" branch pointed to)
//   models--ORG--NAME/snapshots/COMMIT/...  (the files, as symlinks into blobs/)

#include <optional>

#include <QList>
#include <QString>

namespace headmap {

struct CachedModel {
    QString id;        // "bert-base-uncased", "openai-community/gpt2"
    QString folder;    // the snapshot folder
    QString revision;  // the snapshot's commit
    QString modelType; // config.json's model_type ("" when unreadable); filled by list()
    bool supported = false;  // Headmap has an architecture for modelType
};

class HubCache {
public:
    // Uses the environment variables above.
    HubCache();
    explicit HubCache(const QString& root);

    const QString& root() const { return m_root; }
    // The snapshot for a Hub id: the one refs/main names, else the newest one holding a
    // config.json. Empty when the model is not in the cache.
    std::optional<CachedModel> find(const QString& id) const;
    // Every cached model with a config.json in its snapshot, sorted by id, with its model_type.
    QList<CachedModel> list() const;

    static bool looksLikeHubId(const QString& text);

private:
    std::optional<CachedModel> snapshotOf(const QString& repoFolder, const QString& id) const;

    QString m_root;
};

}  // namespace headmap

#pragma once
// The GGUF models LM Studio has downloaded (lmstudio.ai/docs "Import Models"; lmstudio-js
// findLMStudioHome.ts for where its home folder is):
//   HOME  = $LMSTUDIO_HOME, else the folder named in ~/.lmstudio-home-pointer, else
//           ~/.cache/lm-studio when it exists (installs before 0.3), else ~/.lmstudio
//   MODELS = HOME/settings.json's "downloadsFolder" (My Models → Models Directory), else
//           HOME/models; ~/.lmstudio/models and ~/.cache/lm-studio/models are searched after it
//   MODELS/PUBLISHER/MODEL/*.gguf   (LM Studio only looks exactly two levels down)
// mmproj-*.gguf files beside a model are vision projectors, not models, and are skipped.
//
// Specs: "lmstudio:PUBLISHER/MODEL" opens the folder's only GGUF file, or, when it holds
// several (quantisations), the first by name; "lmstudio:PUBLISHER/MODEL/FILE.gguf" picks one.

#include <QList>
#include <QString>
#include <QStringList>

#include "local/LocalModel.h"

namespace headmap {

class LmStudioStore {
public:
    static constexpr qint64 kMaxSettingsBytes = 4 << 20;

    // The folders above, in search order (existing or not).
    LmStudioStore();
    explicit LmStudioStore(QStringList roots);

    const QStringList& roots() const { return m_roots; }

    // Every GGUF file two levels down in every root (a PUBLISHER/MODEL in an earlier root
    // hides the same one in a later root), sorted by spec, each with its header read.
    QList<LocalModel> list() const;

    // The file `key` ("PUBLISHER/MODEL" or "PUBLISHER/MODEL/FILE.gguf") names. Throws
    // ModelError for a malformed key or one not found, listing what is there and where it looked.
    QString resolve(const QString& key) const;

    // A model folder's GGUF files sorted by name, mmproj-* skipped; PUBLISHER/MODEL opens the first.
    static QStringList modelFiles(const QString& folder);

private:
    struct Folder {
        QString key;   // "PUBLISHER/MODEL"
        QString path;
    };
    QList<Folder> folders() const;

    QStringList m_roots;
};

}  // namespace headmap

#pragma once
// What a repository holds at one revision, as the Hub's model_info answers it
// (GET /api/models/{repo}/revision/{rev}?blobs=true, huggingface_hub's hf_api.py), and the
// files Headmap takes from it: the config, the safetensors weights (model.safetensors, or every
// model-NNNNN-of-NNNNN.safetensors shard and the index) and the tokenizer files; never
// pytorch_model.bin, consolidated.safetensors nor sub-folders (onnx/, ...).

#include <QByteArray>
#include <QList>
#include <QMetaType>
#include <QString>

namespace headmap {

struct HubFile {
    QString path;    // inside the repository: "model.safetensors"
    qint64 size = -1;  // bytes, -1 when the listing did not say
    QString sha256;  // LFS files: the content's SHA-256 (hex); empty for files kept in git
};

struct HubFileList {
    QString repoId;
    QString revision;  // as asked: "main", a tag, a commit
    QString commit;    // the 40-hex commit the revision resolved to
    QList<HubFile> files;  // the chosen files, sorted by path

    qint64 totalSize() const;
};

// Parses the model_info JSON. Throws ModelError naming the repository when it is malformed, or
// when it holds no safetensors weights or no config.json.
HubFileList parseModelInfo(const QByteArray& json, const QString& repoId, const QString& revision);

// Whether Headmap downloads a repository file of this path.
bool isWantedFile(const QString& path);

// A commit id as git writes it: 40 hexadecimal digits.
bool isCommitHash(const QString& text);

}  // namespace headmap

Q_DECLARE_METATYPE(headmap::HubFileList)

#pragma once
// The weights of a model folder: model.safetensors, or the shards listed in
// model.safetensors.index.json ({"weight_map": {"tensor name": "model-00001-of-00002.safetensors"}}).

#include <memory>
#include <unordered_map>
#include <vector>

#include "formats/SafetensorsFile.h"

namespace headmap {

class Checkpoint {
public:
    // Throws ModelError when the folder has neither file, or a shard is missing or broken.
    static std::unique_ptr<Checkpoint> openFolder(const QString& folder);

    QStringList tensorNames() const;
    const TensorInfo* info(const QString& name) const;  // nullptr when absent
    const float* floats(const QString& name) const;     // as SafetensorsFile::floats
    QString fileOf(const QString& name) const;          // file name holding the tensor, for messages
    QString description() const;                        // "model.safetensors" or "model.safetensors.index.json (3 shards)"

private:
    void addFile(std::unique_ptr<SafetensorsFile> file);  // refuses a tensor already in another file

    QString m_folder;
    std::vector<std::unique_ptr<SafetensorsFile>> m_files;
    std::unordered_map<QString, size_t> m_fileOfTensor;
    QString m_description;
};

}  // namespace headmap

// model.safetensors.index.json of a sharded checkpoint (formats/Checkpoint.h), beside the two
// real shards of the fixture gpt2_bf16_sharded. An accepted index promises that every tensor it
// maps is in the shard it names, once, and its float tensors readable.

#include <QDir>
#include <QFile>

#include "FuzzSupport.h"
#include "formats/Checkpoint.h"

using namespace headmap;
using namespace headmap::fuzz;

namespace {

QString shardedFolder() {
    static const QString folder = [] {
        const QString target = QDir(scratchFolder()).filePath(QStringLiteral("sharded"));
        QDir().mkpath(target);
        const QDir fixture(fixturesFolder() + QStringLiteral("/models/gpt2_bf16_sharded"));
        for (const QString& shard : fixture.entryList({QStringLiteral("*.safetensors")}, QDir::Files))
            require(QFile::copy(fixture.filePath(shard), QDir(target).filePath(shard)),
                    "safetensors_index", "cannot copy the fixture shards");
        return target;
    }();
    return folder;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString folder = shardedFolder();
    writeScratchFile(QStringLiteral("sharded/model.safetensors.index.json"), inputBytes(data, size));
    acceptsOrRefusesCleanly("Checkpoint::openFolder (sharded)", [&] {
        const auto checkpoint = Checkpoint::openFolder(folder);
        require(!checkpoint->description().isEmpty(), "Checkpoint", "no description");
        for (const QString& name : checkpoint->tensorNames()) {
            const TensorInfo* info = checkpoint->info(name);
            require(info != nullptr, "Checkpoint", "a listed tensor has no info");
            require(!checkpoint->fileOf(name).isEmpty(), "Checkpoint", "a listed tensor has no file");
            if (info->dtype != TensorDType::F32 && info->dtype != TensorDType::F16 && info->dtype != TensorDType::BF16)
                continue;  // GPT-2's BOOL attention masks: in the file, never read as floats
            const float* values = checkpoint->floats(name);
            volatile float sum = 0;
            for (qint64 i = 0; i < info->elementCount(); ++i)
                sum = sum + values[i];
        }
    });
    return 0;
}

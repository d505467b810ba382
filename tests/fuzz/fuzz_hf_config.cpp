// config.json of a model folder (hf/ConfigFile.h), read into the encoder (hf/HfConfig.h) and
// decoder (hf/DecoderConfig.h) settings. Both must accept or refuse with a message; an accepted
// config promises sizes a model can be built with (heads dividing the hidden size).

#include "FuzzSupport.h"
#include "hf/ConfigFile.h"
#include "hf/DecoderConfig.h"
#include "hf/HfConfig.h"

using namespace headmap;
using namespace headmap::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    writeScratchFile(QStringLiteral("model/config.json"), inputBytes(data, size));
    const QString folder = scratchFolder() + QStringLiteral("/model");
    acceptsOrRefusesCleanly("ConfigFile::readModelType", [&] { ConfigFile::readModelType(folder); });
    ConfigFile file;
    if (!acceptsOrRefusesCleanly("ConfigFile::read", [&] { file = ConfigFile::read(folder); }))
        return 0;
    require(!file.modelType.isEmpty(), "ConfigFile::read", "accepted a config without model_type");
    acceptsOrRefusesCleanly("HfConfig::fromJson", [&] {
        const HfConfig config = HfConfig::fromJson(file.path, file.json);
        require(config.hiddenSize > 0 && config.heads > 0 && config.layers > 0, "HfConfig",
                "accepted a size that is not positive");
        require(config.hiddenSize % config.heads == 0, "HfConfig",
                "accepted heads that do not divide the hidden size");
    });
    acceptsOrRefusesCleanly("DecoderConfig::fromJson", [&] {
        const DecoderConfig config = DecoderConfig::fromJson(file.path, file.json);
        require(config.hiddenSize > 0 && config.layers > 0 && config.heads > 0 && config.kvHeads > 0 &&
                    config.headDim > 0 && config.intermediateSize > 0 && config.vocabSize > 0,
                "DecoderConfig", "accepted a size that is not positive");
        require(config.heads % config.kvHeads == 0, "DecoderConfig",
                "accepted key-value heads that do not divide the heads");
        require(config.windowOfLayer.size() == size_t(config.layers), "DecoderConfig",
                "the sliding windows do not cover the layers");
        config.ropeDescription();
    });
    return 0;
}

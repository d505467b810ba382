#pragma once
// Opens a GGUF model file (llama.cpp, Ollama, LM Studio) as a Headmap model: its metadata become
// a DecoderConfig (GgufDecoderConfig.h), its tensors a checkpoint under Hugging Face names
// (GgufCheckpoint.h), and DecoderModel computes the exact attention of the dequantised weights.
// llama.cpp's `t5` files (T5, Flan-T5, mT5) open the same way as an EncoderDecoderModel
// (GgufSeq2SeqConfig.h); their Unigram tokenizer is not run yet, so they take token ids only.
//
//     std::unique_ptr<Model> model = loadGgufModel("/models/qwen2.5-0.5b-q8_0.gguf", "qwen2.5");

#include <memory>

#include <QString>

#include "model/Model.h"

namespace headmap {

class GgufFile;

// name: how the model is shown. Throws ModelError naming the file and what is wrong.
std::unique_ptr<Model> loadGgufModel(const QString& path, const QString& name);
// With a tokenizer made elsewhere (tests pair a GGUF file with its safetensors twin's).
std::unique_ptr<Model> loadGgufModel(const QString& path, const QString& name, std::unique_ptr<Tokenizer> tokenizer);

// Only the metadata and the tokenizer, for front ends that tokenize: no weight is read.
struct GgufTokenizerFile {
    ModelSummary summary;
    std::unique_ptr<Tokenizer> tokenizer;
};
GgufTokenizerFile loadGgufTokenizerFile(const QString& path, const QString& name);

// "model.gguf" or "x.GGUF": a spec naming a GGUF file rather than a folder.
bool looksLikeGgufPath(const QString& spec);

}  // namespace headmap

#pragma once
// A model's tokenizer without its weights, for front ends that only tokenize
// (headmap-cli tokenize): a Hugging Face folder needs config.json and the tokenizer files, not
// model.safetensors.
//
//   const headmap::ModelTokenizer tokenizer = headmap::loadModelTokenizer(spec);
//   headmap::Encoding tokens = tokenizer.tokenize("Hello world");

#include <memory>

#include "model/Model.h"
#include "model/ModelLoader.h"

namespace headmap {

// Text to tokens as Model::tokenize does it, with the limits and tokens a summary names.
// Throws InputError when nothing of the text (or of the pair's second text) is left as tokens
// (empty, or white space a WordPiece tokenizer drops; GPT-2 keeps " " as a token and so takes
// it), when there is no beginning-of-text token to prepend, when the tokenizer takes no pairs,
// or when the text has more than max-positions tokens (unless options.truncate).
Encoding tokenizeFor(const ModelSummary& summary, const Tokenizer& tokenizer, const QString& text,
                     const TokenizeOptions& options);

class ModelTokenizer {
public:
    ModelTokenizer(ModelSummary summary, std::unique_ptr<Tokenizer> tokenizer);
    // Built-in models cost nothing to build, so they bring their tokenizer along.
    explicit ModelTokenizer(std::unique_ptr<Model> model);

    const ModelSummary& summary() const { return m_model ? m_model->summary() : m_summary; }
    const Tokenizer& tokenizer() const { return m_model ? m_model->tokenizer() : *m_tokenizer; }
    Encoding tokenize(const QString& text, const TokenizeOptions& options = {}) const {
        return tokenizeFor(summary(), tokenizer(), text, options);
    }

private:
    std::unique_ptr<Model> m_model;
    std::unique_ptr<Tokenizer> m_tokenizer;
    ModelSummary m_summary;
};

// As loadModel, but for a model folder or Hub id reads only config.json and the tokenizer
// files. Throws ModelError.
ModelTokenizer loadModelTokenizer(const ModelSpec& spec);

}  // namespace headmap

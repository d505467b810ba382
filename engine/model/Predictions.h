#pragma once
// What a model predicts: its output head's scores turned into probabilities, the top-k tokens,
// and the numbers an ablation experiment compares (KL divergence, a target token's change).
//
//   const RunResult result = model->run(input);
//   const int position = headmap::defaultPredictionPosition(*model, input);
//   const headmap::Prediction p = headmap::predictTokens(*model, result, position, 10);
//   p.top[0].display, p.top[0].probability;          // the most likely token
//   headmap::klDivergence(p.probabilities, ablated.probabilities);
//
// Decoders predict the next token (position i scores token i + 1), masked-LM encoders the token
// that belongs at position i (a [MASK] or <mask>), builtin:patterns the words its heads gathered.

#include <vector>

#include <QString>

#include "model/Model.h"

namespace headmap {

struct TokenProbability {
    int id = 0;
    QString token;    // the tokenizer's piece ("Ġcat", "##ing")
    QString display;  // its readable form
    float probability = 0.0f;
    float logit = 0.0f;  // the head's score before temperature and softmax
};

struct Prediction {
    int position = 0;
    float temperature = 1.0f;
    // Sums to 1. Entry k is token k's probability, over the whole vocabulary (a decoder's
    // config vocab_size, padding rows included as the model sees them) ...
    std::vector<float> probabilities;  // (vocab) or (ids.size())
    // ... unless the head scores only some tokens (builtin:patterns: the words of its input);
    // then entry k is token ids[k]'s. Empty for every Hugging Face model.
    std::vector<int> ids;
    // Highest first; ties by logit go to the smaller token id.
    std::vector<TokenProbability> top;

    // The probability of a token id; 0 for a token the head does not score.
    float probabilityOf(int tokenId) const;
};

// An output head that scores only some tokens of a vocabulary too large to score whole
// (builtin:patterns' 2^24 hashed ids): predictTokens finds it with dynamic_cast, so the model
// interface keeps one outputLogits for everything else.
class PartialOutputHead {
public:
    virtual ~PartialOutputHead() = default;
    // The tokens scored for this input, each once. (n)
    virtual std::vector<int> scoredTokens(const std::vector<int>& inputIds) const = 0;
    // Their scores at `position` of run()'s hidden states. (ids.size())
    virtual RowVectorF scoreTokens(const MatrixF& hidden, int position,
                                   const std::vector<int>& ids) const = 0;
};

// softmax(logits / temperature), in double before rounding to float. Temperature 0 is the
// greedy choice: 1 for the highest logit (the first one on a tie), 0 elsewhere. Throws
// InputError for a negative or non-finite temperature, empty logits or no finite logit.
std::vector<float> softmaxWithTemperature(const RowVectorF& logits, float temperature);

// KL(p‖q) = Σ p_i·ln(p_i / q_i) in nats: terms with p_i = 0 add nothing, a q_i = 0 under a
// p_i > 0 makes it +inf. Never negative. Throws InputError when the sizes differ.
double klDivergence(const std::vector<float>& p, const std::vector<float>& q);
// The same for two predictions over the same tokens (before and after an ablation); throws
// InputError when they score different tokens.
double klDivergence(const Prediction& p, const Prediction& q);

// The model's prediction at `position` of result (the hidden states of model.run()), with the
// topK most likely tokens. Throws InputError when the model has no output head
// (outputHeadMissing()), the run was cancelled, position is outside the tokens, topK < 1, or
// the temperature is refused by softmaxWithTemperature.
Prediction predictTokens(const Model& model, const RunResult& result, int position, int topK,
                         float temperature = 1.0f);

// Where a prediction is most telling: the first [MASK] / <mask> for a masked-LM encoder with a
// head, else the last token. Throws InputError for an empty encoding.
int defaultPredictionPosition(const Model& model, const Encoding& input);

}  // namespace headmap

#pragma once
// Which stack of attention a command shows (--stack), which heads --ablate names, and what the
// decoder of an encoder–decoder model reads (--target, or what the model generates): shared by
// attention, steps, predict and translate, and by the rendering module's render / export-all.
//
// A decoder-only or encoder-only model has one stack, its self-attention: "decoder" when it is
// causal, else "encoder". Naming it is allowed and changes nothing; naming another is an error.

#include <optional>
#include <vector>

#include <QString>

#include "cli/CliRequest.h"
#include "io/JsonWriter.h"
#include "model/Model.h"

namespace headmap::cli {

// The stacks of the model, in the order encoder, decoder, cross.
std::vector<StackKind> stacksOf(const ModelSummary& model);
// --stack, else the model's own default (cross-attention for an encoder–decoder model, its only
// stack otherwise). Throws InputError naming the value and the stacks the model has.
StackKind chosenStack(const CliRequest& request, const ModelSummary& model);
// --ablate's heads, each with a stack the model has. One-stack models: a stack given must be
// theirs and is then dropped, so the run and its output are those of the plain L.H. Encoder–
// decoder models: a head without a stack is a cross-attention head, and says so.
std::vector<HeadAblation> checkedAblations(const CliRequest& request, const ModelSummary& model);

// --source-lang / --target-lang as the model lists them (Model::resolveLanguages: a bare code
// is taken where it is unambiguous); empty where not given, so the folder's defaults apply.
// Throws InputError naming the option, the code and some of the model's codes, or saying that
// the model takes none; a UsageError for --source-lang with --ids (the ids hold the language
// already) and for a target language that is written into the source text (Marian's >>L<<)
// with --ids.
LanguageChoice chosenLanguages(const CliRequest& request, const Model& model);

// What the decoder of an encoder–decoder model reads in a command's runs.
struct DecoderRows {
    std::optional<Encoding> input;  // RunOptions::decoderInput; unset for one-stack models
    std::optional<QString> targetText;  // --target, when the rows are its teacher forcing
    std::vector<int> generated;         // without --target: the ids generated, eos included
};
// Encoder–decoder models: --target's rows (Model::decoderInputForTarget), else the model's
// greedy translation of `source` (Model::generate, --max-new-tokens), both in the languages of
// chosenLanguages (the target language's token forced first), generated once so that a
// command's several runs (predict --ablate) read the same rows. One-stack models: nothing, and
// an InputError for --target / --max-new-tokens, which only a translation model takes.
DecoderRows decoderRows(const CliRequest& request, const Model& model, const Encoding& source);
// "target_text" or "generated_ids" + "generated_tokens" for a JSON output; nothing for
// one-stack models.
void writeDecoderRowsJson(JsonWriter& json, const DecoderRows& rows);

// Target ids (generated ones: after the start token, eos included) as tokens of the target
// vocabulary, labelled as the decoder's rows are.
Encoding targetTokens(const Model& model, const std::vector<int>& ids);

}  // namespace headmap::cli

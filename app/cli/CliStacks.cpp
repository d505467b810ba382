#include "cli/CliStacks.h"

#include <QStringList>

#include "core/HeadmapError.h"
#include "model/TargetSideTokenizer.h"

namespace headmap::cli {
namespace {

QString joinedStackNames(const std::vector<StackKind>& stacks) {
    QStringList names;
    for (StackKind kind : stacks)
        names << stackName(kind);
    if (names.size() < 2)
        return names.join(QString());
    const QString last = names.takeLast();
    return names.join(QStringLiteral(", ")) + QStringLiteral(" and ") + last;
}

// "builtin:teaching has one stack, encoder (its self-attention)"; "… has the stacks encoder,
// decoder and cross".
QString whatStacks(const ModelSummary& model) {
    const std::vector<StackKind> stacks = stacksOf(model);
    if (stacks.size() == 1)
        return QStringLiteral("%1 has one stack, %2 (its self-attention)").arg(model.displayName(),
                                                                             stackName(stacks.front()));
    return QStringLiteral("%1 has the stacks %2").arg(model.displayName(), joinedStackNames(stacks));
}

bool modelHasStack(const ModelSummary& model, StackKind kind) {
    for (StackKind k : stacksOf(model))
        if (k == kind)
            return true;
    return false;
}

}  // namespace

std::vector<StackKind> stacksOf(const ModelSummary& model) {
    if (!model.isEncoderDecoder())
        return {model.stackKind()};
    std::vector<StackKind> stacks;
    for (StackKind kind : {StackKind::Encoder, StackKind::Decoder, StackKind::Cross})
        if (model.stackShape(kind))
            stacks.push_back(kind);
    return stacks;
}

StackKind chosenStack(const CliRequest& request, const ModelSummary& model) {
    if (!request.stack)
        return model.isEncoderDecoder() ? StackKind::Cross : model.stackKind();
    if (!modelHasStack(model, *request.stack)) {
        const std::vector<StackKind> stacks = stacksOf(model);
        throw InputError(QStringLiteral("--stack %1: %2: %3")
                             .arg(stackName(*request.stack), whatStacks(model),
                                  stacks.size() == 1
                                      ? QStringLiteral("use --stack %1 or leave --stack out").arg(stackName(stacks.front()))
                                      : QStringLiteral("give one of those, or leave --stack out")));
    }
    return *request.stack;
}

std::vector<HeadAblation> checkedAblations(const CliRequest& request, const ModelSummary& model) {
    std::vector<HeadAblation> ablations = request.ablations;
    for (HeadAblation& a : ablations) {
        if (a.stack && !modelHasStack(model, *a.stack))
            throw InputError(QStringLiteral("--ablate %1: %2: write its heads as L.H")
                                 .arg(formatHeadAblations({a}), whatStacks(model)));
        // One-stack models: the stack said nothing more than L.H; leaving it out keeps the
        // output ("ablations": "3.1") as it was. Translation models: say which stack it is.
        a.stack = model.isEncoderDecoder() ? std::optional<StackKind>(a.stack.value_or(StackKind::Cross))
                                           : std::nullopt;
    }
    return ablations;
}

LanguageChoice chosenLanguages(const CliRequest& request, const Model& model) {
    LanguageChoice chosen;
    const auto resolve = [&](const QString& option, const QString& code, bool source) {
        if (code.isEmpty())
            return QString();
        try {
            const LanguageChoice resolved = model.resolveLanguages(source ? LanguageChoice{code, QString()}
                                                                          : LanguageChoice{QString(), code});
            return source ? resolved.source : resolved.target;
        } catch (const InputError& error) {
            throw InputError(QStringLiteral("--%1 %2: %3").arg(option, code, error.message()));
        }
    };
    if (request.ids && !request.sourceLanguage.isEmpty())
        throw UsageError(QStringLiteral("--source-lang goes with --text or --text-file, not --ids (the ids hold the "
                                        "source language's token already)"));
    // Without language tokens of its own (Marian's multi-target models read >>L<< before the
    // text) a target language is part of the source text, which --ids gives whole.
    if (request.ids && !request.targetLanguage.isEmpty() && model.sourceLanguages().isEmpty())
        throw UsageError(QStringLiteral("--target-lang goes with --text or --text-file, not --ids (give the language "
                                        "code's id first among the ids instead)"));
    chosen.source = resolve(QStringLiteral("source-lang"), request.sourceLanguage, true);
    chosen.target = resolve(QStringLiteral("target-lang"), request.targetLanguage, false);
    return chosen;
}

DecoderRows decoderRows(const CliRequest& request, const Model& model, const Encoding& source) {
    DecoderRows rows;
    const ModelSummary& summary = model.summary();
    if (!summary.isEncoderDecoder()) {
        const auto refuse = [&](const QString& option) {
            throw InputError(QStringLiteral("%1 is for translation (encoder–decoder) models, such as opus-mt, BART or "
                                            "T5; %2 has no decoder reading a target: leave %1 out")
                                 .arg(option, summary.displayName()));
        };
        if (request.target && request.command != Command::Predict)
            refuse(QStringLiteral("--target"));
        if (request.maxNewTokens)
            refuse(QStringLiteral("--max-new-tokens"));
        return rows;
    }
    if (request.target) {
        if (request.maxNewTokens)
            throw UsageError(QStringLiteral("--max-new-tokens limits what the model generates; with --target it "
                                            "generates nothing: give one of them"));
        rows.targetText = *request.target;
        rows.input = model.decoderInputForTarget(*request.target, chosenLanguages(request, model));
        return rows;
    }
    const LanguageChoice languages = chosenLanguages(request, model);
    rows.generated = model.generate(source, request.maxNewTokens.value_or(-1), languages);
    rows.input = model.decoderInputForGenerated(rows.generated, languages);
    return rows;
}

Encoding targetTokens(const Model& model, const std::vector<int>& ids) {
    // The target side's own pieces where the tokenizer has one (Marian with a target
    // vocabulary), as Model::decoderInputForGenerated names the decoder's rows.
    if (const auto* targetSide = dynamic_cast<const TargetSideTokenizer*>(&model.tokenizer()))
        return targetSide->targetFromIds(ids);
    return model.tokenizer().fromIds(ids);
}

void writeDecoderRowsJson(JsonWriter& json, const DecoderRows& rows) {
    if (!rows.input)
        return;
    if (rows.targetText) {
        json.key("target_text"); json.value(*rows.targetText);
        return;
    }
    json.key("generated_ids"); json.intList(rows.generated);
}

}  // namespace headmap::cli

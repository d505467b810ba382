// Model::run for encoder–decoder models: the decoder's input (given, or generated first), the
// three stacks' traces, one forward pass that fills them.
#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "model/Model.h"
#include "model/RunChecks.h"

namespace headmap {
namespace {

void checkDecoderInput(const Encoding& decoderInput, const ModelSummary& model) {
    if (decoderInput.isEmpty())
        throw InputError(QCoreApplication::translate("Engine", "the decoder's input is empty: it needs at least "
                                                               "the decoder start token"));
    if (decoderInput.size() > model.maxPositions)
        throw InputError(QCoreApplication::translate("Engine", "the target has %1 tokens; %2 accepts at most %3 "
                                                               "(max positions)")
                             .arg(decoderInput.size()).arg(model.name).arg(model.maxPositions));
    const int vocab = model.targetVocabSize > 0 ? model.targetVocabSize : model.vocabSize;
    for (int i = 0; i < decoderInput.size(); ++i) {
        const int id = decoderInput.ids[size_t(i)];
        if (id < 0 || id >= vocab)
            throw InputError(QCoreApplication::translate("Engine", "target token id %1 at position %2 is outside "
                                                                   "the target vocabulary (expected 0..%3)")
                                 .arg(id).arg(i).arg(vocab - 1));
    }
}

QString notEncoderDecoder(const ModelSummary& model) {
    return QCoreApplication::translate("Engine", "%1 is not an encoder–decoder model: it has no target text "
                                                 "(translation models such as opus-mt, T5 or BART have one)")
        .arg(model.displayName());
}

}  // namespace

const AttentionTrace& RunResult::stack(StackKind kind) const {
    for (const AttentionTrace& t : stacks)
        if (t.stack() == kind)
            return t;
    return trace;
}

RunResult Model::runEncoderDecoder(const Encoding& input, const RunOptions& options) const {
    const ModelSummary& model = summary();
    if (options.steps)
        checkStepsHead(*options.steps, model);
    checkAblations(options.ablations, model);

    RunResult result;
    if (options.decoderInput) {
        result.decoderInput = *options.decoderInput;
    } else {
        result.generated = generate(input, options.maxNewTokens, options.languages);
        result.decoderInput = decoderInputForGenerated(result.generated, options.languages);
    }
    checkDecoderInput(result.decoderInput, model);
    const Encoding& target = result.decoderInput;

    // Each stack's trace carries the ablations of its own stack.
    auto ablationsOf = [&](StackKind kind) {
        std::vector<HeadAblation> out;
        for (const HeadAblation& a : options.ablations)
            if (a.stack.value_or(StackKind::Cross) == kind)
                out.push_back(a);
        return out;
    };
    result.stacks.reserve(3);
    result.stacks.emplace_back(model.forStack(StackKind::Encoder), input.ids, input.tokens, input.displayTokens,
                               input.special);
    result.stacks.emplace_back(model.forStack(StackKind::Decoder), target.ids, target.tokens,
                               target.displayTokens, target.special);
    result.stacks.emplace_back(model.forStack(StackKind::Cross), target.ids, target.tokens,
                               target.displayTokens, target.special);
    result.stacks.back().setKeyTokens(input.ids, input.tokens, input.displayTokens, input.special);
    for (AttentionTrace& trace : result.stacks) {
        trace.setAblations(ablationsOf(trace.stack()));
        if (options.valueNorms)
            trace.enableValueNorms();
    }

    HeadSteps steps;
    ForwardContext context(result.stacks.back(), options, options.steps ? &steps : nullptr);
    context.setStacks(&result.stacks, &result.decoderInput);
    result.hidden = forwardChecked(input, context);
    if (result.hidden.size() == 0) {
        result.cancelled = true;
        return result;
    }
    if (options.steps)
        result.steps = std::move(steps);
    result.trace = result.stacks.back();
    return result;
}

Encoding Model::decoderInputForTarget(const QString&, const LanguageChoice&) const {
    throw InputError(notEncoderDecoder(summary()));
}

std::vector<int> Model::generate(const Encoding&, int, const LanguageChoice&) const {
    throw InputError(notEncoderDecoder(summary()));
}

Encoding Model::decoderInputForGenerated(const std::vector<int>&, const LanguageChoice&) const {
    throw InputError(notEncoderDecoder(summary()));
}

QString Model::targetText(const std::vector<int>&) const {
    throw InputError(notEncoderDecoder(summary()));
}

LanguageChoice Model::resolveLanguages(const LanguageChoice& asked) const {
    LanguageChoice resolved;
    const auto resolve = [&](const QStringList& codes, const QString& code, const QString& what) {
        if (code.isEmpty())
            return QString();
        if (!summary().isEncoderDecoder())
            throw InputError(notEncoderDecoder(summary()) +
                             QCoreApplication::translate("Engine", "; leave out the %1 ('%2')").arg(what, code));
        if (codes.isEmpty())
            throw InputError(QCoreApplication::translate("Engine", "%1 (%2) has no %3 to choose ('%4'): it translates "
                                                                   "one language pair, or reads the languages from the "
                                                                   "text itself; leave it out")
                                 .arg(summary().displayName(), summary().architecture, what, code));
        return resolveLanguageCode(codes, code, what);
    };
    resolved.source = resolve(sourceLanguages(), asked.source, QCoreApplication::translate("Engine", "source language"));
    resolved.target = resolve(targetLanguages(), asked.target, QCoreApplication::translate("Engine", "target language"));
    return resolved;
}

QString Model::sourceTextFor(const QString& text, const QString& targetLanguage) const {
    if (targetLanguage.isEmpty())
        return text;
    if (!summary().isEncoderDecoder())
        throw InputError(notEncoderDecoder(summary()));
    const QStringList languages = targetLanguages();
    for (const QString& code : languages)
        if (code == targetLanguage || code == QStringLiteral(">>%1<<").arg(targetLanguage))
            return code + QLatin1Char(' ') + text;
    throw InputError(languages.isEmpty()
                         ? QCoreApplication::translate("Engine", "%1 translates into one language only; leave out the "
                                                                 "target language '%2'")
                               .arg(summary().displayName(), targetLanguage)
                         : QCoreApplication::translate("Engine", "%1 has no target language '%2'; choose one of %3")
                               .arg(summary().displayName(), targetLanguage, languages.join(QStringLiteral(", "))));
}

}  // namespace headmap

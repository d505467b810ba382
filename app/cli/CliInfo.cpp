#include "cli/CliInfo.h"

#include "model/ConvertedWeightBudget.h"

#include "cli/CliStacks.h"
#include "io/JsonWriter.h"
#include "io/TraceExport.h"
#include "seq2seq/EncoderDecoderModel.h"

namespace headmap::cli {
namespace {

// The generation settings Model::generate applies, where the model says (EncoderDecoderModel:
// generation_config.json over config.json); null for another kind of model.
const GenerationSettings* generationOf(const Model& model) {
    const auto* seq2seq = dynamic_cast<const EncoderDecoderModel*>(&model);
    return seq2seq ? &seq2seq->config().generation : nullptr;
}

// "</s> (0)"; "none" for -1.
QString targetTokenText(const Model& model, int id) {
    if (id < 0)
        return QStringLiteral("none");
    const Encoding named = targetTokens(model, {id});
    return QStringLiteral("%1 (%2)").arg(named.tokens.value(0, QStringLiteral("?"))).arg(id);
}

QString badWordsText(const std::vector<std::vector<int>>& lists) {
    QStringList items;
    for (const std::vector<int>& list : lists) {
        QStringList ids;
        for (int id : list)
            ids << QString::number(id);
        items << QLatin1Char('[') + ids.join(QLatin1Char(',')) + QLatin1Char(']');
    }
    return QLatin1Char('[') + items.join(QLatin1Char(',')) + QLatin1Char(']');
}

// What generate() does, for people: "greedy, at most 20 new tokens, ...".
QString generationText(const Model& model, const GenerationSettings& g) {
    QString text = QStringLiteral("greedy");
    if (g.numBeams > 1)
        text += QStringLiteral(" (the model's settings ask num_beams %1)").arg(g.numBeams);
    text += QStringLiteral(", at most %1 new tokens").arg(g.maxLength);
    if (g.minLength > 0)
        text += QStringLiteral(", min_length %1").arg(g.minLength);
    text += QStringLiteral(", end %1").arg(targetTokenText(model, g.eosTokenId));
    if (g.forcedBosTokenId >= 0)
        text += QStringLiteral(", forced first %1").arg(targetTokenText(model, g.forcedBosTokenId));
    if (g.forcedEosTokenId >= 0)
        text += QStringLiteral(", forced end %1").arg(targetTokenText(model, g.forcedEosTokenId));
    if (g.noRepeatNgramSize > 0)
        text += QStringLiteral(", no_repeat_ngram_size %1").arg(g.noRepeatNgramSize);
    if (!g.badWordsIds.empty())
        text += QStringLiteral(", bad_words_ids %1").arg(badWordsText(g.badWordsIds));
    return text;
}

void writeGenerationJson(JsonWriter& json, const GenerationSettings& g) {
    const auto idOrNull = [&json](int id) { id < 0 ? json.null() : json.value(id); };
    json.beginObject();
    json.key("decoding"); json.value("greedy");
    json.key("num_beams"); json.value(g.numBeams);
    json.key("max_new_tokens"); json.value(g.maxLength);
    json.key("min_length"); json.value(g.minLength);
    json.key("decoder_start_token_id"); json.value(g.decoderStartTokenId);
    json.key("eos_token_id"); json.value(g.eosTokenId);
    json.key("pad_token_id"); json.value(g.padTokenId);
    json.key("forced_bos_token_id"); idOrNull(g.forcedBosTokenId);
    json.key("forced_eos_token_id"); idOrNull(g.forcedEosTokenId);
    json.key("no_repeat_ngram_size"); json.value(g.noRepeatNgramSize);
    json.key("bad_words_ids");
    json.beginArray();
    for (const std::vector<int>& list : g.badWordsIds)
        json.intList(list);
    json.endArray();
    json.endObject();
}

QString stackLine(const StackShape& shape) {
    QString line = QStringLiteral("%1 %2 x %3 heads")
                       .arg(stackName(shape.kind).leftJustified(8))
                       .arg(shape.layers == 1 ? QStringLiteral("1 layer ") : QStringLiteral("%1 layers").arg(shape.layers))
                       .arg(shape.heads);
    if (shape.kvHeads > 0 && shape.kvHeads < shape.heads)
        line += QStringLiteral(" (kv %1)").arg(shape.kvHeads);
    line += QStringLiteral(", d_head %1").arg(shape.dHead);
    if (shape.kind == StackKind::Decoder)
        line += QStringLiteral(", causal");
    if (shape.kind == StackKind::Cross)
        line += QStringLiteral(" (queries: target tokens, keys: source tokens)");
    return line;
}

QString oneStackText(const ModelSummary& s) {
    QString text;
    text += QStringLiteral("layers         %1\n").arg(s.layers);
    text += QStringLiteral("heads          %1\n").arg(s.heads);
    text += QStringLiteral("kv heads       %1%2\n").arg(s.kvHeads)
                .arg(s.kvHeads < s.heads ? QStringLiteral(" (grouped-query: %1 query heads share each)").arg(s.heads / s.kvHeads)
                                         : QString());
    text += QStringLiteral("d_model        %1\n").arg(s.dModel);
    text += QStringLiteral("d_head         %1\n").arg(s.dHead);
    return text;
}

QString stacksText(const ModelSummary& s) {
    QString text;
    for (size_t i = 0; i < s.stacks.size(); ++i)
        text += (i == 0 ? QStringLiteral("stacks         ") : QString(15, QLatin1Char(' '))) +
                stackLine(s.stacks[i]) + QLatin1Char('\n');
    text += QStringLiteral("d_model        %1\n").arg(s.dModel);
    return text;
}

QString vocabularyText(const Model& model) {
    const ModelSummary& s = model.summary();
    if (!s.isEncoderDecoder())
        return QString::number(s.vocabSize);
    QString text = QStringLiteral("source %1, target %2")
                       .arg(s.vocabSize).arg(s.targetVocabSize > 0 ? s.targetVocabSize : s.vocabSize);
    // Equal sizes do not make one vocabulary (Marian's separate vocabularies have equal sizes).
    if (const auto* seq2seq = dynamic_cast<const EncoderDecoderModel*>(&model))
        text += seq2seq->config().sharedEmbeddings ? QStringLiteral(" (one shared vocabulary)")
                                                   : QStringLiteral(" (separate vocabularies)");
    return text;
}

// "1.8 GB as F32, all kept after the first pass (budget 10 GB)" (#40, formats/KeepingCheckpoint.h).
QString convertedWeightsText(const ModelSummary& s) {
    const QString budget = memorySizeText(s.convertedWeightBudget);
    if (s.convertedWeightBytes <= s.convertedWeightBudget)
        return QStringLiteral("%1 as F32, all kept after the first pass (budget %2, --weight-memory)")
            .arg(memorySizeText(s.convertedWeightBytes), budget);
    if (s.convertedWeightBudget == 0)
        return QStringLiteral("%1 as F32, converted a layer at a time on every pass (--weight-memory 0)")
            .arg(memorySizeText(s.convertedWeightBytes));
    return QStringLiteral("%1 as F32: up to %2 kept, the rest converted a layer at a time on every pass "
                          "(--weight-memory)")
        .arg(memorySizeText(s.convertedWeightBytes), budget);
}

// "8 per layer, top-4 per token, 1 shared (sigmoid-gated); mixture on layers 0, 2; dense 1".
QString expertsText(const ModelSummary& s) {
    QStringList sparse, dense;
    for (int l = 0; l < int(s.expertLayers.size()); ++l)
        (s.expertLayers[size_t(l)] ? sparse : dense) << QString::number(l);
    QString text = QStringLiteral("%1 per layer, top-%2 per token").arg(s.experts).arg(s.expertsPerToken);
    text += s.sharedExperts > 0 ? QStringLiteral(", %1 shared (sigmoid-gated)").arg(s.sharedExperts)
                                : QStringLiteral(", no shared expert");
    text += dense.isEmpty() ? QStringLiteral("; mixture on every layer")
                            : QStringLiteral("; mixture on layers %1; dense %2")
                                  .arg(sparse.join(QStringLiteral(", ")), dense.join(QStringLiteral(", ")));
    return text;
}

}  // namespace

void writeModelInfo(const CliRequest& request, const Model& model, QIODevice* out) {
    const ModelSummary& s = model.summary();
    const bool encoderDecoder = s.isEncoderDecoder();
    // The decoder start token: the one row of an empty generation.
    const Encoding start = encoderDecoder ? model.decoderInputForGenerated({}) : Encoding{};
    const GenerationSettings* generation = encoderDecoder ? generationOf(model) : nullptr;
    if (request.format == QLatin1String("json")) {
        JsonWriter json(out);
        writeModelSummaryJson(json, s, [&](JsonWriter& j) {
            if (!encoderDecoder)
                return;
            j.key("decoder_start_token_id"); start.isEmpty() ? j.null() : j.value(start.ids.front());
            j.key("decoder_start_token"); start.isEmpty() ? j.null() : j.value(start.tokens.front());
            const LanguageChoice defaults = model.defaultLanguages();
            j.key("source_languages"); j.stringList(model.sourceLanguages());
            j.key("target_languages"); j.stringList(model.targetLanguages());
            j.key("default_source_language"); defaults.source.isEmpty() ? j.null() : j.value(defaults.source);
            j.key("default_target_language"); defaults.target.isEmpty() ? j.null() : j.value(defaults.target);
            j.key("generation");
            if (generation)
                writeGenerationJson(j, *generation);
            else
                j.null();
        });
        json.flush();
        out->write("\n");
        return;
    }
    QString text;
    text += QStringLiteral("model          %1\n").arg(s.name);
    text += QStringLiteral("architecture   %1\n").arg(s.architecture);
    text += encoderDecoder ? stacksText(s) : oneStackText(s);
    text += QStringLiteral("positions      %1\n").arg(s.positions);
    text += QStringLiteral("window         %1\n").arg(s.widestWindow() == 0 ? QStringLiteral("none") : s.windowDescription());
    text += QStringLiteral("max positions  %1\n").arg(s.maxPositions);
    text += QStringLiteral("vocabulary     %1\n").arg(vocabularyText(model));
    if (encoderDecoder) {
        text += QStringLiteral("decoder start  %1\n")
                    .arg(start.isEmpty() ? QStringLiteral("?")
                                         : QStringLiteral("%1 (%2)").arg(start.tokens.front()).arg(start.ids.front()));
        const LanguageChoice defaults = model.defaultLanguages();
        const QStringList sources = model.sourceLanguages();
        if (!sources.isEmpty())
            text += QStringLiteral("source langs   %1 (--source-lang; default %2)\n")
                        .arg(sources.join(QStringLiteral(", ")), defaults.source);
        const QStringList languages = model.targetLanguages();
        text += QStringLiteral("target langs   %1\n")
                    .arg(languages.isEmpty() ? QStringLiteral("one (no language codes)")
                                             : languages.join(QStringLiteral(", ")) +
                                                   QStringLiteral(" (--target-lang; default %1)")
                                                       .arg(defaults.target.isEmpty() ? QStringLiteral("none")
                                                                                      : defaults.target));
        text += QStringLiteral("generation     %1\n")
                    .arg(generation ? generationText(model, *generation) : QStringLiteral("greedy"));
    } else {
        text += QStringLiteral("causal         %1\n").arg(s.causal ? "yes" : "no");
    }
    if (s.experts > 0)
        text += QStringLiteral("experts        %1\n").arg(expertsText(s));
    if (s.attentionSinks)
        text += QStringLiteral("sinks          a learned sink per head: rows sum to less than 1, 1 - the sum "
                               "is the sink mass\n");
    text += QStringLiteral("weights        %1\n").arg(s.quantization.isEmpty()
                                                         ? QStringLiteral("float (exact)")
                                                         : s.quantization + QStringLiteral(" (quantised: the attention "
                                                                                            "is that of the quantised model)"));
    if (s.convertedWeightBudget >= 0)
        text += QStringLiteral("converted      %1\n").arg(convertedWeightsText(s));
    out->write(text.toUtf8());
}

}  // namespace headmap::cli

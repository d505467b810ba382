#include "cli/CliInfo.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "hf/HubCache.h"
#include "io/JsonWriter.h"
#include "io/TraceExport.h"

namespace headmap::cli {
namespace {

// generation_config.json of the model's folder (a folder spec, or a Hub id in the cache), as
// the file has it; empty when there is none. Headmap generates greedily whatever num_beams says,
// and with the other settings as transformers' generate() applies them (Model::generate).
QJsonObject generationConfigOf(const QString& source) {
    QString folder;
    if (QFileInfo(source).isDir()) {
        folder = source;
    } else if (HubCache::looksLikeHubId(source)) {
        if (const auto cached = HubCache().find(source))
            folder = cached->folder;
    }
    QFile file(QDir(folder).filePath(QStringLiteral("generation_config.json")));
    if (folder.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {};
    QJsonObject settings = QJsonDocument::fromJson(file.read(1 << 20)).object();
    // Bookkeeping of the writer, not settings.
    settings.remove(QStringLiteral("_from_model_config"));
    settings.remove(QStringLiteral("transformers_version"));
    return settings;
}

// "max_length 20, num_beams 4, bad_words_ids [[276]]"
QString settingsText(const QJsonObject& settings) {
    QStringList items;
    for (auto it = settings.begin(); it != settings.end(); ++it) {
        const QJsonValue& value = it.value();
        QString text;
        if (value.isArray() || value.isObject())
            text = QString::fromUtf8((value.isArray() ? QJsonDocument(value.toArray())
                                                      : QJsonDocument(value.toObject()))
                                         .toJson(QJsonDocument::Compact));
        else if (value.isBool())
            text = value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
        else if (value.isString())
            text = value.toString();
        else if (value.isNull())
            text = QStringLiteral("null");
        else
            text = QString::number(value.toDouble(), 'g', 10);
        items << it.key() + QLatin1Char(' ') + text;
    }
    return items.join(QStringLiteral(", "));
}

// The decoder start token: the one row of an empty generation.
Encoding decoderStart(const Model& model) {
    return model.decoderInputForGenerated({});
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

QString vocabularyText(const ModelSummary& s) {
    if (!s.isEncoderDecoder())
        return QString::number(s.vocabSize);
    if (s.targetVocabSize <= 0 || s.targetVocabSize == s.vocabSize)
        return QStringLiteral("%1 (source and target)").arg(s.vocabSize);
    return QStringLiteral("source %1, target %2").arg(s.vocabSize).arg(s.targetVocabSize);
}

}  // namespace

void writeModelInfo(const CliRequest& request, const Model& model, QIODevice* out) {
    const ModelSummary& s = model.summary();
    const bool encoderDecoder = s.isEncoderDecoder();
    const Encoding start = encoderDecoder ? decoderStart(model) : Encoding{};
    const QJsonObject generation = encoderDecoder ? generationConfigOf(request.model.source) : QJsonObject{};
    if (request.format == QLatin1String("json")) {
        JsonWriter json(out);
        writeModelSummaryJson(json, s, [&](JsonWriter& j) {
            if (!encoderDecoder)
                return;
            j.key("decoder_start_token_id"); start.isEmpty() ? j.null() : j.value(start.ids.front());
            j.key("decoder_start_token"); start.isEmpty() ? j.null() : j.value(start.tokens.front());
            j.key("decoding"); j.value("greedy");
            // As the folder's generation_config.json has them (JSON as JSON).
            j.key("generation_config");
            j.rawValue(QJsonDocument(generation).toJson(QJsonDocument::Compact));
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
    text += QStringLiteral("vocabulary     %1\n").arg(vocabularyText(s));
    if (encoderDecoder) {
        text += QStringLiteral("decoder start  %1\n")
                    .arg(start.isEmpty() ? QStringLiteral("?")
                                         : QStringLiteral("%1 (id %2)").arg(start.tokens.front()).arg(start.ids.front()));
        text += QStringLiteral("generation     greedy; %1\n")
                    .arg(generation.isEmpty() ? QStringLiteral("no generation_config.json")
                                              : QStringLiteral("generation_config.json: ") + settingsText(generation));
    } else {
        text += QStringLiteral("causal         %1\n").arg(s.causal ? "yes" : "no");
    }
    text += QStringLiteral("weights        %1\n").arg(s.quantization.isEmpty()
                                                         ? QStringLiteral("float (exact)")
                                                         : s.quantization + QStringLiteral(" (quantised: the attention "
                                                                                            "is that of the quantised model)"));
    out->write(text.toUtf8());
}

}  // namespace headmap::cli

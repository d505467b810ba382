#include "cli/CliPredict.h"

#include <algorithm>
#include <cmath>

#include "core/HeadmapError.h"
#include "io/JsonWriter.h"

namespace headmap::cli {
namespace {

void writeTop(JsonWriter& json, const std::vector<TokenProbability>& top) {
    json.beginArray();
    for (const TokenProbability& t : top) {
        json.beginObject();
        json.key("id"); json.value(t.id);
        json.key("token"); json.value(t.token);
        json.key("display"); json.value(t.display);
        json.key("probability"); json.value(t.probability);
        json.key("logit"); json.value(t.logit);
        json.endObject();
    }
    json.endArray();
}

QString percent(float p) {
    return QStringLiteral("%1%").arg(double(p) * 100.0, 8, 'f', 4);
}

// "after 'cat' #5" for a decoder's next-token guess, "at '[MASK]' #4" for a fill-in.
QString placeOf(const PredictionReport& r) {
    const int p = r.prediction.position;
    return QStringLiteral("'%1' #%2").arg(r.input.displayTokens.value(p)).arg(p);
}

int targetTokenId(const QString& target, const Model& model) {
    // A whole number is an id (GPT-2's "3" is also a token; its id names it without doubt).
    bool isNumber = false;
    const int id = target.toInt(&isNumber);
    if (isNumber) {
        if (id < 0 || id >= model.summary().vocabSize)
            throw InputError(QStringLiteral("--target %1 is outside the vocabulary (0..%2)")
                                 .arg(id).arg(model.summary().vocabSize - 1));
        return id;
    }
    if (const auto piece = model.tokenizer().tokenToId(target))
        return *piece;
    // A word the way the text would hold it: it must be one token on its own.
    const Encoding encoded = model.tokenizer().encode(target, false);
    if (encoded.size() != 1)
        throw InputError(QStringLiteral("--target '%1' is %2 tokens for %3's tokenizer (%4); give one token or its id")
                             .arg(target).arg(encoded.size()).arg(model.summary().name,
                                                                   encoded.displayTokens.join(QLatin1Char(' '))));
    return encoded.ids.front();
}

}  // namespace

void followTarget(PredictionReport& report, const QString& target, const Model& model) {
    report.target = targetTokenId(target, model);
    // The text's own label when the token is in it (builtin:patterns' ids are hashes that the
    // tokenizer cannot name), else the tokenizer's.
    const auto at = std::find(report.input.ids.begin(), report.input.ids.end(), *report.target);
    const Encoding named = at != report.input.ids.end() ? report.input : model.tokenizer().fromIds({*report.target});
    const int index = at != report.input.ids.end() ? int(at - report.input.ids.begin()) : 0;
    report.targetToken = named.tokens.value(index);
    report.targetDisplay = named.displayTokens.value(index);
}

bool writePredictionJson(QIODevice* device, const PredictionReport& r) {
    JsonWriter json(device);
    json.beginObject();
    json.key("model"); json.value(r.model);
    json.key("tokens"); json.stringList(r.input.tokens);
    json.key("display_tokens"); json.stringList(r.input.displayTokens);
    json.key("token_ids"); json.intList(r.input.ids);
    if (r.source) {
        json.key("source_tokens"); json.stringList(r.source->tokens);
        json.key("source_display_tokens"); json.stringList(r.source->displayTokens);
        json.key("source_ids"); json.intList(r.source->ids);
        if (r.targetText) {
            json.key("target_text"); json.value(*r.targetText);
        } else {
            json.key("generated_ids"); json.intList(r.generated);
        }
    }
    json.key("position"); json.value(r.prediction.position);
    json.key("temperature"); json.value(r.prediction.temperature);
    json.key("top"); writeTop(json, r.prediction.top);
    if (r.baseline) {
        json.key("ablations"); json.value(formatHeadAblations(r.ablations));
        json.key("baseline_top"); writeTop(json, r.baseline->top);
        const double kl = klDivergence(*r.baseline, r.prediction);
        json.key("kl_divergence");
        if (std::isfinite(kl))
            json.value(kl);
        else
            json.value("inf");  // JSON has no infinity; a string says it plainly
    }
    if (r.target) {
        json.key("target");
        json.beginObject();
        json.key("id"); json.value(*r.target);
        json.key("token"); json.value(r.targetToken);
        json.key("display"); json.value(r.targetDisplay);
        json.key("probability"); json.value(r.prediction.probabilityOf(*r.target));
        if (r.baseline) {
            json.key("baseline_probability"); json.value(r.baseline->probabilityOf(*r.target));
        }
        json.endObject();
    }
    json.endObject();
    return json.flush() && device->write("\n") == 1;
}

QByteArray predictionText(const PredictionReport& r) {
    QString text = QStringLiteral("%1 at %2, temperature %3\n")
                       .arg(r.model, placeOf(r))
                       .arg(double(r.prediction.temperature));
    if (r.baseline)
        text += QStringLiteral("heads switched off: %1; KL(before||after) = %2 nats\n")
                    .arg(formatHeadAblations(r.ablations))
                    .arg(klDivergence(*r.baseline, r.prediction), 0, 'g', 6);
    if (r.target) {
        text += QStringLiteral("target %1 (id %2): %3")
                    .arg(r.targetDisplay).arg(*r.target).arg(percent(r.prediction.probabilityOf(*r.target)).trimmed());
        if (r.baseline)
            text += QStringLiteral(", before %1").arg(percent(r.baseline->probabilityOf(*r.target)).trimmed());
        text += QLatin1Char('\n');
    }
    const auto table = [&](const char* title, const std::vector<TokenProbability>& top) {
        text += QString::fromLatin1(title);
        text += QStringLiteral("rank  probability        id  token\n");
        for (size_t i = 0; i < top.size(); ++i)
            text += QStringLiteral("%1  %2  %3  %4\n")
                        .arg(int(i) + 1, 4).arg(percent(top[i].probability))
                        .arg(top[i].id, 8).arg(top[i].display);
    };
    table(r.baseline ? "after:\n" : "", r.prediction.top);
    if (r.baseline)
        table("before:\n", r.baseline->top);
    return text.toUtf8();
}

}  // namespace headmap::cli

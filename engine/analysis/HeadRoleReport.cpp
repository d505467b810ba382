#include "analysis/HeadRoleReport.h"

#include <QIODevice>

#include "io/JsonWriter.h"

namespace headmap {
namespace {

// [[value per head] per layer] of a layer-major vector.
void writeGrid(JsonWriter& json, const std::vector<double>& values, int layers, int heads) {
    json.beginArray();
    for (int layer = 0; layer < layers; ++layer) {
        json.beginArray();
        for (int head = 0; head < heads; ++head)
            json.value(values[size_t(layer) * size_t(heads) + size_t(head)]);
        json.endArray();
    }
    json.endArray();
}

}  // namespace

bool writeHeadRoleJson(QIODevice* device, const HeadRoleReport& report) {
    const HeadRoleResult& r = report.result;
    JsonWriter json(device);
    json.beginObject();
    json.key("model"); json.value(report.model);
    if (!report.compare.isEmpty()) {
        json.key("compare"); json.value(report.compare);
    }
    if (report.stack) {
        json.key("stack"); json.value(*report.stack);
    }
    if (!report.corpus.isEmpty()) {
        json.key("corpus"); json.value(report.corpus);
        json.key("split"); json.value(report.paragraphs ? "paragraphs" : "lines");
    }
    json.key("layers"); json.value(r.layers);
    json.key("heads"); json.value(r.heads);
    json.key("documents"); json.value(r.documents);
    json.key("tokens"); json.value((long long)r.tokens);
    json.key("truncated"); json.value(r.truncated);
    json.key("scores");
    json.beginObject();
    for (HeadRole role : report.roles) {
        json.key(headRoleName(role).toUtf8().constData());
        writeGrid(json, r.scores[size_t(role)], r.layers, r.heads);
    }
    json.endObject();
    json.key("strongest");
    json.beginObject();
    for (HeadRole role : report.roles) {
        json.key(headRoleName(role).toUtf8().constData());
        json.beginArray();
        for (int layer = 0; layer < r.layers; ++layer) {
            for (int head = 0; head < r.heads; ++head) {
                const StrongestPosition& s = r.strongestOf(role, layer, head);
                json.beginObject();
                json.key("layer"); json.value(layer);
                json.key("head"); json.value(head);
                json.key("document"); json.value(s.document);
                json.key("position"); json.value(s.position);
                json.key("value"); json.value(s.value);
                json.endObject();
            }
        }
        json.endArray();
    }
    json.endObject();
    if (r.hasDivergence()) {
        json.key("divergence");
        writeGrid(json, r.divergence, r.layers, r.heads);
    }
    if (report.probe) {
        json.key("probe");
        json.beginObject();
        json.key("kind"); json.value("induction");
        json.key("length"); json.value(report.probe->length);
        json.key("count"); json.value(report.probe->count);
        json.key("seed"); json.value((long long)report.probe->seed);
        json.key("ids");
        json.beginArray();
        for (const std::vector<int>& ids : report.probe->sequences)
            json.intList(ids);
        json.endArray();
        json.key("stripe");
        writeGrid(json, report.stripe, r.layers, r.heads);
        json.endObject();
    }
    json.endObject();
    return json.flush() && device->write("\n") == 1;
}

bool writeHeadRoleCsv(QIODevice* device, const HeadRoleReport& report) {
    const HeadRoleResult& r = report.result;
    QByteArray text("layer,head");
    for (HeadRole role : report.roles)
        text += ',' + headRoleName(role).toUtf8();
    if (r.hasDivergence())
        text += ",divergence";
    if (report.probe)
        text += ",induction_stripe";
    text += '\n';
    const auto number = [](double v) { return QByteArray::number(v, 'g', 17); };
    for (int layer = 0; layer < r.layers; ++layer) {
        for (int head = 0; head < r.heads; ++head) {
            text += QByteArray::number(layer) + ',' + QByteArray::number(head);
            for (HeadRole role : report.roles)
                text += ',' + number(r.score(role, layer, head));
            const size_t i = r.index(layer, head);
            if (r.hasDivergence())
                text += ',' + number(r.divergence[i]);
            if (report.probe)
                text += ',' + number(report.stripe[i]);
            text += '\n';
        }
    }
    return device->write(text) == text.size();
}

}  // namespace headmap

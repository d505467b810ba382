#include "roles/HeadRolesData.h"

#include <QBuffer>

#include "io/JsonWriter.h"

namespace headmap::ui {
namespace {

// [[value per head] per layer] of a layer-major vector, as the CLI writes it.
void writeHeadGrid(JsonWriter& json, const std::vector<double>& values, int layers, int heads) {
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

QByteArray headRolesJson(const HeadRolesExport& data) {
    const HeadRoleResult& r = *data.result;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        JsonWriter json(&buffer);
        json.beginObject();
        json.key("model"); json.value(data.model);
        if (!data.compare.isEmpty()) {
            json.key("compare"); json.value(data.compare);
        }
        if (!data.corpus.isEmpty()) {
            json.key("corpus"); json.value(data.corpus);
            json.key("split"); json.value(data.paragraphs ? "paragraphs" : "lines");
        }
        json.key("layers"); json.value(r.layers);
        json.key("heads"); json.value(r.heads);
        json.key("documents"); json.value(r.documents);
        json.key("tokens"); json.value((long long)r.tokens);
        json.key("truncated"); json.value(r.truncated);
        json.key("scores");
        json.beginObject();
        for (HeadRole role : allHeadRoles()) {
            json.key(headRoleName(role).toUtf8().constData());
            writeHeadGrid(json, r.scores[size_t(role)], r.layers, r.heads);
        }
        json.endObject();
        json.key("strongest");
        json.beginObject();
        for (HeadRole role : allHeadRoles()) {
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
            writeHeadGrid(json, r.divergence, r.layers, r.heads);
        }
        json.endObject();
        json.flush();
    }
    bytes += '\n';
    return bytes;
}

QByteArray headRolesCsv(const HeadRolesExport& data) {
    const HeadRoleResult& r = *data.result;
    QByteArray text("layer,head");
    for (HeadRole role : allHeadRoles())
        text += ',' + headRoleName(role).toUtf8();
    if (r.hasDivergence())
        text += ",divergence";
    text += '\n';
    const auto number = [](double v) { return QByteArray::number(v, 'g', 17); };
    for (int layer = 0; layer < r.layers; ++layer) {
        for (int head = 0; head < r.heads; ++head) {
            text += QByteArray::number(layer) + ',' + QByteArray::number(head);
            for (HeadRole role : allHeadRoles())
                text += ',' + number(r.score(role, layer, head));
            if (r.hasDivergence())
                text += ',' + number(r.divergence[r.index(layer, head)]);
            text += '\n';
        }
    }
    return text;
}

}  // namespace headmap::ui

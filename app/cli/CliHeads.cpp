#include "cli/CliHeads.h"

#include "cli/CliInterrupt.h"
#include "cli/CliStacks.h"
#include "core/HeadmapError.h"
#include "io/JsonWriter.h"
#include "model/ModelLoader.h"

namespace headmap::cli {
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

void throwIfInterrupted() {
    if (const int signal = InterruptGuard::interrupted())
        throw Interrupted(signal, QStringLiteral("interrupted; no output was written"));
}

}  // namespace

HeadsReport runHeads(const CliRequest& request, QIODevice* err) {
    const auto model = loadModel(request.model);
    if (request.stack)
        chosenStack(request, model->summary());  // refuses a stack the model does not have
    std::unique_ptr<Model> compare;
    if (request.heads.compare) {
        ModelSpec spec = request.model;
        spec.source = *request.heads.compare;
        compare = loadModel(spec);
    }
    HeadsReport report;
    report.model = model->summary().name;
    report.compare = compare ? compare->summary().name : QString();
    report.roles = request.heads.roles;
    if (model->summary().isEncoderDecoder())
        report.stack = stackName(request.stack.value_or(StackKind::Encoder));

    InterruptGuard guard;
    HeadRoleOptions options;
    options.stack = request.stack;
    options.compare = compare.get();
    options.progress = [](const HeadRoleProgress&, const HeadRoleScorer&) { return InterruptGuard::interrupted() == 0; };

    if (request.heads.probe) {
        report.probe = makeInductionProbe(*model, request.heads.probeLength, request.heads.probeCount,
                                          request.heads.probeSeed);
        InductionProbeRun run = scoreInductionProbe(*model, *report.probe, options);
        throwIfInterrupted();
        report.result = std::move(run.run.result);
        report.stripe = std::move(run.stripe);
        return report;
    }
    report.corpus = request.heads.corpus;
    report.paragraphs = request.heads.paragraphs;
    CorpusReader corpus(request.heads.corpus,
                        request.heads.paragraphs ? CorpusReader::Split::Paragraphs : CorpusReader::Split::Lines,
                        corpusDocumentBytes(model->summary()));
    HeadRoleRun run = scoreCorpus(*model, corpus, options);
    throwIfInterrupted();
    if (run.invalidUtf8Documents > 0)
        err->write(QStringLiteral("headmap-cli: warning: %1 document(s) of '%2' are not valid UTF-8; invalid bytes "
                                  "were replaced with U+FFFD\n")
                       .arg(run.invalidUtf8Documents).arg(report.corpus).toUtf8());
    report.result = std::move(run.result);
    return report;
}

bool writeHeadsJson(QIODevice* device, const HeadsReport& report) {
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

bool writeHeadsCsv(QIODevice* device, const HeadsReport& report) {
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

}  // namespace headmap::cli

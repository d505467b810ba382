#include "cli/CliHeads.h"

#include "cli/CliInterrupt.h"
#include "cli/CliStacks.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"

namespace headmap::cli {
namespace {

void throwIfInterrupted() {
    if (const int signal = InterruptGuard::interrupted())
        throw Interrupted(signal, QStringLiteral("interrupted; no output was written"));
}

}  // namespace

HeadRoleReport runHeads(const CliRequest& request, QIODevice* err) {
    const auto model = loadModel(request.model);
    if (request.stack)
        chosenStack(request, model->summary());  // refuses a stack the model does not have
    std::unique_ptr<Model> compare;
    if (request.heads.compare) {
        ModelSpec spec = request.model;
        spec.source = *request.heads.compare;
        compare = loadModel(spec);
    }
    HeadRoleReport report;
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

}  // namespace headmap::cli

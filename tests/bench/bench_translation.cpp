// How long a translation with every stack's attention takes inside one process (issue #37's
// speed section): the model is loaded once, then each pass
//   1. tokenizes the source text,
//   2. generates greedily with the key/value cache (Model::generate, max_new_tokens),
//   3. runs the capturing pass on what it wrote (Model::run with decoderInput: the encoder,
//      decoder and cross stacks recorded, as the CLI and the GUI do),
//   4. reads every head of the three stacks (L·H matrices each, (S,S), (T,T) and (T,S)):
//      the trace computes heads on demand, so without this step the attention would not all
//      exist yet, while PyTorch's generate(output_attentions=True) returns every one.
// The first pass is reported apart (pages the weights in, grows the allocator's heaps); later
// passes as min and median, and the process's CPU time per pass beside the wall time (on a busy
// machine a one-thread run's wall time mostly measures the queue for the cores). Threads:
// OMP_NUM_THREADS, as for headmap-cli.
//
//   bench_translation [--model DIR] [--text TEXT] [--max-new-tokens 60] [--passes 7] [--json FILE]
//
// DIR defaults to /tmp/headmap-marian-bench/f32 (tests/bench/make_marian_bench_model.py);
// tests/bench/bench_translation_vs_pytorch.py runs this beside PyTorch on the same folder.

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <vector>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/AllocatorTuning.h"
#include "core/AttentionStack.h"
#include "core/HeadmapError.h"
#include "model/Model.h"
#include "model/ModelLoader.h"

using namespace headmap;

namespace {

// 60 ids (59 pieces and </s>) with the SentencePiece model of tests/fixtures/seq2seq/marian_f32,
// which make_marian_bench_model.py copies.
const char* const kDanishSource =
    "Opmærksomhed er en mekanisme, hvor hvert element i en sekvens beregner vægte over alle andre "
    "elementer. Flere hoveder gør det";

// RunResult::stacks' order.
const StackKind kStacks[] = {StackKind::Encoder, StackKind::Decoder, StackKind::Cross};

double msSince(const QElapsedTimer& timer) {
    return double(timer.nsecsElapsed()) / 1e6;
}

// CPU time of the whole process, all threads: on a machine busy with other work the wall time of
// a one-thread run grows with the queue for the cores, its CPU time much less.
double processCpuMs() {
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return double(now.tv_sec) * 1e3 + double(now.tv_nsec) / 1e6;
}

struct Pass {
    double tokenizeMs = 0, generateMs = 0, runMs = 0, headsMs = 0;
    double cpuMs = 0;  // the whole pass
    double totalMs() const { return tokenizeMs + generateMs + runMs + headsMs; }
};

// Every head of the stack, computed as a viewer asking for it would. Returns Σ weight × key index
// over its layers, heads, rows and keys: the work cannot be dropped, and the PyTorch side's
// attention gives the same figure (bench_translation_vs_pytorch.py compares them).
double readEveryHead(const AttentionTrace& trace) {
    Eigen::VectorXd keyIndex = Eigen::VectorXd::LinSpaced(trace.keyLength(), 0, trace.keyLength() - 1);
    double sum = 0;
    for (int l = 0; l < trace.layers(); ++l)
        for (int h = 0; h < trace.heads(); ++h)
            sum += (trace.headUncached(l, h).cast<double>() * keyIndex).sum();
    return sum;
}

Pass onePass(const Model& model, const QString& text, int maxNewTokens, std::vector<int>* generatedOut,
             int* sourceLength, std::vector<double>* keyWeightedSums) {
    Pass pass;
    const double cpuStart = processCpuMs();
    QElapsedTimer timer;
    timer.start();
    const Encoding source = model.tokenize(text);
    pass.tokenizeMs = msSince(timer);

    timer.restart();
    const std::vector<int> generated = model.generate(source, maxNewTokens);
    pass.generateMs = msSince(timer);

    timer.restart();
    RunOptions options;
    options.decoderInput = model.decoderInputForGenerated(generated);
    const RunResult result = model.run(source, options);
    pass.runMs = msSince(timer);

    timer.restart();
    std::vector<double> sums;
    for (const AttentionTrace& trace : result.stacks)  // encoder, decoder, cross
        sums.push_back(readEveryHead(trace));
    pass.headsMs = msSince(timer);
    pass.cpuMs = processCpuMs() - cpuStart;

    *generatedOut = generated;
    *sourceLength = source.size();
    *keyWeightedSums = sums;
    return pass;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

double minimum(const std::vector<double>& v) {
    return v.empty() ? 0.0 : *std::min_element(v.begin(), v.end());
}

QJsonObject figures(const std::vector<double>& later, double first) {
    return QJsonObject{{QStringLiteral("first"), first},
                       {QStringLiteral("min"), minimum(later)},
                       {QStringLiteral("median"), median(later)},
                       {QStringLiteral("all"), QJsonArray::fromVariantList([&] {
                            QVariantList list;
                            for (double x : later)
                                list << x;
                            return list;
                        }())}};
}

}  // namespace

int main(int argc, char** argv) {
    tuneAllocatorForForwardPasses();  // as headmap and headmap-cli do
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Translation with every stack's attention, timed in process"));
    parser.addHelpOption();
    const QCommandLineOption modelOption(QStringLiteral("model"), QStringLiteral("Model folder."),
                                         QStringLiteral("dir"), QStringLiteral("/tmp/headmap-marian-bench/f32"));
    const QCommandLineOption textOption(QStringLiteral("text"), QStringLiteral("Source text."), QStringLiteral("text"),
                                        QString::fromUtf8(kDanishSource));
    const QCommandLineOption newOption(QStringLiteral("max-new-tokens"), QStringLiteral("Tokens to generate."),
                                       QStringLiteral("n"), QStringLiteral("60"));
    const QCommandLineOption passesOption(QStringLiteral("passes"), QStringLiteral("Passes, the first included."),
                                          QStringLiteral("n"), QStringLiteral("7"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Also write the figures here."),
                                        QStringLiteral("file"));
    parser.addOptions({modelOption, textOption, newOption, passesOption, jsonOption});
    parser.process(app);
    const int maxNewTokens = parser.value(newOption).toInt();
    const int passes = std::max(2, parser.value(passesOption).toInt());

    try {
        QElapsedTimer timer;
        timer.start();
        ModelSpec spec;
        spec.source = parser.value(modelOption);
        const std::unique_ptr<Model> model = loadModel(spec);
        const double loadMs = msSince(timer);
        const ModelSummary& summary = model->summary();

        std::vector<Pass> runs;
        std::vector<int> generated;
        int sourceLength = 0;
        std::vector<double> sums;
        for (int i = 0; i < passes; ++i)
            runs.push_back(onePass(*model, parser.value(textOption), maxNewTokens, &generated, &sourceLength, &sums));

        int threads = 1;
#ifdef _OPENMP
        threads = omp_get_max_threads();
#endif
        std::printf("%s: %s, d_model %d; %d source tokens, %zu generated; %d threads; load %.0f ms\n",
                    qPrintable(spec.source), qPrintable(summary.architecture), summary.dModel, sourceLength,
                    generated.size(), threads, loadMs);
        std::printf("%-22s %10s %10s %10s\n", "ms", "first", "min", "median");
        auto column = [&](double Pass::*field) {
            std::vector<double> v;
            for (size_t i = 1; i < runs.size(); ++i)
                v.push_back(runs[i].*field);
            return v;
        };
        std::vector<double> total;
        for (size_t i = 1; i < runs.size(); ++i)
            total.push_back(runs[i].totalMs());
        const struct {
            const char* name;
            std::vector<double> later;
            double first;
        } rows[] = {{"tokenize", column(&Pass::tokenizeMs), runs[0].tokenizeMs},
                    {"generate", column(&Pass::generateMs), runs[0].generateMs},
                    {"capturing run", column(&Pass::runMs), runs[0].runMs},
                    {"every head read", column(&Pass::headsMs), runs[0].headsMs},
                    {"total", total, runs[0].totalMs()},
                    {"cpu", column(&Pass::cpuMs), runs[0].cpuMs}};
        QJsonObject json{{QStringLiteral("model"), spec.source},
                         {QStringLiteral("threads"), threads},
                         {QStringLiteral("load_ms"), loadMs},
                         {QStringLiteral("source_tokens"), sourceLength}};
        for (const auto& row : rows) {
            std::printf("%-22s %10.1f %10.1f %10.1f\n", row.name, row.first, minimum(row.later), median(row.later));
            json.insert(QString::fromLatin1(row.name).replace(QLatin1Char(' '), QLatin1Char('_')),
                        figures(row.later, row.first));
        }
        QJsonArray ids;
        for (int id : generated)
            ids.append(id);
        json.insert(QStringLiteral("generated_ids"), ids);
        QJsonObject sumsJson;
        for (size_t s = 0; s < sums.size(); ++s) {
            const QString stack = stackName(kStacks[s]);
            sumsJson.insert(stack, sums[s]);
            std::printf("%s attention: sum of weight x key index %.6f\n", qPrintable(stack), sums[s]);
        }
        json.insert(QStringLiteral("key_weighted_sums"), sumsJson);
        if (parser.isSet(jsonOption)) {
            QFile file(parser.value(jsonOption));
            if (!file.open(QIODevice::WriteOnly)) {
                std::fprintf(stderr, "cannot write %s\n", qPrintable(file.fileName()));
                return 1;
            }
            file.write(QJsonDocument(json).toJson());
        }
    } catch (const HeadmapError& error) {
        std::fprintf(stderr, "%s\n", qPrintable(error.message()));
        return 1;
    }
    return 0;
}

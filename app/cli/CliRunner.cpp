#include "cli/CliRunner.h"

#include <algorithm>
#include <cerrno>
#include <functional>
#include <optional>

#include <QFile>

#include "analysis/AttentionMeasure.h"
#include "analysis/WordAggregation.h"
#include "cli/CliModels.h"
#include "cli/CliDownload.h"
#include "cli/CliHeads.h"
#include "cli/CliInfo.h"
#include "cli/CliInterrupt.h"
#include "cli/CliPredict.h"
#include "cli/CliRender.h"
#include "cli/CliRequest.h"
#include "cli/CliStacks.h"
#include "cli/CliTranslate.h"
#include "core/HeadmapError.h"
#include "io/AtomicFile.h"
#include "io/JsonWriter.h"
#include "io/NpyWriter.h"
#include "io/TraceExport.h"
#include "model/ModelLoader.h"
#include "model/ModelTokenizer.h"
#include "text/TextDecoding.h"
#include "text/TokenLabels.h"

namespace headmap::cli {
namespace {

constexpr qint64 kMaxTextBytes = 64ll * 1024 * 1024;

// A pipe hands over its data in pieces; read until the end, but not without limit.
QByteArray readAllLimited(QIODevice* device) {
    QByteArray bytes;
    for (;;) {
        const QByteArray chunk = device->read(1 << 16);
        if (chunk.isEmpty())
            break;
        bytes += chunk;
        if (bytes.size() > kMaxTextBytes)
            break;
    }
    return bytes;
}

class Runner {
public:
    Runner(QIODevice* in, QIODevice* out, QIODevice* err) : m_in(in), m_out(out), m_err(err) {}

    int run(const QList<QByteArray>& arguments);

private:
    void warn(const QString& message) {
        m_err->write("headmap-cli: warning: " + message.toUtf8() + '\n');
    }
    // The text to tokenize and where it came from ("--text", "standard input", a file).
    QString readText(const CliRequest& request, QString& source);
    // prepareText, when given, turns the text read into the text to tokenize (translate's
    // target language code).
    Encoding encodeInput(const CliRequest& request, const ModelSummary& summary, const Tokenizer& tokenizer,
                         const std::function<QString(const QString&)>& prepareText = {},
                         const LanguageChoice& languages = {});
    // The text in the languages of --source-lang and --target-lang (chosenLanguages).
    Encoding encodeInput(const CliRequest& request, const Model& model);
    void checkIndices(const CliRequest& request, const ModelSummary& model);
    // Writes through writer into the chosen destination atomically (io/AtomicFile): a failure,
    // a full disk included, leaves no file and an earlier one as it was.
    template <typename Write>
    void writeOutput(const QString& output, Write write);
    // Throws when standard output did not take everything written to it.
    void flushStandardOutput();

    void info(const CliRequest& request);
    void tokenize(const CliRequest& request);
    void attention(const CliRequest& request);
    void steps(const CliRequest& request);
    void predict(const CliRequest& request);
    void translate(const CliRequest& request);
    void heads(const CliRequest& request);
    void render(const CliRequest& request);

    QIODevice* m_in;
    QIODevice* m_out;
    QIODevice* m_err;
};

int Runner::run(const QList<QByteArray>& arguments) {
    try {
        const CliRequest request = parseCommandLine(arguments);
        switch (request.command) {
        case Command::Help: m_out->write(helpText(request.helpTopic).toUtf8()); break;
        case Command::Version: m_out->write("headmap-cli " HEADMAP_VERSION "\n"); break;
        case Command::Models: listModels(request, m_out); break;
        case Command::Info: info(request); break;
        case Command::Tokenize: tokenize(request); break;
        case Command::Attention: attention(request); break;
        case Command::Steps: steps(request); break;
        case Command::Predict: predict(request); break;
        case Command::Translate: translate(request); break;
        case Command::Heads: heads(request); break;
        case Command::Bench: runBenchmark(request.model, request.bench, m_out); break;
        case Command::Render:
        case Command::ExportAll: render(request); break;
        case Command::Download: runDownload(request, m_out, m_err); break;
        }
        flushStandardOutput();
        return kExitOk;
    } catch (const Interrupted& interrupted) {
        m_err->write("headmap-cli: error: " + QByteArray(interrupted.what()) + '\n');
        return 128 + interrupted.signal();
    } catch (const HeadmapError& error) {
        m_err->write("headmap-cli: error: " + QByteArray(error.what()) + '\n');
        return error.kind() == HeadmapError::Kind::Usage ? kExitUsage : kExitBadInput;
    } catch (const std::bad_alloc&) {
        m_err->write("headmap-cli: error: out of memory (try a shorter text or a smaller model)\n");
        return kExitBadInput;
    }
}

QString Runner::readText(const CliRequest& request, QString& source) {
    DecodedText decoded;
    source = QStringLiteral("--text");
    if (request.readStdin) {
        source = QStringLiteral("standard input");
        decoded = decodeUtf8(readAllLimited(m_in));
    } else if (request.textFile) {
        source = *request.textFile;
        QFile file(*request.textFile);
        if (!file.open(QIODevice::ReadOnly))
            throw InputError(QStringLiteral("cannot read text file '%1': %2")
                                 .arg(*request.textFile, file.errorString()));
        decoded = decodeUtf8(readAllLimited(&file));
    } else {
        decoded.text = *request.text;
        decoded.hadInvalidUtf8 = request.textHadInvalidUtf8;
    }
    if (decoded.text.toUtf8().size() > kMaxTextBytes)
        throw InputError(QStringLiteral("text from %1 is larger than %2 MB").arg(source).arg(kMaxTextBytes >> 20));
    if (decoded.hadInvalidUtf8)
        warn(QStringLiteral("text from %1 is not valid UTF-8; invalid bytes were replaced with U+FFFD").arg(source));
    // White space alone is refused only by tokenizers that make no tokens of it (encodeInput).
    if (decoded.text.isEmpty())
        throw InputError(QStringLiteral("the text from %1 is empty").arg(source));
    return decoded.text;
}

Encoding Runner::encodeInput(const CliRequest& request, const Model& model) {
    const LanguageChoice languages = chosenLanguages(request, model);
    return encodeInput(request, model.summary(), model.tokenizer(), [&](const QString& text) {
        return model.sourceTextFor(text, languages.target);
    }, languages);
}

Encoding Runner::encodeInput(const CliRequest& request, const ModelSummary& summary, const Tokenizer& tokenizer,
                             const std::function<QString(const QString&)>& prepareText,
                             const LanguageChoice& languages) {
    if (request.ids) {
        if (request.ids->empty())
            throw InputError(QStringLiteral("--ids is empty"));
        if (request.prependBos)
            throw UsageError(QStringLiteral("--bos goes with --text or --text-file, not --ids"));
        return tokenizer.fromIds(*request.ids);
    }
    TokenizeOptions options;
    options.addSpecialTokens = request.addSpecialTokens;
    options.prependBos = request.prependBos;
    options.languages = languages;
    QString source;
    const QString text = readText(request, source);
    if (request.pair) {
        if (request.pair->isEmpty())
            throw InputError(QStringLiteral("the text of --pair is empty"));
        options.pair = *request.pair;
    }
    // tokenizeFor refuses white space that makes no tokens too, but cannot name its source.
    const auto refuseEmptyBlank = [&](const QString& blank, const QString& what) {
        if (isBlank(blank) && tokenizer.encode(blank, false).isEmpty())
            throw InputError(QStringLiteral("%1 holds only white space, and %2's tokenizer makes no tokens of it")
                                 .arg(what, summary.name));
    };
    refuseEmptyBlank(text, QStringLiteral("the text from %1").arg(source));
    if (options.pair)
        refuseEmptyBlank(*options.pair, QStringLiteral("the text of --pair"));
    return tokenizeFor(summary, tokenizer, prepareText ? prepareText(text) : text, options);
}

void Runner::checkIndices(const CliRequest& request, const ModelSummary& model) {
    // A translation model's stacks differ in depth: name the one the indices are of.
    const QString name = model.isEncoderDecoder()
                             ? QStringLiteral("the %1 stack of %2").arg(stackName(model.stackKind()), model.name)
                             : model.name;
    if (request.layer >= model.layers)
        throw InputError(QStringLiteral("--layer %1 is out of range: %2 has layers 0..%3")
                             .arg(request.layer).arg(name).arg(model.layers - 1));
    if (request.head >= model.heads)
        throw InputError(QStringLiteral("--head %1 is out of range: %2 has heads 0..%3")
                             .arg(request.head).arg(name).arg(model.heads - 1));
}

template <typename Write>
void Runner::writeOutput(const QString& output, Write write) {
    if (output.isEmpty() || output == QLatin1String("-")) {
        CheckedDevice device(m_out);
        if (!write(&device) || device.failed())
            throw InputError(QStringLiteral("cannot write to standard output: %1")
                                 .arg(device.failed() ? device.failure() : QStringLiteral("the output could not be produced")));
        return;
    }
    const QString error = writeFileAtomically(output, write);
    if (!error.isEmpty())
        throw InputError(error);
}

void Runner::flushStandardOutput() {
    // stdout is buffered twice (QFile, stdio): on a full disk or /dev/full the loss shows only here.
    auto* file = qobject_cast<QFileDevice*>(m_out);
    if (!file)
        return;
    errno = 0;
    if (!file->flush() || file->error() != QFileDevice::NoError)
        throw InputError(QStringLiteral("cannot write to standard output: %1")
                             .arg(deviceFailure(file, errno, QStringLiteral("the output was not taken"))));
}

void Runner::info(const CliRequest& request) {
    const auto model = loadModel(request.model);
    writeModelInfo(request, *model, m_out);
}

void Runner::tokenize(const CliRequest& request) {
    // The tokenizer alone: a folder needs no weights to be tokenized.
    const ModelTokenizer model = loadModelTokenizer(request.model);
    // --source-lang: the language's tokens around the text as translate puts them (M2M100's
    // "__da__" first, NLLB's and mBART's templates).
    if (request.ids && !request.sourceLanguage.isEmpty())
        throw UsageError(QStringLiteral("--source-lang goes with --text or --text-file, not --ids (the ids hold the "
                                        "source language's token already)"));
    const Encoding encoding = encodeInput(request, model.summary(), model.tokenizer(), {},
                                          LanguageChoice{request.sourceLanguage, QString()});
    writeOutput(request.output, [&](QIODevice* device) {
        if (request.format == QLatin1String("json")) {
            JsonWriter json(device);
            json.beginObject();
            json.key("model"); json.value(model.summary().name);
            json.key("tokens"); json.stringList(encoding.tokens);
            json.key("display_tokens"); json.stringList(encoding.displayTokens);
            // What the labels' marks mean, and per token its raw piece and bytes.
            json.key("legend"); json.value(tokenlabels::legend(encoding.displayTokens));
            json.key("token_details");
            QStringList details;
            for (const tokenlabels::TokenText& text :
                 tokenlabels::describe(encoding.tokens, encoding.special, model.tokenizer().pieceStyle()))
                details << text.tooltip;
            json.stringList(details);
            json.key("token_ids"); json.intList(encoding.ids);
            json.key("special");
            json.beginArray();
            for (bool special : encoding.special)
                json.value(special);
            json.endArray();
            json.endObject();
            return json.flush() && device->write("\n") == 1;
        }
        QByteArray text("index\tid\ttoken\tdisplay\n");
        for (int i = 0; i < encoding.size(); ++i)
            text += QByteArray::number(i) + '\t' + QByteArray::number(encoding.ids[size_t(i)]) +
                    '\t' + encoding.tokens[i].toUtf8() + '\t' + encoding.displayTokens[i].toUtf8() + '\n';
        return device->write(text) == text.size();
    });
}

void Runner::attention(const CliRequest& request) {
    const auto model = loadModel(request.model);
    const StackKind stack = chosenStack(request, model->summary());
    checkIndices(request, model->summary().forStack(stack));
    RunOptions options;
    options.ablations = checkedAblations(request, model->summary());
    options.valueNorms = request.measure == AttentionMeasure::ValueNorm;
    const Encoding input = encodeInput(request, *model);
    const DecoderRows rows = decoderRows(request, *model, input);
    options.decoderInput = rows.input;
    const RunResult result = model->run(input, options);
    const TraceSelection selection{request.layer, request.head};
    // The trace holds queries and keys, and the writers compute one head at a time; the derived
    // measures are made only for the heads written, so --layer/--head holds one head.
    const HeadFilter selected = [&](int layer, int head) {
        return (selection.layer < 0 || layer == selection.layer) && (selection.head < 0 || head == selection.head);
    };
    const AttentionTrace& shown = result.stack(stack);
    const AttentionTrace measured = request.measure == AttentionMeasure::ValueNorm
                                        ? weightedByValueNorm(shown, selected) : shown;
    AttentionTrace trace = request.mergeWords ? mergeIntoWords(measured, selected) : measured;
    // Each stack's trace lists the heads switched off in that stack; every one of them changed
    // what a later stack computed, so the output names them all.
    if (model->summary().isEncoderDecoder())
        trace.setAblations(options.ablations);
    // NumPy holds one array per file: a mixture-of-experts model's router choices go to a
    // second file beside --output (run.npy: run.experts.npy), int32 (L, T, K), −1 on dense layers.
    if (request.format == QLatin1String("npy") && trace.hasExperts() && !request.mergeWords &&
        !request.output.isEmpty() && request.output != QLatin1String("-")) {
        QString expertsPath = request.output;
        if (expertsPath.endsWith(QLatin1String(".npy")))
            expertsPath.chop(4);
        writeOutput(expertsPath + QStringLiteral(".experts.npy"),
                    [&](QIODevice* device) { return writeExpertsNpy(device, trace, selection.layer); });
    }
    // Sink models (gpt-oss): the sink mass beside it (run.npy: run.sink.npy), float32 (L, H, T).
    if (request.format == QLatin1String("npy") && carriesSinkMass(trace) && !request.output.isEmpty() &&
        request.output != QLatin1String("-")) {
        QString sinkPath = request.output;
        if (sinkPath.endsWith(QLatin1String(".npy")))
            sinkPath.chop(4);
        writeOutput(sinkPath + QStringLiteral(".sink.npy"), [&](QIODevice* device) {
            return writeSinkMassNpy(device, trace, selection.layer, selection.head);
        });
    }
    writeOutput(request.output, [&](QIODevice* device) {
        if (request.format == QLatin1String("csv"))
            return writeTraceCsv(device, trace, selection);
        if (request.format == QLatin1String("npy"))
            return writeTraceNpy(device, trace, selection.layer, selection.head);
        JsonWriter json(device);
        writeTraceJson(json, trace, selection, measureName(request.measure),
                       [&](JsonWriter& out) { writeDecoderRowsJson(out, rows); });
        return json.flush() && device->write("\n") == 1;
    });
}

void Runner::steps(const CliRequest& request) {
    const auto model = loadModel(request.model);
    const StackKind stack = chosenStack(request, model->summary());
    checkIndices(request, model->summary().forStack(stack));
    RunOptions options;
    options.steps = HeadIndex{request.layer, request.head,
                              model->summary().isEncoderDecoder() ? std::optional<StackKind>(stack) : std::nullopt};
    const Encoding input = encodeInput(request, *model);
    const DecoderRows rows = decoderRows(request, *model, input);
    options.decoderInput = rows.input;
    const RunResult result = model->run(input, options);
    writeOutput(request.output, [&](QIODevice* device) {
        JsonWriter json(device);
        writeStepsJson(json, result.stack(stack), *result.steps,
                       [&](JsonWriter& out) { writeDecoderRowsJson(out, rows); });
        return json.flush() && device->write("\n") == 1;
    });
}

void Runner::predict(const CliRequest& request) {
    const auto model = loadModel(request.model);
    if (!model->hasOutputHead())
        throw InputError(model->outputHeadMissing());
    const bool encoderDecoder = model->summary().isEncoderDecoder();
    PredictionReport report;
    report.model = model->summary().name;
    report.ablations = checkedAblations(request, model->summary());
    report.input = encodeInput(request, *model);
    // A translation model predicts the next target token after the decoder's last row: its rows
    // are what the report shows and --position counts in; the source goes beside them.
    const DecoderRows rows = decoderRows(request, *model, report.input);
    if (encoderDecoder) {
        report.source = report.input;
        report.input = *rows.input;
        report.targetText = rows.targetText;
        report.generated = rows.generated;
    }
    const int position = request.position ? *request.position
                         : encoderDecoder  ? report.input.size() - 1
                                           : defaultPredictionPosition(*model, report.input);
    if (position >= report.input.size())
        throw InputError(QStringLiteral("--position %1 is outside the %2 %3 (0..%4)")
                             .arg(position).arg(report.input.size())
                             .arg(encoderDecoder ? QStringLiteral("decoder rows") : QStringLiteral("tokens"))
                             .arg(report.input.size() - 1));
    if (!encoderDecoder && request.target)
        followTarget(report, *request.target, *model);
    const Encoding& source = encoderDecoder ? *report.source : report.input;
    RunOptions options;
    options.ablations = report.ablations;
    options.decoderInput = rows.input;
    report.prediction = predictTokens(*model, model->run(source, options), position, request.top,
                                      request.temperature);
    if (!report.ablations.empty()) {
        RunOptions baseline;
        baseline.decoderInput = rows.input;  // the same rows: generated once, before either run
        report.baseline = predictTokens(*model, model->run(source, baseline), position, request.top,
                                        request.temperature);
    }
    writeOutput(request.output, [&](QIODevice* device) {
        if (request.format == QLatin1String("json"))
            return writePredictionJson(device, report);
        const QByteArray text = predictionText(report);
        return device->write(text) == text.size();
    });
}

void Runner::translate(const CliRequest& request) {
    const auto model = loadModel(request.model);
    const ModelSummary& summary = model->summary();
    if (!summary.isEncoderDecoder())
        throw InputError(QStringLiteral("'translate' needs a translation (encoder–decoder) model, such as opus-mt "
                                        "(Marian), BART, mBART, M2M100 or T5; %1 (%2) has one stack of "
                                        "self-attention and no decoder reading a target")
                             .arg(summary.displayName(), summary.architecture));
    TranslationReport report;
    report.model = summary.name;
    const LanguageChoice languages = chosenLanguages(request, *model);
    report.source = encodeInput(request, *model);
    const std::vector<int> generated = model->generate(report.source, request.maxNewTokens.value_or(-1), languages);
    report.target = targetTokens(*model, generated);
    report.translation = model->targetText(generated);
    writeOutput(request.output, [&](QIODevice* device) {
        if (request.format == QLatin1String("json"))
            return writeTranslationJson(device, report);
        const QByteArray text = report.translation.toUtf8() + '\n';
        return device->write(text) == text.size();
    });
}

void Runner::heads(const CliRequest& request) {
    const HeadRoleReport report = runHeads(request, m_err);
    writeOutput(request.output, [&](QIODevice* device) {
        return request.format == QLatin1String("csv") ? writeHeadRoleCsv(device, report) : writeHeadRoleJson(device, report);
    });
}

void Runner::render(const CliRequest& request) {
    if (const QString reason = renderingUnavailableReason(); !reason.isEmpty())
        throw UsageError(reason);
    const auto model = loadModel(request.model);
    const StackKind stack = chosenStack(request, model->summary());
    checkIndices(request, model->summary().forStack(stack));
    const Encoding input = encodeInput(request, *model);
    if (request.command == Command::Render)
        runRender(request, input, *model, m_out);
    else
        runExportAll(request, input, *model, m_out);
}

}  // namespace

int runCli(const QList<QByteArray>& arguments, QIODevice* standardInput,
           QIODevice* standardOutput, QIODevice* standardError) {
    return Runner(standardInput, standardOutput, standardError).run(arguments);
}

}  // namespace headmap::cli

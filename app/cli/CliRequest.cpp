#include "cli/CliRequest.h"

#include "model/ConvertedWeightBudget.h"

#include <QCommandLineParser>
#include <QMap>
#include <QSet>

#include "core/HeadmapError.h"
#include "hf/HubCache.h"
#include "text/TextDecoding.h"

namespace headmap::cli {
namespace {

const QMap<QString, Command>& commandNames() {
    static const QMap<QString, Command> names{
        {QStringLiteral("help"), Command::Help},
        {QStringLiteral("models"), Command::Models},
        {QStringLiteral("info"), Command::Info},
        {QStringLiteral("tokenize"), Command::Tokenize},
        {QStringLiteral("attention"), Command::Attention},
        {QStringLiteral("steps"), Command::Steps},
        {QStringLiteral("predict"), Command::Predict},
        {QStringLiteral("bench"), Command::Bench},
        {QStringLiteral("render"), Command::Render},
        {QStringLiteral("export-all"), Command::ExportAll},
        {QStringLiteral("download"), Command::Download},
        {QStringLiteral("translate"), Command::Translate},
        {QStringLiteral("heads"), Command::Heads},
    };
    return names;
}

const QStringList kModelOptions{"model", "d-model", "heads", "layers", "seed", "causal",
                                "no-positional", "max-positions", "weight-memory"};
const QStringList kRenderOptions{"colormap", "range", "scale", "size", "hide-special", "values", "words"};
const QStringList kInputOptions{"text", "text-file", "ids", "no-special", "pair", "bos"};
// Encoder–decoder models: which stack to show, what the decoder reads, and in which languages.
const QStringList kStackOptions{"stack", "target", "max-new-tokens", "source-lang", "target-lang"};

QStringList allowedOptions(Command command) {
    QStringList allowed{"help"};
    switch (command) {
    case Command::Models:
        return allowed + QStringList{"format"};
    case Command::Download:
        return allowed + QStringList{"revision"};
    case Command::Info:
        return allowed + kModelOptions + QStringList{"format"};
    case Command::Bench:
        return allowed + kModelOptions + QStringList{"format", "lengths", "repeat", "warmup", "peak"};
    case Command::Render:
        return allowed + kModelOptions + kInputOptions + kRenderOptions + kStackOptions +
               QStringList{"layer", "head", "output", "measure", "ablate"};
    case Command::ExportAll:
        return allowed + kModelOptions + kInputOptions + kRenderOptions + kStackOptions +
               QStringList{"outdir", "format", "measure", "ablate"};
    case Command::Tokenize:
        return allowed + kModelOptions + kInputOptions + QStringList{"source-lang", "format", "output"};
    case Command::Attention:
        return allowed + kModelOptions + kInputOptions + kStackOptions +
               QStringList{"layer", "head", "format", "output", "words", "measure", "ablate"};
    case Command::Predict:
        return allowed + kModelOptions + kInputOptions +
               QStringList{"top", "position", "temperature", "ablate", "target", "max-new-tokens", "source-lang",
                           "target-lang", "format", "output"};
    case Command::Steps:
        return allowed + kModelOptions + kInputOptions + kStackOptions +
               QStringList{"layer", "head", "format", "output"};
    case Command::Heads:
        return allowed + kModelOptions +
               QStringList{"corpus", "paragraphs", "probe", "length", "count", "stack", "compare", "score", "format",
                           "output"};
    case Command::Translate:
        return allowed + kModelOptions +
               QStringList{"text", "text-file", "ids", "no-special", "source-lang", "target-lang", "max-new-tokens",
                           "format", "output"};
    default:
        return allowed + QStringList{"version"};
    }
}

int parseInt(const QCommandLineParser& parser, const QString& name, int low, int high) {
    bool ok = false;
    const QString text = parser.value(name);
    const int value = text.toInt(&ok);
    if (!ok)
        throw UsageError(QStringLiteral("--%1 expects a whole number, got '%2'").arg(name, text));
    if (value < low || value > high)
        throw UsageError(QStringLiteral("--%1 must be between %2 and %3, got %4")
                             .arg(name).arg(low).arg(high).arg(value));
    return value;
}

std::vector<int> parseIds(const QString& text) {
    std::vector<int> ids;
    const QStringList parts = text.split(QLatin1Char(','));
    for (const QString& part : parts) {
        bool ok = false;
        const int id = part.trimmed().toInt(&ok);
        if (!ok)
            throw UsageError(QStringLiteral("--ids expects whole numbers separated by commas, got '%1'")
                                 .arg(part.trimmed()));
        ids.push_back(id);
    }
    return ids;
}

// Where the value of --text sits in the argument list ("--text VALUE" or "--text=VALUE").
int textArgumentIndex(const QStringList& arguments) {
    int index = -1;
    for (int i = 1; i < arguments.size(); ++i) {
        const QString& a = arguments[i];
        if (a == QLatin1String("--"))
            break;
        if ((a == QLatin1String("--text") || a == QLatin1String("-text")) && i + 1 < arguments.size())
            index = ++i;
        else if (a.startsWith(QLatin1String("--text=")) || a.startsWith(QLatin1String("-text=")))
            index = i;
    }
    return index;
}

void addOptions(QCommandLineParser& parser) {
    parser.addOptions({
        {{"h", "help"}, "Show help."},
        {"version", "Show the version."},
        {"model", "Model: builtin:teaching, builtin:patterns, a model folder or a Hub id.", "SPEC"},
        {"d-model", "Teaching model width.", "N"},
        {"heads", "Teaching model heads.", "N"},
        {"layers", "Teaching model layers.", "N"},
        {"seed", "Teaching model seed.", "N"},
        {"causal", "Teaching model: causal mask."},
        {"no-positional", "Teaching model: no positional encoding."},
        {"max-positions", "Teaching model: longest input.", "N"},
        {"weight-memory", "Memory for weights converted from BF16/F16/GGUF (e.g. 2G, 0: none).", "SIZE"},
        {"text", "Text to run; - reads standard input.", "TEXT"},
        {"text-file", "Read the text from a file.", "PATH"},
        {"ids", "Token ids instead of text, e.g. 1,2,3.", "LIST"},
        {"no-special", "Do not add special tokens."},
        {"pair", "A second sentence, for pair models (BERT: [CLS] A [SEP] B [SEP]).", "TEXT"},
        {"bos", "Prepend the beginning-of-text token (GPT-2: <|endoftext|>)."},
        {"words", "attention, render, export-all: merge sub-word pieces into words (sum over key pieces, mean over query pieces)."},
        {"layer", "Layer index (from 0).", "L"},
        {"head", "Head index (from 0).", "H"},
        {"format", "Output format.", "FORMAT"},
        {"output", "Output file, - for standard output.", "FILE"},
        {"lengths", "bench: token counts to time, e.g. 16,128,512.", "LIST"},
        {"repeat", "bench: timed runs per length.", "N"},
        {"warmup", "bench: untimed runs per length before the timed ones (default 1).", "N"},
        {"peak", "bench: also time a 2048 x 2048 matrix product, the machine's peak GFLOP/s."},
        {"colormap", "render: viridis, magma, cividis, greys or diverging.", "NAME"},
        {"range", "render: colour range fixed, row, global or log.", "MODE"},
        {"scale", "render: PNG pixels per point (2 = 192 dpi).", "N"},
        {"size", "render: page size in points, e.g. 1000x820; default: fitted to the figure.", "WxH"},
        {"hide-special", "render: leave out special tokens, rows renormalised."},
        {"values", "render: write the weights in the cells that fit."},
        {"outdir", "export-all: the folder to write into.", "DIR"},
        {"measure", "attention: weights (default) or value-norm (weight x ||v W_O||).", "NAME"},
        {"ablate", "predict, attention: heads to switch off, e.g. 3.1,0.2:mean.", "LIST"},
        {"top", "predict: how many tokens to list (default 10).", "K"},
        {"position", "predict: the token position to predict at (default: last, or the first mask).", "P"},
        {"temperature", "predict: softmax temperature (default 1; 0 = greedy).", "T"},
        {"target", "Translation models: the target text the decoder reads (teacher forcing); predict with "
                   "other models: a token whose probability to report (a whole number is a token id).", "TEXT"},
        {"stack", "Translation models: encoder, decoder or cross (default).", "STACK"},
        {"max-new-tokens", "Translation models: the most tokens to generate.", "N"},
        {"source-lang", "Translation models: the language of the text (a code the model lists, e.g. __da__ or da).",
         "LANG"},
        {"target-lang", "Translation models: the language to translate into (a code the model lists).", "LANG"},
        {"revision", "download: the branch, tag or commit (default main).", "REV"},
        {"corpus", "heads: a UTF-8 text file, one document per non-empty line.", "FILE"},
        {"paragraphs", "heads: documents are separated by blank lines instead."},
        {"probe", "heads: induction (random token ids repeated twice) instead of a corpus.", "KIND"},
        {"length", "heads --probe: tokens per half of a sequence (default 50).", "N"},
        {"count", "heads --probe: sequences (default 10).", "N"},
        {"compare", "heads: a second model with the same tokenizer; adds per-head divergence.", "SPEC"},
        {"score", "heads: the scores to write, e.g. previous-token,induction (default all).", "LIST"},
    });
}

// download ORG/NAME [--revision REV]
CliRequest parseDownload(const QCommandLineParser& parser, CliRequest request) {
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 2)
        throw UsageError(QStringLiteral("'download' needs one model id: headmap-cli download ORG/NAME [--revision REV]"));
    for (const QString& option : parser.optionNames())
        if (!allowedOptions(Command::Download).contains(option))
            throw UsageError(QStringLiteral("option --%1 does not apply to 'download'").arg(option));
    request.repoId = positional[1];
    if (!HubCache::looksLikeHubId(request.repoId))
        throw UsageError(QStringLiteral("'%1' is not a Hub model id (ORG/NAME, e.g. openai-community/gpt2)")
                             .arg(request.repoId));
    if (parser.isSet("revision"))
        request.revision = parser.value("revision");
    if (request.revision.isEmpty())
        throw UsageError(QStringLiteral("--revision needs a branch, tag or commit"));
    return request;
}

// heads: --corpus FILE [--paragraphs] or --probe induction [--length N] [--count N], --compare,
// --score. (--seed was read with the model options.)
void parseHeads(const QCommandLineParser& parser, HeadsRequest& heads) {
    const bool corpus = parser.isSet("corpus"), probe = parser.isSet("probe");
    if (corpus == probe)
        throw UsageError(QStringLiteral("'heads' needs one of --corpus FILE and --probe induction"));
    if (corpus) {
        heads.corpus = parser.value("corpus");
        if (heads.corpus.isEmpty())
            throw UsageError(QStringLiteral("--corpus needs a file name"));
        for (const char* option : {"length", "count", "seed"})
            if (parser.isSet(option))
                throw UsageError(QStringLiteral("--%1 goes with --probe induction, not --corpus").arg(QLatin1String(option)));
    } else {
        if (parser.value("probe") != QLatin1String("induction"))
            throw UsageError(QStringLiteral("--probe must be induction, got '%1'").arg(parser.value("probe")));
        if (parser.isSet("paragraphs"))
            throw UsageError(QStringLiteral("--paragraphs goes with --corpus, not --probe"));
        heads.probe = true;
        if (parser.isSet("length")) heads.probeLength = parseInt(parser, "length", 1, 1 << 15);
        if (parser.isSet("count")) heads.probeCount = parseInt(parser, "count", 1, 100000);
    }
    heads.paragraphs = parser.isSet("paragraphs");
    if (parser.isSet("compare")) {
        heads.compare = parser.value("compare");
        if (heads.compare->isEmpty())
            throw UsageError(QStringLiteral("--compare needs a model (SPEC), e.g. --compare builtin:patterns"));
    }
    if (parser.isSet("score")) {
        QSet<int> chosen;
        for (const QString& part : parser.value("score").split(QLatin1Char(','))) {
            const auto role = headRoleFromName(part.trimmed());
            if (!role) {
                QStringList names;
                for (HeadRole r : allHeadRoles())
                    names << headRoleName(r);
                throw UsageError(QStringLiteral("--score: unknown score '%1' (expected %2)")
                                     .arg(part.trimmed(), names.join(QStringLiteral(", "))));
            }
            chosen.insert(int(*role));
        }
        heads.roles.clear();
        for (HeadRole r : allHeadRoles())
            if (chosen.contains(int(r)))
                heads.roles << r;
    }
}

}  // namespace

CliRequest parseCommandLine(const QList<QByteArray>& arguments) {
    QStringList decoded{QStringLiteral("headmap-cli")};
    QSet<int> invalidUtf8;
    for (int i = 0; i < arguments.size(); ++i) {
        const DecodedText d = decodeUtf8(arguments[i]);
        if (d.hadInvalidUtf8)
            invalidUtf8.insert(i + 1);
        decoded << d.text;
    }

    QCommandLineParser parser;
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    addOptions(parser);
    if (!parser.parse(decoded))
        throw UsageError(parser.errorText() + QStringLiteral(" (see headmap-cli --help)"));

    CliRequest request;
    const QStringList positional = parser.positionalArguments();
    if (positional.isEmpty()) {
        request.command = parser.isSet("version") ? Command::Version : Command::Help;
        return request;
    }
    const QString name = positional.first();
    if (!commandNames().contains(name))
        throw UsageError(QStringLiteral("unknown command '%1' (expected models, info, tokenize, attention, "
                                        "steps, predict, translate, heads, render, export-all, bench or download; see headmap-cli --help)")
                             .arg(name));
    request.command = commandNames().value(name);
    if (request.command == Command::Help) {
        request.helpTopic = positional.value(1);
        if (!request.helpTopic.isEmpty() && (!commandNames().contains(request.helpTopic) ||
                                             request.helpTopic == QLatin1String("help")))
            throw UsageError(QStringLiteral("no help for '%1' (expected models, info, tokenize, "
                                            "attention, steps, predict, translate, heads, render, export-all, bench "
                                            "or download)")
                                 .arg(request.helpTopic));
        return request;
    }
    if (request.command == Command::Download) {
        if (!parser.isSet("help"))
            return parseDownload(parser, request);
        request.helpTopic = name;
        request.command = Command::Help;
        return request;
    }
    if (positional.size() > 1)
        throw UsageError(QStringLiteral("unexpected argument '%1' after '%2' (did you forget "
                                        "quotes around the text?)")
                             .arg(positional[1], name));
    if (parser.isSet("help")) {
        request.helpTopic = name;
        request.command = Command::Help;
        return request;
    }

    const QStringList allowed = allowedOptions(request.command);
    for (const QString& option : parser.optionNames()) {
        const QString longName = option == QLatin1String("h") ? QStringLiteral("help") : option;
        if (!allowed.contains(longName))
            throw UsageError(QStringLiteral("option --%1 does not apply to '%2'").arg(longName, name));
    }

    if (request.command == Command::Models) {
        request.format = parser.value("format");
        if (!request.format.isEmpty() && request.format != QLatin1String("text") &&
            request.format != QLatin1String("json"))
            throw UsageError(QStringLiteral("--format for 'models' must be text or json, got '%1'")
                                 .arg(request.format));
        return request;
    }
    if (!parser.isSet("model"))
        throw UsageError(QStringLiteral("'%1' needs --model SPEC (e.g. --model builtin:teaching)").arg(name));
    request.model.source = parser.value("model");
    if (parser.isSet("weight-memory")) {
        const QString size = parser.value("weight-memory");
        request.model.convertedWeightBudget = parseMemorySize(size);
        if (!request.model.convertedWeightBudget)
            throw UsageError(QStringLiteral("--weight-memory expects a size such as 0, 512M or 4G, got '%1'").arg(size));
    }
    TeachingOptions& teaching = request.model.teaching;
    if (parser.isSet("d-model")) teaching.dModel = parseInt(parser, "d-model", 1, 4096);
    if (parser.isSet("heads")) teaching.heads = parseInt(parser, "heads", 1, 256);
    if (parser.isSet("layers")) teaching.layers = parseInt(parser, "layers", 1, 64);
    if (parser.isSet("max-positions")) teaching.maxPositions = parseInt(parser, "max-positions", 1, 65536);
    if (parser.isSet("seed")) {
        bool ok = false;
        const quint64 seed = parser.value("seed").toULongLong(&ok);
        if (!ok)
            throw UsageError(QStringLiteral("--seed expects a non-negative whole number, got '%1'")
                                 .arg(parser.value("seed")));
        // heads: the induction probe's seed (builtin:teaching keeps its own default there).
        if (request.command == Command::Heads)
            request.heads.probeSeed = seed;
        else
            teaching.seed = seed;
    }
    teaching.causal = parser.isSet("causal");
    teaching.positional = !parser.isSet("no-positional");
    const bool teachingFlags = parser.isSet("d-model") || parser.isSet("heads") ||
                               parser.isSet("layers") || (parser.isSet("seed") && request.command != Command::Heads) ||
                               parser.isSet("causal") || parser.isSet("no-positional") ||
                               parser.isSet("max-positions");
    if (teachingFlags && request.model.source != QLatin1String("builtin:teaching"))
        throw UsageError(QStringLiteral("--d-model, --heads, --layers, --seed, --causal, "
                                        "--no-positional and --max-positions apply to "
                                        "builtin:teaching only"));

    if (request.command == Command::Bench) {
        if (parser.isSet("lengths")) {
            request.bench.lengths.clear();
            for (const QString& part : parser.value("lengths").split(QLatin1Char(','))) {
                bool ok = false;
                const int length = part.trimmed().toInt(&ok);
                if (!ok || length < 1)
                    throw UsageError(QStringLiteral("--lengths expects positive whole numbers separated by commas, got '%1'").arg(part));
                request.bench.lengths << length;
            }
        }
        if (parser.isSet("repeat"))
            request.bench.repeat = parseInt(parser, "repeat", 1, 1000);
        if (parser.isSet("warmup"))
            request.bench.warmup = parseInt(parser, "warmup", 0, 1000);
        request.bench.peak = parser.isSet("peak");
    }

    if (request.command == Command::Render || request.command == Command::ExportAll) {
        RenderRequest& render = request.render;
        if (parser.isSet("colormap")) render.colormap = parser.value("colormap");
        if (parser.isSet("range")) {
            render.range = parser.value("range");
            if (!QStringList{"fixed", "row", "global", "log"}.contains(render.range))
                throw UsageError(QStringLiteral("--range must be fixed, row, global or log, got '%1'").arg(render.range));
        }
        if (parser.isSet("scale")) {
            bool ok = false;
            render.pixelScale = parser.value("scale").toDouble(&ok);
            if (!ok || render.pixelScale < 0.25 || render.pixelScale > 16)
                throw UsageError(QStringLiteral("--scale must be a number from 0.25 to 16, got '%1'").arg(parser.value("scale")));
        }
        if (parser.isSet("size")) {
            const QStringList parts = parser.value("size").split(QLatin1Char('x'));
            bool okW = false, okH = false;
            render.width = parts.value(0).toInt(&okW);
            render.height = parts.value(1).toInt(&okH);
            if (parts.size() != 2 || !okW || !okH || render.width < 100 || render.height < 100 ||
                render.width > 20000 || render.height > 20000)
                throw UsageError(QStringLiteral("--size expects WIDTHxHEIGHT between 100 and 20000, got '%1'").arg(parser.value("size")));
        }
        render.hideSpecialTokens = parser.isSet("hide-special");
        render.showValues = parser.isSet("values");
        if (request.command == Command::Render) {
            if (!parser.isSet("layer") || !parser.isSet("head") || !parser.isSet("output"))
                throw UsageError(QStringLiteral("'render' needs --layer L, --head H and --output FILE.png|svg|pdf"));
        } else {
            if (!parser.isSet("outdir"))
                throw UsageError(QStringLiteral("'export-all' needs --outdir DIR"));
            render.outdir = parser.value("outdir");
            if (parser.isSet("format"))
                render.imageFormat = parser.value("format");
        }
    }

    if (request.command == Command::Heads)
        parseHeads(parser, request.heads);
    if (request.command != Command::Info && request.command != Command::Bench && request.command != Command::Heads) {
        const int sources = int(parser.isSet("text")) + int(parser.isSet("text-file")) +
                            int(parser.isSet("ids"));
        if (sources == 0)
            throw UsageError(QStringLiteral("'%1' needs --text TEXT, --text-file PATH or --ids LIST").arg(name));
        if (sources > 1)
            throw UsageError(QStringLiteral("give only one of --text, --text-file and --ids"));
        if (parser.isSet("text")) {
            if (parser.value("text") == QLatin1String("-")) {
                request.readStdin = true;
            } else {
                request.text = parser.value("text");
                request.textHadInvalidUtf8 = invalidUtf8.contains(textArgumentIndex(decoded));
            }
        }
        if (parser.isSet("text-file"))
            request.textFile = parser.value("text-file");
        if (parser.isSet("ids"))
            request.ids = parseIds(parser.value("ids"));
        request.addSpecialTokens = !parser.isSet("no-special");
        if (parser.isSet("pair")) {
            if (request.ids)
                throw UsageError(QStringLiteral("--pair goes with --text or --text-file, not --ids"));
            request.pair = parser.value("pair");
        }
        request.prependBos = parser.isSet("bos");
        request.mergeWords = parser.isSet("words");
    }

    if (parser.isSet("measure")) {
        const auto measure = parseMeasure(parser.value("measure"));
        if (!measure)
            throw UsageError(QStringLiteral("--measure must be weights or value-norm, got '%1'").arg(parser.value("measure")));
        request.measure = *measure;
    }
    if (parser.isSet("ablate")) {
        try {
            request.ablations = parseHeadAblations(parser.value("ablate"));
        } catch (const HeadmapError& error) {
            throw UsageError(QStringLiteral("--ablate: %1").arg(QString::fromUtf8(error.what())));
        }
    }
    if (parser.isSet("stack")) {
        request.stack = stackFromName(parser.value("stack").trimmed().toLower());
        if (!request.stack)
            throw UsageError(QStringLiteral("--stack must be encoder, decoder or cross, got '%1'")
                                 .arg(parser.value("stack")));
    }
    if (parser.isSet("max-new-tokens"))
        request.maxNewTokens = parseInt(parser, "max-new-tokens", 1, 1 << 16);
    for (const char* option : {"source-lang", "target-lang"}) {
        if (parser.isSet(option) && parser.value(option).trimmed().isEmpty())
            throw UsageError(QStringLiteral("--%1 needs a language code, e.g. de or fr").arg(QLatin1String(option)));
    }
    request.sourceLanguage = parser.value("source-lang").trimmed();
    request.targetLanguage = parser.value("target-lang").trimmed();
    if (parser.isSet("top")) request.top = parseInt(parser, "top", 1, 1 << 20);
    if (parser.isSet("position")) request.position = parseInt(parser, "position", 0, 1 << 24);
    if (parser.isSet("temperature")) {
        bool ok = false;
        request.temperature = parser.value("temperature").toFloat(&ok);
        if (!ok || !(request.temperature >= 0.0f) || request.temperature > 1000.0f)
            throw UsageError(QStringLiteral("--temperature must be a number from 0 to 1000, got '%1'").arg(parser.value("temperature")));
    }
    if (parser.isSet("target")) {
        if (parser.value("target").isEmpty())
            throw UsageError(request.command == Command::Predict
                                 ? QStringLiteral("--target needs a token or a token id (a translation model: its "
                                                  "target text)")
                                 : QStringLiteral("--target needs the target text"));
        request.target = parser.value("target");
    }

    if (parser.isSet("layer")) request.layer = parseInt(parser, "layer", 0, 1 << 20);
    if (parser.isSet("head")) request.head = parseInt(parser, "head", 0, 1 << 20);
    if (request.command == Command::Steps && (request.layer < 0 || request.head < 0))
        throw UsageError(QStringLiteral("'steps' needs --layer L and --head H"));

    if (request.command == Command::ExportAll) {
        if (!QStringList{"png", "svg", "pdf"}.contains(request.render.imageFormat))
            throw UsageError(QStringLiteral("--format for 'export-all' must be png, svg or pdf, got '%1'")
                                 .arg(request.render.imageFormat));
        return request;
    }
    request.format = parser.value("format");
    QStringList formats{"text", "json"};
    if (request.command == Command::Attention) formats = QStringList{"json", "csv", "npy"};
    if (request.command == Command::Steps) formats = QStringList{"json"};
    if (request.command == Command::Heads) formats = QStringList{"json", "csv"};
    request.bench.json = request.format == QLatin1String("json");
    if (!request.format.isEmpty() && !formats.contains(request.format))
        throw UsageError(QStringLiteral("--format for '%1' must be %2, got '%3'")
                             .arg(name, formats.join(QStringLiteral(" or ")), request.format));
    request.output = parser.value("output");
    if (request.command == Command::Render && request.output == QLatin1String("-"))
        throw UsageError(QStringLiteral("'render' writes a file: give --output FILE.png, .svg or .pdf"));
    return request;
}

}  // namespace headmap::cli

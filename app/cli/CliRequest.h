#pragma once
// headmap-cli's command line, parsed and checked into one value before any work starts.

#include <optional>
#include <vector>

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include "analysis/AttentionMeasure.h"
#include "analysis/HeadRoles.h"
#include "cli/CliBench.h"
#include "core/HeadAblation.h"
#include "model/ModelLoader.h"

namespace headmap::cli {

enum class Command { Help, Version, Models, Info, Tokenize, Attention, Steps, Predict, Bench, Render, ExportAll, Download,
                     Translate, Heads };

// How render / export-all draw: the desktop's heatmap settings, by name.
struct RenderRequest {
    QString colormap = QStringLiteral("viridis");
    QString range = QStringLiteral("fixed");  // fixed, row, global, log
    bool hideSpecialTokens = false;
    bool showValues = false;
    int width = 0;  // 0: the figure's own size, fitted to its content
    int height = 0;
    double pixelScale = 2.0;  // PNG pixels per logical pixel (--scale)
    QString outdir;           // export-all
    QString imageFormat = QStringLiteral("png");
};

// heads (cli/CliHeads.h): a corpus file or the induction probe, and what to write.
struct HeadsRequest {
    QString corpus;           // --corpus FILE
    bool paragraphs = false;  // --paragraphs: documents are split by blank lines
    bool probe = false;       // --probe induction
    int probeLength = 50;     // --length
    int probeCount = 10;      // --count
    quint64 probeSeed = 0;    // --seed (the probe's, not builtin:teaching's, in this command)
    std::optional<QString> compare;          // --compare SPEC
    QList<HeadRole> roles = allHeadRoles();  // --score LIST
};

struct CliRequest {
    Command command = Command::Help;
    QString helpTopic;  // "headmap-cli attention --help" shows help for attention

    ModelSpec model;
    std::optional<QString> text;      // --text (already decoded; "-" resolved by CliInput)
    std::optional<QString> textFile;  // --text-file
    std::optional<std::vector<int>> ids;
    bool readStdin = false;           // --text -
    bool textHadInvalidUtf8 = false;
    bool addSpecialTokens = true;
    std::optional<QString> pair;  // --pair: the second sentence
    bool prependBos = false;      // --bos
    bool mergeWords = false;      // --words: attention between words (analysis/WordAggregation)

    int layer = -1;
    int head = -1;
    QString format;  // "text", "json" or "csv"; empty means the command's default
    QString output;  // empty or "-" is standard output
    // attention: what to write (weights, or weight × value norm); predict, attention: heads to
    // switch off (--ablate 3.1,0.2:mean).
    AttentionMeasure measure = AttentionMeasure::Weights;
    std::vector<HeadAblation> ablations;
    // predict
    int top = 10;
    std::optional<int> position;  // default: defaultPredictionPosition
    float temperature = 1.0f;
    // --target: for an encoder–decoder model the target text its decoder reads (teacher forcing;
    // attention, steps, predict, render, export-all); for predict with a one-stack model a token
    // (piece or id) whose probability to follow.
    std::optional<QString> target;

    // Encoder–decoder models (cli/CliStacks.h): the stack shown (unset: cross-attention, or a
    // one-stack model's only stack), generation's limit, and translate's languages.
    std::optional<StackKind> stack;
    std::optional<int> maxNewTokens;
    QString sourceLanguage;
    QString targetLanguage;

    BenchOptions bench;
    HeadsRequest heads;
    RenderRequest render;
    // download ORG/NAME [--revision REV] (cli/CliDownload.cpp)
    QString repoId;
    QString revision = QStringLiteral("main");
};

// Parses argv (without the program name), raw bytes so that invalid UTF-8 can be reported.
// Throws UsageError for anything malformed.
CliRequest parseCommandLine(const QList<QByteArray>& arguments);

QString helpText(const QString& topic = QString());

}  // namespace headmap::cli

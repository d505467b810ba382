// headmap-cli render and export-all, run as a real process on Qt's offscreen platform: the
// files they write are valid and show the heatmap (PNG pixels, SVG text, PDF header), the
// drawing options change what is drawn, errors are one line with the right exit code and leave
// no file behind, and the same command draws the same bytes twice.

#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QImageReader>
#include <QPainter>
#include <QScopeGuard>
#include <QSet>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QXmlStreamReader>

#include "CliProcess.h"
#include "ImageChecks.h"

namespace {

using testsupport::compareRendering;
using testsupport::kRendererDifference;
using testsupport::onWhite;
using testsupport::rasterisePdf;
using testsupport::rasteriseSvg;
using testsupport::svgTexts;

const QString kText = QStringLiteral("The animal didn't cross the street");
const QString kCjkText = QStringLiteral("深入了解Transformer模型");

// Model specs in the data tables are either "builtin:teaching" or a fixture folder's name.
QString modelSpec(const QString& model) {
    return model.startsWith(QLatin1String("builtin:")) ? model : modelFixture(model);
}

// The last stop of each colormap (Colormaps.cpp): the colour of weight 1, always drawn at the
// top of the colour scale with --range fixed, whatever the weights of the head are.
QColor colormapEnd(const QString& colormap) {
    if (colormap == QLatin1String("magma")) return QColor(QStringLiteral("#fcfdbf"));
    if (colormap == QLatin1String("cividis")) return QColor(QStringLiteral("#fee838"));
    if (colormap == QLatin1String("greys")) return QColor(QStringLiteral("#000000"));
    return QColor(QStringLiteral("#fde725"));  // viridis
}

// Distinct colours among the pixels on a grid of step × step.
int distinctColours(const QImage& image, int step = 3) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    QSet<QRgb> colours;
    for (int y = 0; y < rgb.height(); y += step)
        for (int x = 0; x < rgb.width(); x += step)
            colours.insert(rgb.pixel(x, y));
    return int(colours.size());
}

// True when some pixel is within tolerance of colour in every channel.
bool hasColourNear(const QImage& image, const QColor& colour, int tolerance = 6) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y) {
        const QRgb* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x)
            if (std::abs(qRed(line[x]) - colour.red()) <= tolerance &&
                std::abs(qGreen(line[x]) - colour.green()) <= tolerance &&
                std::abs(qBlue(line[x]) - colour.blue()) <= tolerance)
                return true;
    }
    return false;
}


int countNumbers(const QStringList& texts) {
    static const QRegularExpression number(QStringLiteral("^[01]\\.\\d+$"));
    return int(std::count_if(texts.begin(), texts.end(),
                             [](const QString& t) { return number.match(t).hasMatch(); }));
}

bool containsMatching(const QStringList& texts, const QString& part) {
    return std::any_of(texts.begin(), texts.end(),
                       [&](const QString& t) { return t.contains(part, Qt::CaseInsensitive); });
}

QImage renderSvg(const QString& path, const QSize& size) {
    QSvgRenderer renderer(path);
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    renderer.render(&painter);
    painter.end();
    return image;
}

// Everything in dir (files, folders, hidden ones), sorted; QSaveFile leftovers would show here.
QStringList filesIn(const QString& dir) {
    return QDir(dir).entryList(QDir::Files | QDir::Dirs | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                               QDir::Name);
}

// Replaces {dir} in every argument.
QStringList withDir(QStringList args, const QString& dir) {
    for (QString& a : args)
        a.replace(QStringLiteral("{dir}"), dir);
    return args;
}

QStringList renderArgs(const QString& output, const QStringList& extra = {},
                       const QString& text = kText, const QString& model = QStringLiteral("builtin:teaching")) {
    return QStringList{"render", "--model", modelSpec(model), "--text", text, "--layer", "0",
                       "--head", "1", "--output", output} +
           extra;
}

// A successful render: exit 0, "wrote FILE" and nothing else, and the file exists.
#define CHECK_RENDERED(result, path)                                                            \
    do {                                                                                        \
        CLI_CHECK(result, 0);                                                                   \
        QVERIFY2((result).err.isEmpty(), "stderr must stay empty: " + (result).err.left(500));  \
        QCOMPARE(QString::fromUtf8((result).out), QStringLiteral("wrote %1\n").arg(path));     \
        QVERIFY2(QFileInfo(path).isFile() && QFileInfo(path).size() > 0, qPrintable(path));     \
    } while (false)

}  // namespace

class CliRenderTest : public QObject {
    Q_OBJECT
private slots:
    void renderWritesValidFile_data();
    void renderWritesValidFile();
    void colormapChangesPixels();
    void valuesDrawMoreText();
    void hideSpecialRemovesSpecialLabels();
    void logRangeNamesLogScale();
    void cjkTokensAreLabelled();
    void wordsMergePiecesInFigures();
    void errorsLeaveNoFile_data();
    void errorsLeaveNoFile();
    void exportAllWritesEveryFile_data();
    void exportAllWritesEveryFile();
    void sameCommandSameBytes_data();
    void sameCommandSameBytes();
    void scaleOnlyChangesPixels_data();
    void scaleOnlyChangesPixels();
    void measureAndAblationsReachTheFiles_data();
    void measureAndAblationsReachTheFiles();
};

void CliRenderTest::renderWritesValidFile_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("colormap");  // empty: the default (viridis)
    QTest::addColumn<QStringList>("labels");

    const QStringList teaching{"animal", "street", "[CLS]", "[SEP]"};
    QTest::newRow("png") << "png" << "builtin:teaching" << QString() << teaching;
    QTest::newRow("png-magma") << "png" << "builtin:teaching" << "magma" << teaching;
    QTest::newRow("png-bert_f32_prefixed") << "png" << "bert_f32_prefixed" << QString() << QStringList();
    QTest::newRow("svg") << "svg" << "builtin:teaching" << QString() << teaching;
    QTest::newRow("svg-magma") << "svg" << "builtin:teaching" << "magma" << teaching;
    QTest::newRow("svg-bert_f32_prefixed") << "svg" << "bert_f32_prefixed" << QString()
                                           << QStringList{"the", "[CLS]", "[SEP]"};
    QTest::newRow("pdf") << "pdf" << "builtin:teaching" << QString() << teaching;
    QTest::newRow("pdf-gpt2_f32") << "pdf" << "gpt2_f32" << QString() << QStringList();
}

void CliRenderTest::renderWritesValidFile() {
    QFETCH(QString, format);
    QFETCH(QString, model);
    QFETCH(QString, colormap);
    QFETCH(QStringList, labels);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("head." + format);
    QStringList extra{"--size", "800x600", "--scale", "2"};
    if (!colormap.isEmpty())
        extra << "--colormap" << colormap;
    const CliResult r = runCli(renderArgs(path, extra, kText, model));
    CHECK_RENDERED(r, path);
    QCOMPARE(filesIn(dir.path()), QStringList{"head." + format});  // no temporary files left
    const QByteArray bytes = readFile(path);

    if (format == QLatin1String("png")) {
        QImageReader reader(path);
        QCOMPARE(reader.format(), QByteArray("png"));
        const QImage image = reader.read();
        QVERIFY2(!image.isNull(), qPrintable(reader.errorString()));
        QCOMPARE(image.size(), QSize(1600, 1200));  // --size 800x600 at --scale 2
        const int colours = distinctColours(image);
        QVERIFY2(colours > 50, qPrintable(QStringLiteral("only %1 distinct colours").arg(colours)));
        const QColor end = colormapEnd(colormap.isEmpty() ? QStringLiteral("viridis") : colormap);
        QVERIFY2(hasColourNear(image, end),
                 qPrintable(QStringLiteral("no pixel near %1, the top of the colour scale").arg(end.name())));
    } else if (format == QLatin1String("svg")) {
        QSvgRenderer renderer(path);
        QVERIFY(renderer.isValid());
        QString xmlError;
        const QStringList texts = svgTexts(bytes, &xmlError);
        QVERIFY2(xmlError.isEmpty(), qPrintable(xmlError));
        for (const QString& label : labels + QStringList{"Query: attending from", "Key: attended to"})
            QVERIFY2(texts.contains(label),
                     qPrintable(QStringLiteral("'%1' not among the SVG's texts: %2").arg(label, texts.join(" | "))));
        const QImage drawn = renderSvg(path, QSize(800, 600));
        const int colours = distinctColours(drawn, 2);
        QVERIFY2(colours > 50, qPrintable(QStringLiteral("the SVG draws only %1 distinct colours").arg(colours)));
        const QColor end = colormapEnd(colormap.isEmpty() ? QStringLiteral("viridis") : colormap);
        QVERIFY2(hasColourNear(drawn, end, 10),
                 qPrintable(QStringLiteral("the drawn SVG has no pixel near %1").arg(end.name())));
    } else {
        QVERIFY2(bytes.startsWith("%PDF-"), bytes.left(20).constData());
        QVERIFY2(bytes.trimmed().endsWith("%%EOF"), "the PDF has no %%EOF trailer");
        QVERIFY(bytes.contains("/Page"));
    }

    // The same command writing another format (a PNG, or for a PNG an SVG): the vector file,
    // drawn by another program (rsvg-convert, pdftoppm) at 2 pixels per point, is the PNG's
    // figure, within what renderers differ by (support/ui/ImageChecks.h). A blank, shifted or
    // wrongly scaled page fails here; a byte count or a colour count did not.
    const QString otherFormat = format == QLatin1String("png") ? QStringLiteral("svg") : QStringLiteral("png");
    QTemporaryDir otherDir;
    const QString otherPath = otherDir.filePath("head." + otherFormat);
    const CliResult other = runCli(renderArgs(otherPath, extra, kText, model));
    CHECK_RENDERED(other, otherPath);
    const QString vectorPath = format == QLatin1String("png") ? otherPath : path;
    const QImage png = onWhite(QImage(format == QLatin1String("png") ? path : otherPath));
    QCOMPARE(png.size(), QSize(1600, 1200));
    QString error;
    const QImage raster = vectorPath.endsWith(QLatin1String(".pdf")) ? rasterisePdf(vectorPath, 2.0, &error)
                                                                     : rasteriseSvg(vectorPath, 2.0, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const QString difference = compareRendering(raster, png, kRendererDifference, QFileInfo(vectorPath).fileName());
    QVERIFY2(difference.isEmpty(), qPrintable(difference));
}

void CliRenderTest::colormapChangesPixels() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QMap<QString, QByteArray> bytes;
    for (const QString& colormap : {QStringLiteral("viridis"), QStringLiteral("magma")}) {
        const QString path = dir.filePath(colormap + ".png");
        const CliResult r = runCli(renderArgs(path, {"--colormap", colormap, "--size", "400x300", "--scale", "1"}));
        CHECK_RENDERED(r, path);
        bytes[colormap] = readFile(path);
        const QImage image(path);
        QCOMPARE(image.size(), QSize(400, 300));
        QVERIFY2(hasColourNear(image, colormapEnd(colormap)), qPrintable(colormap));
    }
    QVERIFY(bytes["viridis"] != bytes["magma"]);
    // Each is its own colormap, not the other: magma's pale yellow end is not in the viridis image.
    QVERIFY(!hasColourNear(QImage::fromData(bytes["viridis"]), colormapEnd("magma"), 3));
}

void CliRenderTest::valuesDrawMoreText() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString plain = dir.filePath("plain.svg"), values = dir.filePath("values.svg");
    const CliResult a = runCli(renderArgs(plain));
    CHECK_RENDERED(a, plain);
    const CliResult b = runCli(renderArgs(values, {"--values"}));
    CHECK_RENDERED(b, values);

    const QByteArray plainBytes = readFile(plain), valueBytes = readFile(values);
    const int plainNumbers = countNumbers(svgTexts(plainBytes));
    const int valueNumbers = countNumbers(svgTexts(valueBytes));
    // 10 tokens, so 100 cells; at the default size each fits its weight. Without --values the
    // only numbers are the colour scale's ticks.
    QVERIFY2(plainNumbers <= 6, qPrintable(QString::number(plainNumbers)));
    QVERIFY2(valueNumbers >= plainNumbers + 100,
             qPrintable(QStringLiteral("%1 numbers with --values, %2 without").arg(valueNumbers).arg(plainNumbers)));
    QVERIFY(valueBytes.count("0.") > plainBytes.count("0."));
    QVERIFY(valueBytes.size() > plainBytes.size());
}

void CliRenderTest::hideSpecialRemovesSpecialLabels() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString shown = dir.filePath("shown.svg"), hidden = dir.filePath("hidden.svg");
    const CliResult a = runCli(renderArgs(shown));
    CHECK_RENDERED(a, shown);
    const CliResult b = runCli(renderArgs(hidden, {"--hide-special"}));
    CHECK_RENDERED(b, hidden);

    const QStringList shownTexts = svgTexts(readFile(shown));
    const QStringList hiddenTexts = svgTexts(readFile(hidden));
    QVERIFY(shownTexts.contains("[CLS]") && shownTexts.contains("[SEP]"));
    QVERIFY2(!containsMatching(hiddenTexts, "[CLS]") && !containsMatching(hiddenTexts, "[SEP]"),
             qPrintable(hiddenTexts.join(" | ")));
    QVERIFY(!readFile(hidden).contains("[CLS]") && !readFile(hidden).contains("[SEP]"));
    for (const char* word : {"The", "animal", "street"})
        QVERIFY2(hiddenTexts.contains(QLatin1String(word)), word);
}

void CliRenderTest::logRangeNamesLogScale() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString fixed = dir.filePath("fixed.svg"), log = dir.filePath("log.svg");
    const CliResult a = runCli(renderArgs(fixed));
    CHECK_RENDERED(a, fixed);
    const CliResult b = runCli(renderArgs(log, {"--range", "log"}));
    CHECK_RENDERED(b, log);

    const QStringList fixedTexts = svgTexts(readFile(fixed));
    const QStringList logTexts = svgTexts(readFile(log));
    QVERIFY2(!containsMatching(fixedTexts, "log"), qPrintable(fixedTexts.join(" | ")));
    // The colour scale's label: "Attention weight (log scale)".
    QVERIFY2(std::any_of(logTexts.begin(), logTexts.end(),
                         [](const QString& t) {
                             return t.contains("weight", Qt::CaseInsensitive) && t.contains("log", Qt::CaseInsensitive);
                         }),
             qPrintable(logTexts.join(" | ")));
}

void CliRenderTest::cjkTokensAreLabelled() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath("cjk.svg");
    const CliResult r = runCli(renderArgs(path, {}, kCjkText));
    CHECK_RENDERED(r, path);
    const QStringList texts = svgTexts(readFile(path));
    for (const char* token : {"深", "入", "了", "解", "Transformer", "模", "型"})
        QVERIFY2(texts.contains(QString::fromUtf8(token)),
                 qPrintable(QStringLiteral("'%1' not among %2").arg(QString::fromUtf8(token), texts.join(" | "))));

    // The PNG of the same sentence draws too (glyphs or not, the cells are there).
    const QString png = dir.filePath("cjk.png");
    const CliResult p = runCli(renderArgs(png, {}, kCjkText));
    CHECK_RENDERED(p, png);
    QVERIFY(distinctColours(QImage(png)) > 50);
}

void CliRenderTest::wordsMergePiecesInFigures() {
    // GPT-2 cuts each of these characters into byte pieces; --words draws one label per word,
    // the same words `attention --words` reports.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString text = QStringLiteral("多头注意力 unbelievably");
    const CliResult words = runCli({"attention", "--model", modelSpec("gpt2_f32"), "--text", text, "--words",
                                    "--layer", "0", "--head", "1"});
    CLI_CHECK(words, 0);
    const QJsonObject json = QJsonDocument::fromJson(words.out).object();
    const QJsonArray expected = json.value("display_tokens").toArray();
    QVERIFY(!expected.isEmpty());
    const QString path = dir.filePath("words.svg");
    const CliResult r = runCli(renderArgs(path, {"--words"}, text, "gpt2_f32"));
    CHECK_RENDERED(r, path);
    const QStringList texts = svgTexts(readFile(path));
    for (const QJsonValue& value : expected) {
        // SVG writers split "␣" off into its own text run when it comes from another font.
        const QString word = value.toString().remove(QStringLiteral("␣"));
        QVERIFY2(texts.contains(word), qPrintable(word + " not among " + texts.join(" | ")));
    }
    QVERIFY2(!std::any_of(texts.begin(), texts.end(), [](const QString& t) { return t.contains(QStringLiteral("¹⁄₃")); }),
             "byte pieces must be merged into their characters");
}

void CliRenderTest::errorsLeaveNoFile_data() {
    QTest::addColumn<QStringList>("args");        // {dir}: a fresh empty folder
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QStringList>("words");       // each named in the error line
    QTest::addColumn<QString>("output");          // the file render would have written, if any

    const QStringList teaching{"--model", "builtin:teaching", "--text", kText};
    const QStringList render = QStringList{"render"} + teaching;
    const QStringList exportAll = QStringList{"export-all"} + teaching;
    const QStringList head{"--layer", "0", "--head", "0"};
    const QString png = QStringLiteral("{dir}/out.png");
    const QStringList toPng{"--output", png};

    QTest::newRow("output-gif") << render + head + QStringList{"--output", "{dir}/out.gif"} << 2
                                << QStringList{"--output", ".png", ".svg", ".pdf", "out.gif"}
                                << QStringLiteral("{dir}/out.gif");
    QTest::newRow("output-no-suffix") << render + head + QStringList{"--output", "{dir}/out"} << 2
                                      << QStringList{"--output", ".png"} << QStringLiteral("{dir}/out");
    QTest::newRow("output-stdout") << render + head + QStringList{"--output", "-"} << 2
                                   << QStringList{"--output"} << QString();
    QTest::newRow("missing-layer") << render + QStringList{"--head", "0"} + toPng << 2
                                   << QStringList{"--layer"} << png;
    QTest::newRow("missing-head") << render + QStringList{"--layer", "0"} + toPng << 2
                                  << QStringList{"--head"} << png;
    QTest::newRow("missing-output") << render + head << 2 << QStringList{"--output"} << QString();
    QTest::newRow("layer-out-of-range") << render + QStringList{"--layer", "9", "--head", "0"} + toPng << 3
                                        << QStringList{"--layer", "9", "0..1"} << png;
    QTest::newRow("head-out-of-range") << render + QStringList{"--layer", "0", "--head", "4"} + toPng << 3
                                       << QStringList{"--head", "4", "0..3"} << png;
    QTest::newRow("colormap-rainbow") << render + head + toPng + QStringList{"--colormap", "rainbow"} << 2
                                      << QStringList{"--colormap", "rainbow", "viridis", "magma", "cividis",
                                                     "greys", "diverging"}
                                      << png;
    QTest::newRow("range-foo") << render + head + toPng + QStringList{"--range", "foo"} << 2
                               << QStringList{"--range", "foo", "fixed", "row", "global", "log"} << png;
    QTest::newRow("scale-0") << render + head + toPng + QStringList{"--scale", "0"} << 2
                             << QStringList{"--scale", "0"} << png;
    QTest::newRow("scale-text") << render + head + toPng + QStringList{"--scale", "big"} << 2
                                << QStringList{"--scale", "big"} << png;
    QTest::newRow("size-10x10") << render + head + toPng + QStringList{"--size", "10x10"} << 2
                                << QStringList{"--size", "10x10"} << png;
    QTest::newRow("size-malformed") << render + head + toPng + QStringList{"--size", "800"} << 2
                                    << QStringList{"--size", "800"} << png;
    QTest::newRow("render-outdir") << render + head + toPng + QStringList{"--outdir", "{dir}/x"} << 2
                                   << QStringList{"--outdir", "render"} << png;
    QTest::newRow("export-all-no-outdir") << exportAll << 2 << QStringList{"--outdir"} << QString();
    QTest::newRow("export-all-format-bmp") << exportAll + QStringList{"--outdir", "{dir}/all", "--format", "bmp"}
                                           << 2 << QStringList{"--format", "bmp", "png", "svg", "pdf"}
                                           << QString();
    QTest::newRow("export-all-colormap-rainbow")
        << exportAll + QStringList{"--outdir", "{dir}/all", "--colormap", "rainbow"} << 2
        << QStringList{"--colormap", "rainbow", "viridis"} << QString();
    QTest::newRow("export-all-layer") << exportAll + QStringList{"--outdir", "{dir}/all", "--layer", "0"} << 2
                                      << QStringList{"--layer", "export-all"} << QString();
}

void CliRenderTest::errorsLeaveNoFile() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QStringList, words);
    QFETCH(QString, output);

    // First into an empty folder: nothing at all may appear in it (no file, no temporary, no
    // export-all folder).
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const CliResult r = runCli(withDir(args, dir.path()));
        checkError(r, exitCode, words);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(filesIn(dir.path()).isEmpty(), qPrintable(filesIn(dir.path()).join(", ")));
    }
    // Then over an existing file: it keeps its old content.
    if (!output.isEmpty()) {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = withDir({output}, dir.path()).first();
        const QByteArray old("old content, not an image\n");
        QVERIFY(writeFile(path, old));
        const CliResult r = runCli(withDir(args, dir.path()));
        checkError(r, exitCode, words);
        QCOMPARE(readFile(path), old);
        QCOMPARE(filesIn(dir.path()), QStringList{QFileInfo(path).fileName()});
    }
}

void CliRenderTest::exportAllWritesEveryFile_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("format");  // empty: the default (png)
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");

    QTest::newRow("teaching-svg") << "builtin:teaching" << kText << "svg" << 2 << 4;
    QTest::newRow("teaching-png") << "builtin:teaching" << kText << "png" << 2 << 4;
    QTest::newRow("teaching-default-png") << "builtin:teaching" << kText << QString() << 2 << 4;
    QTest::newRow("teaching-pdf") << "builtin:teaching" << kText << "pdf" << 2 << 4;
    QTest::newRow("gpt2_f32-png") << "gpt2_f32" << "the cat sat on the mat" << "png" << 2 << 4;
    QTest::newRow("bert_f32_prefixed-svg") << "bert_f32_prefixed" << "the cat sat on the mat" << "svg" << 2 << 4;
}

void CliRenderTest::exportAllWritesEveryFile() {
    QFETCH(QString, model);
    QFETCH(QString, text);
    QFETCH(QString, format);
    QFETCH(int, layers);
    QFETCH(int, heads);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString outdir = dir.filePath("export/sub");  // created, with its parent
    QStringList args{"export-all", "--model", modelSpec(model), "--text", text, "--outdir", outdir};
    if (!format.isEmpty())
        args << "--format" << format;
    const CliResult r = runCli(args);
    CLI_CHECK(r, 0);
    QVERIFY2(r.err.isEmpty(), "stderr must stay empty: " + r.err.left(500));
    QVERIFY2(r.out.startsWith("wrote ") && r.out.endsWith('\n') && r.out.count('\n') == 1, r.describe());
    QVERIFY2(QString::fromUtf8(r.out).contains(outdir), r.describe());
    QVERIFY2(mentions(QString::fromUtf8(r.out), QString::number(layers * heads + 5)), r.describe());

    const QString suffix = format.isEmpty() ? QStringLiteral("png") : format;
    QStringList expected{"grid." + suffix, "attention.json", "attention.csv", "attention.npy", "statistics.csv"};
    for (int l = 0; l < layers; ++l)
        for (int h = 0; h < heads; ++h)
            expected << QStringLiteral("layer%1_head%2.%3").arg(l).arg(h).arg(suffix);
    expected.sort();
    QCOMPARE(filesIn(outdir), expected);

    // attention.json: [layer][head][query][key], rows summing to 1.
    CliResult jsonFile;
    jsonFile.out = readFile(QDir(outdir).filePath("attention.json"));
    CLI_JSON(json, jsonFile);
    const int tokens = int(json["tokens"].toArray().size());
    QVERIFY(tokens > 1);
    QCOMPARE(json["display_tokens"].toArray().size(), qsizetype(tokens));
    QCOMPARE(json["model"].toObject()["layers"].toInt(), layers);
    QCOMPARE(json["model"].toObject()["heads"].toInt(), heads);
    const QJsonArray attention = json["attention"].toArray();
    QCOMPARE(attention.size(), qsizetype(layers));
    for (const QJsonValue& layer : attention) {
        QCOMPARE(layer.toArray().size(), qsizetype(heads));
        for (const QJsonValue& head : layer.toArray()) {
            QVERIFY(hasShape(head, tokens, tokens));
            for (const QList<double>& row : matrix(head)) {
                double sum = 0;
                for (double w : row)
                    sum += std::isinf(w) ? 0.0 : w;  // masked (causal) entries are null
                QVERIFY2(std::abs(sum - 1.0) < 1e-3, qPrintable(QString::number(sum)));
            }
        }
    }

    // attention.npy: float32 (L, H, T, T).
    const QByteArray npy = readFile(QDir(outdir).filePath("attention.npy"));
    QVERIFY2(npy.startsWith("\x93NUMPY"), npy.left(16).toHex().constData());
    const int headerLength = int(quint8(npy[8])) | (int(quint8(npy[9])) << 8);  // version 1.0
    QCOMPARE(int(npy[6]), 1);
    const QByteArray header = npy.mid(10, headerLength);
    QVERIFY2(header.contains(QStringLiteral("'shape': (%1, %2, %3, %3)").arg(layers).arg(heads).arg(tokens).toLatin1()),
             header.constData());
    QVERIFY2(header.contains("'<f4'"), header.constData());
    QCOMPARE(npy.size(), qsizetype(10 + headerLength + qsizetype(layers) * heads * tokens * tokens * 4));

    // statistics.csv: a header and one line per head; attention.csv: a header and one line per weight.
    const QList<QByteArray> statistics = readFile(QDir(outdir).filePath("statistics.csv")).trimmed().split('\n');
    QCOMPARE(statistics.size(), qsizetype(layers * heads + 1));
    QVERIFY2(statistics.first().startsWith("layer,head,"), statistics.first().constData());
    const QList<QByteArray> weights = readFile(QDir(outdir).filePath("attention.csv")).trimmed().split('\n');
    QCOMPARE(weights.size(), qsizetype(layers * heads * tokens * tokens + 1));

    // The vector files against the PNGs of the same command in another run: each page, drawn by
    // pdftoppm or rsvg-convert at the PNGs' 2 pixels per point, must be the PNG's figure.
    QTemporaryDir pngRun;
    const QString pngDir = pngRun.filePath("png");
    if (suffix != QLatin1String("png")) {
        QStringList pngArgs = args.mid(0, args.indexOf("--outdir"));
        pngArgs << "--outdir" << pngDir << "--format" << "png";
        const CliResult pngResult = runCli(pngArgs);
        CLI_CHECK(pngResult, 0);
    }

    // Every image is a valid, non-blank picture.
    for (const QString& name : expected) {
        const QString path = QDir(outdir).filePath(name);
        if (name.endsWith(".png")) {
            const QImage image(path);
            QVERIFY2(!image.isNull(), qPrintable(name));
            if (name.startsWith("layer")) {
                // Without --size every head's figure is fitted to its content, alike for all
                // heads of one sentence, at --scale 2 (even pixel counts).
                static QSize first;
                if (name == QLatin1String("layer0_head0.png"))
                    first = image.size();
                QCOMPARE(image.width() % 2, 0);
                QCOMPARE(image.height() % 2, 0);
                QVERIFY2(image.width() >= 400 && image.width() <= 4000, qPrintable(name));
                if (first.isValid())
                    QCOMPARE(image.size(), first);
            }
            QVERIFY2(distinctColours(image, 4) > 50, qPrintable(name));
        } else if (name.endsWith(".svg")) {
            QVERIFY2(QSvgRenderer(path).isValid(), qPrintable(name));
            QString xmlError;
            const QStringList texts = svgTexts(readFile(path), &xmlError);
            QVERIFY2(xmlError.isEmpty(), qPrintable(name + ": " + xmlError));
            if (name.startsWith("layer"))
                QVERIFY2(texts.contains("Query: attending from") && texts.contains("Key: attended to"), qPrintable(name));
            QVERIFY2(distinctColours(renderSvg(path, QSize(500, 410)), 2) > 20, qPrintable(name));
        } else if (name.endsWith(".pdf")) {
            QVERIFY2(readFile(path).startsWith("%PDF-"), qPrintable(name));
        }
        if (name.endsWith(".svg") || name.endsWith(".pdf")) {
            QString error;
            const QImage raster = name.endsWith(".pdf") ? rasterisePdf(path, 2.0, &error) : rasteriseSvg(path, 2.0, &error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            const QImage png(QDir(pngDir).filePath(QFileInfo(name).completeBaseName() + ".png"));
            QVERIFY2(!png.isNull(), qPrintable(name));
            const QString difference = compareRendering(raster, onWhite(png), kRendererDifference, name);
            QVERIFY2(difference.isEmpty(), qPrintable(difference));
        }
    }
}

void CliRenderTest::sameCommandSameBytes_data() {
    QTest::addColumn<QString>("format");
    QTest::newRow("svg") << "svg";
    QTest::newRow("png") << "png";
    QTest::newRow("pdf") << "pdf";
}

void CliRenderTest::sameCommandSameBytes() {
    QFETCH(QString, format);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    // Qt's PDF engine writes the embedded font subsets (here NotoSans Regular and Bold) in the
    // order of a QHash, and Qt 6 seeds QHash at random in every process: two PDFs drawn by the
    // same command list the same objects in a different order (about 10 kB of differing bytes).
    // SVG and PNG do not depend on it (they are compared under the random seed). For the PDF,
    // both processes get the fixed seed QT_HASH_SEED=0, so the comparison shows that nothing
    // else varies from run to run.
    const bool pdf = format == QLatin1String("pdf");
    const QByteArray savedSeed = qgetenv("QT_HASH_SEED");
    const bool hadSeed = qEnvironmentVariableIsSet("QT_HASH_SEED");
    if (pdf)
        qputenv("QT_HASH_SEED", "0");
    const auto restoreSeed = qScopeGuard([&] {
        if (pdf)
            hadSeed ? qputenv("QT_HASH_SEED", savedSeed) : qunsetenv("QT_HASH_SEED");
    });
    QByteArray bytes[2];
    for (int i = 0; i < 2; ++i) {
        // Two folders, one file name: the files' titles name the model and head, not the path,
        // but the path is kept the same in case a writer ever records it.
        const QString sub = dir.filePath(QString::number(i));
        QVERIFY(QDir().mkpath(sub));
        const QString path = QDir(sub).filePath("head." + format);
        const CliResult r = runCli(renderArgs(path, {"--values", "--size", "600x500"}));
        CHECK_RENDERED(r, path);
        bytes[i] = readFile(path);
    }
    // QPdfWriter stamps the time of writing into the document info ("/CreationDate
    // (D:20260101120000Z)"), so two PDFs written a second apart differ there and only there
    // (the stamp has a fixed length, so the xref offsets stay equal); drop that entry before
    // comparing. SVG (QSvgGenerator) and PNG embed nothing variable: compared byte for byte.
    if (pdf) {
        static const QRegularExpression date(QStringLiteral("/CreationDate \\(D:[0-9Z+\\-']*\\)"));
        for (QByteArray& b : bytes)
            b = QString::fromLatin1(b).remove(date).toLatin1();
    }
    QVERIFY(!bytes[0].isEmpty());
    QVERIFY2(bytes[0] == bytes[1], qPrintable(QStringLiteral("%1 bytes vs %2 bytes").arg(bytes[0].size()).arg(bytes[1].size())));
}

void CliRenderTest::scaleOnlyChangesPixels_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("extra");
    QTest::newRow("teaching") << "builtin:teaching" << kText << QStringList();
    QTest::newRow("teaching-values") << "builtin:teaching" << kText << QStringList{"--values"};
    QTest::newRow("teaching-log") << "builtin:teaching" << kText << QStringList{"--range", "log"};
    QTest::newRow("gpt2_f32-cjk") << "gpt2_f32" << kCjkText << QStringList();
    QTest::newRow("bert_f32_prefixed") << "bert_f32_prefixed" << "the cat sat on the mat" << QStringList();
}

// The bug: `render --scale 2` doubled the text but not the layout, cutting the title and
// dropping the axis titles. Now the scale-2 PNG shrunk to scale 1 is the scale-1 PNG.
void CliRenderTest::scaleOnlyChangesPixels() {
    QFETCH(QString, model);
    QFETCH(QString, text);
    QFETCH(QStringList, extra);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QImage images[2];
    for (int scale : {1, 2}) {
        const QString path = dir.filePath(QStringLiteral("x%1.png").arg(scale));
        const CliResult r = runCli(renderArgs(path, extra + QStringList{"--size", "700x560", "--scale", QString::number(scale)}, text, model));
        CHECK_RENDERED(r, path);
        images[scale - 1] = QImage(path).convertToFormat(QImage::Format_RGB32);
    }
    QCOMPARE(images[0].size(), QSize(700, 560));
    QCOMPARE(images[1].size(), QSize(1400, 1120));
    const QImage shrunk = images[1].scaled(images[0].size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    double sum = 0;
    for (int y = 0; y < shrunk.height(); ++y)
        for (int x = 0; x < shrunk.width(); ++x) {
            const QRgb a = images[0].pixel(x, y), b = shrunk.pixel(x, y);
            sum += std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b));
        }
    const double mean = sum / (3.0 * shrunk.width() * shrunk.height());
    QVERIFY2(mean < 4.0, qPrintable(QStringLiteral("mean channel difference %1 of 255").arg(mean)));
}

void CliRenderTest::measureAndAblationsReachTheFiles_data() {
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("measure");
    QTest::addColumn<QString>("ablations");
    QTest::newRow("value-norm") << QStringList{"--measure", "value-norm"} << "value-norm" << QString();
    QTest::newRow("layer 0 head 1 off") << QStringList{"--ablate", "0.1"} << "weights" << "0.1";
    QTest::newRow("value-norm with a mean-ablated head") << QStringList{"--measure", "value-norm", "--ablate", "0.2:mean"}
                                                         << "value-norm" << "0.2:mean";
}

// What export-all and render write with --measure and --ablate is what `attention` computes with
// them (itself checked against numpy and PyTorch), and the figures say which measure they show.
void CliRenderTest::measureAndAblationsReachTheFiles() {
    QFETCH(QStringList, options);
    QFETCH(QString, measure);
    QFETCH(QString, ablations);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QStringList model{"--model", "builtin:teaching", "--text", kText};
    const CliResult exported = runCli(QStringList{"export-all"} + model +
                                      QStringList{"--outdir", dir.filePath("all"), "--format", "svg"} + options);
    CLI_CHECK(exported, 0);
    const CliResult reference = runCli(QStringList{"attention"} + model + options);
    CLI_CHECK(reference, 0);
    CLI_JSON(expected, reference);
    QFile file(dir.filePath("all/attention.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonObject written = QJsonDocument::fromJson(file.readAll()).object();
    QCOMPARE(written["measure"].toString(), measure);
    QCOMPARE(written["ablations"].toString(), ablations);
    QCOMPARE(written["attention"], expected["attention"]);

    const CliResult plain = runCli(QStringList{"attention"} + model);
    CLI_CHECK(plain, 0);
    CLI_JSON(unablated, plain);
    QVERIFY(written["attention"] != unablated["attention"]);

    // The colour bar names the measure in the head figure and the grid.
    const bool valueNorm = measure == QLatin1String("value-norm");
    for (const QString& name : {QStringLiteral("all/layer1_head0.svg"), QStringLiteral("all/grid.svg")}) {
        const QStringList texts = svgTexts(readFile(dir.filePath(name)));
        QCOMPARE(containsMatching(texts, "value norm"), valueNorm);
    }
    const QString svg = dir.filePath("one.svg");
    const CliResult rendered = runCli(renderArgs(svg, options));
    CHECK_RENDERED(rendered, svg);
    QCOMPARE(containsMatching(svgTexts(readFile(svg)), "value norm"), valueNorm);
}

QTEST_MAIN(CliRenderTest)
#include "tst_clirender.moc"

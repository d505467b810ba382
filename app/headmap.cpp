// headmap: the desktop program. A thin entry point: parse the command line, wire a document to
// the main window.

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QImageWriter>
#include <QLineEdit>
#include <QTabWidget>
#include <QTimer>

#include <memory>

#include "AppSettings.h"
#include "AttentionDocument.h"
#include "Language.h"
#include "MainWindow.h"
#include "MainWindowHost.h"
#include "Session.h"
#include "tabs/ViewTable.h"
#include "analysis/AttentionMeasure.h"
#include "core/AllocatorTuning.h"
#include "core/HeadAblation.h"
#include "io/AtomicFile.h"

namespace {

// The context of this file's texts in the .ts files.
class Text {
    Q_DECLARE_TR_FUNCTIONS(headmap)
};

// Saves the window as it is on screen once the first trace is shown, then quits: this is how
// the README's screenshots are made, with or without a display (QT_QPA_PLATFORM=offscreen).
// The host's window at that moment: View › Language may have replaced the first one.
void screenshotWhenReady(headmap::ui::MainWindowHost& host, const QString& path) {
    auto save = [&host, path](bool ok) {
        QString failure = Text::tr("the window was not ready");
        if (ok) {
            const QImage image = host.window()->grab().toImage();
            failure = headmap::writeFileAtomically(path, [&image](QIODevice* device) {
                return QImageWriter(device, "png").write(image);
            });
        }
        const bool saved = failure.isEmpty();
        if (!saved)
            qCritical("%s", qPrintable(Text::tr("headmap: screenshot: %1").arg(failure)));
        // Queued: an error can arrive before the event loop runs, when exit() would be lost.
        QTimer::singleShot(0, qApp, [saved] { QCoreApplication::exit(saved ? 0 : 3); });
    };
    auto* document = host.window()->document();
    // After the first trace, wait until nothing is computing (the step view asks for its
    // matrices only once the trace is there), then give the widgets a moment to paint.
    auto* poll = new QTimer(&host);
    poll->setInterval(100);
    QObject::connect(poll, &QTimer::timeout, &host, [&host, poll, document, save] {
        if (document->isBusy())
            return;
        poll->stop();
        QTimer::singleShot(200, &host, [save] { save(true); });
    });
    QObject::connect(document, &headmap::ui::AttentionDocument::traceChanged, &host, [poll, document] {
        if (!document->trace().isEmpty() && !poll->isActive())
            poll->start();
    });
    QObject::connect(document, &headmap::ui::AttentionDocument::errorOccurred, &host,
                     [save](const QString& message) {
                         qCritical("headmap: %s", qPrintable(message));
                         save(false);
                     });
}

// What a file manager hands over (the .desktop file's Exec=headmap %f): a session file, a model
// folder or a .gguf file. Empty fields when there is none; false with a message when it is
// unusable.
struct PositionalFile {
    QString session;
    QString model;
};

bool readPositionalFile(const QStringList& positional, PositionalFile* file, QString* error) {
    if (positional.isEmpty())
        return true;
    if (positional.size() > 1) {
        *error = Text::tr("give one session file or model folder, not %1").arg(positional.size());
        return false;
    }
    const QFileInfo info(positional.front());
    if (!info.exists()) {
        *error = Text::tr("%1: no such file or folder").arg(positional.front());
        return false;
    }
    if (info.isDir() || info.suffix().compare(QLatin1String("gguf"), Qt::CaseInsensitive) == 0)
        file->model = info.absoluteFilePath();
    else
        file->session = info.absoluteFilePath();  // anything else must be a session; its reader says if not
    return true;
}

// Every option of the program; the texts are translated in the language installed before.
void addOptions(QCommandLineParser* parser) {
    parser->setApplicationDescription(Text::tr("See what the attention heads of a transformer do."));
    parser->addHelpOption();
    parser->addVersionOption();
    parser->addOption({"model",
                      Text::tr("Model to open: builtin:teaching, builtin:patterns, a model folder, a Hub id in the "
                               "cache, a .gguf file, ollama:NAME[:TAG] or lmstudio:PUBLISHER/MODEL."),
                      Text::tr("SPEC"), "builtin:teaching"});
    parser->addOption({"text", Text::tr("Sentence to show at start."), Text::tr("TEXT"),
                      "The animal didn't cross the street because it was too tired."});
    parser->addOption({"layer", Text::tr("Layer to show at start."), "L", "0"});
    parser->addOption({"head", Text::tr("Head to show at start."), "H", "0"});
    parser->addOption({"pair", Text::tr("Second sentence, for models trained on pairs."), Text::tr("TEXT")});
    parser->addOption({"view",
                      Text::tr("Tab to show: %1.").arg(headmap::ui::registeredViewNames().join(QStringLiteral(", "))),
                      Text::tr("NAME"), "heatmap"});
    parser->addOption({"step",
                      Text::tr("Step of the walk-through to show (0-8; 9-10 predict and switch a head off where the "
                               "model has an output head), with --view steps."),
                      "N", "0"});
    parser->addOption({"measure", Text::tr("What the heatmaps show: weights or value-norm (weight × value norm)."),
                      Text::tr("NAME"), "weights"});
    parser->addOption({"ablate", Text::tr("Heads to switch off, as L.H or L.H:mean, separated by commas."),
                      Text::tr("HEADS")});
    parser->addOption({"open", Text::tr("Open a session file (.headmap)."), Text::tr("FILE")});
    parser->addOption({"presentation", Text::tr("Start in presentation mode (full screen, large, high contrast).")});
    parser->addOption({"screenshot", Text::tr("Save the window as a PNG once ready, then quit."), Text::tr("FILE")});
    parser->addOption({"lang",
                      Text::tr("Language of the interface: en, da or zh_CN (default: View › Language, else the "
                               "system's)."),
                      Text::tr("CODE")});
    parser->addPositionalArgument(Text::tr("FILE"),
                                 Text::tr("A session file (.headmap) to open like --open, or a model folder or "
                                          ".gguf file to open like --model."),
                                 Text::tr("[FILE]"));
}

// --help and --version need no window: they are answered with a QCoreApplication alone, so they
// work without a display (QApplication aborts when there is none: "could not connect to
// display"). --help-all also lists QApplication's own options (-platform, -style, ...), which
// only a QApplication adds: with a display it goes on to one as before, without one it lists
// the rest. Returns when the window is wanted. A command line this parser refuses goes on to
// QApplication as before: it may hold Qt's own options, which QApplication takes out before the
// real parse.
void handleWithoutDisplay(int argc, char* argv[]) {
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QCommandLineParser probe;  // untranslated: only which options are given matters
    addOptions(&probe);
    if (!probe.parse(arguments))
        return;
    const bool noDisplay = qEnvironmentVariableIsEmpty("DISPLAY") && qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") &&
                           qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
    if (!probe.isSet(QStringLiteral("help")) && !probe.isSet(QStringLiteral("version")) &&
        !(noDisplay && probe.isSet(QStringLiteral("help-all"))))
        return;
    QCoreApplication app(argc, argv);
    const QString language = headmap::ui::languageArgument(app.arguments());
    headmap::ui::installLanguage(language.isEmpty() ? headmap::ui::AppSettings::load().language : language);
    QCommandLineParser parser;
    addOptions(&parser);
    parser.process(app);  // prints the help or the version and exits with 0
}

}  // namespace

int main(int argc, char* argv[]) {
    headmap::tuneAllocatorForForwardPasses();
    // Before any application object: the settings (the remembered language) and the version
    // the help prints need them.
    QCoreApplication::setApplicationName(QStringLiteral("Headmap"));
    QCoreApplication::setOrganizationName(QStringLiteral("Headmap"));
    QCoreApplication::setApplicationVersion(QStringLiteral(HEADMAP_VERSION));
    handleWithoutDisplay(argc, argv);
    QApplication app(argc, argv);
    // Before the parser: its help text is translated too. --lang wins over View › Language.
    const QString language = headmap::ui::languageArgument(app.arguments());
    headmap::ui::installLanguage(language.isEmpty() ? headmap::ui::AppSettings::load().language : language);

    QCommandLineParser parser;
    addOptions(&parser);
    parser.process(app);
    if (parser.isSet("lang") && !headmap::ui::availableLanguages().contains(parser.value("lang"))) {
        qCritical("%s", qPrintable(Text::tr("headmap: --lang must be one of %1, not '%2'")
                                       .arg(headmap::ui::availableLanguages().join(QStringLiteral(", ")),
                                            parser.value("lang"))));
        return 2;
    }

    PositionalFile positional;
    QString positionalError;
    if (!readPositionalFile(parser.positionalArguments(), &positional, &positionalError)) {
        qCritical("headmap: %s", qPrintable(positionalError));
        return 2;
    }
    if ((!positional.model.isEmpty() && parser.isSet("model")) || (!positional.session.isEmpty() && parser.isSet("open"))) {
        qCritical("%s", qPrintable(Text::tr("headmap: give the file either as an argument or with --model / --open, not both")));
        return 2;
    }
    const QString sessionPath = positional.session.isEmpty() ? parser.value("open") : positional.session;

    const QString measureText = parser.value("measure");
    if (measureText != headmap::measureName(headmap::AttentionMeasure::Weights) &&
        measureText != headmap::measureName(headmap::AttentionMeasure::ValueNorm)) {
        qCritical("%s",
                  qPrintable(Text::tr("headmap: --measure must be weights or value-norm, not '%1'").arg(measureText)));
        return 2;
    }
    std::vector<headmap::HeadAblation> ablations;
    try {
        ablations = headmap::parseHeadAblations(parser.value("ablate"));
    } catch (const std::exception& error) {
        qCritical("%s", qPrintable(Text::tr("headmap: --ablate: %1").arg(QString::fromUtf8(error.what()))));
        return 2;
    }

    headmap::ui::AttentionDocument document;
    // Owns the window, and builds a new one when View › Language chooses another language; what
    // follows sets up the first window only.
    headmap::ui::MainWindowHost host(&document);
    headmap::ui::MainWindow& window = *host.window();
    if (parser.isSet("screenshot"))
        screenshotWhenReady(host, parser.value("screenshot"));
    headmap::ModelSpec spec;
    spec.source = positional.model.isEmpty() ? parser.value("model") : positional.model;
    // Opened in the background: the window shows at once; a bad spec shows its error in the
    // banner and the status bar, and the window stays usable.
    document.openModel(spec);
    const int layer = parser.value("layer").toInt(), head = parser.value("head").toInt();
    auto firstModel = std::make_shared<QMetaObject::Connection>();
    *firstModel = QObject::connect(&document, &headmap::ui::AttentionDocument::modelChanged, &host,
                                   [&document, firstModel, layer, head, measureText, ablations] {
                                       QObject::disconnect(*firstModel);
                                       document.setHeadIndex(layer, head);
                                       document.setMeasure(measureText == QLatin1String("value-norm")
                                                               ? headmap::AttentionMeasure::ValueNorm
                                                               : headmap::AttentionMeasure::Weights);
                                       document.setAblations(ablations);  // heads outside the model are dropped
                                   });
    const QStringList views = headmap::ui::registeredViewNames();
    if (!views.contains(parser.value("view"))) {
        qCritical("%s",
                  qPrintable(Text::tr("headmap: --view must be one of %1").arg(views.join(QStringLiteral(", ")))));
        return 2;
    }
    window.tabs()->setCurrentIndex(int(views.indexOf(parser.value("view"))));
    window.sentenceEdit()->setText(parser.value("text"));
    window.pairEdit()->setText(parser.value("pair"));
    document.setText(parser.value("text"), parser.value("pair"));
    window.setCurrentStep(parser.value("step").toInt());
    window.show();
    if (!sessionPath.isEmpty()) {
        const QString error = window.openSessionFrom(sessionPath);
        if (!error.isEmpty())
            qCritical("headmap: %s", qPrintable(error));  // also in the status bar; the window stays
    }
    if (parser.isSet("presentation"))
        window.setPresentationMode(true);
    return app.exec();
}

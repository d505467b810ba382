// headmap-cli: a thin entry point; everything happens in cli/CliRunner.

#include <cstdio>
#include <memory>

#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QHashFunctions>

#include "cli/CliRender.h"
#include "cli/CliRunner.h"
#include "core/AllocatorTuning.h"

namespace {

// The offscreen platform chats on stderr ("does not support propagateSizeHints"); the CLI's
// stderr is for its own one-line messages, so only Qt's critical messages pass.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg)
        std::fprintf(stderr, "headmap-cli: %s\n", qPrintable(message));
}

// render and export-all draw with widgets, which need a QApplication; Qt's offscreen platform
// lets them run without a display. The QApplication comes from the rendering module (this
// program links no Qt GUI library); without the module the command itself says what is
// missing. Everything else stays a plain console program.
std::unique_ptr<QCoreApplication> makeApplication(int& argc, char* argv[]) {
    for (int i = 1; i < argc; ++i) {
        const QByteArray argument(argv[i]);
        if (argument == "render" || argument == "export-all") {
            if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
                qputenv("QT_QPA_PLATFORM", "offscreen");
            // Qt warns on stderr without a runtime folder; give it a private one instead.
            if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
                const QString runtime = QDir::temp().filePath(QStringLiteral("headmap-runtime-%1").arg(getuid()));
                QDir().mkpath(runtime);
                QFile::setPermissions(runtime, QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
                qputenv("XDG_RUNTIME_DIR", runtime.toLocal8Bit());
            }
            qInstallMessageHandler(quietQtMessages);
            // Qt writes embedded font subsets in hash order; a fixed seed makes the same command
            // give the same PDF (but for its creation date).
            QHashSeed::setDeterministicGlobalSeed();
            if (auto app = headmap::cli::makeDrawingApplication(argc, argv))
                return app;
            break;
        }
    }
    return std::make_unique<QCoreApplication>(argc, argv);
}

}  // namespace

int main(int argc, char* argv[]) {
    headmap::tuneAllocatorForForwardPasses();
    const auto app = makeApplication(argc, argv);
    QList<QByteArray> arguments;
    for (int i = 1; i < argc; ++i)
        arguments << QByteArray(argv[i]);

    QFile in, out, err;
    in.open(stdin, QIODevice::ReadOnly);
    out.open(stdout, QIODevice::WriteOnly);
    err.open(stderr, QIODevice::WriteOnly | QIODevice::Unbuffered);
    const int code = headmap::cli::runCli(arguments, &in, &out, &err);
    out.flush();
    return code;
}

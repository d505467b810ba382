#pragma once
// Runs one headmap-cli invocation. Kept apart from main() so the whole CLI is a library call.

#include <QByteArray>
#include <QIODevice>
#include <QList>

namespace headmap::cli {

enum ExitCode { kExitOk = 0, kExitUsage = 2, kExitBadInput = 3 };

// arguments: argv without the program name, as raw bytes.
int runCli(const QList<QByteArray>& arguments, QIODevice* standardInput,
           QIODevice* standardOutput, QIODevice* standardError);

}  // namespace headmap::cli

// headmap-cli: a thin entry point; everything happens in cli/CliRunner.

#include <cstdio>

#include <QCoreApplication>
#include <QFile>

#include "cli/CliRunner.h"

int main(int argc, char* argv[]) {
    QCoreApplication app(argc, argv);
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

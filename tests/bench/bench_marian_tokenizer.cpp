// How long Marian's tokenizer takes (issue #37): libsentencepiece's encode, the Marian steps
// around it, the target side and decoding, for a text of about 2,000 tokens and for 1 MB of text.
//
//   bench_marian_tokenizer [MARIAN_FOLDER [TEXT_FILE]]
//
// Defaults: tests/fixtures/tokenizers/marian/en-mul and its English and Chinese corpus lines,
// repeated. The fixture models have 376-800 pieces; real opus-mt models have ~60,000, which
// makes SentencePiece's lattice larger, so pass a real folder for real figures. Medians of 21 runs.

#include <algorithm>
#include <cstdio>
#include <vector>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>

#include "tokenizers/MarianTokenizer.h"
#include "tokenizers/MarianTokenizerFiles.h"
#include "tokenizers/SentencePieceFile.h"

using namespace headmap;

namespace {

template <typename Work>
double medianMs(int runs, Work work) {
    std::vector<double> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer timer;
        timer.start();
        work();
        times.push_back(double(timer.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

QString readText(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QString::fromUtf8(file.readAll());
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const QString fixtures = QStringLiteral(HEADMAP_FIXTURES_DIR "/tokenizers/marian");
    const QString folder = argc > 1 ? QString::fromLocal8Bit(argv[1]) : fixtures + QStringLiteral("/en-mul");
    const QString sample = argc > 2 ? readText(QString::fromLocal8Bit(argv[2]))
                                    : readText(fixtures + QStringLiteral("/corpus/en.txt")) +
                                          readText(fixtures + QStringLiteral("/corpus/zh-seed.txt"));
    const std::unique_ptr<MarianTokenizer> tokenizer = loadMarianTokenizer(folder);
    const SentencePieceFile source(QDir(folder).filePath(QStringLiteral("source.spm")));

    // About 2,000 tokens: the sample's lines, repeated until the encoding is long enough.
    const QStringList lines = sample.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QString text;
    for (int i = 0; tokenizer->encode(text, true).size() < 2000; ++i)
        text += lines.at(i % lines.size()) + QLatin1Char(' ');
    const Encoding encoding = tokenizer->encode(text, true);
    const int runs = 21;
    std::printf("folder %s: %d source pieces, %d target pieces\n", qPrintable(folder), source.size(),
                tokenizer->targetVocabSize());
    std::printf("text: %lld characters, %d tokens\n", qlonglong(text.size()), encoding.size());
    std::printf("  SentencePieceFile::encode        %8.3f ms\n", medianMs(runs, [&] { source.encode(text); }));
    std::printf("  MarianTokenizer::encode          %8.3f ms\n", medianMs(runs, [&] { tokenizer->encode(text, true); }));
    std::printf("  MarianTokenizer::encodeTarget    %8.3f ms\n",
                medianMs(runs, [&] { tokenizer->encodeTarget(text, true); }));
    const std::vector<int> targetIds = tokenizer->encodeTarget(text, true).ids;
    std::printf("  MarianTokenizer::decodeTarget    %8.3f ms\n",
                medianMs(runs, [&] { tokenizer->decodeTarget(targetIds, true); }));

    QString large;
    while (large.size() < (1 << 20))
        large += text;
    QElapsedTimer timer;
    timer.start();
    const int tokens = tokenizer->encode(large, true).size();
    const double ms = double(timer.nsecsElapsed()) / 1e6;
    std::printf("1 MB: %lld characters, %d tokens, MarianTokenizer::encode %.1f ms (%.2f MB/s)\n",
                qlonglong(large.size()), tokens, ms, double(large.toUtf8().size()) / 1e6 / (ms / 1e3));
    return 0;
}

// The Unigram tokenizer at XLM-RoBERTa's size: loading a tokenizer.json of 250,002 pieces with
// SentencePiece's nmt_nfkc map, and encoding about 2,000 tokens and 1 MB of Danish, Chinese and
// English text. The file is the xlm-roberta fixture (tests/fixtures/tokenizers/unigram) with
// seeded pseudo-pieces added (substrings of the corpus and random letter strings, random
// scores), written to a temporary folder. Run by hand: bench_unigram_tokenizer [repeats]

#include <algorithm>
#include <chrono>
#include <cstdio>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QTemporaryDir>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerFiles.h"
#include "tokenizers/TokenizerJsonLoader.h"

using namespace headmap;

namespace {

const QString kUnigram = QStringLiteral(HEADMAP_FIXTURES_DIR "/tokenizers/unigram");

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

QString corpusText() {
    QString text;
    for (const char* name : {"da.txt", "zh.txt", "en.txt"}) {
        QFile file(kUnigram + QStringLiteral("/corpus/") + QLatin1String(name));
        if (file.open(QIODevice::ReadOnly))
            text += QString::fromUtf8(file.readAll());
    }
    return text;
}

// The fixture with pseudo-pieces up to `pieces`, <mask> moved to the end.
QByteArray largeTokenizerJson(int pieces, const QString& corpus) {
    QJsonObject root = tokenizerfiles::readJsonObject(kUnigram + QStringLiteral("/xlm-roberta/tokenizer.json"));
    QJsonObject model = root.value(QStringLiteral("model")).toObject();
    QJsonArray vocab = model.value(QStringLiteral("vocab")).toArray();
    vocab.removeLast();  // <mask>
    QSet<QString> seen;
    for (const QJsonValue& item : vocab)
        seen.insert(item.toArray().at(0).toString());
    quint32 state = 2026;
    const auto next = [&] { return state = state * 1103515245u + 12345u; };
    const QString letters = QStringLiteral("abcdefghijklmnopqrstuvwxyzæøå");
    while (vocab.size() < pieces - 1) {
        QString piece;
        if (next() % 2) {
            const int start = int(next() % quint32(corpus.size() - 12));
            piece = corpus.mid(start, 2 + int(next() % 8)).replace(QLatin1Char(' '), QChar(0x2581));
            if (piece.contains(QLatin1Char('\n')) || piece.at(piece.size() - 1).isHighSurrogate() ||
                piece.at(0).isLowSurrogate())
                continue;
        } else {
            const int length = 2 + int(next() % 9);
            if (next() % 3 == 0)
                piece += QChar(0x2581);
            for (int i = 0; i < length; ++i)
                piece += letters.at(int(next() % quint32(letters.size())));
        }
        if (seen.contains(piece))
            continue;
        seen.insert(piece);
        vocab.append(QJsonArray{piece, -8.0 - double(next() % 100000) / 10000.0});
    }
    vocab.append(QJsonArray{QStringLiteral("<mask>"), 0.0});
    model.insert(QStringLiteral("vocab"), vocab);
    root.insert(QStringLiteral("model"), model);
    QJsonArray added = root.value(QStringLiteral("added_tokens")).toArray();
    QJsonObject mask = added.last().toObject();
    mask.insert(QStringLiteral("id"), vocab.size() - 1);
    added.replace(added.size() - 1, mask);
    root.insert(QStringLiteral("added_tokens"), added);
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

}  // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    const int repeats = argc > 1 ? std::max(1, atoi(argv[1])) : 3;
    const QString corpus = corpusText();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("tokenizer.json"));
    {
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(largeTokenizerJson(250002, corpus)) < 0)
            return 1;
        std::printf("tokenizer.json: %.1f MB\n", double(file.size()) / 1e6);
    }
    try {
        for (int r = 0; r < repeats; ++r) {
            auto start = std::chrono::steady_clock::now();
            const auto tokenizer = loadTokenizerJson(path);
            const double load = secondsSince(start);

            QString text;
            while (tokenizer->encode(text, true).size() < 2000)
                text += corpus.left(2000);
            start = std::chrono::steady_clock::now();
            const Encoding encoding = tokenizer->encode(text, true);
            const double small = secondsSince(start);

            QString large;
            const qsizetype corpusBytes = corpus.toUtf8().size();
            for (qsizetype bytes = 0; bytes < 1000000; bytes += corpusBytes)
                large += corpus;
            const qsizetype bytes = large.toUtf8().size();
            start = std::chrono::steady_clock::now();
            const Encoding big = tokenizer->encode(large, true);
            const double megabyte = secondsSince(start);
            std::printf("load %.2f s; %d tokens in %.1f ms; %.2f MB (%d tokens) in %.2f s\n", load,
                        encoding.size(), small * 1e3, double(bytes) / 1e6, big.size(), megabyte);
        }
    } catch (const HeadmapError& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 1;
    }
    return 0;
}

#include "TokenizerJsonBuilder.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>

#include "tokenizers/HfTokenizerLoader.h"

namespace tokentest {
namespace {

QJsonObject vocabOf(const QStringList& pieces) {
    QJsonObject vocab;
    for (int i = 0; i < pieces.size(); ++i)
        vocab.insert(pieces.at(i), i);
    return vocab;
}

}  // namespace

QString u(const char* text) {
    return QString::fromUtf8(text);
}

QStringList words(const char* spaced) {
    return u(spaced).split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

QJsonValue json(const char* text) {
    return QJsonDocument::fromJson(QByteArray("[") + text + "]").array().at(0);
}

QJsonObject addedToken(int id, const QString& content, bool special, const char* options) {
    QJsonObject token = json(options).toObject();
    token.insert(QStringLiteral("id"), id);
    token.insert(QStringLiteral("content"), content);
    token.insert(QStringLiteral("special"), special);
    if (!token.contains(QStringLiteral("normalized")))
        token.insert(QStringLiteral("normalized"), !special);
    return token;
}

QJsonObject wordPieceJson(const QStringList& pieces) {
    QJsonObject root;
    root.insert(QStringLiteral("version"), QStringLiteral("1.0"));
    root.insert(QStringLiteral("added_tokens"), QJsonArray{});
    root.insert(QStringLiteral("normalizer"), QJsonValue::Null);
    root.insert(QStringLiteral("pre_tokenizer"), json(R"({"type": "WhitespaceSplit"})"));
    root.insert(QStringLiteral("post_processor"), QJsonValue::Null);
    root.insert(QStringLiteral("decoder"), QJsonValue::Null);
    QJsonObject model = json(R"({"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
                                 "max_input_chars_per_word": 100})").toObject();
    model.insert(QStringLiteral("vocab"), vocabOf(pieces));
    root.insert(QStringLiteral("model"), model);
    return root;
}

QStringList defaultWordPieces() {
    return words("[UNK] [CLS] [SEP] hello world , ! ##s a b ab abc xab . héllo wörld");
}

QJsonObject bpeJson(const QJsonArray& merges) {
    QJsonObject root = wordPieceJson({});
    root.insert(QStringLiteral("pre_tokenizer"), json(R"({"type": "ByteLevel", "add_prefix_space": false,
                                                           "trim_offsets": true, "use_regex": true})"));
    QJsonObject model = json(R"({"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": null,
                                 "end_of_word_suffix": null, "fuse_unk": false, "byte_fallback": false})").toObject();
    model.insert(QStringLiteral("vocab"), vocabOf(words("a b c Ġ ab abc Ġa Ġab Ġabc bc")));
    model.insert(QStringLiteral("merges"), merges);
    root.insert(QStringLiteral("model"), model);
    return root;
}

std::unique_ptr<headmap::Tokenizer> loadTokenizerJson(const QString& folder, const QByteArray& contents) {
    QFile file(QDir(folder).filePath(QStringLiteral("tokenizer.json")));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(contents) != contents.size())
        qFatal("cannot write %s", qPrintable(file.fileName()));
    file.close();
    return headmap::loadHfTokenizer(folder, headmap::TokenizerLoadOptions{});
}

}  // namespace tokentest

#pragma once
// Small tokenizer.json files written by the tests: a WordPiece and a byte-level BPE tokenizer
// with a handful of pieces, to be edited per test and loaded from a temporary folder.

#include <memory>

#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>

#include "model/Tokenizer.h"

namespace tokentest {

QString u(const char* text);
// "a b c" → {"a", "b", "c"}
QStringList words(const char* spaced);
// Any JSON value written as text: json("null"), json(R"({"type": "NFC"})").
QJsonValue json(const char* text);

QJsonObject addedToken(int id, const QString& content, bool special, const char* options = "{}");
// WhitespaceSplit + WordPiece over pieces (ids in order), no normalizer, no post-processor.
QJsonObject wordPieceJson(const QStringList& pieces);
// The pieces wordPieceJson is usually given: [UNK]=0 [CLS]=1 [SEP]=2 hello=3 world=4 ...
QStringList defaultWordPieces();
// ByteLevel + BPE over the letters a, b, c with these merges.
QJsonObject bpeJson(const QJsonArray& merges);

// Writes contents as <folder>/tokenizer.json and loads the folder.
std::unique_ptr<headmap::Tokenizer> loadTokenizerJson(const QString& folder, const QByteArray& contents);

}  // namespace tokentest

#pragma once
// Reading the small files of a tokenizer folder; every failure is a ModelError naming the file.
// The names come from a folder the user picked, so they may lead anywhere: a symlink to
// /dev/zero never ends and a FIFO blocks open() until a writer comes. Only regular files (symlinks
// followed) are opened, and only when their size is within a limit checked before reading.

#include <QByteArray>
#include <QJsonObject>
#include <QString>

namespace headmap::tokenizerfiles {

// The largest tokenizer file read: real tokenizer.json files are up to ~35 MB (Gemma-3's is 33 MB).
constexpr qint64 kMaxFileBytes = qint64(256) << 20;

// The whole file, after headmap::requireRegularFile (formats/RegularFile.h: FIFOs, devices,
// sockets and folders are refused before open) and a size check against maxBytes.
QByteArray readFile(const QString& path, qint64 maxBytes = kMaxFileBytes);
// UTF-8 text with a leading U+FEFF kept (QString::fromUtf8 drops it; it is a piece's character).
QString fromUtf8(const QByteArray& bytes);
// The JSON object held by the file; strings keep a leading U+FEFF.
QJsonObject readJsonObject(const QString& path);

}  // namespace headmap::tokenizerfiles

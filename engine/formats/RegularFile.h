#pragma once
// Opening files that a model folder names, defensively. A FIFO blocks open() until some writer
// appears and /dev/zero never ends, so anything that is not a regular file is refused before it
// is opened, and small files (configs, indexes) are read only up to a limit checked beforehand.

#include <QByteArray>
#include <QString>

namespace headmap {

// Why `path` cannot be read as a regular file ("is not a regular file (it is a FIFO)",
// "is not a regular file (it leads to /dev/zero, which is a character device)", "does not
// exist"), or an empty string when it can. For callers with their own message format.
QString irregularFileReason(const QString& path);

// Throws ModelError "PATH REASON" with the reason above. Symbolic links are followed: a link
// to a regular file is fine.
void requireRegularFile(const QString& path);

// The whole file, after requireRegularFile; throws ModelError naming the file when it is larger
// than maxBytes or cannot be read completely.
QByteArray readRegularFile(const QString& path, qint64 maxBytes, const QString& what);

}  // namespace headmap

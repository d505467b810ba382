#pragma once
// Writing a test's input files and reading back what the program wrote. Both say when they
// failed, so that a test never goes on with a file that is not what it thinks.

#include <QByteArray>
#include <QString>

namespace testsupport {

// Writes bytes to path, creating or replacing the file and any missing parent folders; false on
// any failure (folder, open, short write, flush). Use as QVERIFY(writeFile(path, bytes)).
[[nodiscard]] bool writeFile(const QString& path, const QByteArray& bytes);

// The file's bytes; kUnreadable when it cannot be read, which no expected content equals, so a
// missing file never passes for an empty one.
QByteArray readFile(const QString& path);
inline const QByteArray kUnreadable = QByteArrayLiteral("<unreadable>");

}  // namespace testsupport

#pragma once
// Copies of the GGUF model fixtures with one thing broken, for the tests that check a broken
// file is named in the error: a key renamed, a tensor's dims or type changed in its info.

#include <functional>

#include <QByteArray>
#include <QString>
#include <QTemporaryDir>

namespace testsupport {

using GgufEdit = std::function<bool(QByteArray&)>;

// A copy of tests/fixtures/gguf/models/NAME with `edit` applied to its bytes, in `dir`; empty
// when the fixture is missing or the edit found nothing to change.
QString patchedGgufCopy(const QTemporaryDir& dir, const QString& name, const GgufEdit& edit);

QByteArray ggufKeyBytes(const QByteArray& text);  // u64 length, then the bytes
// Replaces the first `from` by `to` (same length) in the file's bytes.
GgufEdit replaceBytes(const QByteArray& from, const QByteArray& to);
// Sets dim `dim` (ggml order) / the ggml type of a tensor in its tensor info.
GgufEdit setDim(const QByteArray& tensor, int dim, quint64 value);
GgufEdit setType(const QByteArray& tensor, quint32 type);

}  // namespace testsupport

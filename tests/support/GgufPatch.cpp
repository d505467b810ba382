#include "GgufPatch.h"

#include <QFile>
#include <QtEndian>

#include "TestPaths.h"

namespace testsupport {
namespace {

// Tensor info: name, u32 n_dims, n_dims × u64 dims, u32 type, u64 offset.
qsizetype tensorInfoAt(const QByteArray& bytes, const QByteArray& tensor) {
    const qsizetype at = bytes.indexOf(ggufKeyBytes(tensor));
    return at < 0 ? -1 : at + 8 + tensor.size();
}

}  // namespace

QString patchedGgufCopy(const QTemporaryDir& dir, const QString& name, const GgufEdit& edit) {
    QFile source(ggufModelFixture(name));
    if (!source.open(QIODevice::ReadOnly))
        return QString();
    QByteArray bytes = source.readAll();
    if (!edit(bytes))
        return QString();
    const QString path = dir.filePath(QStringLiteral("patched-") + name);
    QFile target(path);
    if (!target.open(QIODevice::WriteOnly) || target.write(bytes) != bytes.size())
        return QString();
    return path;
}

QByteArray ggufKeyBytes(const QByteArray& text) {
    QByteArray length(8, '\0');
    qToLittleEndian<quint64>(quint64(text.size()), length.data());
    return length + text;
}

GgufEdit replaceBytes(const QByteArray& from, const QByteArray& to) {
    return [from, to](QByteArray& bytes) {
        const qsizetype at = bytes.indexOf(from);
        if (at < 0 || from.size() != to.size())
            return false;
        bytes.replace(at, to.size(), to);
        return true;
    };
}

GgufEdit setDim(const QByteArray& tensor, int dim, quint64 value) {
    return [tensor, dim, value](QByteArray& bytes) {
        const qsizetype info = tensorInfoAt(bytes, tensor);
        if (info < 0)
            return false;
        qToLittleEndian<quint64>(value, bytes.data() + info + 4 + 8 * dim);
        return true;
    };
}

GgufEdit setType(const QByteArray& tensor, quint32 type) {
    return [tensor, type](QByteArray& bytes) {
        const qsizetype info = tensorInfoAt(bytes, tensor);
        if (info < 0)
            return false;
        const quint32 dims = qFromLittleEndian<quint32>(bytes.constData() + info);
        qToLittleEndian<quint32>(type, bytes.data() + info + 4 + 8 * dims);
        return true;
    };
}

}  // namespace testsupport

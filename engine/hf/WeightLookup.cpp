#include "hf/WeightLookup.h"

#include <vector>

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

QString shapeText(std::initializer_list<qint64> shape) {
    QStringList parts;
    for (qint64 d : shape)
        parts << QString::number(d);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

}  // namespace

WeightLookup::WeightLookup(const Checkpoint& checkpoint, const QStringList& prefixes,
                           const QString& probe)
    : m_checkpoint(checkpoint) {
    for (const QString& prefix : prefixes) {
        if (checkpoint.info(prefix + probe)) {
            m_prefix = prefix;
            return;
        }
    }
    QStringList tried;
    for (const QString& prefix : prefixes)
        tried << QLatin1Char('\'') + prefix + probe + QLatin1Char('\'');
    throw ModelError(QCoreApplication::translate("Engine", "%1: missing tensor %2; this checkpoint does not look like "
                                                           "the architecture config.json names")
                         .arg(checkpoint.description(), tried.join(QCoreApplication::translate("Engine", " or "))));
}

QString WeightLookup::resolve(const QString& name) const {
    const QString full = m_prefix + name;
    if (m_checkpoint.info(full))
        return full;
    // Checkpoints from before transformers 2.x call LayerNorm's parameters gamma and beta.
    if (full.endsWith(QLatin1String("LayerNorm.weight"))) {
        const QString old = full.chopped(6) + QStringLiteral("gamma");
        if (m_checkpoint.info(old))
            return old;
    } else if (full.endsWith(QLatin1String("LayerNorm.bias"))) {
        const QString old = full.chopped(4) + QStringLiteral("beta");
        if (m_checkpoint.info(old))
            return old;
    }
    return QString();
}

bool WeightLookup::contains(const QString& name) const {
    return !resolve(name).isEmpty();
}

const float* WeightLookup::require(const QString& name, std::initializer_list<qint64> shape) const {
    return m_checkpoint.floats(requireShape(name, shape));
}

const quint16* WeightLookup::storedBf16(const QString& name) const {
    const QString stored = resolve(name);
    return stored.isEmpty() ? nullptr : m_checkpoint.storedBf16(stored);
}

QString WeightLookup::requireShape(const QString& name, std::initializer_list<qint64> shape) const {
    const QString stored = resolve(name);
    if (stored.isEmpty())
        throw ModelError(QCoreApplication::translate("Engine", "%1: missing tensor '%2' (expected shape %3)")
                             .arg(m_checkpoint.description(), m_prefix + name, shapeText(shape)));
    const TensorInfo* info = m_checkpoint.info(stored);
    if (info->shape != std::vector<qint64>(shape))
        throw ModelError(QCoreApplication::translate("Engine",
                                                     "%1: tensor '%2' has shape %3, expected %4 (from config.json)")
                             .arg(m_checkpoint.fileOf(stored), stored, info->shapeText(), shapeText(shape)));
    return stored;
}

}  // namespace headmap

#pragma once
// Fetches a model's weights from a checkpoint by the names its architecture uses, whichever way
// the checkpoint spells them: with or without the model prefix ("bert.", "transformer."), and
// with LayerNorm's old names gamma/beta for weight/bias. Every weight's shape is checked against
// what config.json implies before it is used.

#include <initializer_list>

#include <QStringList>

#include "formats/Checkpoint.h"

namespace headmap {

class WeightLookup {
public:
    // prefixes: the spellings to try, e.g. {"bert.", ""}; the one under which `probe` exists
    // is used for every later lookup. Throws ModelError when the probe is under none of them.
    WeightLookup(const Checkpoint& checkpoint, const QStringList& prefixes, const QString& probe);

    // F32 data of the tensor; throws ModelError naming the file, the tensor and both shapes.
    const float* require(const QString& name, std::initializer_list<qint64> shape) const;
    // The same checks without reading the data (a tensor read later, row by row); returns the
    // stored name.
    QString requireShape(const QString& name, std::initializer_list<qint64> shape) const;
    bool contains(const QString& name) const;
    // The tensor as stored when that is BF16 (Checkpoint::storedBf16); null otherwise or absent.
    const quint16* storedBf16(const QString& name) const;
    const QString& prefix() const { return m_prefix; }

private:
    QString resolve(const QString& name) const;  // the stored name, or empty

    const Checkpoint& m_checkpoint;
    QString m_prefix;
};

}  // namespace headmap

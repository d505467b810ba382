#pragma once
// Attention-like matrices and token names for the view tests and benchmarks that need many
// tokens rather than a model's real attention: seeded (PortableRandom), so every run and every
// processor draws the same matrix.

#include <QString>
#include <QStringList>

#include "core/Tensor.h"
#include "teaching/PortableRandom.h"

namespace testsupport {

// t × t rows of uniform random weights, each summing to 1.
inline headmap::MatrixF randomAttention(int t, quint64 seed) {
    headmap::PortableRandom random(seed);
    headmap::MatrixF m(t, t);
    for (int r = 0; r < t; ++r) {
        for (int c = 0; c < t; ++c)
            m(r, c) = float(random.uniform01());
        m.row(r) /= m.row(r).sum();
    }
    return m;
}

// "tok0", "tok1", …: names that say their position.
inline QStringList numberedTokens(int count) {
    QStringList names;
    names.reserve(count);
    for (int i = 0; i < count; ++i)
        names << QStringLiteral("tok%1").arg(i);
    return names;
}

// Tokens that repeat, with CJK and Latin words mixed.
inline QStringList mixedTokens(int count) {
    const QStringList words = QStringLiteral("深 入 了 解 the cat 模 型 sat on 注 意 力 mat 。").split(QLatin1Char(' '));
    QStringList tokens;
    tokens.reserve(count);
    for (int i = 0; i < count; ++i)
        tokens << words[i % words.size()];
    return tokens;
}

}  // namespace testsupport

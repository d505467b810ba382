#pragma once
// Deterministic, libFuzzer-style mutations of a file's bytes for the robustness test: bit flips,
// random bytes, truncation, insertion, deletion, and edits aimed at the header's digits and
// length field, where a small change turns a valid file into a subtly inconsistent one.

#include <cstdint>
#include <random>

#include <QByteArray>

namespace fixture {

class ByteMutator {
public:
    explicit ByteMutator(std::uint32_t seed) : m_random(seed) {}

    // One to three mutations of `bytes`. The same seed gives the same sequence on every platform:
    // std::mt19937's output is fixed by the standard, and no std:: distribution is used.
    QByteArray mutate(QByteArray bytes);

private:
    std::uint32_t below(std::uint32_t bound);  // uniform enough in [0, bound), bound > 0
    void mutateOnce(QByteArray* bytes);
    void keepHeaderLength(QByteArray* bytes, qsizetype at, qint64 claimed, qsizetype delta);

    std::mt19937 m_random;
};

}  // namespace fixture

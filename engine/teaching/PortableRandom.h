#pragma once
// A random generator whose output is the same on every machine, compiler and standard library:
// SplitMix64 for the bits, plain arithmetic for uniform floats. std::normal_distribution and
// friends are deliberately not used, their output differs between implementations.
// tests/golden/make_teaching_golden.py re-implements exactly this in Python.

#include <cstdint>
#include <vector>

#include <QByteArray>

namespace headmap {

uint64_t fnv1a64(const QByteArray& bytes);

class PortableRandom {
public:
    explicit PortableRandom(uint64_t state) : m_state(state) {}
    // An independent stream per named tensor, so adding a tensor never shifts another's values.
    static PortableRandom stream(uint64_t seed, const QByteArray& name);

    uint64_t next();
    double uniform01();                 // [0, 1), 53 random bits
    float uniform(double bound);        // [-bound, bound)
    std::vector<float> uniformVector(size_t count, double bound);

private:
    uint64_t m_state;
};

}  // namespace headmap

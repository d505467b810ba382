#include "teaching/PortableRandom.h"

namespace headmap {
namespace {
constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;
}

uint64_t fnv1a64(const QByteArray& bytes) {
    uint64_t hash = 0xcbf29ce484222325ull;
    for (char c : bytes) {
        hash ^= uint64_t(uint8_t(c));
        hash *= 0x100000001b3ull;
    }
    return hash;
}

PortableRandom PortableRandom::stream(uint64_t seed, const QByteArray& name) {
    return PortableRandom(fnv1a64(name) ^ (seed * kGolden));
}

uint64_t PortableRandom::next() {
    m_state += kGolden;
    uint64_t z = m_state;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double PortableRandom::uniform01() {
    return double(next() >> 11) * 0x1.0p-53;
}

float PortableRandom::uniform(double bound) {
    return float((2.0 * uniform01() - 1.0) * bound);
}

std::vector<float> PortableRandom::uniformVector(size_t count, double bound) {
    std::vector<float> values(count);
    for (float& v : values)
        v = uniform(bound);
    return values;
}

}  // namespace headmap

#pragma once
// A tokenizer.json normalizer: rewrites text before it is split into words. The pieces between
// added tokens go through it, and so do added tokens marked "normalized".

#include <QString>

namespace headmap {

class Normalizer {
public:
    virtual ~Normalizer() = default;
    virtual QString normalize(const QString& text) const = 0;
};

}  // namespace headmap

#pragma once
// The simple tokenizer.json normalizers: Lowercase, NFC/NFD/NFKC/NFKD, StripAccents and
// Sequence. BertNormalizer has a file of its own.

#include <memory>
#include <vector>

#include "tokenizers/Normalizer.h"

namespace headmap {

class LowercaseNormalizer : public Normalizer {
public:
    QString normalize(const QString& text) const override;
};

class UnicodeNormalizer : public Normalizer {
public:
    explicit UnicodeNormalizer(QString::NormalizationForm form) : m_form(form) {}
    QString normalize(const QString& text) const override;

private:
    QString::NormalizationForm m_form;
};

// Drops every combining mark (Mn, Mc, Me) without decomposing first, as Rust's StripAccents
// does; tokenizer.json files put NFD before it.
class StripAccentsNormalizer : public Normalizer {
public:
    QString normalize(const QString& text) const override;
};

class NormalizerSequence : public Normalizer {
public:
    explicit NormalizerSequence(std::vector<std::unique_ptr<Normalizer>> steps)
        : m_steps(std::move(steps)) {}
    QString normalize(const QString& text) const override;

private:
    std::vector<std::unique_ptr<Normalizer>> m_steps;
};

}  // namespace headmap

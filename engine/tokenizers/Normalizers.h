#pragma once
// The simple tokenizer.json normalizers: Lowercase, NFC/NFD/NFKC/NFKD, StripAccents, Strip,
// Prepend, Replace and Sequence. BertNormalizer and Precompiled have files of their own.

#include <memory>
#include <vector>

#include <QRegularExpression>

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

// Strip: white space (Rust's char::is_whitespace) off the left and/or right end. SentencePiece
// converters put Strip(left=false, right=true) first, after Precompiled.
class StripNormalizer : public Normalizer {
public:
    StripNormalizer(bool left, bool right) : m_left(left), m_right(right) {}
    QString normalize(const QString& text) const override;

private:
    bool m_left;
    bool m_right;
};

// Prepend (Llama-2's "▁"): in front of every non-empty piece of text between added tokens.
class PrependNormalizer : public Normalizer {
public:
    explicit PrependNormalizer(QString prepend) : m_prepend(std::move(prepend)) {}
    QString normalize(const QString& text) const override;

private:
    QString m_prepend;
};

// Replace: every match of a string or a regex by content, taken literally (no $1).
class ReplaceNormalizer : public Normalizer {
public:
    ReplaceNormalizer(QRegularExpression pattern, QString content)
        : m_pattern(std::move(pattern)), m_content(std::move(content)) {}
    // A plain string pattern, replaced without a regex.
    ReplaceNormalizer(QString literal, QString content)
        : m_literal(std::move(literal)), m_content(std::move(content)) {}
    QString normalize(const QString& text) const override;

private:
    QRegularExpression m_pattern;
    QString m_literal;  // used when not empty
    QString m_content;
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

#pragma once
// A tokenizer.json pre-tokenizer: splits normalized text into the words the model tokenizes one
// at a time. Rust's tokenizers drops empty words after every step; so do these.

#include <QString>
#include <QStringList>

namespace headmap {

class PreTokenizer {
public:
    virtual ~PreTokenizer() = default;
    // Appends the non-empty words of piece to words.
    virtual void split(const QString& piece, QStringList& words) const = 0;

    QStringList split(const QString& text) const {
        QStringList words;
        split(text, words);
        return words;
    }
};

}  // namespace headmap

#pragma once
// WordPiece (BERT): the longest vocabulary piece at the start of the word, then the longest
// "##"-prefixed piece after it, and so on; a word that cannot be covered, or that is longer than
// max_input_chars_per_word characters, becomes the unknown token as a whole.

#include "tokenizers/TokenizerModel.h"

namespace headmap {

struct WordPieceOptions {
    QString unkToken = QStringLiteral("[UNK]");
    QString continuingSubwordPrefix = QStringLiteral("##");
    int maxInputCharsPerWord = 100;
};

class WordPieceModel : public TokenizerModel {
public:
    // Throws ModelError when the unknown token is not in the vocabulary.
    WordPieceModel(Vocabulary vocabulary, const WordPieceOptions& options);
    void tokenize(const QString& word, std::vector<int>& ids) const override;

private:
    WordPieceOptions m_options;
    int m_unkId = 0;
    // The longest vocabulary piece in UTF-16 units: a longer candidate cannot be in the
    // vocabulary, so tokenize() never builds one (a 100-character word would otherwise look up
    // 5050 substrings).
    qsizetype m_longestPiece = 0;
};

}  // namespace headmap

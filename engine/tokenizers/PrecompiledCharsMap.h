#pragma once
// SentencePiece's compiled normalization rules (the "precompiled_charsmap" of a .model file and of
// tokenizer.json's Precompiled normalizer), read as Hugging Face's spm_precompiled crate reads
// them. The blob is
//   [u32 n: the trie's size in bytes][n / 4 u32 units: a Darts-clone double array][strings]
// The trie maps a UTF-8 key to an offset into strings, where the replacement runs to the next NUL.
// Rules such as "ｆ" → "f", "ﬁ" → "fi", "\t" → " " and "e\u0301" → "é" come from SentencePiece's
// nmt_nfkc (NFKC plus its own white space and control-character rules).
//
// A broken blob is refused when it is read, not when some text reaches its fault: every node the
// trie can reach from its root is visited once, and every unit a lookup can read, and every
// offset into the strings, is checked then (the Rust crate indexes without checks and panics).

#include <optional>
#include <vector>

#include <QByteArray>
#include <QByteArrayView>

namespace headmap {

class PrecompiledCharsMap {
public:
    // Throws ModelError saying what is wrong with the blob (its size, a unit outside the trie,
    // an offset outside or inside a character of the strings, strings that are not UTF-8); the
    // caller adds where it came from.
    explicit PrecompiledCharsMap(const QByteArray& blob);

    // The replacement of the shortest key that is a prefix of key, as the Rust crate's transform
    // takes the first result of its common prefix search; nullopt when no key is. A NUL byte ends
    // the search, as in Darts.
    std::optional<QByteArrayView> transform(QByteArrayView key) const;

    // The longest key that is a prefix of key, as SentencePiece's Normalizer::NormalizePrefix and
    // llama.cpp's UGM normalize_prefix walk the trie: its length in bytes and its replacement;
    // nullopt when no key is. A NUL byte ends the search.
    struct PrefixMatch {
        qsizetype length;
        QByteArrayView replacement;
    };
    std::optional<PrefixMatch> longestPrefix(QByteArrayView key) const;

    int unitCount() const { return int(m_units.size()); }

private:
    void checkReachableNodes() const;
    // Whether bytes [offset, ...) of the strings start a replacement the Rust crate can slice.
    bool validStringOffset(quint32 offset) const;

    std::vector<quint32> m_units;
    QByteArray m_strings;
};

}  // namespace headmap

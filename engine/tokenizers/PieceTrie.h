#pragma once
// A byte trie over a vocabulary's pieces in UTF-8: the common prefix search the Unigram model's
// Viterbi runs at every character (Rust tokenizers' models/unigram/trie.rs). Built once and
// flattened, so a 250,000-piece vocabulary (XLM-RoBERTa) costs a few arrays, not a node per
// allocation: each node's edges sit side by side, sorted by byte.

#include <cstdint>
#include <vector>

#include <QByteArray>

namespace headmap {

class PieceTrie {
public:
    PieceTrie() = default;
    // Piece i gets value i; a piece listed twice keeps its last index, as the Rust library's
    // piece → id map does. Empty pieces are never found (the Rust trie returns a prefix only
    // after reading a byte).
    explicit PieceTrie(const std::vector<QByteArray>& pieces);

    // Calls found(length, value) for every piece that is a prefix of data[0, size), shortest
    // first (the order the Rust iterator yields them).
    template <typename Found>
    void forEachPrefix(const char* data, qsizetype size, Found found) const {
        if (m_nodes.empty())
            return;
        int node = 0;
        for (qsizetype i = 0; i < size; ++i) {
            node = child(node, quint8(data[i]));
            if (node < 0)
                return;
            if (m_nodes[size_t(node)].value >= 0)
                found(i + 1, m_nodes[size_t(node)].value);
        }
    }

    int nodeCount() const { return int(m_nodes.size()); }

private:
    struct Node {
        int firstEdge = 0;
        int edgeCount = 0;
        int value = -1;
    };
    // The node reached from node by byte, or -1.
    int child(int node, quint8 byte) const;

    std::vector<Node> m_nodes;
    std::vector<quint8> m_labels;  // per edge, sorted within a node
    std::vector<int> m_targets;    // per edge
};

}  // namespace headmap

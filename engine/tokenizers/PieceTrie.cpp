#include "tokenizers/PieceTrie.h"

#include <algorithm>

namespace headmap {

PieceTrie::PieceTrie(const std::vector<QByteArray>& pieces) {
    std::vector<int> order;
    order.reserve(pieces.size());
    for (size_t i = 0; i < pieces.size(); ++i)
        if (!pieces[i].isEmpty())
            order.push_back(int(i));
    // Stable: a piece listed twice keeps its indices in order, so the last one is set last.
    // Bytes compare unsigned, so each node's edge labels come out in the order child() searches.
    const auto before = [&](int a, int b) {
        const QByteArray& x = pieces[size_t(a)];
        const QByteArray& y = pieces[size_t(b)];
        return std::lexicographical_compare(x.begin(), x.end(), y.begin(), y.end(),
                                            [](char l, char r) { return quint8(l) < quint8(r); });
    };
    std::stable_sort(order.begin(), order.end(), before);

    // Each work item is a node and the sorted pieces below it, which share its first depth bytes.
    // An explicit stack, not recursion: a hostile file may hold a piece of a million bytes.
    struct Work {
        int node;
        size_t begin;
        size_t end;
        qsizetype depth;
    };
    m_nodes.push_back(Node{});
    std::vector<Work> stack{{0, 0, order.size(), 0}};
    while (!stack.empty()) {
        const Work work = stack.back();
        stack.pop_back();
        size_t i = work.begin;
        // Pieces of exactly depth bytes end at this node; sorting put them first.
        for (; i < work.end && pieces[size_t(order[i])].size() == work.depth; ++i)
            m_nodes[size_t(work.node)].value = order[i];
        const int firstEdge = int(m_labels.size());
        while (i < work.end) {
            const quint8 byte = quint8(pieces[size_t(order[i])].at(work.depth));
            size_t j = i + 1;
            while (j < work.end && quint8(pieces[size_t(order[j])].at(work.depth)) == byte)
                ++j;
            const int childNode = int(m_nodes.size());
            m_nodes.push_back(Node{});
            m_labels.push_back(byte);
            m_targets.push_back(childNode);
            stack.push_back(Work{childNode, i, j, work.depth + 1});
            i = j;
        }
        // This node's edges were all added above, before any other node's: they are contiguous.
        m_nodes[size_t(work.node)].firstEdge = firstEdge;
        m_nodes[size_t(work.node)].edgeCount = int(m_labels.size()) - firstEdge;
    }
}

int PieceTrie::child(int node, quint8 byte) const {
    const Node& n = m_nodes[size_t(node)];
    const auto begin = m_labels.begin() + n.firstEdge;
    const auto end = begin + n.edgeCount;
    const auto found = std::lower_bound(begin, end, byte);
    if (found == end || *found != byte)
        return -1;
    return m_targets[size_t(found - m_labels.begin())];
}

}  // namespace headmap

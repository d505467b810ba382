#pragma once
// Which (query, key) cells a layer's attention never lets through: the model's mask rule, kept
// as plain values so that views and figures draw the mask the model used (a sliding-window
// cell and a genuine weight of 0 look alike in the weights, not in the rule). CellMask is the
// rule laid over one matrix: per query the keys it may attend to, one run [first, end) (causal
// and sliding-window masks, also after special tokens are hidden or tokens are merged into
// words, leave one run per row); everything outside that run is masked.

#include <algorithm>
#include <vector>

namespace headmap {

enum class AttentionMask {
    None,           // every token sees every token (encoders)
    Causal,         // key ≤ query
    SlidingWindow,  // query - window < key ≤ query: the last `window` tokens, itself included
    LocalWindow,    // |query - key| ≤ window: `window` tokens on either side (ModernBERT's local layers)
};

struct MaskRule {
    AttentionMask kind = AttentionMask::None;
    int window = 0;  // SlidingWindow: tokens back, itself included; LocalWindow: tokens either side

    bool masksAny() const { return kind != AttentionMask::None; }
    bool allows(int query, int key) const {
        switch (kind) {
        case AttentionMask::None: return true;
        case AttentionMask::Causal: return key <= query;
        case AttentionMask::SlidingWindow: return key <= query && key > query - window;
        case AttentionMask::LocalWindow: return key >= query - window && key <= query + window;
        }
        return true;
    }
    bool operator==(const MaskRule& o) const { return kind == o.kind && window == o.window; }
    bool operator!=(const MaskRule& o) const { return !(*this == o); }
};

struct KeyRange {
    int first = 0;  // the first key the query may attend to
    int end = 0;    // one past the last
};

class CellMask {
public:
    CellMask() = default;  // nothing masked
    // allowed: per query; keys outside [first, end) are masked.
    CellMask(std::vector<KeyRange> allowed, int keys) : m_allowed(std::move(allowed)), m_keys(keys) {
        for (KeyRange& r : m_allowed) {
            r.first = std::clamp(r.first, 0, keys);
            r.end = std::clamp(r.end, r.first, keys);
            m_count += (keys - (r.end - r.first));
        }
        if (m_count == 0)
            m_allowed.clear();
    }
    // The rule over `tokens` consecutive positions 0..tokens-1 (queries and keys alike).
    static CellMask fromRule(const MaskRule& rule, int tokens) {
        if (!rule.masksAny() || tokens <= 0)
            return CellMask();
        std::vector<KeyRange> allowed(static_cast<size_t>(tokens));
        for (int q = 0; q < tokens; ++q) {
            switch (rule.kind) {
            case AttentionMask::LocalWindow: allowed[size_t(q)] = KeyRange{q - rule.window, q + rule.window + 1}; break;
            case AttentionMask::SlidingWindow: allowed[size_t(q)] = KeyRange{std::max(0, q - rule.window + 1), q + 1}; break;
            case AttentionMask::Causal:
            case AttentionMask::None: allowed[size_t(q)] = KeyRange{0, q + 1}; break;
            }
        }
        return CellMask(std::move(allowed), tokens);
    }
    static CellMask causal(int tokens) { return fromRule(MaskRule{AttentionMask::Causal, 0}, tokens); }
    // Masked where both are (the difference A − B of two heads): the union of the allowed runs.
    static CellMask both(const CellMask& a, const CellMask& b) {
        if (a.isEmpty() || b.isEmpty() || a.queries() != b.queries() || a.keys() != b.keys())
            return CellMask();
        std::vector<KeyRange> allowed(static_cast<size_t>(a.queries()));
        for (int q = 0; q < a.queries(); ++q) {
            const KeyRange x = a.allowed(q), y = b.allowed(q);
            allowed[size_t(q)] = x.first == x.end ? y : y.first == y.end ? x
                                 : KeyRange{std::min(x.first, y.first), std::max(x.end, y.end)};
        }
        return CellMask(std::move(allowed), a.keys());
    }

    // Masked where either is (of one shape; the other when one is empty).
    static CellMask either(const CellMask& a, const CellMask& b) {
        if (a.isEmpty() || b.isEmpty() || a.queries() != b.queries() || a.keys() != b.keys())
            return a.isEmpty() ? b : a;
        std::vector<KeyRange> allowed(static_cast<size_t>(a.queries()));
        for (int q = 0; q < a.queries(); ++q) {
            const KeyRange x = a.allowed(q), y = b.allowed(q);
            const int first = std::max(x.first, y.first);
            allowed[size_t(q)] = KeyRange{first, std::max(first, std::min(x.end, y.end))};
        }
        return CellMask(std::move(allowed), a.keys());
    }

    bool isEmpty() const { return m_count == 0; }  // nothing masked
    // Some query may attend to a later key while cells are masked: a local window on both sides
    // of the query (ModernBERT), not a causal or sliding-window mask.
    bool isLocalWindow() const {
        for (int q = 0; q < queries(); ++q)
            if (m_allowed[size_t(q)].end > q + 1)
                return !isEmpty();
        return false;
    }
    int queries() const { return int(m_allowed.size()); }
    int keys() const { return m_keys; }
    long long count() const { return m_count; }  // masked cells
    KeyRange allowed(int query) const {
        return query >= 0 && query < queries() ? m_allowed[size_t(query)] : KeyRange{0, m_keys};
    }
    bool isMasked(int query, int key) const {
        if (query < 0 || query >= queries() || key < 0 || key >= m_keys)
            return false;
        const KeyRange& r = m_allowed[size_t(query)];
        return key < r.first || key >= r.end;
    }

private:
    std::vector<KeyRange> m_allowed;  // (queries) or empty: nothing masked
    int m_keys = 0;
    long long m_count = 0;
};

}  // namespace headmap

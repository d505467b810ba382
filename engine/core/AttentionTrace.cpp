#include "core/AttentionTrace.h"

#include <algorithm>
#include <cassert>

#include <QDir>
#include <QFileInfo>

#include "core/AttentionRow.h"
#include "core/MultiHeadAttention.h"

namespace headmap {

int ModelSummary::widestWindow() const {
    int widest = 0;
    for (const MaskRule& rule : layerMasks)
        if (rule.kind == AttentionMask::SlidingWindow)
            widest = std::max(widest, rule.window);
        else if (rule.kind == AttentionMask::LocalWindow)
            widest = std::max(widest, 2 * rule.window + 1);
    return widest;
}

QString ModelSummary::windowDescription() const {
    const int widest = widestWindow();
    if (widest == 0)
        return QString();
    QStringList layers;
    for (size_t l = 0; l < layerMasks.size(); ++l)
        if ((layerMasks[l].kind == AttentionMask::SlidingWindow && layerMasks[l].window == widest) ||
            (layerMasks[l].kind == AttentionMask::LocalWindow && 2 * layerMasks[l].window + 1 == widest))
            layers << QString::number(l);
    const bool local = std::any_of(layerMasks.begin(), layerMasks.end(),
                                   [](const MaskRule& r) { return r.kind == AttentionMask::LocalWindow; });
    if (local)  // ModernBERT: a window centred on the query
        return QStringLiteral("%1 tokens (±%2) on layers %3").arg(widest).arg(widest / 2).arg(layers.join(QStringLiteral(", ")));
    return int(layers.size()) == int(layerMasks.size())
               ? QStringLiteral("%1 tokens on every layer").arg(widest)
               : QStringLiteral("%1 tokens on layers %2").arg(widest).arg(layers.join(QStringLiteral(", ")));
}

QString ModelSummary::displayName() const {
    return shownName.isEmpty() ? displayNameOf(name) : shownName;
}

QString ModelSummary::displayNameOf(const QString& name) {
    const QFileInfo info(name);
    if (name.startsWith(QLatin1Char('/')) || name.startsWith(QLatin1Char('.')) || name.startsWith(QLatin1Char('~')) ||
        (name.contains(QLatin1Char('/')) && info.isDir())) {
        const QString folder = QDir(QDir::cleanPath(info.absoluteFilePath())).dirName();
        return folder.isEmpty() ? name : folder;
    }
    return name;
}

StackKind ModelSummary::stackKind() const {
    if (isEncoderDecoder())
        return stack;
    return causal ? StackKind::Decoder : StackKind::Encoder;
}

const StackShape* ModelSummary::stackShape(StackKind kind) const {
    for (const StackShape& shape : stacks)
        if (shape.kind == kind)
            return &shape;
    return nullptr;
}

ModelSummary ModelSummary::forStack(StackKind kind) const {
    const StackShape* shape = stackShape(kind);
    if (!shape)
        return *this;
    ModelSummary out = *this;
    out.stack = kind;
    out.layers = shape->layers;
    out.heads = shape->heads;
    out.kvHeads = shape->kvHeads;
    out.dHead = shape->dHead;
    out.causal = shape->causal;
    out.layerMasks.clear();
    return out;
}

MaskRule ModelSummary::maskOfLayer(int layer) const {
    if (layer >= 0 && layer < int(layerMasks.size()))
        return layerMasks[size_t(layer)];
    return causal ? MaskRule{AttentionMask::Causal, 0} : MaskRule{};
}

bool AttentionTrace::isMasked(int layer, int query, int key) const {
    const MaskRule rule = m_model.maskOfLayer(layer);
    if (!rule.masksAny() || query < 0 || key < 0 || query >= length() || key >= keyLength())
        return false;
    if (m_positions->empty())
        return !rule.allows(query, key);
    for (int q : (*m_positions)[size_t(query)])
        for (int k : (*m_positions)[size_t(key)])
            if (rule.allows(q, k))
                return false;
    return true;
}

CellMask AttentionTrace::cellMask(int layer) const { return cellMask(layer, {}); }

CellMask AttentionTrace::cellMask(int layer, const std::vector<int>& kept) const {
    const MaskRule rule = m_model.maskOfLayer(layer);
    const int t = kept.empty() ? length() : int(kept.size());
    if (!rule.masksAny() || t == 0)
        return CellMask();
    if (m_positions->empty() && kept.empty())
        return CellMask::fromRule(rule, t);
    auto token = [&](int i) { return kept.empty() ? i : kept[size_t(i)]; };
    auto masked = [&](int q, int k) { return isMasked(layer, token(q), token(k)); };
    // Each row's allowed keys are one run around the token itself (a position always attends to
    // itself, and the positions are ascending): two binary searches per row.
    std::vector<KeyRange> allowed(static_cast<size_t>(t));
    for (int q = 0; q < t; ++q) {
        if (masked(q, q)) {  // a token that stands for no position: wholly masked
            allowed[size_t(q)] = KeyRange{0, 0};
            continue;
        }
        int lo = 0, hi = q;  // the first allowed key is in [lo, hi]
        while (lo < hi) {
            const int mid = lo + (hi - lo) / 2;
            if (masked(q, mid))
                lo = mid + 1;
            else
                hi = mid;
        }
        const int first = lo;
        lo = q + 1;
        hi = t;  // the first masked key after q is in [lo, hi]
        while (lo < hi) {
            const int mid = lo + (hi - lo) / 2;
            if (masked(q, mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        allowed[size_t(q)] = KeyRange{first, lo};
    }
    return CellMask(std::move(allowed), t);
}

void AttentionTrace::setModelPositions(const AttentionTrace& source, const std::vector<std::vector<int>>& sourceTokens) {
    auto positions = std::make_shared<std::vector<std::vector<int>>>(sourceTokens.size());
    const auto& inner = source.modelPositions();
    for (size_t i = 0; i < sourceTokens.size(); ++i) {
        std::vector<int>& out = (*positions)[i];
        for (int s : sourceTokens[i]) {
            if (inner.empty())
                out.push_back(s);
            else if (s >= 0 && size_t(s) < inner.size())
                out.insert(out.end(), inner[size_t(s)].begin(), inner[size_t(s)].end());
        }
        std::sort(out.begin(), out.end());
    }
    m_positions = std::move(positions);
}

AttentionTrace::AttentionTrace(ModelSummary model, std::vector<int> tokenIds, QStringList tokens,
                               QStringList displayTokens, std::vector<bool> special)
    : m_model(std::move(model)), m_tokenIds(std::move(tokenIds)), m_tokens(std::move(tokens)),
      m_displayTokens(std::move(displayTokens)), m_special(std::move(special)) {
    m_special.resize(m_tokenIds.size(), false);
    m_stored.resize(size_t(std::max(0, m_model.layers)) * size_t(std::max(0, m_model.heads)));
    m_queriesKeys.resize(size_t(std::max(0, m_model.layers)));
}

void AttentionTrace::setKeyTokens(std::vector<int> tokenIds, QStringList tokens, QStringList displayTokens,
                                  std::vector<bool> special) {
    auto keys = std::make_shared<KeyTokens>();
    special.resize(tokenIds.size(), false);
    keys->ids = std::move(tokenIds);
    keys->tokens = std::move(tokens);
    keys->displayTokens = std::move(displayTokens);
    keys->special = std::move(special);
    m_keys = std::move(keys);
}

size_t AttentionTrace::index(int layer, int head) const {
    assert(layer >= 0 && layer < layers() && head >= 0 && head < heads());
    return size_t(layer) * size_t(m_model.heads) + size_t(head);
}

std::shared_ptr<const MatrixF> AttentionTrace::compute(int layer, int head) const {
    if (const LayerQueriesKeys* qk = m_queriesKeys[size_t(layer)].get())
        return std::make_shared<const MatrixF>(attentionWeightsOfHead(qk->queries, qk->keys, head, qk->scoring));
    if (m_source) {
        auto weights = std::make_shared<const MatrixF>(m_source(layer, head));
        assert(weights->rows() == length() && weights->cols() == keyLength());
        return weights;
    }
    return std::make_shared<const MatrixF>(MatrixF::Zero(length(), keyLength()));
}

std::shared_ptr<const MatrixF> AttentionTrace::computed(int layer, int head) const {
    if (auto cached = m_cache->find(layer, head))
        return cached;
    // Computed outside the cache's lock, so threads asking for different heads do not wait.
    return m_cache->add(layer, head, compute(layer, head));
}

HeadWeights AttentionTrace::headUncached(int layer, int head) const {
    if (const auto& stored = m_stored[index(layer, head)])
        return HeadWeights(stored);
    if (auto cached = m_cache->find(layer, head))
        return HeadWeights(std::move(cached));
    return HeadWeights(compute(layer, head));
}

void AttentionTrace::deriveHeads(HeadSource source) {
    std::fill(m_stored.begin(), m_stored.end(), nullptr);
    std::fill(m_queriesKeys.begin(), m_queriesKeys.end(), nullptr);
    m_source = std::move(source);
    // A fresh cache: copies of the trace this one was copied from keep theirs.
    auto fresh = std::make_shared<HeadCache>();
    fresh->setLimits(m_cache->maxHeads(), m_cache->maxBytes());
    m_cache = std::move(fresh);
}

HeadWeights AttentionTrace::head(int layer, int head) const {
    if (const auto& stored = m_stored[index(layer, head)])
        return HeadWeights(stored);
    return HeadWeights(computed(layer, head));
}

float AttentionTrace::weight(int layer, int head, int query, int key) const {
    assert(query >= 0 && query < length() && key >= 0 && key < keyLength());
    if (const auto& stored = m_stored[index(layer, head)])
        return (*stored)(query, key);
    return (*computed(layer, head))(query, key);
}

MatrixF AttentionTrace::row(int layer, int head, int query) const {
    assert(query >= 0 && query < length());
    if (const auto& stored = m_stored[index(layer, head)])
        return stored->row(query);
    if (auto cached = m_cache->find(layer, head))
        return cached->row(query);
    if (const LayerQueriesKeys* qk = m_queriesKeys[size_t(layer)].get())
        return attentionRowOfHead(*qk, head, query);
    return computed(layer, head)->row(query);
}

float* AttentionTrace::headData(int layer, int head) {
    std::shared_ptr<MatrixF>& stored = m_stored[index(layer, head)];
    if (!stored && (m_queriesKeys[size_t(layer)] || m_source))
        stored = std::make_shared<MatrixF>(*computed(layer, head));
    else if (!stored)
        stored = std::make_shared<MatrixF>(MatrixF::Zero(length(), keyLength()));
    else if (stored.use_count() > 1)  // shared with a copy of the trace: copy on write
        stored = std::make_shared<MatrixF>(*stored);
    return stored->data();
}

bool AttentionTrace::isStored(int layer, int head) const {
    return m_stored[index(layer, head)] != nullptr;
}

void AttentionTrace::setQueriesKeys(int layer, std::shared_ptr<const LayerQueriesKeys> queriesKeys) {
    assert(layer >= 0 && layer < layers());
    m_queriesKeys[size_t(layer)] = std::move(queriesKeys);
    // Heads cached for the old queries and keys must not be found again (nor by copies).
    auto fresh = std::make_shared<HeadCache>();
    fresh->setLimits(m_cache->maxHeads(), m_cache->maxBytes());
    m_cache = std::move(fresh);
}

const std::shared_ptr<const LayerQueriesKeys>& AttentionTrace::queriesKeys(int layer) const {
    assert(layer >= 0 && layer < layers());
    return m_queriesKeys[size_t(layer)];
}

size_t AttentionTrace::normOffset(int layer, int head) const {
    assert(hasValueNorms() && layer >= 0 && layer < layers() && head >= 0 && head < heads());
    return (size_t(layer) * size_t(m_model.heads) + size_t(head)) * size_t(keyLength());
}

void AttentionTrace::enableValueNorms() {
    m_valueNorms.assign(size_t(m_model.layers) * size_t(m_model.heads) * size_t(keyLength()), 0.0f);
}

float AttentionTrace::valueNorm(int layer, int head, int key) const {
    assert(key >= 0 && key < keyLength());
    return m_valueNorms[normOffset(layer, head) + size_t(key)];
}

ConstRowVectorMap AttentionTrace::valueNorms(int layer, int head) const {
    return ConstRowVectorMap(m_valueNorms.data() + normOffset(layer, head), keyLength());
}

float* AttentionTrace::valueNormData(int layer, int head) {
    return m_valueNorms.data() + normOffset(layer, head);
}

}  // namespace headmap

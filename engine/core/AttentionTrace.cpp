#include "core/AttentionTrace.h"

#include <cassert>

#include <QDir>
#include <QFileInfo>

namespace headmap {

QString ModelSummary::displayName() const {
    const QFileInfo info(name);
    if (name.startsWith(QLatin1Char('/')) || name.startsWith(QLatin1Char('.')) || name.startsWith(QLatin1Char('~')) ||
        (name.contains(QLatin1Char('/')) && info.isDir())) {
        const QString folder = QDir(QDir::cleanPath(info.absoluteFilePath())).dirName();
        return folder.isEmpty() ? name : folder;
    }
    return name;
}

AttentionTrace::AttentionTrace(ModelSummary model, std::vector<int> tokenIds, QStringList tokens,
                               QStringList displayTokens, std::vector<bool> special)
    : m_model(std::move(model)), m_tokenIds(std::move(tokenIds)), m_tokens(std::move(tokens)),
      m_displayTokens(std::move(displayTokens)), m_special(std::move(special)) {
    const size_t t = m_tokenIds.size();
    m_special.resize(t, false);
    m_weights.assign(size_t(m_model.layers) * size_t(m_model.heads) * t * t, 0.0f);
}

size_t AttentionTrace::offset(int layer, int head) const {
    assert(layer >= 0 && layer < layers() && head >= 0 && head < heads());
    const size_t t = m_tokenIds.size();
    return (size_t(layer) * size_t(m_model.heads) + size_t(head)) * t * t;
}

float AttentionTrace::weight(int layer, int head, int query, int key) const {
    return m_weights[offset(layer, head) + size_t(query) * m_tokenIds.size() + size_t(key)];
}

ConstMatrixMap AttentionTrace::head(int layer, int head) const {
    return ConstMatrixMap(m_weights.data() + offset(layer, head), length(), length());
}

float* AttentionTrace::headData(int layer, int head) {
    return m_weights.data() + offset(layer, head);
}

size_t AttentionTrace::normOffset(int layer, int head) const {
    assert(hasValueNorms() && layer >= 0 && layer < layers() && head >= 0 && head < heads());
    return (size_t(layer) * size_t(m_model.heads) + size_t(head)) * m_tokenIds.size();
}

void AttentionTrace::enableValueNorms() {
    m_valueNorms.assign(size_t(m_model.layers) * size_t(m_model.heads) * m_tokenIds.size(), 0.0f);
}

float AttentionTrace::valueNorm(int layer, int head, int key) const {
    assert(key >= 0 && key < length());
    return m_valueNorms[normOffset(layer, head) + size_t(key)];
}

ConstRowVectorMap AttentionTrace::valueNorms(int layer, int head) const {
    return ConstRowVectorMap(m_valueNorms.data() + normOffset(layer, head), length());
}

float* AttentionTrace::valueNormData(int layer, int head) {
    return m_valueNorms.data() + normOffset(layer, head);
}

}  // namespace headmap

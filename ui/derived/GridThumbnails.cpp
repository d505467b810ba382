#include "derived/GridThumbnails.h"

#include <QCoreApplication>

#include "analysis/AttentionTransforms.h"
#include "views/ViewSupport.h"

namespace headmap::ui {

namespace {

class GridText {
    Q_DECLARE_TR_FUNCTIONS(AttentionDocument)  // the context the text had before it moved here
};

// The thumbnails of the trace as shown, head by head as the pass hands them out.
class GridCollector : public PassCollector {
public:
    GridCollector(const ModelSummary& model, const Encoding& input, const DerivedInput& snapshot) {
        std::vector<bool> special = input.special;
        special.resize(input.ids.size(), false);
        if (snapshot.hideSpecial) {
            m_kept = keptTokens(special);
            m_restrict = m_kept.size() < special.size();
        }
        if (m_restrict && m_kept.empty())
            return;  // every token hidden: no images
        m_builder = std::make_unique<GridImageBuilder>(model.layers, model.heads,
                                                       m_restrict ? int(m_kept.size()) : int(special.size()),
                                                       snapshot.style);
        const AttentionTrace tokens(model, input.ids, {}, {}, special);  // the mask rule, over the shown tokens
        std::vector<CellMask> masks;
        for (int l = 0; l < model.layers; ++l)
            masks.push_back(tokens.cellMask(l, m_restrict ? m_kept : std::vector<int>()));
        m_builder->setMasks(std::move(masks));
    }

    void addHead(int layer, int head, const MatrixF& weights) override {  // (T, T)
        if (!m_builder)
            return;
        if (m_restrict) {
            const MatrixF shown = withoutTokens(weights, m_kept, true);  // (K, K), as shownTrace
            m_builder->addHead(layer, head, ConstMatrixMap(shown.data(), shown.rows(), shown.cols()));
        } else {
            m_builder->addHead(layer, head, ConstMatrixMap(weights.data(), weights.rows(), weights.cols()));
        }
    }

    std::shared_ptr<const void> finish(const DerivedInput& input) override {
        if (!m_builder || !m_builder->isComplete())
            return nullptr;
        auto thumbnails = std::make_shared<GridThumbnails>();
        thumbnails->images = m_builder->finish();
        thumbnails->trace = shownTrace(input.trace, input.hideSpecial);
        return thumbnails;
    }

private:
    std::vector<int> m_kept;  // the shown tokens when special ones are hidden
    bool m_restrict = false;
    std::unique_ptr<GridImageBuilder> m_builder;  // null: nothing to draw
};

}  // namespace

QString GridThumbnailsProducer::busyText() const { return GridText::tr("Drawing all heads…"); }

bool GridThumbnailsProducer::sameResult(const DerivedInput& made, const DerivedInput& now) const {
    return made.trace == now.trace && made.hideSpecial == now.hideSpecial &&
           made.style.colormap == now.style.colormap && made.style.scale == now.style.scale;
}

std::unique_ptr<PassCollector> GridThumbnailsProducer::collector(const ModelSummary& model, const Encoding& input,
                                                                 const DerivedInput& snapshot) const {
    return std::make_unique<GridCollector>(model, input, snapshot);
}

std::shared_ptr<const GridThumbnails> GridThumbnailsProducer::make(const DerivedInput& input,
                                                                   const StopRequested&) const {
    auto thumbnails = std::make_shared<GridThumbnails>();
    thumbnails->trace = shownTrace(input.trace, input.hideSpecial);
    if (hasNoAttention(thumbnails->trace.get()))
        return nullptr;
    thumbnails->images = buildGridImages(*thumbnails->trace, input.style);
    return thumbnails;
}

}  // namespace headmap::ui

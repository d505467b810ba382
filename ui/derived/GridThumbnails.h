#pragma once
// The All heads grid's images as derived data: one thumbnail per head and per layer's mean and
// max (views/HeadGridImages.h) of the trace as shown, special tokens hidden when asked. The grid
// tab owns its producer and names it in needs(); the document knows no more of it than of any
// other producer. Past a few hundred tokens the thumbnails are made from the sentence's forward
// pass as it computes each head, so that the grid is there when the pass ends without computing
// every head again (GridImageBuilder keeps a pooled thumbnail per head, not the heads).

#include <memory>

#include "derived/DerivedData.h"
#include "views/HeadGridImages.h"

namespace headmap::ui {

struct GridThumbnails {
    GridImages images;
    std::shared_ptr<const AttentionTrace> trace;  // the trace the images show (shownTrace)
};

class GridThumbnailsProducer : public DerivedProducerOf<GridThumbnails> {
public:
    QString key() const override { return QStringLiteral("grid-thumbnails"); }
    QString busyText() const override;
    // The colours and the hidden tokens matter; whether cells show numbers does not.
    bool sameResult(const DerivedInput& made, const DerivedInput& now) const override;
    std::unique_ptr<PassCollector> collector(const ModelSummary& model, const Encoding& input,
                                             const DerivedInput& snapshot) const override;

protected:
    std::shared_ptr<const GridThumbnails> make(const DerivedInput& input, const StopRequested& stop) const override;
};

}  // namespace headmap::ui

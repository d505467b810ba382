#pragma once
// Small pieces of the step pages' rich text, shared by the encoder, decoder and prediction pages.

#include <QString>

#include "core/Tensor.h"

namespace headmap::ui {

// "(rows × columns)" of a matrix, as the pages write shapes.
inline QString shapeText(const MatrixF& m) {
    return QStringLiteral("(%1 × %2)").arg(m.rows()).arg(m.cols());
}

// A grey, smaller line under a formula: its shapes or a remark.
inline QString greyNote(const QString& html) {
    return QStringLiteral("<br><span style='font-size:small;color:gray'>%1</span>").arg(html);
}

}  // namespace headmap::ui

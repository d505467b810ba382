#include "hf/StackedExperts.h"

#include <vector>

#include <QCoreApplication>

#include "core/HeadmapError.h"
#include "formats/Mxfp4.h"
#include "hf/WeightLookup.h"

namespace headmap {
namespace {

// Row `expert` of a stacked float tensor (E, ...) into the arena.
const float* expertRows(const Checkpoint& checkpoint, const QString& stored, int expert, qint64 count,
                        LayerArena& arena) {
    float* out = arena.allocate(size_t(count));
    checkpoint.readRows(stored, expert, 1, out);
    return out;
}

// Expert `expert` of an MXFP4 projection with `rows` outputs of `columns` inputs, dequantised
// into the arena as (rows, columns): torch.nn.Linear's (out, in).
const float* mxfp4Expert(const Checkpoint& checkpoint, const WeightLookup& names, const QString& name,
                         const StackedExpertShape& shape, int rows, int columns, int expert, LayerArena& arena) {
    if (columns % kMxfp4BlockValues != 0)
        throw ModelError(QCoreApplication::translate("Engine", "%1: '%2' is stored as MXFP4, whose blocks hold 32 "
                                                              "values, but its rows are %3 wide (from config.json; "
                                                              "check that config.json belongs to this file)")
                             .arg(checkpoint.description(), name + QStringLiteral("_blocks")).arg(columns));
    const int groups = columns / kMxfp4BlockValues;
    const QString blocks = names.requireShape(name + QStringLiteral("_blocks"),
                                              {shape.experts, rows, groups, kMxfp4BlockBytes});
    const QString scales = names.requireShape(name + QStringLiteral("_scales"), {shape.experts, rows, groups});
    for (const QString& stored : {blocks, scales})
        if (checkpoint.info(stored)->dtype != TensorDType::U8)
            throw ModelError(QCoreApplication::translate("Engine", "%1: tensor '%2' is %3; MXFP4 blocks and scales "
                                                                  "are U8 (download the file again)")
                                 .arg(checkpoint.fileOf(stored), stored, checkpoint.info(stored)->dtypeName));
    const qint64 scaleCount = qint64(rows) * groups;
    std::vector<uchar> blockBytes(size_t(scaleCount * kMxfp4BlockBytes));
    std::vector<uchar> scaleBytes(static_cast<size_t>(scaleCount));
    checkpoint.readBytes(blocks, expert * qint64(blockBytes.size()), qint64(blockBytes.size()), blockBytes.data());
    checkpoint.readBytes(scales, expert * scaleCount, scaleCount, scaleBytes.data());
    float* out = arena.allocate(size_t(rows) * size_t(columns));
    dequantizeMxfp4(blockBytes.data(), scaleBytes.data(), rows, groups, out);
    return out;
}

}  // namespace

ExpertWeights readStackedExpert(const Checkpoint& checkpoint, const WeightLookup& names, LayerArena& arena,
                                const QString& base, const MoeTraits& moe, const StackedExpertShape& shape,
                                int expert) {
    const int e = shape.experts;
    const int d = shape.dModel;
    const int f = shape.expertSize;
    const QString gateUp = base + moe.expertUp;  // "gate_up_proj"
    const QString down = base + moe.expertDown;  // "down_proj"
    const QString bias = QStringLiteral("_bias");
    const float* gateUpBias = expertRows(checkpoint, names.requireShape(gateUp + bias, {e, 2 * f}), expert, 2 * f, arena);
    const float* downBias = expertRows(checkpoint, names.requireShape(down + bias, {e, d}), expert, d, arena);
    ExpertWeights w;
    if (shape.mxfp4) {
        w.gateUp = Linear(mxfp4Expert(checkpoint, names, gateUp, shape, 2 * f, d, expert, arena), gateUpBias, d,
                          2 * f, WeightLayout::OutIn);
        w.down = Linear(mxfp4Expert(checkpoint, names, down, shape, d, f, expert, arena), downBias, f, d,
                        WeightLayout::OutIn);
        return w;
    }
    const QString gateUpStored = names.requireShape(gateUp, {e, d, 2 * f});
    const QString downStored = names.requireShape(down, {e, f, d});
    w.gateUp = Linear(expertRows(checkpoint, gateUpStored, expert, qint64(d) * 2 * f, arena), gateUpBias, d, 2 * f,
                      WeightLayout::InOut);
    w.down = Linear(expertRows(checkpoint, downStored, expert, qint64(f) * d, arena), downBias, f, d,
                    WeightLayout::InOut);
    return w;
}

}  // namespace headmap

#pragma once
// A hand-made encoder–decoder run for tests that need its shape, not a model: a ModelSummary
// with three stacks of different depths, and a RunResult whose encoder (S, S), decoder (T, T)
// and cross (T, S) traces hold a distinct, exactly representable weight in every cell
// (syntheticWeight), so an exporter's output can be checked cell by cell against the formula.
// Row sums are not 1: the exporters write what a trace holds, whatever it is.

#include <vector>

#include <QStringList>

#include "core/AttentionTrace.h"
#include "model/Model.h"

namespace testsupport {

// What cell (query, key) of (stack, layer, head) holds: a multiple of 1/1024 below 16, so a
// float holds it exactly (and its shortest text reads back as the same float).
inline float syntheticWeight(headmap::StackKind stack, int layer, int head, int query, int key) {
    const int code = int(stack) * 4096 + layer * 1024 + head * 256 + query * 16 + key;
    return float(code % 16384) / 1024.0f;
}

// Encoder 2 layers, decoder and cross 1 layer (Marian's fixture depths), 3 heads each.
inline headmap::ModelSummary syntheticSeq2SeqSummary() {
    using headmap::StackKind;
    headmap::ModelSummary model;
    model.name = QStringLiteral("synthetic-seq2seq");
    model.architecture = QStringLiteral("marian");
    model.dModel = 12;
    model.dHead = 4;
    model.maxPositions = 64;
    model.vocabSize = 100;
    model.targetVocabSize = 80;
    model.positions = QStringLiteral("sinusoidal");
    model.stacks = {{StackKind::Encoder, 2, 3, 3, 4, false},
                    {StackKind::Decoder, 1, 3, 3, 4, true},
                    {StackKind::Cross, 1, 3, 3, 4, false}};
    return model.forStack(StackKind::Cross);
}

// `source` tokens (ids 10, 11, …) under `target` tokens (ids 50, 51, …); every head filled.
inline headmap::RunResult syntheticSeq2SeqRun(const QStringList& source, const QStringList& target) {
    using headmap::StackKind;
    const headmap::ModelSummary model = syntheticSeq2SeqSummary();
    std::vector<int> sourceIds, targetIds;
    for (int i = 0; i < source.size(); ++i)
        sourceIds.push_back(10 + i);
    for (int i = 0; i < target.size(); ++i)
        targetIds.push_back(50 + i);
    headmap::RunResult result;
    result.stacks.emplace_back(model.forStack(StackKind::Encoder), sourceIds, source, source);
    result.stacks.emplace_back(model.forStack(StackKind::Decoder), targetIds, target, target);
    result.stacks.emplace_back(model.forStack(StackKind::Cross), targetIds, target, target);
    result.stacks.back().setKeyTokens(sourceIds, source, source);
    for (headmap::AttentionTrace& trace : result.stacks)
        for (int l = 0; l < trace.layers(); ++l)
            for (int h = 0; h < trace.heads(); ++h) {
                float* data = trace.headData(l, h);  // (T, S) row-major
                for (int q = 0; q < trace.length(); ++q)
                    for (int k = 0; k < trace.keyLength(); ++k)
                        data[q * trace.keyLength() + k] = syntheticWeight(trace.stack(), l, h, q, k);
            }
    result.trace = result.stacks.back();
    result.decoderInput.ids = targetIds;
    result.decoderInput.tokens = target;
    result.decoderInput.displayTokens = target;
    result.decoderInput.special.assign(targetIds.size(), false);
    return result;
}

}  // namespace testsupport

#pragma once
// Writes float32 arrays as NumPy .npy files (format version 1.0), so a whole trace loads in
// Python with one numpy.load() call instead of parsing megabytes of JSON:
//   b"\x93NUMPY" 1 0 | header length (uint16 LE) | "{'descr': '<f4', 'fortran_order': False,
//   'shape': (L, H, T, T), }" + spaces + "\n" | raw little-endian float32 data in C order.
// The header is padded so that the data starts at a multiple of 64 bytes, as NumPy does.
// Spec: https://numpy.org/doc/stable/reference/generated/numpy.lib.format.html

#include <vector>

#include <QIODevice>
#include <QtGlobal>

#include "core/AttentionTrace.h"

namespace headmap {

// `data` holds the product of `shape` floats in C order (last index fastest); an empty shape
// is a 0-d array of one float. Returns false when the device is missing, not writable or
// refuses bytes. Throws InputError for a negative dimension.
bool writeNpy(QIODevice* device, const float* data, const std::vector<qint64>& shape);

// The trace as one (L, H, T, S) array, indexed [layer][head][query][key], S = T but for
// cross-attention (S source tokens); layer / head >= 0 select one (the array is then
// (1, H, T, S), (L, 1, T, S) or (1, 1, T, S)). Head by head, so only one head's weights are
// computed at a time.
bool writeTraceNpy(QIODevice* device, const AttentionTrace& trace, int layer = -1, int head = -1);

// A mixture-of-experts trace's router choices (AttentionTrace::experts) as one int32 (L, T, K)
// array, indexed [layer][token][k] in the router's order, −1 throughout a dense layer's rows;
// layer >= 0 selects one (1, T, K).
bool writeExpertsNpy(QIODevice* device, const AttentionTrace& trace, int layer = -1);

// A sink model's sink mass (1 − each row's sum, io/TraceExport.h) as one float32 (L, H, T)
// array, indexed [layer][head][query]; layer / head >= 0 select one, as writeTraceNpy.
bool writeSinkMassNpy(QIODevice* device, const AttentionTrace& trace, int layer = -1, int head = -1);

}  // namespace headmap

#pragma once
// The JSON header of a .safetensors file, parsed and validated on its own so that no tensor byte
// is looked at before every entry has been checked against the size of the data area.
// Internal to engine/formats: SafetensorsFile is the public face.

#include <limits>
#include <vector>

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include "formats/SafetensorsFile.h"

namespace headmap {

struct SafetensorsHeader {
    std::vector<TensorInfo> tensors;  // sorted by (begin, end, name): the order of the data area
    QJsonObject metadata;             // "__metadata__", every value a string; empty when absent
};

// Parses `json` (the N header bytes) and validates every entry against a data area of
// `dataBytes` bytes. Throws ModelError whose message starts with `path`.
SafetensorsHeader parseSafetensorsHeader(const QString& path, const QByteArray& json, qint64 dataBytes);

// Bytes per element (1 for BOOL and the F8 types).
int dtypeSize(TensorDType dtype);

// Product of the dimensions into *count; false when it does not fit in a qint64. A zero
// anywhere makes the product zero, however large the other dimensions are.
// The largest byte count or offset a file may have (qint64, as QFile measures).
constexpr qint64 kMaxQint64 = std::numeric_limits<qint64>::max();

bool checkedElementCount(const std::vector<qint64>& shape, qint64* count);

// A tensor or key name made safe for a one-line message: quoted, control characters escaped,
// very long names shortened. File contents are arbitrary bytes; messages must stay one line.
QString quotedName(const QString& name);

// "safetensors file 'PATH': DETAIL", the prefix shared by every error about one file.
[[noreturn]] void throwFileError(const QString& path, const QString& detail);

// A file that ends before the bytes it says it has: most often a download that stopped early,
// so the message starts with what to do, then keeps the detail: "safetensors file 'PATH' is
// incomplete (HAVE of NEED bytes): download it again. Detail: DETAIL". `expectedSize` is exact
// when the header is whole (it gives the size of the data area), else a lower bound
// (`exact` false: "of at least NEED bytes").
[[noreturn]] void throwIncompleteFile(const QString& path, qint64 fileSize, qint64 expectedSize, bool exact,
                                      const QString& detail);

// A byte count for a message, its digits grouped in threes ("1,026,854"); the separator is
// the message language's (a translatable text), so Danish reads "1.026.854".
QString byteCountText(qint64 bytes);

}  // namespace headmap

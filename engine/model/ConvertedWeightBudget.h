#pragma once
// How much memory a model may use to keep its converted weights (#40, formats/KeepingCheckpoint.h):
// by default half of the memory available when it is opened, so that small and mid-size BF16,
// F16 and GGUF models run at F32 speed from their second pass on while a large one still streams
// a layer at a time; the user can set it (headmap-cli --weight-memory, the GUI's settings).

#include <optional>

#include <QString>

namespace headmap {

// MemAvailable of /proc/meminfo, in bytes; 0 when it cannot be read (another system).
qint64 availableMemoryBytes();
// Half of availableMemoryBytes(); 2 GiB when that is unknown.
qint64 defaultConvertedWeightBudget();

// "0", "512M", "1.5G", "800MB", "2GiB", "4096" (bytes): K, M, G, T are powers of 1,024, a
// trailing "B" or "iB" is allowed, case does not matter. Empty when the text is not such a size
// (negative, not a number, beyond 2^62 bytes).
std::optional<qint64> parseMemorySize(const QString& text);
// For people: "1.5 GB", "512 MB" (powers of 1,024, as parseMemorySize reads them).
QString memorySizeText(qint64 bytes);

}  // namespace headmap

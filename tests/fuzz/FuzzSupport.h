#pragma once
// What every harness of tests/fuzz shares: a scratch folder for parsers that read files by path,
// and the checks of the promise every parser makes about bad input: it is refused with a
// HeadmapError (ModelError, InputError) whose message is not empty. Any other exception, an
// empty message or a broken invariant is a finding: the harness prints why and aborts, which
// libFuzzer (or the replay main of ordinary builds) reports as a crash with the input saved.

#include <cstddef>
#include <cstdint>
#include <functional>

#include <QByteArray>
#include <QPair>
#include <QString>

namespace headmap::fuzz {

// The fuzz input as bytes (copied: Qt's parsers may keep what they are given).
QByteArray inputBytes(const uint8_t* data, size_t size);

// A folder of this process, on tmpfs when there is one, removed at exit; each harness keeps its
// files there and overwrites them on every input.
QString scratchFolder();
// Writes `bytes` to scratchFolder()/relativePath (folders created) and returns the path.
QString writeScratchFile(const QString& relativePath, const QByteArray& bytes);
// Removes a scratch file left by an earlier input (one optional file of a folder).
void removeScratchFile(const QString& relativePath);

// Runs `parse`; returns true when it returned, false when it refused the input with a
// HeadmapError with a non-empty message. Anything else aborts with `what` in the report.
bool acceptsOrRefusesCleanly(const char* what, const std::function<void()>& parse);

// Reports a broken promise of the parser and aborts.
[[noreturn]] void fail(const char* what, const QString& detail);
// fail(what, ...) unless `condition` holds.
void require(bool condition, const char* what, const char* detail);

// The input cut at the first `separator`: what comes before it, and what after (empty and the
// whole input when there is none). Lets one input hold two files.
QPair<QByteArray, QByteArray> splitAt(const QByteArray& input, const QByteArray& separator);

// The fixtures folder of the source tree (tests/fixtures), for files a harness holds fixed.
QString fixturesFolder();

}  // namespace headmap::fuzz

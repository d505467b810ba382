#pragma once
// Ctrl-C (SIGINT) and SIGTERM during a command that writes many files (export-all): while an
// InterruptGuard lives, the signal only raises a flag; the command polls interrupted() between
// files, stops, and throws Interrupted, so the file being written is finished and renamed into
// place and no temporary file is left behind. A second signal ends the program at once (the
// default action is back after the first), for a user who does not want to wait for that file.

#include <csignal>

#include "core/HeadmapError.h"

namespace headmap::cli {

class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    InterruptGuard(const InterruptGuard&) = delete;
    InterruptGuard& operator=(const InterruptGuard&) = delete;

    // The signal that came since the guard was made (SIGINT, SIGTERM), else 0.
    static int interrupted();

private:
    struct sigaction m_previousInt {};
    struct sigaction m_previousTerm {};
};

// The command stopped because of signal(); the CLI exits with 128 + signal (130 for Ctrl-C),
// as a shell reports a program the signal ended.
class Interrupted : public HeadmapError {
public:
    Interrupted(int signal, const QString& message) : HeadmapError(Kind::Input, message), m_signal(signal) {}
    int signal() const { return m_signal; }

private:
    int m_signal;
};

}  // namespace headmap::cli

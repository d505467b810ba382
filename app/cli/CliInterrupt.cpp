#include "cli/CliInterrupt.h"

namespace headmap::cli {
namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void rememberSignal(int signal) {
    g_signal = signal;
}

void catchSignal(int signal, struct sigaction* previous) {
    struct sigaction action {};
    action.sa_handler = rememberSignal;
    sigemptyset(&action.sa_mask);
    // SA_RESETHAND: the second signal gets the default action and ends the program.
    action.sa_flags = SA_RESETHAND | SA_RESTART;
    sigaction(signal, &action, previous);
    // A program started with the signal ignored (nohup, a background job) keeps it ignored.
    if (previous->sa_handler == SIG_IGN)
        sigaction(signal, previous, nullptr);
}

}  // namespace

InterruptGuard::InterruptGuard() {
    g_signal = 0;
    catchSignal(SIGINT, &m_previousInt);
    catchSignal(SIGTERM, &m_previousTerm);
}

InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &m_previousInt, nullptr);
    sigaction(SIGTERM, &m_previousTerm, nullptr);
}

int InterruptGuard::interrupted() {
    return g_signal;
}

}  // namespace headmap::cli

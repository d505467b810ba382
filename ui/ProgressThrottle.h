#pragma once
// Which progress updates of a forward pass reach the window. Each update repaints the window on
// the GUI thread, which takes a core from a short pass: typing at the end of 64 tokens on the
// Qwen2.5-0.5B shape spent a third of its time so. Updates show from 200 ms into the pass, and
// then at most one per 100 ms; the last one of a long pass may be dropped, the result follows.

#include <QtGlobal>

namespace headmap::ui {

class ProgressThrottle {
public:
    static constexpr qint64 kFirstAfterMs = 200;
    static constexpr qint64 kIntervalMs = 100;

    // Whether the update at elapsedMs since the pass started is shown (it then counts as shown).
    bool admit(qint64 elapsedMs) {
        if (elapsedMs < kFirstAfterMs || (m_shown && elapsedMs - m_lastShownMs < kIntervalMs))
            return false;
        m_shown = true;
        m_lastShownMs = elapsedMs;
        return true;
    }

private:
    bool m_shown = false;
    qint64 m_lastShownMs = 0;
};

}  // namespace headmap::ui

#pragma once
// What a job on a worker thread reports instead of throwing: nothing catches an exception there,
// and the window shows the message in its banner or in the view that asked.

#include <exception>
#include <new>

#include <QCoreApplication>
#include <QString>

#include "core/HeadmapError.h"

namespace headmap::ui {

class WorkFailure {
    Q_DECLARE_TR_FUNCTIONS(WorkFailure)
public:
    // Runs work(); returns "" when it succeeded, else a message saying what failed while doing
    // `what` ("computing layer 3, head 5"): a HeadmapError's own message, or one naming `what`.
    template <typename Work>
    static QString of(const QString& what, Work work) {
        try {
            work();
        } catch (const HeadmapError& error) {
            return error.message();
        } catch (const std::bad_alloc&) {
            return tr("Out of memory while %1: try a shorter text or a smaller model.").arg(what);
        } catch (const std::exception& error) {
            return tr("Failed while %1: %2").arg(what, QString::fromUtf8(error.what()));
        } catch (...) {
            return tr("Failed while %1: unexpected error").arg(what);
        }
        return QString();
    }
};

}  // namespace headmap::ui

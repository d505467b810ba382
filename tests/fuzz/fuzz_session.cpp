// A .headmap session file (ui/Session.h). An accepted session round-trips: saving it and
// loading the saved file gives an equal session, and saving that again gives the same bytes.

#include <QFile>

#include "FuzzSupport.h"
#include "Session.h"

using namespace headmap;
using namespace headmap::fuzz;
using headmap::ui::Session;

namespace {

QByteArray savedBytes(const Session& session, const QString& path) {
    const QString error = ui::saveSession(session, path);
    if (!error.isEmpty())
        fail("saveSession", QStringLiteral("cannot save an accepted session: %1").arg(error));
    QFile file(path);
    require(file.open(QIODevice::ReadOnly), "saveSession", "the saved file cannot be read");
    return file.readAll();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QString path = writeScratchFile(QStringLiteral("lesson.headmap"), inputBytes(data, size));
    Session session;
    if (!acceptsOrRefusesCleanly("loadSession", [&] { session = ui::loadSession(path); }))
        return 0;
    const QString savedPath = scratchFolder() + QStringLiteral("/saved.headmap");
    const QByteArray first = savedBytes(session, savedPath);
    Session reloaded;
    if (!acceptsOrRefusesCleanly("loadSession (saved)", [&] { reloaded = ui::loadSession(savedPath); }))
        fail("loadSession", QStringLiteral("refuses the file saveSession wrote:\n%1").arg(QString::fromUtf8(first)));
    if (reloaded != session)
        fail("loadSession", QStringLiteral("the saved session loads as another one:\n%1").arg(QString::fromUtf8(first)));
    const QByteArray second = savedBytes(reloaded, savedPath);
    if (second != first)
        fail("saveSession", QStringLiteral("saving the reloaded session gives other bytes:\n%1\n----\n%2")
                                .arg(QString::fromUtf8(first), QString::fromUtf8(second)));
    return 0;
}

#include "model/ShippedModels.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

struct ShippedModel {
    const char* spec;
    const char* folder;  // under share/headmap/models/
};

// builtin:numbers: Danish and Chinese number words to digits (resources/models/numbers/,
// trained by its train_numbers.py). builtin:induction: a 2-layer GPT-2 that copies a repeated
// string of letters with an induction head (resources/models/induction/, train_induction.py).
constexpr ShippedModel kShipped[] = {
    {"builtin:numbers", "numbers"},
    {"builtin:induction", "induction"},
};

QStringList candidateFolders(const QString& folder) {
    QStringList candidates;
    const QString fromEnvironment = qEnvironmentVariable("HEADMAP_MODELS_DIR");
    if (!fromEnvironment.isEmpty())
        candidates << QDir(fromEnvironment).filePath(folder);
    if (QCoreApplication::instance())
        candidates << QDir::cleanPath(QDir(QCoreApplication::applicationDirPath())
                                          .filePath(QStringLiteral("../share/headmap/models/") + folder));
    return candidates;
}

}  // namespace

QStringList shippedModelNames() {
    QStringList names;
    for (const ShippedModel& model : kShipped)
        names << QLatin1String(model.spec);
    return names;
}

std::optional<QString> shippedModelFolder(const QString& spec) {
    for (const ShippedModel& model : kShipped) {
        if (spec != QLatin1String(model.spec))
            continue;
        const QStringList candidates = candidateFolders(QLatin1String(model.folder));
        for (const QString& candidate : candidates)
            if (QFileInfo(QDir(candidate).filePath(QStringLiteral("config.json"))).isFile())
                return candidate;
        throw ModelError(QCoreApplication::translate("Engine", "the model folder of %1 is missing (looked in: %2); "
                                                               "reinstall Headmap, or set HEADMAP_MODELS_DIR to the "
                                                               "folder holding %3/")
                             .arg(spec, candidates.join(QStringLiteral(", ")), QLatin1String(model.folder)));
    }
    return std::nullopt;
}

}  // namespace headmap

#include "model/LanguageChoice.h"

#include <QCoreApplication>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

// How many codes an error message shows before "…".
constexpr int kShownCodes = 8;

QString someCodes(const QStringList& codes) {
    QStringList shown = codes.mid(0, kShownCodes);
    if (codes.size() > kShownCodes)
        shown << QCoreApplication::translate("Engine", "… (%1 in all)").arg(codes.size());
    return shown.join(QStringLiteral(", "));
}

}  // namespace

QString bareLanguageCode(const QString& code) {
    QString bare = code;
    if (bare.size() > 4 && bare.startsWith(QLatin1String("__")) && bare.endsWith(QLatin1String("__")))
        return bare.mid(2, bare.size() - 4);
    if (bare.size() > 4 && bare.startsWith(QLatin1String(">>")) && bare.endsWith(QLatin1String("<<")))
        return bare.mid(2, bare.size() - 4);
    const qsizetype underscore = bare.indexOf(QLatin1Char('_'));
    return underscore > 0 ? bare.left(underscore) : bare;
}

QString resolveLanguageCode(const QStringList& codes, const QString& code, const QString& what) {
    if (codes.contains(code))
        return code;
    if (codes.isEmpty())
        throw InputError(QCoreApplication::translate("Engine", "the model takes no %1 code ('%2'): leave it out")
                             .arg(what, code));
    QStringList matches;
    for (const QString& listed : codes)
        if (bareLanguageCode(listed) == code)
            matches << listed;
    if (matches.size() == 1)
        return matches.first();
    if (matches.size() > 1)
        throw InputError(QCoreApplication::translate("Engine", "%1 '%2' could be %3: give one of them")
                             .arg(what, code, matches.join(QStringLiteral(", "))));
    throw InputError(QCoreApplication::translate("Engine", "the model has no %1 '%2'; choose one of %3")
                         .arg(what, code, someCodes(codes)));
}

}  // namespace headmap

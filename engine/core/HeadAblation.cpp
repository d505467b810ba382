#include "core/HeadAblation.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

HeadAblation parseOne(const QString& item) {
    // Digits only: a sign or a stray letter is a typo worth reporting, not a head.
    static const QRegularExpression pattern(QStringLiteral("^(\\d{1,9})\\.(\\d{1,9})(?::(zero|mean))?$"),
                                            QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = pattern.match(item);
    if (!match.hasMatch())
        throw InputError(
            QCoreApplication::translate("Engine", "'%1' is not L.H or L.H:mean (layer.head, e.g. 3.1 or 0.2:mean)")
                .arg(item));
    HeadAblation ablation;
    ablation.layer = match.captured(1).toInt();
    ablation.head = match.captured(2).toInt();
    ablation.mode = match.captured(3).compare(QLatin1String("mean"), Qt::CaseInsensitive) == 0 ? AblationMode::Mean
                                                                                              : AblationMode::Zero;
    return ablation;
}

}  // namespace

std::vector<HeadAblation> parseHeadAblations(const QString& text) {
    std::vector<HeadAblation> ablations;
    if (text.trimmed().isEmpty())
        return ablations;
    for (const QString& raw : text.split(QLatin1Char(','))) {
        const QString item = raw.trimmed();
        if (item.isEmpty())
            throw InputError(QCoreApplication::translate(
                                 "Engine", "'%1' has an empty item; expected L.H or L.H:mean between the commas")
                                 .arg(text));
        ablations.push_back(parseOne(item));
    }
    return ablations;
}

QString formatHeadAblations(const std::vector<HeadAblation>& ablations) {
    QStringList items;
    for (const HeadAblation& a : ablations)
        items << QStringLiteral("%1.%2%3").arg(a.layer).arg(a.head).arg(a.mode == AblationMode::Mean
                                                                          ? QStringLiteral(":mean")
                                                                          : QString());
    return items.join(QLatin1Char(','));
}

}  // namespace headmap

#include "core/HeadAblation.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QStringList>

#include "core/HeadmapError.h"

namespace headmap {
namespace {

HeadAblation parseOneAblation(const QString& item) {
    // Digits only: a sign or a stray letter is a typo worth reporting, not a head. A word and a
    // colon before the head name its stack (encoder–decoder models); which words are stacks is
    // checked below, so that a misspelt stack gets its own message.
    static const QRegularExpression pattern(
        QStringLiteral("^(?:([a-z]+):)?(\\d{1,9})\\.(\\d{1,9})(?::(zero|mean))?$"),
        QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = pattern.match(item);
    if (!match.hasMatch())
        throw InputError(QCoreApplication::translate("Engine", "'%1' is not L.H or L.H:mean (layer.head, e.g. 3.1 or "
                                                               "0.2:mean; in a translation model STACK:L.H, e.g. "
                                                               "cross:3.1 or encoder:0.2:mean)")
                             .arg(item));
    HeadAblation ablation;
    if (match.hasCaptured(1)) {
        const QString stack = match.captured(1).toLower();
        ablation.stack = stackFromName(stack);
        if (!ablation.stack)
            throw InputError(QCoreApplication::translate("Engine", "'%1': write the stack as encoder, decoder or "
                                                                   "cross before the head, not '%2' (e.g. cross:3.1)")
                                 .arg(item, match.captured(1)));
    }
    ablation.layer = match.captured(2).toInt();
    ablation.head = match.captured(3).toInt();
    ablation.mode = match.captured(4).compare(QLatin1String("mean"), Qt::CaseInsensitive) == 0 ? AblationMode::Mean
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
        ablations.push_back(parseOneAblation(item));
    }
    return ablations;
}

QString formatHeadAblations(const std::vector<HeadAblation>& ablations) {
    QStringList items;
    for (const HeadAblation& a : ablations)
        items << QStringLiteral("%1%2.%3%4")
                     .arg(a.stack ? stackName(*a.stack) + QLatin1Char(':') : QString())
                     .arg(a.layer)
                     .arg(a.head)
                     .arg(a.mode == AblationMode::Mean ? QStringLiteral(":mean") : QString());
    return items.join(QLatin1Char(','));
}

}  // namespace headmap

#include "model/ConvertedWeightBudget.h"

#include <cmath>

#include <QFile>
#include <QRegularExpression>

namespace headmap {

qint64 availableMemoryBytes() {
    QFile meminfo(QStringLiteral("/proc/meminfo"));
    if (!meminfo.open(QIODevice::ReadOnly))
        return 0;
    // "MemAvailable:   15728640 kB"
    for (const QByteArray& line : meminfo.readAll().split('\n')) {
        if (!line.startsWith("MemAvailable:"))
            continue;
        const QList<QByteArray> fields = line.simplified().split(' ');
        bool ok = false;
        const qint64 kilobytes = fields.size() >= 2 ? fields[1].toLongLong(&ok) : 0;
        return ok && kilobytes > 0 ? kilobytes * 1024 : 0;
    }
    return 0;
}

qint64 defaultConvertedWeightBudget() {
    const qint64 available = availableMemoryBytes();
    return available > 0 ? available / 2 : qint64(2) << 30;
}

std::optional<qint64> parseMemorySize(const QString& text) {
    static const QRegularExpression size(QStringLiteral("^\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([kmgt]?)(i?b)?\\s*$"),
                                         QRegularExpression::CaseInsensitiveOption);
    const QRegularExpressionMatch match = size.match(text);
    if (!match.hasMatch())
        return std::nullopt;
    bool ok = false;
    const double number = match.captured(1).toDouble(&ok);
    if (!ok || !std::isfinite(number))
        return std::nullopt;
    const QString unit = match.captured(2).toLower();
    if (unit.isEmpty() && match.captured(3).compare(QLatin1String("ib"), Qt::CaseInsensitive) == 0)
        return std::nullopt;  // "5iB"
    const int shift = unit.isEmpty() ? 0 : unit == QLatin1String("k") ? 10 : unit == QLatin1String("m") ? 20
                                     : unit == QLatin1String("g") ? 30 : 40;
    const double bytes = std::ldexp(number, shift);
    if (bytes > std::ldexp(1.0, 62))
        return std::nullopt;
    return qint64(std::llround(bytes));
}

QString memorySizeText(qint64 bytes) {
    const char* units[] = {"B", "kB", "MB", "GB", "TB"};
    double value = double(bytes);
    int unit = 0;
    while (value >= 1024.0 && unit < 4) {
        value /= 1024.0;
        ++unit;
    }
    return unit == 0 ? QStringLiteral("%1 B").arg(bytes)
                     : QStringLiteral("%1 %2").arg(value, 0, 'f', value < 10 ? 1 : 0).arg(QLatin1String(units[unit]));
}

}  // namespace headmap

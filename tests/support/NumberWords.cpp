#include "NumberWords.h"

namespace testsupport {
namespace {

const char* const kOnes[] = {"nul", "en", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni"};
const char* const kTeens[] = {"ti", "elleve", "tolv", "tretten", "fjorten",
                              "femten", "seksten", "sytten", "atten", "nitten"};
const char* const kTens[] = {"", "", "tyve", "tredive", "fyrre", "halvtreds", "tres", "halvfjerds", "firs", "halvfems"};

QString below100(int n) {
    if (n < 10)
        return QLatin1String(kOnes[n]);
    if (n < 20)
        return QLatin1String(kTeens[n - 10]);
    if (n % 10 == 0)
        return QLatin1String(kTens[n / 10]);
    return QLatin1String(kOnes[n % 10]) + QStringLiteral("og") + QLatin1String(kTens[n / 10]);
}

// "et"/"ét" for one hundred or thousand, else the digit's word.
QString leading(int digit, const DanishSpelling& s) {
    return digit == 1 ? (s.accentedEt ? QStringLiteral("ét") : QStringLiteral("et")) : QLatin1String(kOnes[digit]);
}

QString below1000(int n, const DanishSpelling& s) {
    if (n < 100)
        return below100(n);
    const QString head = leading(n / 100, s) + (s.shortHundred ? QStringLiteral(" hundred") : QStringLiteral(" hundrede"));
    return n % 100 == 0 ? head : head + QStringLiteral(" og ") + below100(n % 100);
}

void addOnce(QStringList& list, const QString& text) {
    if (!list.contains(text))
        list << text;
}

}  // namespace

QString danishNumber(int n, DanishSpelling s) {
    if (n < 1000)
        return below1000(n, s);
    const QString head = leading(n / 1000, s) + (s.longThousand ? QStringLiteral(" tusinde") : QStringLiteral(" tusind"));
    const int rest = n % 1000;
    if (rest == 0)
        return head;
    if (rest < 100)
        return head + QStringLiteral(" og ") + below100(rest);
    return head + QLatin1Char(' ') + below1000(rest, s);
}

QString chineseNumber(int n, bool liangBai, bool liangQian) {
    static const QString digits = QStringLiteral("零一二三四五六七八九");
    if (n == 0)
        return QStringLiteral("零");
    if (n >= 10 && n <= 19)
        return QStringLiteral("十") + (n == 10 ? QString() : QString(digits[n - 10]));
    const struct { int place; QString unit; } places[] = {
        {1000, QStringLiteral("千")}, {100, QStringLiteral("百")}, {10, QStringLiteral("十")}, {1, QString()}};
    QString out;
    bool zeroPending = false;
    for (const auto& p : places) {
        const int digit = n / p.place % 10;
        if (digit == 0) {
            zeroPending = !out.isEmpty();  // zeros between non-zero places; trailing ones vanish
            continue;
        }
        if (zeroPending)
            out += QStringLiteral("零");
        zeroPending = false;
        const bool liang = digit == 2 && ((p.place == 100 && liangBai) || (p.place == 1000 && liangQian));
        out += (liang ? QStringLiteral("两") : QString(digits[digit])) + p.unit;
    }
    return out;
}

QStringList danishSpellings(int n) {
    QStringList out;
    for (int bits = 0; bits < 8; ++bits)
        addOnce(out, danishNumber(n, DanishSpelling{(bits & 1) != 0, (bits & 2) != 0, (bits & 4) != 0}));
    return out;
}

QStringList chineseSpellings(int n) {
    QStringList out;
    for (int bits = 0; bits < 4; ++bits)
        addOnce(out, chineseNumber(n, (bits & 1) != 0, (bits & 2) != 0));
    return out;
}

}  // namespace testsupport

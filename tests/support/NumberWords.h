#pragma once
// Danish and Chinese number words for 0..9,999 with the conventions of issue #41, written here
// from the text on their own (not from the training script), so that the tests of
// builtin:numbers check the model against the conventions users rely on.

#include <QString>
#include <QStringList>

namespace testsupport {

// Danish spelling choices the issue accepts besides the canonical "et", "hundrede", "tusind".
struct DanishSpelling {
    bool accentedEt = false;   // "ét hundrede"
    bool shortHundred = false; // "hundred"
    bool longThousand = false; // "tusinde"
};

QString danishNumber(int number, DanishSpelling spelling = {});
// 两 instead of 二 before 百 (liangBai) and before 千 (liangQian).
QString chineseNumber(int number, bool liangBai = false, bool liangQian = false);

// Every accepted spelling, the canonical one first, without repeats.
QStringList danishSpellings(int number);
QStringList chineseSpellings(int number);

}  // namespace testsupport

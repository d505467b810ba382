#pragma once
// Sizes and durations for people, as the download progress shows them: "831 B", "182.2 kB",
// "1.4 GB"; "45 s", "3 min 20 s".

#include <QString>

namespace headmap {

QString byteSizeText(qint64 bytes);
QString durationText(double seconds);

}  // namespace headmap

#include "local/LocalModel.h"

#include <new>

#include <QCoreApplication>
#include <QFileInfo>

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"
#include "gguf/GgufFileType.h"

namespace headmap {

void describeGgufFile(LocalModel& model) {
    const QFileInfo info(model.path);
    model.sizeBytes = info.isFile() ? info.size() : -1;
    try {
        const GgufFile gguf(model.path);
        const GgufMetadata& metadata = gguf.metadata();
        model.architecture = metadata.string(QStringLiteral("general.architecture"), QString());
        if (metadata.contains(QStringLiteral("general.file_type")))
            model.quantization = llamaFileTypeName(metadata.uint(QStringLiteral("general.file_type")));
    } catch (const HeadmapError& error) {
        model.error = error.message();
    } catch (const std::bad_alloc&) {
        model.error = QCoreApplication::translate("Engine", "GGUF file '%1': out of memory reading its header")
                          .arg(model.path);
    }
}

QString readableSize(qint64 bytes) {
    if (bytes < 0)
        return QStringLiteral("?");
    if (bytes < 1000)
        return QString::number(bytes) + QStringLiteral(" bytes");
    const char* units[] = {"kB", "MB", "GB", "TB"};
    double value = double(bytes);
    int unit = -1;
    while (value >= 1000.0 && unit < 3) {
        value /= 1000.0;
        ++unit;
    }
    return QString::number(value, 'f', 1) + QLatin1Char(' ') + QLatin1String(units[unit]);
}

}  // namespace headmap

#include "gguf/GgufFileType.h"

#include <map>

#include "formats/GgufFile.h"

namespace headmap {

QString llamaFileTypeName(quint64 fileType) {
    // llama.h: "LLAMA_FTYPE_GUESSED = 1024, // not specified in the model file"
    constexpr quint64 kGuessed = 1024;
    if (fileType & kGuessed)
        return llamaFileTypeName(fileType & ~kGuessed) + QStringLiteral(" (guessed)");
    // enum llama_ftype (include/llama.h); 5 and 6 (Q4_2, Q4_3) were removed before GGUF existed.
    switch (fileType) {
    case 0: return QStringLiteral("F32");  // LLAMA_FTYPE_ALL_F32
    case 1: return QStringLiteral("F16");
    case 2: return QStringLiteral("Q4_0");
    case 3: return QStringLiteral("Q4_1");
    case 4: return QStringLiteral("Q4_1_SOME_F16");
    case 7: return QStringLiteral("Q8_0");
    case 8: return QStringLiteral("Q5_0");
    case 9: return QStringLiteral("Q5_1");
    case 10: return QStringLiteral("Q2_K");
    case 11: return QStringLiteral("Q3_K_S");
    case 12: return QStringLiteral("Q3_K_M");
    case 13: return QStringLiteral("Q3_K_L");
    case 14: return QStringLiteral("Q4_K_S");
    case 15: return QStringLiteral("Q4_K_M");
    case 16: return QStringLiteral("Q5_K_S");
    case 17: return QStringLiteral("Q5_K_M");
    case 18: return QStringLiteral("Q6_K");
    case 19: return QStringLiteral("IQ2_XXS");
    case 20: return QStringLiteral("IQ2_XS");
    case 21: return QStringLiteral("Q2_K_S");
    case 22: return QStringLiteral("IQ3_XS");
    case 23: return QStringLiteral("IQ3_XXS");
    case 24: return QStringLiteral("IQ1_S");
    case 25: return QStringLiteral("IQ4_NL");
    case 26: return QStringLiteral("IQ3_S");
    case 27: return QStringLiteral("IQ3_M");
    case 28: return QStringLiteral("IQ2_S");
    case 29: return QStringLiteral("IQ2_M");
    case 30: return QStringLiteral("IQ4_XS");
    case 31: return QStringLiteral("IQ1_M");
    case 32: return QStringLiteral("BF16");
    case 33: return QStringLiteral("Q4_0_4_4");  // 33-35: no longer written (runtime repacking)
    case 34: return QStringLiteral("Q4_0_4_8");
    case 35: return QStringLiteral("Q4_0_8_8");
    case 36: return QStringLiteral("TQ1_0");
    case 37: return QStringLiteral("TQ2_0");
    case 38: return QStringLiteral("MXFP4_MOE");
    default: return QStringLiteral("file type ") + QString::number(fileType);
    }
}

QString ggufFileTypeName(quint64 fileType) {
    // 0 ALL_F32, 1 MOSTLY_F16 and 32 MOSTLY_BF16 are exact; a guessed or unknown type says nothing.
    constexpr quint64 kGuessed = 1024;
    if (fileType == 0 || fileType == 1 || fileType == 32 || (fileType & kGuessed))
        return QString();
    const QString name = llamaFileTypeName(fileType);
    return name.startsWith(QLatin1String("file type ")) ? QString() : name;
}

QString ggufQuantization(const GgufFile& file) {
    const QString key = QStringLiteral("general.file_type");
    if (file.metadata().contains(key)) {
        const quint64 fileType = file.metadata().uint(key);
        const QString name = ggufFileTypeName(fileType);
        if (!name.isEmpty() || fileType <= 1 || fileType == 32)
            return name;
    }
    // No (known) file type: the quantised type holding the most bytes.
    std::map<QString, qint64> bytesOfType;
    for (const QString& name : file.tensorNames()) {
        const GgufTensorInfo* tensor = file.info(name);
        if (tensor->type != GgmlType::F32 && tensor->type != GgmlType::F16 && tensor->type != GgmlType::BF16)
            bytesOfType[tensor->typeName] += tensor->byteSize;
    }
    QString dominant;
    qint64 most = -1;
    for (const auto& [type, bytes] : bytesOfType)
        if (bytes > most) {
            most = bytes;
            dominant = type;
        }
    return dominant;
}

}  // namespace headmap

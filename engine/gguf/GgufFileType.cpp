#include "gguf/GgufFileType.h"

#include <map>

#include "formats/GgufFile.h"

namespace headmap {

QString ggufFileTypeName(quint64 fileType) {
    // enum llama_ftype (llama.cpp include/llama.h); 0 ALL_F32, 1 MOSTLY_F16 and 32 MOSTLY_BF16
    // are exact and so named by no string.
    static const std::map<quint64, const char*> kNames = {
        {2, "Q4_0"},     {3, "Q4_1"},     {7, "Q8_0"},     {8, "Q5_0"},     {9, "Q5_1"},
        {10, "Q2_K"},    {11, "Q3_K_S"},  {12, "Q3_K_M"},  {13, "Q3_K_L"},  {14, "Q4_K_S"},
        {15, "Q4_K_M"},  {16, "Q5_K_S"},  {17, "Q5_K_M"},  {18, "Q6_K"},    {19, "IQ2_XXS"},
        {20, "IQ2_XS"},  {21, "Q2_K_S"},  {22, "IQ3_XS"},  {23, "IQ3_XXS"}, {24, "IQ1_S"},
        {25, "IQ4_NL"},  {26, "IQ3_S"},   {27, "IQ3_M"},   {28, "IQ2_S"},   {29, "IQ2_M"},
        {30, "IQ4_XS"},  {31, "IQ1_M"},   {36, "TQ1_0"},   {37, "TQ2_0"},   {38, "MXFP4_MOE"},
    };
    const auto it = kNames.find(fileType);
    return it == kNames.end() ? QString() : QString::fromLatin1(it->second);
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

#include "FamilyCases.h"

#include <algorithm>
#include <cstring>

#include <QDir>

#include "gguf/GgufModelLoader.h"
#include "hf/HfModelLoader.h"
#include "model/ModelLoader.h"

namespace headmap::testing {

QString fixturesDir(const QString& relative) {
    return QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(relative);
}

std::unique_ptr<Model> loadCase(const QString& source) {
    if (source.startsWith(QLatin1String("builtin:")))
        return loadModel(ModelSpec{source, {}});
    if (source.startsWith(QLatin1String("models/")))
        return loadModel(ModelSpec{fixturesDir(source), {}});
    const QStringList parts = source.split(QLatin1Char('|'));
    auto tokenizer = loadHfTokenizerFolder(fixturesDir(QStringLiteral("models/") + parts.value(1)), parts.value(1)).tokenizer;
    const QString file = parts.value(0).mid(int(std::strlen("gguf/")));
    return loadGgufModel(fixturesDir(QStringLiteral("gguf/models/") + file), file, std::move(tokenizer));
}

Encoding inputOf(const Model& model, int length) {
    const int vocab = std::min(model.tokenizer().vocabSize(), model.summary().vocabSize);
    std::vector<int> ids;
    for (int i = 0; i < length; ++i)
        ids.push_back((i * 37 + 11) % vocab);
    return model.tokenizer().fromIds(ids);
}

}  // namespace headmap::testing

#include "hf/HfConfig.h"

#include <cmath>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

#include "core/HeadmapError.h"
#include "formats/RegularFile.h"

namespace headmap {
namespace {

class ConfigReader {
public:
    ConfigReader(const QString& path, const QJsonObject& json) : m_path(path), m_json(json) {}

    [[noreturn]] void fail(const QString& what) const {
        throw ModelError(QStringLiteral("%1: %2").arg(m_path, what));
    }

    bool has(const char* key) const {
        return m_json.contains(QLatin1String(key)) && !m_json.value(QLatin1String(key)).isNull();
    }

    int integer(const char* key, int low, int high) const {
        if (!has(key))
            fail(QStringLiteral("missing field '%1'").arg(QLatin1String(key)));
        return integerOr(key, 0, low, high);
    }

    int integerOr(const char* key, int fallback, int low, int high) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isDouble())
            fail(QStringLiteral("field '%1' must be a whole number").arg(QLatin1String(key)));
        // The range first: casting a double outside the integer range is undefined behaviour.
        const double number = value.toDouble();
        if (!(number >= low && number <= high))
            fail(QStringLiteral("field '%1' is %2; expected a whole number in %3..%4")
                     .arg(QLatin1String(key), QString::number(number, 'g', 17)).arg(low).arg(high));
        if (number != std::floor(number))
            fail(QStringLiteral("field '%1' is %2; expected a whole number")
                     .arg(QLatin1String(key), QString::number(number, 'g', 17)));
        return int(number);
    }

    double numberOr(const char* key, double fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isDouble())
            fail(QStringLiteral("field '%1' must be a number").arg(QLatin1String(key)));
        return value.toDouble();
    }

    QString stringOr(const char* key, const QString& fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isString())
            fail(QStringLiteral("field '%1' must be a string").arg(QLatin1String(key)));
        return value.toString();
    }

    bool boolOr(const char* key, bool fallback) const {
        if (!has(key))
            return fallback;
        const QJsonValue value = m_json.value(QLatin1String(key));
        if (!value.isBool())
            fail(QStringLiteral("field '%1' must be true or false").arg(QLatin1String(key)));
        return value.toBool();
    }

    Activation activation(const char* key, const QString& fallback) const {
        const QString name = stringOr(key, fallback);
        if (name == QLatin1String("gelu"))
            return Activation::GeluErf;
        if (name == QLatin1String("gelu_new") || name == QLatin1String("gelu_pytorch_tanh"))
            return Activation::GeluTanh;
        if (name == QLatin1String("relu"))
            return Activation::Relu;
        fail(QStringLiteral("activation '%1' in field '%2' is not supported (supported: gelu, "
                            "gelu_new, gelu_pytorch_tanh, relu)")
                 .arg(name, QLatin1String(key)));
    }

private:
    QString m_path;
    QJsonObject m_json;
};

constexpr int kMaxDim = 1 << 16;
constexpr int kMaxLayers = 1024;
constexpr int kMaxVocab = 1 << 24;

}  // namespace

QStringList HfConfig::supportedModelTypes() {
    return {QStringLiteral("bert"), QStringLiteral("roberta"), QStringLiteral("distilbert"),
            QStringLiteral("gpt2")};
}

HfConfig HfConfig::load(const QString& folder) {
    HfConfig config;
    config.path = QDir(folder).filePath(QStringLiteral("config.json"));
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(
        readRegularFile(config.path, 16 * 1024 * 1024, QStringLiteral("a config file")), &parseError);
    if (parseError.error != QJsonParseError::NoError)
        throw ModelError(QStringLiteral("%1: not valid JSON (%2 at byte %3)")
                             .arg(config.path, parseError.errorString()).arg(parseError.offset));
    if (!document.isObject())
        throw ModelError(QStringLiteral("%1: expected a JSON object").arg(config.path));
    const ConfigReader read(config.path, document.object());

    config.modelType = read.stringOr("model_type", QString());
    if (config.modelType.isEmpty())
        read.fail(QStringLiteral("missing field 'model_type'"));
    if (!supportedModelTypes().contains(config.modelType))
        read.fail(QStringLiteral("model_type '%1' is not supported (supported: %2)")
                      .arg(config.modelType, supportedModelTypes().join(QStringLiteral(", "))));

    if (config.modelType == QLatin1String("gpt2")) {
        config.hiddenSize = read.integer("n_embd", 1, kMaxDim);
        config.heads = read.integer("n_head", 1, kMaxDim);
        config.layers = read.integer("n_layer", 1, kMaxLayers);
        config.intermediateSize = read.integerOr("n_inner", 4 * config.hiddenSize, 1, 4 * kMaxDim);
        config.maxPositions = read.integer("n_positions", 1, 1 << 20);
        config.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
        config.layerNormEps = float(read.numberOr("layer_norm_epsilon", 1e-5));
        config.activation = read.activation("activation_function", QStringLiteral("gelu_new"));
        if (!read.boolOr("scale_attn_weights", true))
            read.fail(QStringLiteral("scale_attn_weights = false is not supported"));
        if (read.boolOr("scale_attn_by_inverse_layer_idx", false))
            read.fail(QStringLiteral("scale_attn_by_inverse_layer_idx = true is not supported"));
    } else if (config.modelType == QLatin1String("distilbert")) {
        config.hiddenSize = read.integer("dim", 1, kMaxDim);
        config.heads = read.integer("n_heads", 1, kMaxDim);
        config.layers = read.integer("n_layers", 1, kMaxLayers);
        config.intermediateSize = read.integer("hidden_dim", 1, 4 * kMaxDim);
        config.maxPositions = read.integer("max_position_embeddings", 1, 1 << 20);
        config.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
        config.padTokenId = read.integerOr("pad_token_id", 0, 0, kMaxVocab);
        config.layerNormEps = 1e-12f;  // DistilBERT hard-codes it
        config.activation = read.activation("activation", QStringLiteral("gelu"));
    } else {  // bert, roberta
        config.hiddenSize = read.integer("hidden_size", 1, kMaxDim);
        config.heads = read.integer("num_attention_heads", 1, kMaxDim);
        config.layers = read.integer("num_hidden_layers", 1, kMaxLayers);
        config.intermediateSize = read.integer("intermediate_size", 1, 4 * kMaxDim);
        config.maxPositions = read.integer("max_position_embeddings", 1, 1 << 20);
        config.vocabSize = read.integer("vocab_size", 1, kMaxVocab);
        config.typeVocabSize = read.integerOr("type_vocab_size", 2, 0, 1 << 16);
        config.padTokenId = read.integerOr("pad_token_id", config.modelType == QLatin1String("roberta") ? 1 : 0, 0, kMaxVocab);
        config.layerNormEps = float(read.numberOr("layer_norm_eps", 1e-12));
        config.activation = read.activation("hidden_act", QStringLiteral("gelu"));
        const QString positions = read.stringOr("position_embedding_type", QStringLiteral("absolute"));
        if (positions != QLatin1String("absolute"))
            read.fail(QStringLiteral("position_embedding_type '%1' is not supported (only absolute)").arg(positions));
    }

    if (config.hiddenSize % config.heads != 0)
        read.fail(QStringLiteral("hidden size %1 is not divisible by %2 attention heads")
                      .arg(config.hiddenSize).arg(config.heads));
    if (!(config.layerNormEps > 0.0f))
        read.fail(QStringLiteral("layer norm epsilon must be positive"));
    return config;
}

}  // namespace headmap

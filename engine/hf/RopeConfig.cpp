#include "hf/RopeConfig.h"

#include <QCoreApplication>

namespace headmap {
namespace {

using Type = RopeParameters::Type;

Type ropeType(const ConfigReader& params) {
    // "rope_type" is today's key, "type" the one older configs (Phi-3, early Llama) use.
    const QString name = params.has("rope_type") ? params.stringOr("rope_type", QString())
                                                 : params.stringOr("type", QStringLiteral("default"));
    if (name == QLatin1String("default"))
        return Type::Default;
    if (name == QLatin1String("linear"))
        return Type::Linear;
    if (name == QLatin1String("dynamic"))
        return Type::Dynamic;
    if (name == QLatin1String("llama3"))
        return Type::Llama3;
    if (name == QLatin1String("yarn"))
        return Type::Yarn;
    if (name == QLatin1String("longrope") || name == QLatin1String("su"))
        return Type::LongRope;
    params.fail(QCoreApplication::translate("Engine", "rope type '%1' in field '%2' is not supported (supported: "
                                                      "default, linear, dynamic, llama3, yarn, longrope)")
                    .arg(name, params.name(params.has("rope_type") ? "rope_type" : "type")));
}

double positiveNumber(const ConfigReader& params, const char* key, double fallback, bool required) {
    if (required && !params.has(key))
        params.fail(QCoreApplication::translate("Engine", "missing field '%1'").arg(params.name(key)));
    const double value = params.numberOr(key, fallback);
    if (!(value > 0.0) || !std::isfinite(value))
        params.fail(QCoreApplication::translate("Engine", "field '%1' is %2; expected a positive number")
                        .arg(params.name(key)).arg(value));
    return value;
}

std::vector<double> factorList(const ConfigReader& params, const char* key, int expected) {
    const QJsonValue value = params.json().value(QLatin1String(key));
    if (!value.isArray())
        params.fail(QCoreApplication::translate("Engine", "field '%1' must be a list of %2 numbers")
                        .arg(params.name(key)).arg(expected));
    const QJsonArray array = value.toArray();
    if (array.size() != expected)
        params.fail(QCoreApplication::translate("Engine",
                                                "field '%1' has %2 numbers; expected %3 (rotary dimension / 2)")
                        .arg(params.name(key)).arg(array.size()).arg(expected));
    std::vector<double> factors;
    for (const QJsonValue& entry : array) {
        if (!entry.isDouble() || !(entry.toDouble() > 0.0))
            params.fail(QCoreApplication::translate("Engine", "field '%1' must hold positive numbers")
                            .arg(params.name(key)));
        factors.push_back(entry.toDouble());
    }
    return factors;
}

// One parameter set. `params` holds the rope_type and its fields; theta and the partial factor
// may sit there (rope_parameters) or at the top level (legacy).
RopeParameters readParameters(const ConfigReader& config, const ConfigReader& params, double theta,
                              int headDim, int maxPositions) {
    RopeParameters rope;
    rope.type = ropeType(params);
    rope.theta = theta;
    rope.maxPositions = maxPositions;
    double partial = 1.0;
    if (params.has("partial_rotary_factor"))
        partial = params.numberOr("partial_rotary_factor", 1.0);
    else if (config.has("partial_rotary_factor"))
        partial = config.numberOr("partial_rotary_factor", 1.0);
    else if (config.has("rotary_pct"))  // GPT-NeoX's name for it
        partial = config.numberOr("rotary_pct", 1.0);
    if (!(partial > 0.0 && partial <= 1.0))
        config.fail(QCoreApplication::translate("Engine", "partial rotary factor %1 is outside (0, 1]").arg(partial));
    rope.rotaryDim = int(headDim * partial) / 2 * 2;
    if (rope.rotaryDim < 2)
        config.fail(QCoreApplication::translate("Engine", "the rotary dimension int(%1 · %2) is below 2")
                        .arg(headDim).arg(partial));

    // Phi-3 keeps the pre-training context at the top level; it wins, as in transformers.
    if (config.has("original_max_position_embeddings"))
        rope.originalMaxPositions = config.integer("original_max_position_embeddings", 1, kMaxPositionsLimit);
    else
        rope.originalMaxPositions = params.integerOr("original_max_position_embeddings", maxPositions, 1, kMaxPositionsLimit);

    switch (rope.type) {
    case Type::Default:
        break;
    case Type::Linear:
    case Type::Dynamic:
        rope.factor = positiveNumber(params, "factor", 1.0, true);
        break;
    case Type::Llama3:
        rope.factor = positiveNumber(params, "factor", 1.0, true);
        rope.lowFreqFactor = positiveNumber(params, "low_freq_factor", 1.0, true);
        rope.highFreqFactor = positiveNumber(params, "high_freq_factor", 4.0, true);
        if (!params.has("original_max_position_embeddings"))
            params.fail(QCoreApplication::translate("Engine", "missing field '%1'")
                            .arg(params.name("original_max_position_embeddings")));
        if (rope.highFreqFactor <= rope.lowFreqFactor)
            params.fail(QCoreApplication::translate("Engine", "field '%1' must be above '%2'")
                            .arg(params.name("high_freq_factor"), params.name("low_freq_factor")));
        break;
    case Type::Yarn:
        rope.factor = params.has("factor") ? positiveNumber(params, "factor", 1.0, true)
                                           : double(maxPositions) / rope.originalMaxPositions;
        rope.attentionFactor = params.has("attention_factor") ? positiveNumber(params, "attention_factor", 1.0, true) : 0.0;
        rope.betaFast = params.has("beta_fast") ? positiveNumber(params, "beta_fast", 32.0, true) : 32.0;
        rope.betaSlow = params.has("beta_slow") ? positiveNumber(params, "beta_slow", 1.0, true) : 1.0;
        rope.mscale = params.numberOr("mscale", 0.0);
        rope.mscaleAllDim = params.numberOr("mscale_all_dim", 0.0);
        rope.truncate = params.boolOr("truncate", true);
        break;
    case Type::LongRope:
        rope.factor = params.has("factor") ? positiveNumber(params, "factor", 1.0, true)
                                           : double(maxPositions) / rope.originalMaxPositions;
        if (config.has("original_max_position_embeddings"))  // transformers: the ratio wins
            rope.factor = double(maxPositions) / rope.originalMaxPositions;
        rope.attentionFactor = params.has("attention_factor") ? positiveNumber(params, "attention_factor", 1.0, true) : 0.0;
        rope.shortFactor = factorList(params, "short_factor", rope.rotaryDim / 2);
        rope.longFactor = factorList(params, "long_factor", rope.rotaryDim / 2);
        break;
    }
    return rope;
}

}  // namespace

RopeConfig readRopeConfig(const ConfigReader& config, int headDim, int maxPositions) {
    RopeConfig rope;
    if (config.has("rope_parameters")) {
        const QJsonValue value = config.json().value(QLatin1String("rope_parameters"));
        if (!value.isObject())
            config.fail(QCoreApplication::translate("Engine", "field 'rope_parameters' must be an object"));
        const QJsonObject object = value.toObject();
        auto read = [&](const QJsonObject& params, const QString& where) {
            const ConfigReader reader(config.path(), params, where);
            const double theta = positiveNumber(reader, "rope_theta", 10000.0, true);
            return readParameters(config, reader, theta, headDim, maxPositions);
        };
        if (object.contains(QLatin1String("full_attention"))) {
            rope.global = read(object.value(QLatin1String("full_attention")).toObject(),
                               QStringLiteral("rope_parameters.full_attention."));
            if (object.contains(QLatin1String("sliding_attention")))
                rope.sliding = read(object.value(QLatin1String("sliding_attention")).toObject(),
                                    QStringLiteral("rope_parameters.sliding_attention."));
        } else {
            rope.global = read(object, QStringLiteral("rope_parameters."));
        }
        return rope;
    }

    const double theta = config.has("rope_theta") ? positiveNumber(config, "rope_theta", 10000.0, true)
                                                  : positiveNumber(config, "rotary_emb_base", 10000.0, false);
    QJsonObject scaling;
    if (config.has("rope_scaling")) {
        const QJsonValue value = config.json().value(QLatin1String("rope_scaling"));
        if (!value.isObject())
            config.fail(QCoreApplication::translate("Engine", "field 'rope_scaling' must be an object or null"));
        scaling = value.toObject();
    }
    rope.global = readParameters(config, ConfigReader(config.path(), scaling, QStringLiteral("rope_scaling.")),
                                 theta, headDim, maxPositions);
    return rope;
}

}  // namespace headmap

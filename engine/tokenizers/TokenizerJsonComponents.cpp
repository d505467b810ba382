#include "tokenizers/TokenizerJsonComponents.h"

#include <cmath>
#include <limits>

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QJsonObject>
#include <QRegularExpression>

#include "core/HeadmapError.h"
#include "tokenizers/BasicPreTokenizers.h"
#include "tokenizers/BertNormalizer.h"
#include "tokenizers/ByteLevelPreTokenizer.h"
#include "tokenizers/Normalizers.h"
#include "tokenizers/PrecompiledNormalizer.h"
#include "tokenizers/SplitPreTokenizers.h"
#include "tokenizers/Vocabulary.h"

namespace headmap::tokenizerjson {
namespace {

ModelError unsupportedType(const QString& where, const QString& type, const QString& supported) {
    return ModelError(QCoreApplication::translate("Engine", "%1: type \"%2\" is not supported (Headmap reads %3)")
                          .arg(where, type, supported));
}

QJsonArray requireArray(const QJsonObject& object, const QString& key, const QString& where) {
    const QJsonValue value = object.value(key);
    if (!value.isArray())
        throw ModelError(QCoreApplication::translate("Engine", "%1.%2 is missing or not a list").arg(where, key));
    return value.toArray();
}

QString requireString(const QJsonObject& object, const QString& key, const QString& where) {
    const QJsonValue value = object.value(key);
    if (!value.isString())
        throw ModelError(QCoreApplication::translate("Engine", "%1.%2 is missing or not a string").arg(where, key));
    return value.toString();
}

// {"String": " "} or {"Regex": "\\s+"}: the regex runs on PCRE2 with Unicode properties; a string
// is matched literally. literal receives the string of a String pattern.
QRegularExpression parsePattern(const QJsonObject& object, const QString& where, QString* literal = nullptr) {
    const QString patternWhere = where + QStringLiteral(".pattern");
    const QJsonObject pattern = requireObject(object.value(QLatin1String("pattern")), patternWhere);
    QString source;
    if (pattern.value(QLatin1String("String")).isString()) {
        const QString text = pattern.value(QLatin1String("String")).toString();
        if (text.isEmpty())
            throw ModelError(QCoreApplication::translate("Engine", "%1: the string is empty").arg(patternWhere));
        if (literal)
            *literal = text;
        source = QRegularExpression::escape(text);
    } else if (pattern.value(QLatin1String("Regex")).isString()) {
        source = pattern.value(QLatin1String("Regex")).toString();
    } else {
        throw ModelError(QCoreApplication::translate("Engine", "%1 must be {\"String\": ...} or {\"Regex\": ...}")
                             .arg(patternWhere));
    }
    QRegularExpression regex(source, QRegularExpression::UseUnicodePropertiesOption);
    if (!regex.isValid())
        throw ModelError(QCoreApplication::translate("Engine",
                                                     "%1: the regex \"%2\" is not valid for PCRE2: %3 at offset %4")
                             .arg(patternWhere, source, regex.errorString()).arg(regex.patternErrorOffset()));
    regex.optimize();
    return regex;
}

SplitBehavior parseBehavior(const QJsonObject& object, const QString& where) {
    const QString behavior = requireString(object, QStringLiteral("behavior"), where);
    static const QHash<QString, SplitBehavior> kBehaviors{
        {QStringLiteral("Removed"), SplitBehavior::Removed},
        {QStringLiteral("Isolated"), SplitBehavior::Isolated},
        {QStringLiteral("MergedWithPrevious"), SplitBehavior::MergedWithPrevious},
        {QStringLiteral("MergedWithNext"), SplitBehavior::MergedWithNext},
        {QStringLiteral("Contiguous"), SplitBehavior::Contiguous},
    };
    if (!kBehaviors.contains(behavior))
        throw ModelError(QCoreApplication::translate("Engine", "%1.behavior \"%2\" is not one of Removed, Isolated, "
                                                               "MergedWithPrevious, MergedWithNext, Contiguous")
                             .arg(where, behavior));
    return kBehaviors.value(behavior);
}

std::unique_ptr<PreTokenizer> parseMetaspace(const QJsonObject& object, const QString& where) {
    const QString replacement = object.value(QLatin1String("replacement")).toString(QStringLiteral("\u2581"));
    // The Rust library reads it as one char: "" or "__" do not load there.
    if (replacement.isEmpty() || replacement.toUcs4().size() != 1)
        throw ModelError(QCoreApplication::translate("Engine", "%1.replacement \"%2\" must be one character")
                             .arg(where, replacement));
    // Files from before prepend_scheme say add_prefix_space, which meant "always".
    auto prepend = optionalBool(object, QStringLiteral("add_prefix_space"), true, where)
                       ? MetaspacePreTokenizer::Prepend::Always
                       : MetaspacePreTokenizer::Prepend::Never;
    const QJsonValue scheme = object.value(QLatin1String("prepend_scheme"));
    if (scheme.isString()) {
        const QString name = scheme.toString();
        if (name == QLatin1String("always"))
            prepend = MetaspacePreTokenizer::Prepend::Always;
        else if (name == QLatin1String("first"))
            prepend = MetaspacePreTokenizer::Prepend::First;
        else if (name == QLatin1String("never"))
            prepend = MetaspacePreTokenizer::Prepend::Never;
        else
            throw ModelError(QCoreApplication::translate("Engine",
                                                         "%1.prepend_scheme \"%2\" is not one of always, first, never")
                                 .arg(where, name));
        // The Rust library refuses the contradiction rather than pick one.
        if (!optionalBool(object, QStringLiteral("add_prefix_space"), true, where) &&
            prepend != MetaspacePreTokenizer::Prepend::Never)
            throw ModelError(QCoreApplication::translate("Engine", "%1: add_prefix_space false contradicts "
                                                                   "prepend_scheme \"%2\"")
                                 .arg(where, name));
    }
    return std::make_unique<MetaspacePreTokenizer>(replacement, prepend,
                                                   optionalBool(object, QStringLiteral("split"), true, where));
}

// A special token given as ["[SEP]", 102], as BertProcessing and RobertaProcessing write it.
SpecialTokenIds tokenAndId(const QJsonObject& object, const QString& key, const QString& where) {
    const QJsonValue value = object.value(key);
    const QJsonArray pair = value.toArray();
    if (!value.isArray() || pair.size() != 2 || !pair.at(0).isString() || !pair.at(1).isDouble())
        throw ModelError(QCoreApplication::translate("Engine", "%1.%2 must be a [token, id] pair").arg(where, key));
    const QString token = pair.at(0).toString();
    return SpecialTokenIds{QStringList{token}, {tokenId(pair.at(1), where + QLatin1Char('.') + key, token)}};
}

// A template piece's type id: required, as the Rust library's serde reads it (a u32), and an
// int here.
int templateTypeId(const QJsonObject& piece, const QString& where) {
    const QJsonValue value = piece.value(QLatin1String("type_id"));
    const double typeId = value.toDouble(-1.0);  // -1 for anything but a number: refused below
    if (!(typeId >= 0.0 && typeId <= double(std::numeric_limits<int>::max())) || typeId != std::floor(typeId)) {
        const QString found = value.isUndefined() ? QCoreApplication::translate("Engine", "none")
                              : value.isDouble()  ? QString::number(value.toDouble(), 'g', QLocale::FloatingPointShortest)
                              : value.isString()  ? QStringLiteral("\"%1\"").arg(value.toString())
                                                  : QCoreApplication::translate("Engine", "not a number");
        throw ModelError(QCoreApplication::translate("Engine", "%1 needs a \"type_id\" from 0 to %2, found %3")
                             .arg(where).arg(std::numeric_limits<int>::max()).arg(found));
    }
    return int(typeId);
}

// The single template must hold $A once and no $B, the pair template $A and then $B once each:
// the templates tokenizers and transformers write. The Rust library's builder refuses a pair
// template without both, but reading a file skips that check; it would then drop B, repeat a
// sequence named twice, or index a missing second sequence for $B in the single template.
void checkSequences(const std::vector<TemplatePiece>& pieces, bool pair, const QString& where) {
    QStringList order;
    for (const TemplatePiece& piece : pieces)
        if (piece.isSequence)
            order << (piece.sequence == 0 ? QStringLiteral("$A") : QStringLiteral("$B"));
    const QStringList expected = pair ? QStringList{QStringLiteral("$A"), QStringLiteral("$B")}
                                      : QStringList{QStringLiteral("$A")};
    if (order != expected)
        throw ModelError(QCoreApplication::translate("Engine", "%1 names the sequences %2; Headmap reads %3")
                             .arg(where, order.isEmpty() ? QCoreApplication::translate("Engine", "none")
                                                         : order.join(QStringLiteral(", ")),
                                  expected.join(QStringLiteral(", "))));
}

std::vector<TemplatePiece> parseTemplate(const QJsonObject& object, const QString& key,
                                         const QHash<QString, SpecialTokenIds>& specials,
                                         const QString& where) {
    std::vector<TemplatePiece> pieces;
    const QJsonArray items = requireArray(object, key, where);
    for (int i = 0; i < items.size(); ++i) {
        const QString itemWhere = QStringLiteral("%1.%2[%3]").arg(where, key).arg(i);
        const QJsonObject item = items.at(i).toObject();
        TemplatePiece piece;
        if (item.contains(QLatin1String("Sequence"))) {
            const QJsonObject sequence = item.value(QLatin1String("Sequence")).toObject();
            const QString id = sequence.value(QLatin1String("id")).toString();
            if (id != QLatin1String("A") && id != QLatin1String("B"))
                throw ModelError(QCoreApplication::translate("Engine", "%1: sequence id must be \"A\" or \"B\"")
                                     .arg(itemWhere));
            piece.isSequence = true;
            piece.sequence = id == QLatin1String("A") ? 0 : 1;
            piece.typeId = templateTypeId(sequence, itemWhere);
        } else if (item.contains(QLatin1String("SpecialToken"))) {
            const QJsonObject special = item.value(QLatin1String("SpecialToken")).toObject();
            const QString id = special.value(QLatin1String("id")).toString();
            if (!specials.contains(id))
                throw ModelError(QCoreApplication::translate("Engine",
                                                             "%1: special token \"%2\" is not in %3.special_tokens")
                                     .arg(itemWhere, id, where));
            piece.special = specials.value(id);
            piece.typeId = templateTypeId(special, itemWhere);
        } else {
            throw ModelError(QCoreApplication::translate("Engine", "%1 must be a Sequence or a SpecialToken")
                                 .arg(itemWhere));
        }
        pieces.push_back(std::move(piece));
    }
    checkSequences(pieces, key == QLatin1String("pair"), QStringLiteral("%1.%2").arg(where, key));
    return pieces;
}

std::unique_ptr<PostProcessor> parseTemplateProcessing(const QJsonObject& object, const QString& where) {
    QHash<QString, SpecialTokenIds> specials;
    const QJsonObject map = object.value(QLatin1String("special_tokens")).toObject();
    for (auto it = map.begin(); it != map.end(); ++it) {
        const QJsonObject entry = it.value().toObject();
        SpecialTokenIds special;
        for (const QJsonValue& token : entry.value(QLatin1String("tokens")).toArray())
            special.tokens << token.toString();
        for (const QJsonValue& id : entry.value(QLatin1String("ids")).toArray())
            special.ids.push_back(tokenId(id, where + QStringLiteral(".special_tokens"), it.key()));
        if (special.ids.empty() || special.tokens.size() != qsizetype(special.ids.size()))
            throw ModelError(QCoreApplication::translate("Engine", "%1.special_tokens.%2 needs as many ids as tokens")
                                 .arg(where, it.key()));
        specials.insert(it.key(), special);
    }
    return std::make_unique<TemplateProcessor>(parseTemplate(object, QStringLiteral("single"), specials, where),
                                               parseTemplate(object, QStringLiteral("pair"), specials, where));
}

}  // namespace

QJsonObject requireObject(const QJsonValue& value, const QString& where) {
    if (!value.isObject())
        throw ModelError(QCoreApplication::translate("Engine", "%1 must be an object").arg(where));
    return value.toObject();
}

QString typeOf(const QJsonObject& object, const QString& where) {
    const QJsonValue type = object.value(QLatin1String("type"));
    if (!type.isString())
        throw ModelError(QCoreApplication::translate("Engine", "%1 has no \"type\"").arg(where));
    return type.toString();
}

bool optionalBool(const QJsonObject& object, const QString& key, bool fallback, const QString& where) {
    const QJsonValue value = object.value(key);
    if (value.isUndefined() || value.isNull())
        return fallback;
    if (!value.isBool())
        throw ModelError(QCoreApplication::translate("Engine", "%1.%2 must be true or false").arg(where, key));
    return value.toBool();
}

int tokenId(const QJsonValue& value, const QString& where, const QString& token) {
    const auto found = [&] {
        const double number = value.toDouble();
        if (value.isDouble() && number == std::floor(number) && std::fabs(number) < 1e18)
            return QString::number(number, 'f', 0);
        if (value.isDouble())
            return QString::number(number, 'g', QLocale::FloatingPointShortest);
        return value.isString() ? QStringLiteral("\"%1\"").arg(value.toString())
                                : QCoreApplication::translate("Engine", "not a number");
    };
    const double id = value.toDouble(-1.0);
    // The comparisons are false for NaN, so it is refused too.
    if (!value.isDouble() || !(id >= 0.0 && id <= double(Vocabulary::kMaxId)) || id != std::floor(id))
        throw ModelError(QCoreApplication::translate("Engine",
                                                     "%1: the id of \"%2\" must be an integer from 0 to %3, found %4")
                             .arg(where, token).arg(Vocabulary::kMaxId).arg(found()));
    return int(id);
}

std::unique_ptr<Normalizer> parseNormalizer(const QJsonValue& value, const QString& where) {
    if (value.isNull() || value.isUndefined())
        return nullptr;
    const QJsonObject object = requireObject(value, where);
    const QString type = typeOf(object, where);
    if (type == QLatin1String("BertNormalizer")) {
        BertNormalizerOptions options;
        options.cleanText = optionalBool(object, QStringLiteral("clean_text"), true, where);
        options.handleChineseChars = optionalBool(object, QStringLiteral("handle_chinese_chars"), true, where);
        options.lowercase = optionalBool(object, QStringLiteral("lowercase"), true, where);
        const QJsonValue strip = object.value(QLatin1String("strip_accents"));
        if (strip.isBool())
            options.stripAccents = strip.toBool();
        return std::make_unique<BertNormalizer>(options);
    }
    if (type == QLatin1String("Lowercase"))
        return std::make_unique<LowercaseNormalizer>();
    if (type == QLatin1String("NFC"))
        return std::make_unique<UnicodeNormalizer>(QString::NormalizationForm_C);
    if (type == QLatin1String("NFD"))
        return std::make_unique<UnicodeNormalizer>(QString::NormalizationForm_D);
    if (type == QLatin1String("NFKC"))
        return std::make_unique<UnicodeNormalizer>(QString::NormalizationForm_KC);
    if (type == QLatin1String("NFKD"))
        return std::make_unique<UnicodeNormalizer>(QString::NormalizationForm_KD);
    if (type == QLatin1String("StripAccents"))
        return std::make_unique<StripAccentsNormalizer>();
    if (type == QLatin1String("Strip")) {
        // Both fields are required, as the Rust library's serde reads them.
        for (const char* key : {"strip_left", "strip_right"})
            if (!object.value(QLatin1String(key)).isBool())
                throw ModelError(QCoreApplication::translate("Engine", "%1.%2 is missing or not true or false")
                                     .arg(where, QLatin1String(key)));
        return std::make_unique<StripNormalizer>(object.value(QLatin1String("strip_left")).toBool(),
                                                 object.value(QLatin1String("strip_right")).toBool());
    }
    if (type == QLatin1String("Precompiled"))
        return parsePrecompiledNormalizer(object, where);
    if (type == QLatin1String("Prepend"))
        return std::make_unique<PrependNormalizer>(requireString(object, QStringLiteral("prepend"), where));
    if (type == QLatin1String("Replace")) {
        QString literal;
        QRegularExpression pattern = parsePattern(object, where, &literal);
        const QString content = requireString(object, QStringLiteral("content"), where);
        if (!literal.isEmpty())
            return std::make_unique<ReplaceNormalizer>(literal, content);
        return std::make_unique<ReplaceNormalizer>(std::move(pattern), content);
    }
    if (type == QLatin1String("Sequence")) {
        std::vector<std::unique_ptr<Normalizer>> steps;
        const QJsonArray items = requireArray(object, QStringLiteral("normalizers"), where);
        for (int i = 0; i < items.size(); ++i)
            if (auto step = parseNormalizer(items.at(i), QStringLiteral("%1.normalizers[%2]").arg(where).arg(i)))
                steps.push_back(std::move(step));
        return std::make_unique<NormalizerSequence>(std::move(steps));
    }
    throw unsupportedType(where, type,
                          QCoreApplication::translate("Engine", "BertNormalizer, Lowercase, NFC, NFD, NFKC, NFKD, "
                                                                "StripAccents, Strip, Precompiled, Prepend, Replace "
                                                                "and Sequence"));
}

std::unique_ptr<PreTokenizer> parsePreTokenizer(const QJsonValue& value, const QString& where) {
    if (value.isNull() || value.isUndefined())
        return nullptr;
    const QJsonObject object = requireObject(value, where);
    const QString type = typeOf(object, where);
    if (type == QLatin1String("BertPreTokenizer"))
        return std::make_unique<BertPreTokenizer>();
    if (type == QLatin1String("ByteLevel")) {
        // Rust's ByteLevel::default() adds the prefix space; files always say which they want.
        return std::make_unique<ByteLevelPreTokenizer>(
            optionalBool(object, QStringLiteral("add_prefix_space"), true, where),
            optionalBool(object, QStringLiteral("use_regex"), true, where));
    }
    if (type == QLatin1String("Whitespace"))
        return std::make_unique<WhitespacePreTokenizer>();
    if (type == QLatin1String("WhitespaceSplit"))
        return std::make_unique<WhitespaceSplitPreTokenizer>();
    if (type == QLatin1String("Digits"))
        return std::make_unique<DigitsPreTokenizer>(optionalBool(object, QStringLiteral("individual_digits"), false, where));
    if (type == QLatin1String("Split"))
        return std::make_unique<SplitPreTokenizer>(parsePattern(object, where), parseBehavior(object, where),
                                                   optionalBool(object, QStringLiteral("invert"), false, where));
    if (type == QLatin1String("Metaspace"))
        return parseMetaspace(object, where);
    if (type == QLatin1String("Sequence")) {
        std::vector<std::unique_ptr<PreTokenizer>> steps;
        const QJsonArray items = requireArray(object, QStringLiteral("pretokenizers"), where);
        for (int i = 0; i < items.size(); ++i)
            if (auto step = parsePreTokenizer(items.at(i), QStringLiteral("%1.pretokenizers[%2]").arg(where).arg(i)))
                steps.push_back(std::move(step));
        return std::make_unique<PreTokenizerSequence>(std::move(steps));
    }
    throw unsupportedType(where, type,
                          QCoreApplication::translate("Engine", "BertPreTokenizer, ByteLevel, Whitespace, "
                                                                "WhitespaceSplit, Digits, Split, Metaspace and "
                                                                "Sequence"));
}

namespace {

// The steps of a Sequence post-processor, nested Sequences included, that add special tokens.
void collectSpecialTokenSteps(const QJsonObject& sequence, const QString& where, QStringList& out) {
    const QJsonArray items = sequence.value(QLatin1String("processors")).toArray();
    for (int i = 0; i < items.size(); ++i) {
        const QJsonObject item = items.at(i).toObject();
        const QString type = item.value(QLatin1String("type")).toString();
        const QString itemWhere = QStringLiteral("%1.processors[%2]").arg(where).arg(i);
        if (type == QLatin1String("Sequence"))
            collectSpecialTokenSteps(item, itemWhere, out);
        else if (type == QLatin1String("TemplateProcessing") || type == QLatin1String("BertProcessing") ||
                 type == QLatin1String("RobertaProcessing"))
            out << QStringLiteral("%1 %2").arg(itemWhere, type);
    }
}

}  // namespace

std::unique_ptr<PostProcessor> parsePostProcessor(const QJsonValue& value, const QString& where) {
    if (value.isNull() || value.isUndefined())
        return nullptr;
    const QJsonObject object = requireObject(value, where);
    const QString type = typeOf(object, where);
    if (type == QLatin1String("TemplateProcessing"))
        return parseTemplateProcessing(object, where);
    if (type == QLatin1String("BertProcessing") || type == QLatin1String("RobertaProcessing")) {
        const auto style = type == QLatin1String("BertProcessing") ? ClsSepProcessor::Style::Bert
                                                                   : ClsSepProcessor::Style::Roberta;
        return std::make_unique<ClsSepProcessor>(style, tokenAndId(object, QStringLiteral("cls"), where),
                                                 tokenAndId(object, QStringLiteral("sep"), where));
    }
    if (type == QLatin1String("ByteLevel"))
        return std::make_unique<IdentityProcessor>();
    if (type == QLatin1String("Sequence")) {
        std::vector<std::unique_ptr<PostProcessor>> steps;
        const QJsonArray items = requireArray(object, QStringLiteral("processors"), where);
        for (int i = 0; i < items.size(); ++i)
            if (auto step = parsePostProcessor(items.at(i), QStringLiteral("%1.processors[%2]").arg(where).arg(i)))
                steps.push_back(std::move(step));
        // Llama 3.1 and others chain ByteLevel and one template. A second step that adds special
        // tokens would receive the first one's output in pieces (the Rust library folds or
        // panics, depending on the steps): no tokenizer writes that, so it is refused.
        QStringList adding;
        collectSpecialTokenSteps(object, where, adding);
        if (adding.size() > 1)
            throw ModelError(QCoreApplication::translate("Engine", "%1 holds %2 post-processors that add special "
                                                                   "tokens (%3); Headmap reads one")
                                 .arg(where).arg(adding.size()).arg(adding.join(QStringLiteral(", "))));
        return std::make_unique<PostProcessorSequence>(std::move(steps));
    }
    throw unsupportedType(where, type,
                          QCoreApplication::translate("Engine", "TemplateProcessing, BertProcessing, "
                                                                "RobertaProcessing, ByteLevel and Sequence"));
}

bool containsByteLevel(const QJsonValue& value) {
    const QJsonObject object = value.toObject();
    const QString type = object.value(QLatin1String("type")).toString();
    if (type == QLatin1String("ByteLevel"))
        return true;
    if (type != QLatin1String("Sequence"))
        return false;
    for (const char* key : {"pretokenizers", "decoders"})
        for (const QJsonValue& item : object.value(QLatin1String(key)).toArray())
            if (containsByteLevel(item))
                return true;
    return false;
}

}  // namespace headmap::tokenizerjson

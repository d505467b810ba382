#include "tokenizers/SlowTokenizerSettings.h"

#include <algorithm>
#include <iterator>

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonArray>

#include "core/HeadmapError.h"
#include "tokenizers/TokenizerFiles.h"

namespace headmap {

SlowTokenizerSettings::SlowTokenizerSettings(const QDir& dir) {
    for (const char* name : {"tokenizer_config.json", "special_tokens_map.json"}) {
        const QString path = dir.filePath(QLatin1String(name));
        if (!QFileInfo::exists(path))
            continue;
        const QJsonObject file = tokenizerfiles::readJsonObject(path);
        for (auto it = file.begin(); it != file.end(); ++it)
            values.insert(it.key(), it.value());
        source = source.isEmpty() ? QDir::toNativeSeparators(path) : source + QStringLiteral(" + ") + QLatin1String(name);
    }
}

bool SlowTokenizerSettings::flag(const char* key, bool fallback) const {
    const QJsonValue value = values.value(QLatin1String(key));
    return value.isBool() ? value.toBool() : fallback;
}

QString SlowTokenizerSettings::text(const char* key) const {
    return values.value(QLatin1String(key)).toString();
}

namespace slowtokenizer {

bool specialTokenSetting(const SlowTokenizerSettings& settings, const QString& key, const QString& fallback,
                         AddedToken& token) {
    const QJsonValue value = settings.values.value(key);
    token = AddedToken();
    token.special = true;
    token.normalized = false;
    if (value.isUndefined()) {
        token.content = fallback;
    } else if (value.isString()) {
        token.content = value.toString();
    } else if (value.isObject()) {
        const QJsonObject object = value.toObject();
        token.content = object.value(QLatin1String("content")).toString();
        token.lstrip = object.value(QLatin1String("lstrip")).toBool(false);
        token.rstrip = object.value(QLatin1String("rstrip")).toBool(false);
    } else if (!value.isNull()) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: \"%2\" is not a token (expected text or an object "
                                                               "with \"content\")").arg(settings.source, key));
    }
    return !token.content.isEmpty();
}

std::vector<AddedToken> specialTokens(const SlowTokenizerSettings& settings, const QHash<QString, QString>& defaults) {
    std::vector<AddedToken> tokens;
    const auto add = [&](const AddedToken& token) {
        for (const AddedToken& existing : tokens)
            if (existing.content == token.content)
                return;
        tokens.push_back(token);
    };
    static const char* const kNamed[] = {"bos_token", "eos_token", "unk_token", "sep_token",
                                         "pad_token", "cls_token", "mask_token"};
    AddedToken token;
    for (const char* key : kNamed) {
        const QString name = QLatin1String(key);
        if (specialTokenSetting(settings, name, defaults.value(name), token))
            add(token);
    }
    const auto named = [&](const QString& key) {
        return std::any_of(std::begin(kNamed), std::end(kNamed),
                           [&](const char* name) { return key == QLatin1String(name); });
    };
    for (auto it = settings.values.begin(); it != settings.values.end(); ++it)
        if (it.key().endsWith(QLatin1String("_token")) && it->isString() && !named(it.key()) &&
            specialTokenSetting(settings, it.key(), QString(), token))
            add(token);
    // v5 reads additional_special_tokens as extra_special_tokens, unless that is given itself.
    QJsonValue extra = settings.values.value(QLatin1String("extra_special_tokens"));
    if (!extra.isArray())
        extra = settings.values.value(QLatin1String("additional_special_tokens"));
    for (const QJsonValue& value : extra.toArray()) {
        token = AddedToken();
        token.special = true;
        token.normalized = false;
        token.content = value.isObject() ? value.toObject().value(QLatin1String("content")).toString()
                                         : value.toString();
        if (!token.content.isEmpty())
            add(token);
    }
    return tokens;
}

void numberSpecialTokens(std::vector<AddedToken>& tokens, const std::function<std::optional<int>(const QString&)>& knownId,
                         int size, const std::function<QString(int)>& pieceOf, const QString& vocabPath,
                         const QString& settingsPath) {
    int next = size;
    for (AddedToken& token : tokens) {
        if (const std::optional<int> id = knownId(token.content)) {
            token.id = *id;
            continue;
        }
        token.id = next++;
        if (const QString other = pieceOf(token.id); !other.isNull())
            throw ModelError(QCoreApplication::translate("Engine", "%1: the special token \"%2\" is not in %3, and "
                                                                   "the id it would get, %4, is \"%5\"'s there; add "
                                                                   "it to %3 or remove it from the settings")
                                 .arg(settingsPath, token.content, vocabPath, QString::number(token.id), other));
    }
}

int idOfSpecial(const std::vector<AddedToken>& tokens, const QString& content) {
    for (const AddedToken& token : tokens)
        if (token.content == content)
            return token.id;
    return -1;
}

namespace {

// Python's str.isspace(), which str.strip() uses: every such character is in the BMP.
bool isPythonSpace(QChar c) {
    const char16_t u = c.unicode();
    return (u >= 0x09 && u <= 0x0D) || (u >= 0x1C && u <= 0x20) || u == 0x85 || u == 0xA0 || u == 0x1680 ||
           (u >= 0x2000 && u <= 0x200A) || u == 0x2028 || u == 0x2029 || u == 0x202F || u == 0x205F ||
           u == 0x3000;
}

}  // namespace

QString pythonStrip(const QString& text) {
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && isPythonSpace(text.at(begin)))
        ++begin;
    while (end > begin && isPythonSpace(text.at(end - 1)))
        --end;
    return text.mid(begin, end - begin);
}

QString cleanUpTokenizationSpaces(QString text) {
    static const std::pair<const char*, const char*> kReplacements[] = {
        {" .", "."}, {" ?", "?"}, {" !", "!"}, {" ,", ","}, {" ' ", "'"},
        {" n't", "n't"}, {" 'm", "'m"}, {" 's", "'s"}, {" 've", "'ve"}, {" 're", "'re"},
    };
    for (const auto& [from, to] : kReplacements)
        text.replace(QLatin1String(from), QLatin1String(to));
    return text;
}

}  // namespace slowtokenizer
}  // namespace headmap

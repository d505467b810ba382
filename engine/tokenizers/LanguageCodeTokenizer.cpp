#include "tokenizers/LanguageCodeTokenizer.h"

#include <QCoreApplication>

#include "tokenizers/SlowTokenizerSettings.h"

namespace headmap {

LanguageCodeTokenizer::LanguageCodeTokenizer(std::unique_ptr<Tokenizer> inner, LanguageCodeSettings settings)
    : m_inner(std::move(inner)), m_settings(std::move(settings)) {}

LanguageChoice LanguageCodeTokenizer::defaultLanguages() const {
    return LanguageChoice{m_settings.sourceLanguage, m_settings.targetLanguage};
}

int LanguageCodeTokenizer::languageTokenId(const QString& language) const {
    if (language.isEmpty())
        return -1;
    const QString code = resolveLanguageCode(m_settings.codes, language,
                                             QCoreApplication::translate("Engine", "target language"));
    return m_inner->tokenToId(code).value_or(-1);
}

Encoding LanguageCodeTokenizer::withLanguage(Encoding text, bool addSpecialTokens, const QString& language,
                                             const QString& what) const {
    if (!addSpecialTokens)
        return text;
    const QString code = resolveLanguageCode(m_settings.codes, language, what);
    const int languageId = m_inner->tokenToId(code).value_or(-1);
    Encoding encoding;
    const auto appendLanguage = [&] { encoding.append(languageId, code, code, true); };
    if (m_settings.placement == LanguagePlacement::Prefix)
        appendLanguage();
    for (int i = 0; i < text.size(); ++i)
        encoding.append(text.ids[size_t(i)], text.tokens[i], text.displayTokens[i], text.special[size_t(i)],
                        text.typeId(i));
    encoding.append(m_settings.eosId, m_settings.eosToken, m_settings.eosToken, true);
    if (m_settings.placement == LanguagePlacement::Suffix)
        appendLanguage();
    return encoding;
}

Encoding LanguageCodeTokenizer::encode(const QString& text, bool addSpecialTokens) const {
    return encodeSourceIn(text, addSpecialTokens, QString());
}

Encoding LanguageCodeTokenizer::encodePair(const QString& first, const QString& second, bool addSpecialTokens) const {
    // The pair template: the language's tokens around both texts, with no separator between them.
    Encoding both = m_inner->encode(first, false);
    const Encoding next = m_inner->encode(second, false);
    for (int i = 0; i < next.size(); ++i)
        both.append(next.ids[size_t(i)], next.tokens[i], next.displayTokens[i], next.special[size_t(i)], 1);
    return withLanguage(std::move(both), addSpecialTokens, m_settings.sourceLanguage,
                        QCoreApplication::translate("Engine", "source language"));
}

Encoding LanguageCodeTokenizer::encodeSourceIn(const QString& text, bool addSpecialTokens,
                                               const QString& language) const {
    return withLanguage(m_inner->encode(text, false), addSpecialTokens,
                        language.isEmpty() ? m_settings.sourceLanguage : language,
                        QCoreApplication::translate("Engine", "source language"));
}

Encoding LanguageCodeTokenizer::encodeTarget(const QString& text, bool addSpecialTokens) const {
    return encodeTargetIn(text, addSpecialTokens, LanguageChoice());
}

QString LanguageCodeTokenizer::targetLanguage(const LanguageChoice& languages) const {
    // _switch_to_target_mode: tgt_lang, else the source language in force.
    QString chosen = languages.target;
    if (chosen.isEmpty())
        chosen = m_settings.targetLanguage;
    if (chosen.isEmpty())
        chosen = languages.source.isEmpty() ? m_settings.sourceLanguage : languages.source;
    return chosen;
}

Encoding LanguageCodeTokenizer::encodeTargetIn(const QString& text, bool addSpecialTokens,
                                               const LanguageChoice& languages) const {
    return withLanguage(m_inner->encode(text, false), addSpecialTokens, targetLanguage(languages),
                        QCoreApplication::translate("Engine", "target language"));
}

int LanguageCodeTokenizer::decoderStartTokenId(const LanguageChoice& languages) const {
    if (!m_settings.languageStartsDecoder)
        return -1;
    const QString code = resolveLanguageCode(m_settings.codes, targetLanguage(languages),
                                             QCoreApplication::translate("Engine", "target language"));
    return m_inner->tokenToId(code).value_or(-1);
}

QString LanguageCodeTokenizer::decodeTarget(const std::vector<int>& ids, bool skipSpecial) const {
    const Encoding tokens = m_inner->fromIds(ids);
    QString text;
    for (int i = 0; i < tokens.size(); ++i) {
        if (skipSpecial && tokens.special[size_t(i)])
            continue;
        text += tokens.tokens[i];
    }
    text.replace(QChar(0x2581), QLatin1Char(' '));
    if (text.startsWith(QLatin1Char(' ')))
        text.remove(0, 1);
    return text;
}

}  // namespace headmap

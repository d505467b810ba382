#include "tokenizers/LegacyTokenizerFiles.h"

#include <algorithm>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include "core/HeadmapError.h"
#include "hf/FamilyTraits.h"
#include "tokenizers/BasicPreTokenizers.h"
#include "tokenizers/BertNormalizer.h"
#include "tokenizers/BpeModel.h"
#include "tokenizers/ByteLevelPreTokenizer.h"
#include "tokenizers/TokenizerFiles.h"
#include "tokenizers/TokenizerJsonModel.h"
#include "tokenizers/WordPieceModel.h"

namespace headmap {
namespace {

// tokenizer_config.json with special_tokens_map.json on top, as transformers reads them.
struct LegacySettings {
    QJsonObject values;

    explicit LegacySettings(const QDir& dir) {
        for (const char* name : {"tokenizer_config.json", "special_tokens_map.json"}) {
            const QString path = dir.filePath(QLatin1String(name));
            if (!QFileInfo::exists(path))
                continue;
            const QJsonObject file = tokenizerfiles::readJsonObject(path);
            for (auto it = file.begin(); it != file.end(); ++it)
                values.insert(it.key(), it.value());
        }
    }
    bool flag(const char* key, bool fallback) const {
        const QJsonValue value = values.value(QLatin1String(key));
        return value.isBool() ? value.toBool() : fallback;
    }
};

// Collects the special tokens, giving tokens that are not in the vocabulary the next free ids.
class SpecialTokens {
public:
    SpecialTokens(const LegacySettings& settings, const Vocabulary& vocabulary)
        : m_settings(settings), m_vocabulary(vocabulary), m_nextId(vocabulary.maxId() + 1) {}

    // The token under key ("cls_token"), or fallback when the settings do not name one; an
    // explicit null means none. Settings may give a plain string or an AddedToken object.
    QString add(const char* key, const QString& fallback, bool lstrip = false) {
        const QJsonValue value = m_settings.values.value(QLatin1String(key));
        AddedToken token;
        token.special = true;
        token.normalized = false;
        token.lstrip = lstrip;
        if (value.isObject()) {
            const QJsonObject object = value.toObject();
            token.content = object.value(QLatin1String("content")).toString();
            token.lstrip = object.value(QLatin1String("lstrip")).toBool(lstrip);
            token.rstrip = object.value(QLatin1String("rstrip")).toBool(false);
            token.singleWord = object.value(QLatin1String("single_word")).toBool(false);
            token.normalized = object.value(QLatin1String("normalized")).toBool(false);
        } else if (value.isString()) {
            token.content = value.toString();
        } else if (value.isUndefined()) {
            token.content = fallback;
        }
        if (!token.content.isEmpty())
            insert(token);
        return token.content;
    }
    void addAdditional() {
        for (const QJsonValue& value : m_settings.values.value(QLatin1String("additional_special_tokens")).toArray()) {
            AddedToken token;
            token.content = value.isObject() ? value.toObject().value(QLatin1String("content")).toString()
                                             : value.toString();
            token.special = true;
            token.normalized = false;
            if (!token.content.isEmpty())
                insert(token);
        }
    }
    SpecialTokenIds idsOf(const QString& content) const {
        for (const AddedToken& token : m_tokens)
            if (token.content == content)
                return SpecialTokenIds{QStringList{content}, {token.id}};
        return SpecialTokenIds{};
    }
    std::vector<AddedToken> tokens() const { return m_tokens; }

private:
    void insert(AddedToken token) {
        for (const AddedToken& existing : m_tokens)
            if (existing.content == token.content)
                return;
        token.id = m_vocabulary.id(token.content).value_or(m_nextId);
        if (token.id == m_nextId)
            ++m_nextId;
        m_tokens.push_back(token);
    }

    const LegacySettings& m_settings;
    const Vocabulary& m_vocabulary;
    int m_nextId;
    std::vector<AddedToken> m_tokens;
};

Vocabulary readVocabTxt(const QString& path) {
    // transformers' load_vocab: one piece per line, only the line feed removed.
    QList<QByteArray> lines = tokenizerfiles::readFile(path).split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    Vocabulary vocabulary(lines.size());
    try {
        for (qsizetype i = 0; i < lines.size(); ++i)
            vocabulary.insert(tokenizerfiles::fromUtf8(lines.at(i)), int(std::min<qsizetype>(i, Vocabulary::kMaxId + 1)));
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(path, error.message()));
    }
    if (vocabulary.size() == 0)
        throw ModelError(QCoreApplication::translate("Engine", "%1 is empty").arg(path));
    return vocabulary;
}

std::vector<BpeMerge> readMergesTxt(const QString& path) {
    std::vector<BpeMerge> merges;
    const QList<QByteArray> lines = tokenizerfiles::readFile(path).split('\n');
    for (int i = 0; i < int(lines.size()); ++i) {
        const QString line = tokenizerfiles::fromUtf8(lines.at(i)).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1String("#version")))
            continue;
        const QStringList parts = line.split(QLatin1Char(' '), Qt::SkipEmptyParts);
        if (parts.size() != 2)
            throw ModelError(QCoreApplication::translate("Engine",
                                                         "%1 line %2: expected two pieces separated by a space")
                                 .arg(path).arg(i + 1));
        merges.emplace_back(parts.at(0), parts.at(1));
    }
    return merges;
}

std::unique_ptr<HfTokenizer> bertTokenizer(const QDir& dir, const LegacySettings& settings) {
    const QString vocabPath = dir.filePath(QStringLiteral("vocab.txt"));
    Vocabulary vocabulary = readVocabTxt(vocabPath);
    SpecialTokens specials(settings, vocabulary);
    const QString unk = specials.add("unk_token", QStringLiteral("[UNK]"));
    const QString sep = specials.add("sep_token", QStringLiteral("[SEP]"));
    specials.add("pad_token", QStringLiteral("[PAD]"));
    const QString cls = specials.add("cls_token", QStringLiteral("[CLS]"));
    specials.add("mask_token", QStringLiteral("[MASK]"));
    specials.addAdditional();

    HfTokenizerParts parts;
    BertNormalizerOptions normalizer;
    normalizer.lowercase = settings.flag("do_lower_case", true);
    normalizer.handleChineseChars = settings.flag("tokenize_chinese_chars", true);
    const QJsonValue strip = settings.values.value(QLatin1String("strip_accents"));
    if (strip.isBool())
        normalizer.stripAccents = strip.toBool();
    parts.normalizer = std::make_unique<BertNormalizer>(normalizer);
    parts.preTokenizer = std::make_unique<BertPreTokenizer>();

    const auto special = [&](const QString& name, int typeId) {
        return TemplatePiece::specialOf(specials.idsOf(name), typeId);
    };
    const auto sequence = &TemplatePiece::sequenceOf;
    parts.postProcessor = std::make_unique<TemplateProcessor>(
        std::vector<TemplatePiece>{special(cls, 0), sequence(0), special(sep, 0)},
        std::vector<TemplatePiece>{special(cls, 0), sequence(0), special(sep, 0), sequence(1), special(sep, 1)});
    parts.addedTokens = specials.tokens();
    WordPieceOptions wordPiece;
    wordPiece.unkToken = unk;
    try {
        parts.model = std::make_unique<WordPieceModel>(std::move(vocabulary), wordPiece);
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(vocabPath, error.message()));
    }
    return std::make_unique<HfTokenizer>(std::move(parts));
}

std::unique_ptr<HfTokenizer> byteLevelTokenizer(const QDir& dir, const LegacySettings& settings,
                                                bool roberta) {
    const QString vocabPath = dir.filePath(QStringLiteral("vocab.json"));
    const QString mergesPath = dir.filePath(QStringLiteral("merges.txt"));
    const QJsonObject vocabJson = tokenizerfiles::readJsonObject(vocabPath);
    Vocabulary vocabulary;
    try {
        vocabulary = tokenizerjson::parseVocabulary(vocabJson, QStringLiteral("vocabulary"));
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(vocabPath, error.message()));
    }
    const std::vector<BpeMerge> merges = readMergesTxt(mergesPath);

    SpecialTokens specials(settings, vocabulary);
    HfTokenizerParts parts;
    if (roberta) {
        const QString cls = specials.add("bos_token", QStringLiteral("<s>"));
        const QString sep = specials.add("eos_token", QStringLiteral("</s>"));
        specials.add("unk_token", QStringLiteral("<unk>"));
        const QString sepToken = specials.add("sep_token", sep);
        specials.add("pad_token", QStringLiteral("<pad>"));
        const QString clsToken = specials.add("cls_token", cls);
        // RobertaTokenizer's mask takes the space before it, like a word.
        specials.add("mask_token", QStringLiteral("<mask>"), true);
        parts.postProcessor = std::make_unique<ClsSepProcessor>(
            ClsSepProcessor::Style::Roberta, specials.idsOf(clsToken), specials.idsOf(sepToken));
    } else {
        const QString bos = specials.add("bos_token", QStringLiteral("<|endoftext|>"));
        specials.add("eos_token", QStringLiteral("<|endoftext|>"));
        specials.add("unk_token", QStringLiteral("<|endoftext|>"));
        specials.add("pad_token", QString());
        if (settings.flag("add_bos_token", false)) {
            // As AutoTokenizer loads it, through GPT2Converter (transformers'
            // convert_slow_tokenizer.py): "bos:0 $A:0" and the pair "bos:0 $A:0 $B:1". The slow
            // GPT2Tokenizer would put a second bos before B; the fast one, used by default, does not.
            TemplatePiece bosPiece;
            bosPiece.special = specials.idsOf(bos);
            TemplatePiece a;
            a.isSequence = true;
            TemplatePiece b = a;
            b.sequence = 1;
            b.typeId = 1;
            parts.postProcessor = std::make_unique<TemplateProcessor>(
                std::vector<TemplatePiece>{bosPiece, a}, std::vector<TemplatePiece>{bosPiece, a, b});
        }
    }
    specials.addAdditional();
    parts.addedTokens = specials.tokens();
    parts.preTokenizer = std::make_unique<ByteLevelPreTokenizer>(settings.flag("add_prefix_space", false), true);
    parts.byteLevel = true;
    try {
        parts.model = std::make_unique<BpeModel>(std::move(vocabulary), merges, BpeOptions{});
    } catch (const ModelError& error) {
        throw ModelError(QCoreApplication::translate("Engine", "%1: %2").arg(mergesPath, error.message()));
    }
    return std::make_unique<HfTokenizer>(std::move(parts));
}

}  // namespace

std::unique_ptr<HfTokenizer> loadLegacyTokenizer(const QString& folder,
                                                 const TokenizerLoadOptions& options) {
    const QDir dir(folder);
    const bool hasVocabTxt = QFileInfo::exists(dir.filePath(QStringLiteral("vocab.txt")));
    const bool hasBpeFiles = QFileInfo::exists(dir.filePath(QStringLiteral("vocab.json"))) &&
                             QFileInfo::exists(dir.filePath(QStringLiteral("merges.txt")));
    const QString type = options.modelType.toLower();
    // Which flavour of vocab.json + merges.txt the family's slow tokenizer reads (FamilyTraits).
    const FamilyTraits* family = findFamily(type);
    const LegacyBpe bpe = family ? family->legacyBpe : LegacyBpe::None;
    const bool byteLevelType = bpe != LegacyBpe::None;
    if (hasBpeFiles && (byteLevelType || !hasVocabTxt)) {
        if (!type.isEmpty() && !byteLevelType) {
            QStringList readers;
            for (const FamilyTraits& row : familyTraitsTable())
                if (row.legacyBpe != LegacyBpe::None)
                    readers << row.modelType;
            throw ModelError(QCoreApplication::translate("Engine", "%1: vocab.json + merges.txt of model type \"%2\" "
                                                                   "are not supported (Headmap reads them for %3; a "
                                                                   "tokenizer.json works for any)")
                                 .arg(folder, options.modelType, readers.join(QStringLiteral(", "))));
        }
        return byteLevelTokenizer(dir, LegacySettings(dir), bpe == LegacyBpe::Roberta);
    }
    // vocab.txt is BERT's format, whichever BERT-family model (bert, distilbert, ...) uses it.
    if (hasVocabTxt)
        return bertTokenizer(dir, LegacySettings(dir));
    return nullptr;
}

}  // namespace headmap

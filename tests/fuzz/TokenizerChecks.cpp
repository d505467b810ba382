#include "TokenizerChecks.h"

#include <QString>
#include <QStringList>

#include "FuzzSupport.h"
#include "model/Tokenizer.h"

namespace headmap::fuzz {
namespace {

QString idsText(const std::vector<int>& ids) {
    QStringList parts;
    for (int id : ids)
        parts << QString::number(id);
    return parts.join(QLatin1Char(' '));
}

// FNV-1a: the same choice for the same input on every run and machine (qHash is seeded).
quint32 inputHash(const QByteArray& input) {
    quint32 hash = 2166136261u;
    for (const char byte : input)
        hash = (hash ^ quint8(byte)) * 16777619u;
    return hash;
}

void checkShape(const char* what, const Encoding& encoding, const QString& text) {
    const size_t n = encoding.ids.size();
    if (size_t(encoding.tokens.size()) != n || size_t(encoding.displayTokens.size()) != n ||
        encoding.special.size() != n || (!encoding.typeIds.empty() && encoding.typeIds.size() != n))
        fail(what, QStringLiteral("encoding of \"%1\" has %2 ids but %3 pieces, %4 labels, %5 flags, %6 type ids")
                       .arg(text.left(80)).arg(n).arg(encoding.tokens.size()).arg(encoding.displayTokens.size())
                       .arg(encoding.special.size()).arg(encoding.typeIds.size()));
}

void checkText(const char* what, const Tokenizer& tokenizer, const QString& text, quint32 choice) {
    const bool special = (choice & 4) != 0;
    Encoding full;
    if (!acceptsOrRefusesCleanly(what, [&] { full = tokenizer.encode(text, special); }))
        return;  // an InputError for this text is a clean answer
    checkShape(what, full, text);
    if (full.truncated)
        fail(what, QStringLiteral("encode() of \"%1\" says truncated").arg(text.left(80)));
    for (int id : full.ids)
        if (id < 0 || id >= tokenizer.vocabSize())
            fail(what, QStringLiteral("encode() of \"%1\" gives id %2 outside the vocabulary of %3")
                           .arg(text.left(80)).arg(id).arg(tokenizer.vocabSize()));

    Encoding named;
    if (!acceptsOrRefusesCleanly(what, [&] { named = tokenizer.fromIds(full.ids); }))
        fail(what, QStringLiteral("fromIds() refuses the ids encode() gave for \"%1\": %2")
                       .arg(text.left(80), idsText(full.ids)));
    checkShape(what, named, text);
    if (named.ids != full.ids || named.tokens != full.tokens)
        fail(what, QStringLiteral("fromIds(encode(\"%1\")) names other pieces: %2 vs %3")
                       .arg(text.left(80), named.tokens.join(QLatin1Char(' ')),
                            full.tokens.join(QLatin1Char(' '))));

    // One side of where `truncated` flips (n - 1 or n) and one of four other limits. Both sides
    // on every input cost a sixth of gguf_tokenizer's time; the fuzzer's inputs take turns.
    const int n = full.size();
    const int others[] = {0, 1, n / 2, n + 1};
    for (const int limit : {(choice >> 16) & 1 ? n : n - 1, others[choice % 4]}) {
        if (limit < 0)
            continue;
        Encoding limited;
        if (!acceptsOrRefusesCleanly(what, [&] { limited = tokenizer.encodeLimited(text, special, limit); }))
            fail(what, QStringLiteral("encodeLimited() refuses \"%1\", which encode() takes").arg(text.left(80)));
        checkShape(what, limited, text);
        Encoding expected = full;
        expected.truncate(limit);
        if (limited.truncated != (n > limit) || limited.ids != expected.ids || limited.tokens != expected.tokens)
            fail(what, QStringLiteral("encodeLimited(\"%1\", %2, %3) gives [%4] truncated=%5, encode() gives [%6]")
                           .arg(text.left(80)).arg(special).arg(limit).arg(idsText(limited.ids))
                           .arg(limited.truncated).arg(idsText(full.ids)));
    }
}

// A sentence pair: without special tokens exactly the two encodings one after the other, each
// with one type id (0 and 1; 0 and 0 for RoBERTa; what a template gives $A and $B, which the
// Rust library sets with or without special tokens); with them, both inside the pair template.
// Nothing else calls the pair templates of the files a fuzzer writes.
void checkPair(const char* what, const Tokenizer& tokenizer, const QString& first, const QString& second,
               bool special) {
    Encoding pair, a, b;
    if (!acceptsOrRefusesCleanly(what, [&] { pair = tokenizer.encodePair(first, second, special); }))
        return;  // single-sentence tokenizers refuse pairs with an InputError
    const QString texts = QStringLiteral("\"%1\" + \"%2\"").arg(first.left(40), second.left(40));
    checkShape(what, pair, texts);
    for (int id : pair.ids)
        if (id < 0 || id >= tokenizer.vocabSize())
            fail(what, QStringLiteral("encodePair(%1) gives id %2 outside the vocabulary of %3")
                           .arg(texts).arg(id).arg(tokenizer.vocabSize()));
    Encoding named;
    if (!acceptsOrRefusesCleanly(what, [&] { named = tokenizer.fromIds(pair.ids); }) || named.tokens != pair.tokens)
        fail(what, QStringLiteral("fromIds(encodePair(%1)) does not name the pair's pieces: %2")
                       .arg(texts, pair.tokens.join(QLatin1Char(' '))));
    if (!acceptsOrRefusesCleanly(what, [&] {
            a = tokenizer.encode(first, false);
            b = tokenizer.encode(second, false);
        }))
        fail(what, QStringLiteral("encode() refuses a text of the pair %1, which encodePair() takes").arg(texts));
    std::vector<int> both = a.ids;
    both.insert(both.end(), b.ids.begin(), b.ids.end());
    if (!special) {
        bool typesRight = true;
        for (int i = 1; i < pair.size(); ++i)
            typesRight = typesRight && (i == a.size() || pair.typeId(i) == pair.typeId(i - 1));
        if (pair.ids != both || !typesRight)
            fail(what, QStringLiteral("encodePair(%1) without special tokens gives [%2], not the two encodings "
                                      "[%3] with one type id each").arg(texts, idsText(pair.ids), idsText(both)));
        return;
    }
    size_t next = 0;  // both must be a subsequence of the pair: the template only adds tokens
    for (int id : pair.ids)
        if (next < both.size() && both[next] == id)
            ++next;
    if (next != both.size())
        fail(what, QStringLiteral("encodePair(%1) with special tokens gives [%2], which lacks tokens of the two "
                                  "encodings [%3]").arg(texts, idsText(pair.ids), idsText(both)));
}

}  // namespace

void checkTokenizer(const char* what, const Tokenizer& tokenizer, const QByteArray& input) {
    if (tokenizer.vocabSize() <= 0)
        fail(what, QStringLiteral("a loaded tokenizer has a vocabulary of %1").arg(tokenizer.vocabSize()));
    static const QStringList fixedTexts = {
        QStringLiteral("Hello world, it's 2026!"),
        QStringLiteral("  Ünïcödé   naïve\tcafé\n"),
        QStringLiteral("多语言 テキスト 😀👍🏽"),
        QStringLiteral("[CLS] <s> </s> <|endoftext|> [UNK]x"),
        QString(),
    };
    // Encoding every fixed text at six limits took 97% of a harness's time (perf, ASan build:
    // 96 encodings an input), so each input gets one fixed text, one extra limit and, per text,
    // with or without special tokens and one side of the truncation boundary, chosen by its
    // bytes: 8 encodings (and a pair for one input in four, below).
    // The fuzzer's neighbouring inputs take the others, and a finding replays the same checks.
    const quint32 choice = inputHash(input);
    checkText(what, tokenizer, fixedTexts[int(choice % quint32(fixedTexts.size()))], choice / 8);
    // The input's bytes as text too: whatever pieces and special tokens the fuzzer put in the
    // files are then likely to occur in it.
    checkText(what, tokenizer, QString::fromUtf8(input.left(512)), choice / 64);
    // One input in four also checks a pair (about one more encoding an input on average).
    if (((choice >> 9) & 3) == 0)
        checkPair(what, tokenizer, fixedTexts[int(choice % quint32(fixedTexts.size()))],
                  QString::fromUtf8(input.left(512)), (choice >> 11) & 1);
}

}  // namespace headmap::fuzz

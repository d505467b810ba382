// SentencePiece's precompiled_charsmap (PrecompiledCharsMap) and the Precompiled normalizer on a
// small map built here rule by rule, in the Darts-clone layout SentencePiece writes: what the Rust
// library does with the same blob (its "shortest rule matching the start of a grapheme cluster"),
// and broken blobs refused with a clear ModelError, never a crash or a read out of bounds: cut,
// empty, offsets outside the trie or the strings, strings that are not UTF-8, and a real nmt_nfkc
// map cut short or with bytes changed.

#include <map>

#include <QtTest>

#include "core/HeadmapError.h"
#include "tokenizers/PrecompiledCharsMap.h"
#include "tokenizers/PrecompiledNormalizer.h"
#include "tokenizers/TokenizerFiles.h"
#include "TokenGolden.h"
#include "TokenizerJsonBuilder.h"

using namespace headmap;

namespace {

QString u(const char* text) {
    return QString::fromUtf8(text);
}

// A precompiled_charsmap with the given rules: every trie node has a block of 256 units of its
// own (the root's is block 1, unit 0 points to it), its children at base ^ byte and its leaf
// value at base itself. The same as make_mini_charsmap in the comment of precompiled_data().
class MiniCharsMap {
public:
    MiniCharsMap() : m_units(512, 0) { m_units[0] = 256u << 10; }

    void add(const QByteArray& key, const QByteArray& value) {
        quint32 base = 256;
        quint32 position = 0;
        for (qsizetype i = 0; i < key.size(); ++i) {
            const quint8 byte = quint8(key.at(i));
            position = base ^ byte;
            const QByteArray prefix = key.left(i + 1);
            if (!m_bases.count(prefix)) {
                const quint32 child = 256u * m_nextBlock++;
                m_units.resize(child + 256, 0);
                m_bases[prefix] = child;
                m_units[position] = byte | ((position ^ child) << 10);
            }
            base = m_bases[prefix];
        }
        m_units[position] |= 1u << 8;
        m_units[base] = (1u << 31) | quint32(m_strings.size());
        m_strings += value + '\0';
    }

    std::vector<quint32>& units() { return m_units; }
    QByteArray& strings() { return m_strings; }

    QByteArray blob() const {
        QByteArray out;
        const auto put = [&](quint32 value) {
            for (int shift = 0; shift < 32; shift += 8)
                out.append(char((value >> shift) & 0xFF));
        };
        put(quint32(m_units.size() * 4));
        for (quint32 unit : m_units)
            put(unit);
        return out + m_strings;
    }

private:
    std::vector<quint32> m_units;
    QByteArray m_strings;
    std::map<QByteArray, quint32> m_bases;
    quint32 m_nextBlock = 2;
};

MiniCharsMap exampleMap() {
    MiniCharsMap map;
    map.add("a", "b");
    map.add("e", "E");
    map.add("\xC3\xA9", "e");                   // é → e
    map.add("e\xCC\x81", "\xC3\xA9");           // e + U+0301 → é (never reached: "e" comes first)
    map.add("\xEF\xAC\x81", "fi");              // ﬁ → fi
    map.add("x", "");
    return map;
}

QByteArray realCharsMap() {
    const QJsonObject root = tokenizerfiles::readJsonObject(tokentest::fixtureFolder(u("unigram/t5")) +
                                                           u("/tokenizer.json"));
    const QString base64 = root.value(u("normalizer")).toObject().value(u("normalizers")).toArray().at(0).toObject()
                               .value(u("precompiled_charsmap")).toString();
    return QByteArray::fromBase64(base64.toLatin1());
}

}  // namespace

class PrecompiledCharsMapTest : public QObject {
    Q_OBJECT

private slots:
    void normalizes_data();
    void normalizes();
    void shortestRuleFirst();
    void refusesBrokenMaps_data();
    void refusesBrokenMaps();
    void realMapCutShort();
    void realMapWithBytesChanged();

};

void PrecompiledCharsMapTest::normalizes_data() {
    // Expected: the Rust library's Precompiled normalizer (npm tokenizers 0.23.2,
    // precompiled([...blob]).normalizeString(text)) on the same blob, written by this Python:
    //   def make_mini_charsmap(rules):  # the builder of MiniCharsMap, rule for rule
    //       units = [0] * 512; units[0] = 256 << 10; strings = b""; bases = {b"": 256}; nxt = 2
    //       for key, value in rules: (walk key; new prefix: base 256 * nxt, nxt += 1,
    //           units[pos] = byte | ((pos ^ base) << 10)); units[pos] |= 1 << 8;
    //           units[base] = 1 << 31 | len(strings); strings += value + b"\0"
    //   rules = [("a","b"), ("e","E"), ("é","e"), ("e\u0301","é"), ("ﬁ","fi"), ("x","")]
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("expected");
    QTest::newRow("one rule") << u("a") << u("b");
    QTest::newRow("rules and kept characters") << u("abc") << u("bbc");
    QTest::newRow("a rule to nothing") << u("xax") << u("b");
    QTest::newRow("two-byte key") << u("é") << u("e");
    QTest::newRow("cluster of 3 bytes: the shortest rule, the accent dropped") << u("e\u0301") << u("E");
    QTest::newRow("cluster of 5 bytes: still whole") << u("e\u0301\u0301") << u("E");
    QTest::newRow("cluster of 7 bytes: character by character") << u("e\u0301\u0301\u0301")
                                                                << u("E\u0301\u0301\u0301");
    QTest::newRow("three-byte key") << u("ﬁne") << u("finE");
    QTest::newRow("no rule") << u("\u0301") << u("\u0301");
    QTest::newRow("cluster without a rule") << u("q\u0301") << u("q\u0301");
    QTest::newRow("mixed") << u("ae\u0301x") << u("bE");
    QTest::newRow("repeated") << u("eee") << u("EEE");
    QTest::newRow("NUL ends the key, the rest still matches") << QString(QChar(0)) + u("a") << QString(QChar(0)) + u("b");
    QTest::newRow("full-width e has no rule here") << u("ｅ") << u("ｅ");
    QTest::newRow("empty") << QString() << QString();
}

void PrecompiledCharsMapTest::normalizes() {
    QFETCH(QString, input);
    QFETCH(QString, expected);
    const PrecompiledNormalizer normalizer{PrecompiledCharsMap(exampleMap().blob())};
    QCOMPARE(normalizer.normalize(input), expected);
}

void PrecompiledCharsMapTest::shortestRuleFirst() {
    const PrecompiledCharsMap map(exampleMap().blob());
    QCOMPARE(map.transform("e\xCC\x81").value_or("?"), QByteArrayView("E"));
    QCOMPARE(map.transform("x").value_or("?"), QByteArrayView(""));
    QVERIFY(!map.transform("q"));
    QVERIFY(!map.transform(""));
}

void PrecompiledCharsMapTest::refusesBrokenMaps_data() {
    QTest::addColumn<QByteArray>("blob");
    QTest::addColumn<QStringList>("mentions");
    const QByteArray good = exampleMap().blob();
    const QString units = QString::number(exampleMap().units().size());
    const QString trieBytes = QString::number(exampleMap().units().size() * 4);
    QTest::newRow("empty") << QByteArray() << tokentest::words("0 bytes");
    QTest::newRow("three bytes") << QByteArray("\x00\x01\x00", 3) << tokentest::words("3 bytes");
    QTest::newRow("trie size past the end") << good.left(100)
                                            << (QStringList{trieBytes} << tokentest::words("trie should have only 96"));
    QTest::newRow("empty trie") << QByteArray(4, '\0') + "abc" << tokentest::words("trie is empty");
    {
        MiniCharsMap map = exampleMap();
        map.units()[0] = 5000u << 10;
        QTest::newRow("root outside the trie") << map.blob()
                                               << (QStringList{units} << tokentest::words("unit 0 points to 5000 units"));
    }
    {
        MiniCharsMap map = exampleMap();
        const quint32 position = 256 ^ 'a';
        map.units()[position] = 'a' | (1u << 8) | ((position ^ 70000u) << 10);
        QTest::newRow("child outside the trie") << map.blob() << tokentest::words("points to 70000");
    }
    {
        MiniCharsMap map = exampleMap();
        map.units()[512] = (1u << 31) | 999u;  // "a"'s leaf (block 2)
        QTest::newRow("replacement past the strings") << map.blob() << tokentest::words("byte 999 past the end");
    }
    {
        MiniCharsMap map = exampleMap();
        map.strings() = QByteArray("\xC3\xA9\0E\0e\0\xC3\xA9\0fi\0\0", 14);
        map.units()[512] = (1u << 31) | 1u;  // inside é
        QTest::newRow("replacement inside a character") << map.blob()
                                                        << tokentest::words("byte 1 inside a character");
    }
    {
        MiniCharsMap map = exampleMap();
        map.strings().append("\xFF\xFE");
        QTest::newRow("strings not UTF-8") << map.blob() << tokentest::words("not UTF-8");
    }
    {
        MiniCharsMap map = exampleMap();
        map.strings().append("\xED\xA0\x80");  // a surrogate, which Rust's from_utf8 refuses
        QTest::newRow("strings with a surrogate") << map.blob() << tokentest::words("not UTF-8");
    }
}

void PrecompiledCharsMapTest::refusesBrokenMaps() {
    QFETCH(QByteArray, blob);
    QFETCH(QStringList, mentions);
    try {
        PrecompiledCharsMap map(blob);
        QFAIL("expected ModelError");
    } catch (const ModelError& error) {
        qInfo("%s", qPrintable(error.message()));
        QVERIFY2(error.message().contains(u("precompiled_charsmap")), qPrintable(error.message()));
        QVERIFY2(error.message().contains(u("download it again")), qPrintable(error.message()));
        for (const QString& mention : mentions)
            QVERIFY2(error.message().contains(mention), qPrintable(mention + u(" not in: ") + error.message()));
    }
}

void PrecompiledCharsMapTest::realMapCutShort() {
    const QByteArray blob = realCharsMap();
    QVERIFY(blob.size() > 200000);
    const PrecompiledNormalizer whole{PrecompiledCharsMap(blob)};
    QCOMPARE(whole.normalize(u("ﬁ Ａ①")), u("fi A1"));
    // Cut inside the trie: refused. Cut inside the strings: whatever loads must normalize safely.
    for (const qsizetype size : {qsizetype(2), qsizetype(4), qsizetype(1000), blob.size() / 2, blob.size() - 70000,
                                 blob.size() - 1000, blob.size() - 1}) {
        try {
            const PrecompiledNormalizer cut{PrecompiledCharsMap(blob.left(size))};
            cut.normalize(u("ﬁ Ａ① ㎏ Ⅻ e\u0301 \u200B\t x"));
        } catch (const ModelError& error) {
            QVERIFY2(error.message().contains(u("precompiled_charsmap is broken")), qPrintable(error.message()));
        }
    }
}

void PrecompiledCharsMapTest::realMapWithBytesChanged() {
    // 400 copies of the real map, each with a few bytes of its trie or strings changed (fixed
    // seed): each is refused cleanly or normalizes a text full of rules without reading out of
    // bounds (the sanitizer build checks that part).
    const QByteArray blob = realCharsMap();
    quint32 state = 2026;
    const auto next = [&] { return state = state * 1103515245u + 12345u; };
    int refused = 0;
    for (int round = 0; round < 400; ++round) {
        QByteArray changed = blob;
        const int edits = 1 + int(next() % 4);
        for (int e = 0; e < edits; ++e)
            changed[qsizetype(next() % quint32(changed.size()))] = char(next() >> 16);
        try {
            const PrecompiledNormalizer normalizer{PrecompiledCharsMap(changed)};
            normalizer.normalize(u("ﬁ Ａ① ㎏ Ⅻ e\u0301 \u200B\t xÅ 👨‍👩‍👧 ｶﾞ 漢字 ½"));
        } catch (const ModelError&) {
            ++refused;
        }
    }
    qInfo("%d of 400 changed maps refused", refused);
}

QTEST_GUILESS_MAIN(PrecompiledCharsMapTest)
#include "tst_precompiledcharsmap.moc"

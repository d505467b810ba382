// GgufMetadata, read from tests/fixtures/gguf/types.gguf (written by make_gguf_fixtures.py): every
// one of the 13 value types and arrays of them (nested and empty) read back through the typed
// accessors, and each kind of wrong access refused with a message naming the key.

#include <limits>

#include <QtTest>

#include "core/HeadmapError.h"
#include "formats/GgufFile.h"

using headmap::GgufFile;
using headmap::GgufMetadata;
using headmap::ModelError;

namespace {

QString fixturePath() {
    return QStringLiteral(HEADMAP_FIXTURES_DIR "/gguf/types.gguf");
}

// Reads `key` through the accessor named `accessor` and returns what it gave as a QVariant, so
// one data-driven test covers every accessor.
QVariant read(const GgufMetadata& metadata, const QString& accessor, const QString& key) {
    if (accessor == QLatin1String("string"))
        return metadata.string(key);
    if (accessor == QLatin1String("uint"))
        return QVariant::fromValue(metadata.uint(key));
    if (accessor == QLatin1String("integer"))
        return QVariant::fromValue(metadata.integer(key));
    if (accessor == QLatin1String("float"))
        return metadata.floatValue(key);
    if (accessor == QLatin1String("bool"))
        return metadata.boolean(key);
    if (accessor == QLatin1String("stringArray"))
        return metadata.stringArray(key);
    QVariantList list;
    if (accessor == QLatin1String("floatArray"))
        for (const float value : metadata.floatArray(key))
            list << double(value);
    if (accessor == QLatin1String("intArray"))
        for (const qint64 value : metadata.intArray(key))
            list << QVariant::fromValue(value);
    return list;
}

}  // namespace

class TestGgufMetadata : public QObject {
    Q_OBJECT

private slots:
    void values_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("typeText");
        QTest::addColumn<QString>("accessor");
        QTest::addColumn<QVariant>("expected");
        const auto ints = [](std::initializer_list<qint64> values) {
            QVariantList list;
            for (const qint64 value : values)
                list << QVariant::fromValue(value);
            return QVariant(list);
        };
        QTest::newRow("string") << "general.architecture" << "STRING" << "string" << QVariant(QStringLiteral("llama"));
        QTest::newRow("string, non-ASCII") << "general.name" << "STRING" << "string"
                                            << QVariant(QStringLiteral("Headmap GGUF fixture: every type, ünïcödé ✓"));
        QTest::newRow("string, empty") << "test.string_empty" << "STRING" << "string" << QVariant(QString(""));
        QTest::newRow("uint8") << "test.uint8" << "UINT8" << "uint" << QVariant::fromValue(quint64(200));
        QTest::newRow("int8") << "test.int8" << "INT8" << "integer" << QVariant::fromValue(qint64(-100));
        QTest::newRow("uint16") << "test.uint16" << "UINT16" << "uint" << QVariant::fromValue(quint64(60000));
        QTest::newRow("int16") << "test.int16" << "INT16" << "integer" << QVariant::fromValue(qint64(-30000));
        QTest::newRow("uint32") << "test.uint32" << "UINT32" << "uint" << QVariant::fromValue(quint64(4000000000u));
        QTest::newRow("uint32 as integer") << "test.uint32" << "UINT32" << "integer" << QVariant::fromValue(qint64(4000000000));
        QTest::newRow("int32") << "test.int32" << "INT32" << "integer" << QVariant::fromValue(qint64(-2000000000));
        QTest::newRow("uint64 max") << "test.uint64" << "UINT64" << "uint"
                                    << QVariant::fromValue(std::numeric_limits<quint64>::max());
        QTest::newRow("int64 min") << "test.int64" << "INT64" << "integer"
                                   << QVariant::fromValue(std::numeric_limits<qint64>::min());
        QTest::newRow("float32") << "test.float32" << "FLOAT32" << "float" << QVariant(double(0.1f));
        QTest::newRow("float64") << "test.float64" << "FLOAT64" << "float" << QVariant(2.718281828459045);
        QTest::newRow("bool true") << "test.bool_true" << "BOOL" << "bool" << QVariant(true);
        QTest::newRow("bool false") << "test.bool_false" << "BOOL" << "bool" << QVariant(false);
        QTest::newRow("array of strings") << "test.array_string" << "ARRAY of STRING" << "stringArray"
                                          << QVariant(QStringList{"<unk>", "<s>", "▁the", "Ġworld", ""});
        QTest::newRow("array of float32") << "test.array_float32" << "ARRAY of FLOAT32" << "floatArray"
                                          << QVariant(QVariantList{0.0, -1.5, 0.25});
        QTest::newRow("array of int32") << "test.array_int32" << "ARRAY of INT32" << "intArray" << ints({1, -2, 3, 2147483647});
        QTest::newRow("array of uint8") << "test.array_uint8" << "ARRAY of UINT8" << "intArray" << ints({0, 255});
        QTest::newRow("array, empty") << "test.array_empty" << "ARRAY of UINT32" << "intArray" << ints({});
        QTest::newRow("alignment") << "general.alignment" << "UINT32" << "uint" << QVariant::fromValue(quint64(32));
    }

    void values() {
        QFETCH(QString, key);
        QFETCH(QString, typeText);
        QFETCH(QString, accessor);
        QFETCH(QVariant, expected);
        const GgufFile gguf(fixturePath());
        QVERIFY(gguf.metadata().contains(key));
        QCOMPARE(gguf.metadata().value(key).typeText(), typeText);
        QCOMPARE(read(gguf.metadata(), accessor, key), expected);
    }

    // Arrays without a typed accessor are read through their elements.
    void arraysThroughElements() {
        const GgufFile gguf(fixturePath());
        const headmap::GgufValue& bools = gguf.metadata().value(QStringLiteral("test.array_bool"));
        QCOMPARE(bools.typeText(), QStringLiteral("ARRAY of BOOL"));
        QCOMPARE(bools.elements().size(), size_t(3));
        QCOMPARE(bools.elements()[0].boolValue(), true);
        QCOMPARE(bools.elements()[1].boolValue(), false);
        QCOMPARE(bools.elements()[2].boolValue(), true);

        const headmap::GgufValue& nested = gguf.metadata().value(QStringLiteral("test.array_nested"));
        QCOMPARE(nested.typeText(), QStringLiteral("ARRAY of ARRAY of INT16"));
        QCOMPARE(nested.elements().size(), size_t(3));
        QCOMPARE(nested.elements()[0].elements().size(), size_t(2));
        QCOMPARE(nested.elements()[0].elements()[1].signedValue(), qint64(2));
        QVERIFY(nested.elements()[1].elements().empty());
        QCOMPARE(nested.elements()[2].elements()[0].signedValue(), qint64(-3));
        QCOMPARE(nested.elements()[2].elements()[0].type(), headmap::GgufValueType::Int16);
    }

    void keysInFileOrder() {
        const GgufFile gguf(fixturePath());
        const QStringList keys = gguf.metadata().keys();
        QCOMPARE(keys.size(), 23);
        QCOMPARE(gguf.metadata().size(), 23);
        QCOMPARE(keys.first(), QStringLiteral("general.architecture"));
        QCOMPARE(keys.at(2), QStringLiteral("test.uint8"));
        QCOMPARE(keys.last(), QStringLiteral("general.alignment"));
        QVERIFY(!gguf.metadata().find(QStringLiteral("absent")));
    }

    void accessErrors_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("accessor");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing key") << "llama.block_count" << "uint" << "has no metadata key 'llama.block_count'";
        QTest::newRow("string as uint") << "general.architecture" << "uint" << "metadata key 'general.architecture' is STRING; expected an unsigned integer";
        QTest::newRow("uint as string") << "test.uint32" << "string" << "metadata key 'test.uint32' is UINT32; expected a STRING";
        QTest::newRow("negative as uint") << "test.int8" << "uint" << "metadata key 'test.int8' is -100; expected a non-negative integer";
        QTest::newRow("uint64 max as integer") << "test.uint64" << "integer" << "metadata key 'test.uint64' is 18446744073709551615, beyond the largest signed 64-bit integer";
        QTest::newRow("float as integer") << "test.float32" << "integer" << "metadata key 'test.float32' is FLOAT32; expected an integer";
        QTest::newRow("integer as float") << "test.int32" << "float" << "metadata key 'test.int32' is INT32; expected a FLOAT32 or FLOAT64";
        QTest::newRow("uint8 as bool") << "test.uint8" << "bool" << "metadata key 'test.uint8' is UINT8; expected a BOOL";
        QTest::newRow("strings as floats") << "test.array_string" << "floatArray" << "metadata key 'test.array_string' is ARRAY of STRING; expected an ARRAY of FLOAT32 or FLOAT64";
        QTest::newRow("floats as integers") << "test.array_float32" << "intArray" << "metadata key 'test.array_float32' is ARRAY of FLOAT32; expected an ARRAY of integers";
        QTest::newRow("bools as integers") << "test.array_bool" << "intArray" << "metadata key 'test.array_bool' is ARRAY of BOOL; expected an ARRAY of integers";
        QTest::newRow("integers as strings") << "test.array_int32" << "stringArray" << "metadata key 'test.array_int32' is ARRAY of INT32; expected an ARRAY of STRING";
        QTest::newRow("nested as strings") << "test.array_nested" << "stringArray" << "metadata key 'test.array_nested' is ARRAY of ARRAY of INT16; expected an ARRAY of STRING";
        QTest::newRow("scalar as array") << "test.uint8" << "stringArray" << "metadata key 'test.uint8' is UINT8; expected an ARRAY of STRING";
        QTest::newRow("array as string") << "test.array_string" << "string" << "metadata key 'test.array_string' is ARRAY of STRING; expected a STRING";
    }

    void accessErrors() {
        QFETCH(QString, key);
        QFETCH(QString, accessor);
        QFETCH(QString, expected);
        const GgufFile gguf(fixturePath());
        try {
            read(gguf.metadata(), accessor, key);
            QFAIL("the access succeeded");
        } catch (const ModelError& error) {
            QVERIFY2(error.message().startsWith(QStringLiteral("GGUF file '%1': ").arg(fixturePath())), qPrintable(error.message()));
            QVERIFY2(error.message().contains(expected), qPrintable(error.message()));
        }
    }

    // Optional keys: the fallback when absent, the value when present, an error when the type is wrong.
    void fallbacks() {
        const GgufFile gguf(fixturePath());
        const GgufMetadata& metadata = gguf.metadata();
        QCOMPARE(metadata.uint(QStringLiteral("llama.context_length"), 2048), quint64(2048));
        QCOMPARE(metadata.uint(QStringLiteral("test.uint16"), 1), quint64(60000));
        QCOMPARE(metadata.floatValue(QStringLiteral("llama.rope.freq_base"), 10000.0), 10000.0);
        QCOMPARE(metadata.boolean(QStringLiteral("tokenizer.ggml.add_bos_token"), true), true);
        QCOMPARE(metadata.boolean(QStringLiteral("test.bool_false"), true), false);
        QCOMPARE(metadata.string(QStringLiteral("tokenizer.ggml.pre"), QStringLiteral("default")), QStringLiteral("default"));
        QVERIFY_THROWS_EXCEPTION(ModelError, metadata.string(QStringLiteral("test.uint8"), QStringLiteral("x")));
        QVERIFY_THROWS_EXCEPTION(ModelError, metadata.uint(QStringLiteral("general.name"), 1));
    }
};

QTEST_GUILESS_MAIN(TestGgufMetadata)
#include "tst_ggufmetadata.moc"

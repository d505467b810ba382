// Choosing the languages of a multilingual translation model (Model::resolveLanguages, the
// languages of TokenizeOptions, decoderInputForTarget and generate) against transformers' own
// classes (make_language_fixtures.py): tests/fixtures/seq2seq/m2m_100_lang_f32 is a tiny M2M100
// model with the Hub's tokenizer files (ids from transformers' M2M100Tokenizer), nllb_lang_f32 and
// mbart_50_lang_f32 tiny M2M100 and MBart models with NLLB's and mBART-50's tokenizer.json (ids
// from the Rust library with the language template of NllbTokenizer / MBart50Tokenizer). Per
// case: the source in src_lang, the decoder's rows for the target in tgt_lang, every head of the
// three stacks (M2M100ForConditionalGeneration / MBartForConditionalGeneration), and
// generate(forced_bos_token_id=<tgt_lang's id>). mbart_25_lang_f32: MBartTokenizer's language
// behind </s>, the decoder's rows from MBart's own shift_tokens_right (the target language first)
// and generate(decoder_start_token_id=<tgt_lang's id>). Tolerances as in tst_encoderdecodermodel
// (1e-5).
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QtTest>

#include "GoldenFile.h"
#include "TestPaths.h"
#include "core/HeadmapError.h"
#include "model/ModelLoader.h"

using namespace headmap;

namespace {

const QString kFixture = QStringLiteral("seq2seq/m2m_100_lang_f32");
const QStringList kFixtures{kFixture, QStringLiteral("seq2seq/nllb_lang_f32"), QStringLiteral("seq2seq/mbart_50_lang_f32"),
                            QStringLiteral("seq2seq/mbart_25_lang_f32")};

QJsonObject readGolden(const QString& fixture = kFixture) {
    QFile file(QDir(testsupport::fixturePath(fixture)).filePath(QStringLiteral("golden.json")));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}

// A golden language ("da", or null for the folder's default) as a user may give it: bare.
QString language(const QJsonValue& value) {
    return value.isString() ? value.toString() : QString();
}

QString compareStack(const AttentionTrace& trace, const QJsonValue& expected, const QString& what) {
    const QJsonArray layers = expected.toArray();
    if (layers.size() != trace.layers())
        return QStringLiteral("%1: %2 layers, expected %3").arg(what).arg(trace.layers()).arg(layers.size());
    for (int l = 0; l < trace.layers(); ++l) {
        const QJsonArray heads = layers[l].toArray();
        for (int h = 0; h < trace.heads(); ++h) {
            const QString error = golden::compareMatrices(trace.head(l, h), golden::toMatrix(heads[h]), 1e-5f,
                                                          QStringLiteral("%1 %2.%3").arg(what).arg(l).arg(h));
            if (!error.isEmpty())
                return error;
        }
    }
    return QString();
}

QString errorOf(const std::function<void()>& call) {
    try {
        call();
    } catch (const HeadmapError& error) {
        return error.message();
    }
    return QString();
}

}  // namespace

class TestSeq2SeqLanguages : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        m_golden = readGolden();
        QVERIFY(!m_golden.value(QStringLiteral("cases")).toArray().isEmpty());
        m_model = loadModel(ModelSpec{testsupport::fixturePath(kFixture), {}});
    }

    void listsAndDefaults() {
        const QStringList sources = m_model->sourceLanguages();
        QCOMPARE(sources.size(), 100);
        QCOMPARE(sources.first(), QStringLiteral("__af__"));
        QCOMPARE(m_model->targetLanguages(), sources);
        // tokenizer_config.json: src_lang and tgt_lang null → "en" and none, as transformers.
        QCOMPARE(m_model->defaultLanguages().source, QStringLiteral("__en__"));
        QVERIFY(m_model->defaultLanguages().target.isEmpty());
    }

    void resolvesCodes_data() {
        QTest::addColumn<QString>("asked");
        QTest::addColumn<QString>("resolved");
        QTest::newRow("as written") << QStringLiteral("__da__") << QStringLiteral("__da__");
        QTest::newRow("bare") << QStringLiteral("zh") << QStringLiteral("__zh__");
        QTest::newRow("three letters") << QStringLiteral("ast") << QStringLiteral("__ast__");
    }

    void resolvesCodes() {
        QFETCH(QString, asked);
        QFETCH(QString, resolved);
        QCOMPARE(m_model->resolveLanguages({asked, asked}).source, resolved);
        QCOMPARE(m_model->resolveLanguages({asked, asked}).target, resolved);
    }

    void unknownCodesAreRefused() {
        const QString message = errorOf([&] { m_model->resolveLanguages({QString(), QStringLiteral("xx")}); });
        QVERIFY2(message.contains(QStringLiteral("target language 'xx'")) && message.contains(QStringLiteral("__af__")),
                 qPrintable(message));
        // Without tgt_lang in the folder there is no target to read a target text in.
        const QString noTarget = errorOf([&] { m_model->decoderInputForTarget(QStringLiteral("Hello")); });
        QVERIFY2(noTarget.contains(QStringLiteral("tgt_lang")), qPrintable(noTarget));
    }

    void casesAsTransformers_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("index");
        for (const QString& fixture : kFixtures) {
            const QJsonArray cases = readGolden(fixture).value(QStringLiteral("cases")).toArray();
            QVERIFY(!cases.isEmpty());
            for (int i = 0; i < cases.size(); ++i)
                QTest::addRow("%s/%s", qPrintable(fixture),
                              qPrintable(cases[i].toObject().value(QStringLiteral("name")).toString()))
                    << fixture << i;
        }
    }

    void casesAsTransformers() {
        QFETCH(QString, fixture);
        QFETCH(int, index);
        const QJsonObject c = readGolden(fixture).value(QStringLiteral("cases")).toArray()[index].toObject();
        const std::unique_ptr<Model> model = loadModel(ModelSpec{testsupport::fixturePath(fixture), {}});
        const LanguageChoice languages = model->resolveLanguages(
            {language(c.value(QStringLiteral("src_lang"))), language(c.value(QStringLiteral("tgt_lang")))});
        TokenizeOptions tokenize;
        tokenize.languages = languages;
        const Encoding source = model->tokenize(c.value(QStringLiteral("source_text")).toString(), tokenize);
        QCOMPARE(source.ids, golden::toIntVector(c.value(QStringLiteral("source_ids"))));
        // The source language's token: first, or after </s> (mBART-25).
        QVERIFY(source.special.front() || (source.special.back() && source.special[source.special.size() - 2]));
        const Encoding target = model->decoderInputForTarget(c.value(QStringLiteral("target_text")).toString(),
                                                               languages);
        QCOMPARE(target.ids, golden::toIntVector(c.value(QStringLiteral("decoder_input_ids"))));

        RunOptions options;
        options.decoderInput = target;
        const RunResult result = model->run(source, options);
        for (const auto& [kind, key] : {std::pair{StackKind::Encoder, "encoder_attentions"},
                                        std::pair{StackKind::Decoder, "decoder_attentions"},
                                        std::pair{StackKind::Cross, "cross_attentions"}}) {
            const QString error = compareStack(result.stack(kind), c.value(QLatin1String(key)), stackName(kind));
            QVERIFY2(error.isEmpty(), qPrintable(error));
        }

        // The target language's token is forced first, or (mBART-25) is the decoder's start.
        std::vector<int> generated = golden::toIntVector(c.value(QStringLiteral("generated_ids")));
        if (c.contains(QStringLiteral("decoder_start_token_id"))) {
            QCOMPARE(generated.front(), c.value(QStringLiteral("decoder_start_token_id")).toInt());
            QCOMPARE(model->decoderInputForGenerated({}, languages).ids.front(), generated.front());
        }
        generated.erase(generated.begin());  // generate() returns the start token first
        if (c.contains(QStringLiteral("forced_bos_token_id")))
            QCOMPARE(generated.front(), c.value(QStringLiteral("forced_bos_token_id")).toInt());
        QCOMPARE(model->generate(source, -1, languages), generated);
        // A run without a decoder input generates in the chosen language too.
        RunOptions generating;
        generating.languages = languages;
        QCOMPARE(model->run(source, generating).generated, generated);
    }

    // Without a target language generation_config.json decides: it forces nothing here.
    void defaultGeneration() {
        const QJsonObject d = m_golden.value(QStringLiteral("notes")).toObject()
                                  .value(QStringLiteral("default_generation")).toObject();
        const Encoding source = m_model->tokenize(d.value(QStringLiteral("source_text")).toString());
        QCOMPARE(source.ids, golden::toIntVector(d.value(QStringLiteral("source_ids"))));
        std::vector<int> generated = golden::toIntVector(d.value(QStringLiteral("generated_ids")));
        generated.erase(generated.begin());
        QCOMPARE(m_model->generate(source), generated);
    }

private:
    QJsonObject m_golden;
    std::unique_ptr<Model> m_model;
};

QTEST_GUILESS_MAIN(TestSeq2SeqLanguages)
#include "tst_seq2seqlanguages.moc"

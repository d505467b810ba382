// Derived data as producers (ui/derived/DerivedData.h): a view names a producer, the document
// runs it once per trace on a worker, keeps the result under its key, drops it when the trace
// changes or when the producer says a change of style or hiding matters, and offers a long
// forward pass's heads to the producers it knows. A counting producer of the trace's length
// stands for a view's own derived data.

#include <atomic>

#include <QDir>
#include <QSignalSpy>
#include <QtTest>

#include "AttentionDocument.h"

using namespace headmap;
using namespace headmap::ui;

namespace {

ModelSpec decoderModel() {  // one layer of four heads, 4,096 positions
    return ModelSpec{QDir(QStringLiteral(HEADMAP_FIXTURES_DIR)).filePath(QStringLiteral("models/llama_f32_yarn")), {}};
}

QString textOfWords(int words) {
    QStringList list;
    for (int i = 0; i < words; ++i)
        list << QStringLiteral("the cat sat on mat %1").arg(i % 10);
    return list.join(QLatin1Char(' '));
}

// Counts the heads a pass hands out; its result is the number of heads seen.
class CountingCollector : public PassCollector {
public:
    void addHead(int, int, const MatrixF&) override { ++m_heads; }
    std::shared_ptr<const void> finish(const DerivedInput&) override { return std::make_shared<const int>(-m_heads); }

private:
    std::atomic<int> m_heads{0};
};

// The shown trace's length, counting how often it was computed.
class LengthProducer : public DerivedProducerOf<int> {
public:
    LengthProducer(bool colours, bool hiding, bool collects) : m_colours(colours), m_hiding(hiding), m_collects(collects) {}
    QString key() const override { return QStringLiteral("test: length"); }
    QString busyText() const override { return QStringLiteral("Counting…"); }
    bool sameResult(const DerivedInput& made, const DerivedInput& now) const override {
        return DerivedProducer::sameResult(made, now) && (!m_colours || made.style.colormap == now.style.colormap) &&
               (!m_hiding || made.hideSpecial == now.hideSpecial);
    }
    std::unique_ptr<PassCollector> collector(const ModelSummary&, const Encoding&, const DerivedInput&) const override {
        return m_collects ? std::make_unique<CountingCollector>() : nullptr;
    }
    mutable std::atomic<int> produced{0};

protected:
    std::shared_ptr<const int> make(const DerivedInput& input, const StopRequested&) const override {
        ++produced;
        return std::make_shared<const int>(input.trace->length());
    }

private:
    bool m_colours, m_hiding, m_collects;
};

}  // namespace

class TestDocumentDerived : public QObject {
    Q_OBJECT
private slots:
    void keptUntilWhatItDependsOnChanges_data();
    void keptUntilWhatItDependsOnChanges();
    void longPassFeedsKnownCollectors();
};

void TestDocumentDerived::keptUntilWhatItDependsOnChanges_data() {
    QTest::addColumn<bool>("colours");  // the producer depends on the colormap
    QTest::addColumn<bool>("hiding");   // … on hidden special tokens
    QTest::addColumn<QString>("change");
    QTest::addColumn<bool>("kept");     // the result survives the change
    QTest::newRow("another sentence") << false << false << "text" << false;
    QTest::newRow("colours, producer ignores them") << false << false << "colormap" << true;
    QTest::newRow("colours, producer draws with them") << true << false << "colormap" << false;
    QTest::newRow("hiding, producer ignores it") << true << false << "hide" << true;
    QTest::newRow("hiding, producer hides") << false << true << "hide" << false;
    QTest::newRow("numbers in cells") << true << true << "values" << true;
}

void TestDocumentDerived::keptUntilWhatItDependsOnChanges() {
    QFETCH(bool, colours);
    QFETCH(bool, hiding);
    QFETCH(QString, change);
    QFETCH(bool, kept);
    AttentionDocument document;
    QVERIFY(document.setModelSpec(decoderModel()));
    document.setText(QStringLiteral("the cat sat on the mat"));
    document.waitForIdle();
    const auto producer = std::make_shared<LengthProducer>(colours, hiding, false);
    QSignalSpy changed(&document, &AttentionDocument::changed);
    document.requestDerived({producer});
    QVERIFY(document.isWorking());
    QCOMPARE(document.busyText(), QStringLiteral("Counting…"));
    document.waitForIdle();
    QVERIFY(document.derived<int>(producer->key()));
    QCOMPARE(*document.derived<int>(producer->key()), document.trace().length());
    QVERIFY(!document.derived<double>(producer->key()));  // another type: refused, not cast
    bool derivedNotified = false;
    for (const QList<QVariant>& args : changed)
        derivedNotified = derivedNotified || (args.first().value<DocumentChanges>() & DocumentChange::Derived);
    QVERIFY(derivedNotified);
    document.requestDerived({producer});  // there already: nothing runs
    document.waitForIdle();
    QCOMPARE(producer->produced.load(), 1);

    HeatmapStyle style = document.view().style;
    if (change == QLatin1String("text")) {
        document.setText(QStringLiteral("a dog ran"));
        document.waitForIdle();
    } else if (change == QLatin1String("colormap")) {
        style.colormap = Colormap::Magma;
        document.setStyle(style);
    } else if (change == QLatin1String("hide")) {
        document.setHideSpecialTokens(true);
    } else {
        style.showValues = true;
        document.setStyle(style);
    }
    QCOMPARE(document.derived<int>(producer->key()) != nullptr, kept);
    document.requestDerived({producer});
    document.waitForIdle();
    QCOMPARE(producer->produced.load(), kept ? 1 : 2);
    QCOMPARE(*document.derived<int>(producer->key()), document.trace().length());
}

void TestDocumentDerived::longPassFeedsKnownCollectors() {
    // Named before the pass, a producer with a collector sees every head of a long pass, and
    // its result is there when the pass ends without produce() running.
    AttentionDocument document;
    QVERIFY(document.setModelSpec(decoderModel()));
    const auto collecting = std::make_shared<LengthProducer>(false, false, true);
    document.collectDuringPasses({collecting});
    QVERIFY(!document.isWorking());  // nothing to compute yet
    document.setText(textOfWords(60));
    document.waitForIdle();
    QVERIFY(document.trace().length() > 256);
    const auto heads = document.derived<int>(collecting->key());
    QVERIFY(heads);
    QCOMPARE(-*heads, document.trace().layers() * document.trace().heads());
    QCOMPARE(collecting->produced.load(), 0);
    // A short sentence is not collected: asking computes it.
    document.setText(QStringLiteral("the cat sat"));
    document.waitForIdle();
    QVERIFY(!document.derived<int>(collecting->key()));
    document.requestDerived({collecting});
    document.waitForIdle();
    QCOMPARE(collecting->produced.load(), 1);
    QCOMPARE(*document.derived<int>(collecting->key()), document.trace().length());
}

QTEST_MAIN(TestDocumentDerived)
#include "tst_documentderived.moc"

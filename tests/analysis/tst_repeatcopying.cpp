// analysis/RepeatCopying's findRepeatedStretch on hand-made token ids with known answers: the
// second copy of a text typed twice, the longest repeat ending at the last token, the nearest
// copy on a tie, and no stretch when the end repeats nothing.

#include <QtTest>

#include "analysis/RepeatCopying.h"

using namespace headmap;

Q_DECLARE_METATYPE(std::vector<int>)

class RepeatCopyingTest : public QObject {
    Q_OBJECT
private slots:
    void findsTheSecondCopy_data() {
        QTest::addColumn<std::vector<int>>("ids");
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("offset");
        QTest::newRow("typed twice") << std::vector<int>{5, 1, 9, 5, 1, 9} << 3 << 3;
        QTest::newRow("after other tokens") << std::vector<int>{7, 7, 2, 4, 6, 2, 4, 6} << 5 << 3;
        QTest::newRow("copy cut short") << std::vector<int>{2, 4, 6, 8, 2, 4} << 4 << 4;
        QTest::newRow("one token repeated: nearest copy") << std::vector<int>{3, 3, 3, 3} << 1 << 1;
        QTest::newRow("longest run wins") << std::vector<int>{1, 2, 3, 9, 2, 3, 8, 1, 2, 3} << 7 << 7;
        QTest::newRow("nothing repeats") << std::vector<int>{1, 2, 3, 4} << -1 << 0;
        QTest::newRow("a single repeated token is not a copy") << std::vector<int>{1, 2, 3, 1} << -1 << 0;
        QTest::newRow("empty") << std::vector<int>{} << -1 << 0;
    }

    void findsTheSecondCopy() {
        QFETCH(std::vector<int>, ids);
        QFETCH(int, start);
        QFETCH(int, offset);
        const RepeatedStretch stretch = findRepeatedStretch(ids);
        QCOMPARE(stretch.start, start);
        QCOMPARE(stretch.offset, offset);
        if (start < 0)
            return;
        QCOMPARE(stretch.end, int(ids.size()));
        for (int i = stretch.start; i < stretch.end; ++i)
            QCOMPARE(ids[size_t(i)], ids[size_t(i - offset)]);
        // The induction key of the copy's first token is the token after its earlier occurrence.
        QCOMPARE(stretch.inductionKey(stretch.start), stretch.start - offset + 1);
    }
};

QTEST_GUILESS_MAIN(RepeatCopyingTest)
#include "tst_repeatcopying.moc"

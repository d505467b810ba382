#pragma once
// Two attention heatmaps side by side, A and B, and a third with their difference A − B in
// diverging colours. Two modes: two heads of one sentence (layer and head of A and of B), or
// one head of two sentences (the main window computes the second sentence's trace when the
// user asks for it through secondSentenceRequested, then calls setSecondTrace). Sentences of
// different lengths cannot be subtracted: the difference pane then says so.
// Long sentences (HeadLoader::asyncFrom() tokens on) have their heads and the difference
// computed in a worker; the panes keep what they showed, dimmed, until the newest request's
// heads are there.

#include <memory>

#include <QWidget>

#include "HeatmapView.h"
#include "core/AttentionTrace.h"
#include "jobs/LatestJobs.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;

namespace headmap::ui {

class ComparisonView : public QWidget {
    Q_OBJECT
public:
    enum class Mode { TwoHeads, TwoSentences };

    explicit ComparisonView(QWidget* parent = nullptr);

    void setTrace(std::shared_ptr<const AttentionTrace> trace);        // sentence A; null: empty
    void setSecondTrace(std::shared_ptr<const AttentionTrace> trace);  // sentence B; null: none yet
    void setStyle(const HeatmapStyle& style);
    void setHideSpecialTokens(bool hide);
    // Clamped to the trace; in two-sentence mode both sentences show layerA, headA.
    void setHeads(int layerA, int headA, int layerB, int headB);
    void setMode(Mode mode);
    // All of the data at once, drawn once (each setter above redraws all three heatmaps).
    void setData(std::shared_ptr<const AttentionTrace> trace, std::shared_ptr<const AttentionTrace> second,
                 int layerA, int headA, int layerB, int headB);

    Mode mode() const { return m_mode; }
    int layerA() const;
    int headA() const;
    int layerB() const;
    int headB() const;
    bool hideSpecialTokens() const { return m_hideSpecial; }

    HeatmapView* heatmapA() const { return m_heatmapA; }
    HeatmapView* heatmapB() const { return m_heatmapB; }
    HeatmapView* difference() const { return m_difference; }
    // The text shown instead of the difference (e.g. different token counts); empty while the
    // difference is shown.
    QString differenceMessage() const;
    QComboBox* modeBox() const { return m_modeBox; }
    QSpinBox* layerABox() const { return m_layerA; }
    QSpinBox* headABox() const { return m_headA; }
    QSpinBox* layerBBox() const { return m_layerB; }
    QSpinBox* headBBox() const { return m_headB; }
    QLineEdit* secondSentenceEdit() const { return m_sentenceEdit; }
    QPushButton* compareButton() const { return m_compareButton; }
    // The newest heads asked for are still being computed (long sentences only).
    bool isComputing() const { return m_jobs.isWorking(QString()); }

signals:
    void secondSentenceRequested(const QString& text);
    // The panes show the heads last asked for (at once for short sentences).
    void headsShown();

private:
    // What the three panes show follows from these alone.
    struct Request {
        std::shared_ptr<const AttentionTrace> trace;
        std::shared_ptr<const AttentionTrace> second;
        int layerA = 0, headA = 0, layerB = 0, headB = 0;
        bool twoHeads = true;
        bool hideSpecial = false;
        bool operator==(const Request& o) const {
            return trace == o.trace && second == o.second && layerA == o.layerA && headA == o.headA &&
                   layerB == o.layerB && headB == o.headB && twoHeads == o.twoHeads && hideSpecial == o.hideSpecial;
        }
    };
    struct Panes {
        QString empty;  // non-empty: nothing to compare, every pane says this
        HeatmapContent a, b, difference;
        QString bMessage;           // non-empty: B shows this instead of a head
        QString differenceMessage;  // non-empty: the difference pane shows this
    };
    // The panes' matrices, labels and messages; thread-safe (no widgets).
    static Panes computePanes(const Request& request, const PyramidKind& headKind, const PyramidKind& differenceKind,
                              bool withPyramid);
    void showPanes(Panes panes);
    void refresh();
    void updateControls();
    void showDifferenceMessage(const QString& message);
    void requestSecondSentence();

    std::shared_ptr<const AttentionTrace> m_trace;
    std::shared_ptr<const AttentionTrace> m_second;
    HeatmapStyle m_style;
    bool m_hideSpecial = false;
    Mode m_mode = Mode::TwoHeads;

    QComboBox* m_modeBox;
    QLabel* m_headALabel;
    QSpinBox* m_layerA;
    QSpinBox* m_headA;
    QWidget* m_headBControls;
    QSpinBox* m_layerB;
    QSpinBox* m_headB;
    QWidget* m_sentenceControls;
    QLineEdit* m_sentenceEdit;
    QPushButton* m_compareButton;
    HeatmapView* m_heatmapA;
    HeatmapView* m_heatmapB;
    HeatmapView* m_difference;
    QStackedWidget* m_differenceStack;
    QLabel* m_differenceMessage;
    Request m_request;  // shown or on its way
    bool m_hasRequest = false;
    LatestJobs m_jobs{2};  // the newest request and one superseded job finishing
};

}  // namespace headmap::ui

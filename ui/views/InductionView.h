#pragma once
// The classroom's induction page (#41, #38): type a random string of letters twice and watch a
// trained model copy it. The model's induction heads are found with the induction probe (random
// tokens repeated twice, analysis/HeadRoleRun.h), never named in advance; the page shows the best
// one on the text, says where it looks from a letter of the second copy (the letter after that
// letter's earlier occurrence), and lists the model's next-letter predictions along the second
// copy. "Switch this head off" ablates it through the document, so every view and the prediction
// panel show the copying fail.
//
// The probe and the predictions run on worker threads; only the newest request's result is shown.

#include <memory>
#include <vector>

#include <QWidget>

#include "analysis/RepeatCopying.h"
#include "core/AttentionTrace.h"
#include "model/Model.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;

namespace headmap::ui {

class HeadLoader;
class HeatmapView;

// A head found by the probe, with its mean weight on the induction stripe.
struct InductionHead {
    int layer = 0;
    int head = 0;
    double score = 0.0;
};

class InductionView : public QWidget {
    Q_OBJECT
public:
    static constexpr int kProbeLength = 50;  // tokens per half, cut to what the model's positions allow
    static constexpr int kProbeCount = 10;
    static constexpr int kShownHeads = 5;    // the best heads offered in the list
    // A head whose probe stripe reaches this is an induction head (#41's threshold). A trained
    // model may have several that copy side by side (builtin:induction has two): switching off
    // one leaves the others copying, so the page can switch them all off at once.
    static constexpr double kInductionHeadAtLeast = 0.6;

    explicit InductionView(QWidget* parent = nullptr);

    // A new model: forgets its heads; findHeads() runs the probe on it.
    void setModel(std::shared_ptr<const Model> model);
    void findHeads();
    // The text's trace (the document's pieces) and the heads switched off in it.
    void setTrace(std::shared_ptr<const AttentionTrace> trace, const std::vector<HeadAblation>& ablations);

    // What the page shows, for tests and the figure.
    const std::vector<InductionHead>& heads() const { return m_heads; }  // best first
    int currentHeadIndex() const;  // into heads(); -1 before the probe
    bool isProbing() const { return m_probing; }
    bool isPredicting() const { return m_predicting; }
    const RepeatedStretch& stretch() const { return m_stretch; }
    const std::vector<CopyStep>& copySteps() const { return m_steps; }
    int queryToken() const { return m_query; }  // the letter of the second copy explained
    HeatmapView* heatmap() const { return m_heatmap; }
    QComboBox* headBox() const { return m_headBox; }
    QCheckBox* switchOffBox() const { return m_switchOff; }
    QCheckBox* switchOffAllBox() const { return m_switchOffAll; }  // shown with two induction heads or more
    std::vector<InductionHead> inductionHeads() const;  // the heads at kInductionHeadAtLeast or more
    QPushButton* randomButton() const { return m_random; }
    QPushButton* findButton() const { return m_find; }
    QLabel* lookNote() const { return m_lookNote; }
    QLabel* copyNote() const { return m_copyNote; }
    QLabel* probeNote() const { return m_probeNote; }
    // Random lowercase letters, the given count, typed twice ("qwkqwk" for 3).
    static QString randomLettersTwice(int letters, quint32 seed);

signals:
    // The user picked a head (the document should show it) or asked to switch heads off or on.
    void headChosen(int layer, int head);
    void switchOffChanged(const std::vector<headmap::ui::InductionHead>& heads, bool off);
    // "Random letters": a text to run.
    void textRequested(const QString& text);
    // The probe or the predictions finished (tests wait for these).
    void headsFound();
    void copyingShown();

private:
    void showHeads();
    void showHead();
    void predictCopies();
    void showCopies();

    std::shared_ptr<const Model> m_model;
    std::shared_ptr<const AttentionTrace> m_trace;
    std::vector<HeadAblation> m_ablations;
    std::vector<InductionHead> m_heads;
    RepeatedStretch m_stretch;
    std::vector<CopyStep> m_steps;
    int m_query = -1;
    int m_probeLength = 0;
    bool m_probing = false;
    bool m_predicting = false;
    quint64 m_probeRequest = 0;    // the newest probe's number; older results are dropped
    quint64 m_predictRequest = 0;  // the same for the predictions
    QString m_probeError;

    QLabel* m_intro;
    QPushButton* m_random;
    QPushButton* m_find;
    QLabel* m_probeNote;
    QComboBox* m_headBox;
    QCheckBox* m_switchOff;
    QCheckBox* m_switchOffAll;
    HeatmapView* m_heatmap;
    HeadLoader* m_loader;
    QLabel* m_lookNote;
    QLabel* m_copyNote;
};

}  // namespace headmap::ui

#include "views/InductionView.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "HeatmapView.h"
#include "WorkerPool.h"
#include "analysis/HeadRoleRun.h"
#include "core/HeadmapError.h"
#include "heatmap/HeadLoader.h"
#include "teaching/PortableRandom.h"

namespace headmap::ui {
namespace {

struct ProbeOutcome {
    std::vector<InductionHead> heads;  // best first
    int length = 0;
    QString error;
};

// Runs on a worker: the probe's stripe per head, sorted.
ProbeOutcome runProbe(std::shared_ptr<const Model> model, int length, int count) {
    ProbeOutcome outcome;
    outcome.length = length;
    try {
        const InductionProbe probe = makeInductionProbe(*model, length, count, 0);
        const InductionProbeRun run = scoreInductionProbe(*model, probe, HeadRoleOptions{});
        const int heads = model->summary().heads;
        for (size_t i = 0; i < run.stripe.size(); ++i)
            outcome.heads.push_back(InductionHead{int(i) / heads, int(i) % heads, run.stripe[i]});
        std::stable_sort(outcome.heads.begin(), outcome.heads.end(),
                         [](const InductionHead& a, const InductionHead& b) { return a.score > b.score; });
    } catch (const HeadmapError& error) {
        outcome.error = error.message();
    }
    return outcome;
}

struct CopyOutcome {
    RepeatedStretch stretch;
    std::vector<CopyStep> steps;
    QString error;
};

// Runs on a worker: the model's next-token predictions along the text's second copy, with the
// document's heads switched off.
CopyOutcome runCopies(std::shared_ptr<const Model> model, std::vector<int> ids, std::vector<HeadAblation> ablations) {
    CopyOutcome outcome;
    outcome.stretch = findRepeatedStretch(ids);
    if (outcome.stretch.isEmpty())
        return outcome;
    try {
        Encoding input = model->tokenizer().fromIds(ids);
        RunOptions options;
        options.ablations = std::move(ablations);
        const RunResult result = model->run(input, options);
        outcome.steps = headmap::copySteps(*model, result, ids, outcome.stretch);
    } catch (const HeadmapError& error) {
        outcome.error = error.message();
    }
    return outcome;
}

QString quoted(const AttentionTrace& trace, int index) {
    return QStringLiteral("'%1' #%2").arg(trace.displayTokens().value(index)).arg(index);
}

}  // namespace

InductionView::InductionView(QWidget* parent)
    : QWidget(parent), m_intro(new QLabel), m_random(new QPushButton(tr("&Random letters"))),
      m_find(new QPushButton(tr("&Find induction heads"))), m_probeNote(new QLabel), m_headBox(new QComboBox),
      m_switchOff(new QCheckBox(tr("S&witch this head off"))), m_switchOffAll(new QCheckBox), m_heatmap(new HeatmapView),
      m_loader(new HeadLoader(m_heatmap)), m_lookNote(new QLabel), m_copyNote(new QLabel) {
    m_intro->setWordWrap(true);
    m_intro->setText(tr("An induction head copies. At a letter it has seen before, it looks at the letter that came "
                        "after it last time, and the model predicts that letter next. Type a random string of letters "
                        "twice, e.g. <b>qzkfwbqzkfwb</b>, or press Random letters. The heads are found with the "
                        "induction probe: random tokens repeated twice, scored by the weight on the token after the "
                        "earlier copy."));
    for (QLabel* label : {m_probeNote, m_lookNote, m_copyNote}) {
        label->setWordWrap(true);
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_headBox->setToolTip(tr("The heads with the highest induction probe score, best first"));
    m_switchOff->setToolTip(tr("Replace the head's output by zeros and run the text again"));
    m_switchOffAll->setToolTip(tr("Switch off every head the probe finds to be an induction head (score %1 or more): "
                                  "when one is off, the others can still copy")
                                   .arg(QLocale().toString(kInductionHeadAtLeast, 'f', 1)));
    m_switchOffAll->setVisible(false);
    m_heatmap->setToolbarVisible(false);
    m_heatmap->setCompact(true);
    m_heatmap->setMinimumHeight(260);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_random);
    controls->addWidget(m_find);
    controls->addWidget(m_headBox, 1);
    // The switches on a row of their own, so the head list keeps its width beside a docked panel.
    auto* switches = new QHBoxLayout;
    switches->addWidget(m_switchOff);
    switches->addWidget(m_switchOffAll);
    switches->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(controls);
    layout->addLayout(switches);
    layout->addWidget(m_probeNote);
    layout->addWidget(m_heatmap, 1);
    layout->addWidget(m_lookNote);
    layout->addWidget(m_copyNote);

    connect(m_random, &QPushButton::clicked, this, [this] {
        static quint32 presses = 0;  // another string each time
        emit textRequested(randomLettersTwice(12, ++presses));
    });
    connect(m_find, &QPushButton::clicked, this, &InductionView::findHeads);
    connect(m_headBox, qOverload<int>(&QComboBox::activated), this, [this](int index) {
        if (index < 0 || index >= int(m_heads.size()))
            return;
        showHead();
        emit headChosen(m_heads[size_t(index)].layer, m_heads[size_t(index)].head);
    });
    connect(m_switchOff, &QCheckBox::toggled, this, [this](bool off) {
        const int index = currentHeadIndex();
        if (index >= 0)
            emit switchOffChanged({m_heads[size_t(index)]}, off);
    });
    connect(m_switchOffAll, &QCheckBox::toggled, this, [this](bool off) {
        const std::vector<InductionHead> heads = inductionHeads();
        if (!heads.empty())
            emit switchOffChanged(heads, off);
    });
    setModel(nullptr);
}

QString InductionView::randomLettersTwice(int letters, quint32 seed) {
    PortableRandom random = PortableRandom::stream(seed, "induction-letters");
    QString text;
    for (int i = 0; i < letters; ++i)
        text += QChar(u'a' + int(random.next() % 26));
    return text + text;
}

std::vector<InductionHead> InductionView::inductionHeads() const {
    std::vector<InductionHead> found;
    for (const InductionHead& head : m_heads)
        if (head.score >= kInductionHeadAtLeast)
            found.push_back(head);
    return found;
}

int InductionView::currentHeadIndex() const { return m_heads.empty() ? -1 : m_headBox->currentIndex(); }

void InductionView::setModel(std::shared_ptr<const Model> model) {
    m_model = std::move(model);
    m_heads.clear();
    m_probeError.clear();
    ++m_probeRequest;
    m_probing = false;
    m_find->setEnabled(m_model != nullptr);
    showHeads();
}

void InductionView::findHeads() {
    if (!m_model || m_probing)
        return;
    const int positions = m_model->summary().maxPositions;
    const int length = positions > 0 ? std::min(kProbeLength, positions / 2) : kProbeLength;
    m_probing = true;
    m_probeError.clear();
    m_probeNote->setText(tr("Running the induction probe: %1 random sequences of %2 tokens, each repeated twice…")
                             .arg(kProbeCount).arg(length));
    const quint64 request = ++m_probeRequest;
    auto* watcher = new QFutureWatcher<ProbeOutcome>(this);
    connect(watcher, &QFutureWatcher<ProbeOutcome>::finished, this, [this, watcher, request] {
        watcher->deleteLater();
        if (request != m_probeRequest)
            return;  // another model since
        const ProbeOutcome outcome = watcher->result();
        m_probing = false;
        m_heads = outcome.heads;
        m_probeLength = outcome.length;
        m_probeError = outcome.error;
        showHeads();
        if (!m_heads.empty())
            emit headChosen(m_heads.front().layer, m_heads.front().head);
        emit headsFound();
    });
    watcher->setFuture(QtConcurrent::run(workerPool(), runProbe, m_model, length, kProbeCount));
}

void InductionView::showHeads() {
    const QSignalBlocker block(m_headBox);
    m_headBox->clear();
    const int shown = std::min<int>(kShownHeads, int(m_heads.size()));
    for (int i = 0; i < shown; ++i)
        m_headBox->addItem(tr("Layer %1, head %2: induction score %3")
                               .arg(m_heads[size_t(i)].layer)
                               .arg(m_heads[size_t(i)].head)
                               .arg(QLocale().toString(m_heads[size_t(i)].score, 'f', 2)));
    m_headBox->setEnabled(shown > 0);
    m_switchOff->setEnabled(shown > 0);
    const int induction = int(inductionHeads().size());
    m_switchOffAll->setText(tr("Switch &all %n induction head(s) off", nullptr, induction));
    m_switchOffAll->setVisible(induction >= 2);
    if (!m_model)
        m_probeNote->setText(tr("No model yet: choose one, e.g. builtin:induction."));
    else if (!m_probeError.isEmpty())
        m_probeNote->setText(tr("The induction probe failed: %1").arg(m_probeError));
    else if (m_heads.empty())
        m_probeNote->setText(tr("Press Find induction heads to run the induction probe on this model."));
    else
        m_probeNote->setText(tr("Induction probe: %1 random sequences of %2 tokens, each repeated twice. The best "
                                "head puts %3 of its weight, on average, on the token after the earlier copy.")
                                 .arg(kProbeCount).arg(m_probeLength)
                                 .arg(QLocale().toString(m_heads.front().score * 100, 'f', 0) + QLatin1Char('%')));
    showHead();
}

void InductionView::setTrace(std::shared_ptr<const AttentionTrace> trace, const std::vector<HeadAblation>& ablations) {
    const bool sameText = m_trace && trace && m_trace->tokenIds() == trace->tokenIds();
    const bool sameAblations = ablations == m_ablations;
    m_trace = std::move(trace);
    m_ablations = ablations;
    showHead();
    if (!(sameText && sameAblations) || (m_steps.empty() && !m_predicting))
        predictCopies();
}

void InductionView::showHead() {
    const int index = currentHeadIndex();
    const bool off = index >= 0 && std::any_of(m_ablations.begin(), m_ablations.end(), [&](const HeadAblation& a) {
        return a.layer == m_heads[size_t(index)].layer && a.head == m_heads[size_t(index)].head;
    });
    {
        const QSignalBlocker block(m_switchOff);
        m_switchOff->setChecked(off);
    }
    {
        const std::vector<InductionHead> all = inductionHeads();
        const QSignalBlocker block(m_switchOffAll);
        m_switchOffAll->setChecked(!all.empty() && std::all_of(all.begin(), all.end(), [&](const InductionHead& h) {
            return std::any_of(m_ablations.begin(), m_ablations.end(),
                               [&](const HeadAblation& a) { return a.layer == h.layer && a.head == h.head; });
        }));
    }
    if (!m_trace || m_trace->isEmpty() || index < 0) {
        m_loader->clear(m_trace ? tr("Find the induction heads first") : tr("Type a random string of letters twice"));
        m_lookNote->clear();
        m_query = -1;
        return;
    }
    const InductionHead& head = m_heads[size_t(index)];
    m_loader->show(m_trace, head.layer, head.head, false);
    const RepeatedStretch stretch = findRepeatedStretch(m_trace->tokenIds());
    if (stretch.isEmpty()) {
        m_query = -1;
        m_heatmap->setSelectedToken(-1);
        m_lookNote->setText(tr("The text repeats nothing yet: type the same letters again after it."));
        return;
    }
    // The last letter of the second copy: its earlier occurrence is stretch.offset tokens back.
    m_query = stretch.end - 1;
    m_heatmap->setSelectedToken(m_query);
    const MatrixF row = m_trace->row(head.layer, head.head, m_query);  // (1, T)
    Eigen::Index strongest = 0;
    row.row(0).maxCoeff(&strongest);
    const int target = stretch.inductionKey(m_query);
    const QString where = int(strongest) == target
                              ? tr("the letter after the earlier %1.").arg(quoted(*m_trace, m_query - stretch.offset))
                              : tr("not the letter after the earlier %1, which is %2 (%3).")
                                    .arg(quoted(*m_trace, m_query - stretch.offset), quoted(*m_trace, target))
                                    .arg(QLocale().toString(double(row(0, target)), 'f', 2));
    m_lookNote->setText(tr("At %1 this head looks most at %2 (weight %3): %4")
                            .arg(quoted(*m_trace, m_query), quoted(*m_trace, int(strongest)))
                            .arg(QLocale().toString(double(row(0, strongest)), 'f', 2))
                            .arg(where));
}

void InductionView::predictCopies() {
    ++m_predictRequest;
    m_steps.clear();
    m_stretch = RepeatedStretch{};
    if (!m_model || !m_trace || m_trace->isEmpty() || !m_model->hasOutputHead()) {
        m_predicting = false;
        m_copyNote->setText(m_model && !m_model->hasOutputHead()
                                ? tr("This model predicts no tokens: %1").arg(m_model->outputHeadMissing())
                                : QString());
        return;
    }
    m_predicting = true;
    m_copyNote->setText(tr("Predicting the next letters…"));
    const quint64 request = m_predictRequest;
    auto* watcher = new QFutureWatcher<CopyOutcome>(this);
    connect(watcher, &QFutureWatcher<CopyOutcome>::finished, this, [this, watcher, request] {
        watcher->deleteLater();
        if (request != m_predictRequest)
            return;
        const CopyOutcome outcome = watcher->result();
        m_predicting = false;
        m_stretch = outcome.stretch;
        m_steps = outcome.steps;
        if (!outcome.error.isEmpty())
            m_copyNote->setText(tr("Predicting failed: %1").arg(outcome.error));
        else
            showCopies();
        emit copyingShown();
    });
    watcher->setFuture(QtConcurrent::run(workerPool(), runCopies, m_model, m_trace->tokenIds(), m_ablations));
}

void InductionView::showCopies() {
    if (m_stretch.isEmpty() || m_steps.empty()) {
        m_copyNote->setText(tr("Type the same letters a second time to see the model copy them."));
        return;
    }
    const int right = int(std::count_if(m_steps.begin(), m_steps.end(), [](const CopyStep& s) { return s.right(); }));
    const Tokenizer& tokenizer = m_model->tokenizer();
    QString strip;
    for (const CopyStep& step : m_steps) {
        const QString predicted = tokenizer.fromIds({step.predicted}).displayTokens.value(0).toHtmlEscaped();
        strip += step.right() ? QStringLiteral("<span style='color:#1a7f37'>%1</span>").arg(predicted)
                              : QStringLiteral("<span style='color:#cf222e'><s>%1</s></span>").arg(predicted);
        strip += QLatin1Char(' ');
    }
    const QString off = m_ablations.empty() ? QString()
                                            : tr(" (with %n head(s) switched off)", nullptr, int(m_ablations.size()));
    m_copyNote->setText(tr("Next letter predicted right in the second copy: <b>%1 of %2</b>%3<br>%4")
                            .arg(right).arg(m_steps.size()).arg(off, strip));
}

}  // namespace headmap::ui

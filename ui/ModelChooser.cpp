#include "ModelChooser.h"

#include <QFutureWatcher>
#include <QtConcurrent>

#include <QDir>
#include <QStyleOptionComboBox>

#include <algorithm>

#include "WorkerPool.h"
#include "hf/HubCache.h"
#include "model/ModelLoader.h"

namespace headmap::ui {
namespace {
const QString kOpenFolder = QStringLiteral("__open_folder__");
}  // namespace

ModelChooser::ModelChooser(QWidget* parent) : QComboBox(parent) {
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setMinimumContentsLength(18);
    setPlaceholderText(tr("No model"));
    setToolTip(tr("The model to run: built in, from the Hugging Face cache, from Ollama or LM Studio, or a folder"));
    connect(this, qOverload<int>(&QComboBox::activated), this, &ModelChooser::onActivated);
    connect(this, qOverload<int>(&QComboBox::currentIndexChanged), this, &QWidget::updateGeometry);
    // The owner calls refresh() with its recent models; scanning the cache here too would
    // walk it twice at start-up.
}

void ModelChooser::refresh(const QStringList& recentModels) {
    m_recent = recentModels;
    if (!m_scanned && !m_scanning) {
        m_scanning = true;
        auto* watcher = new QFutureWatcher<Scan>(this);
        connect(watcher, &QFutureWatcher<Scan>::finished, this, [this, watcher] {
            watcher->deleteLater();
            const Scan scan = watcher->result();
            m_cached = scan.cached;
            m_local = scan.local;
            m_scanned = true;
            m_scanning = false;
            refresh(m_recent);
            emit cacheScanned();
        });
        watcher->setFuture(QtConcurrent::run(workerPool(), &ModelChooser::scanStores));
    }
    const QSignalBlocker block(this);
    clear();
    QStringList listed;
    auto add = [&](const QString& label, const QString& spec, const QString& tip) {
        if (listed.contains(spec))
            return;
        addItem(label, spec);
        setItemData(count() - 1, tip, Qt::ToolTipRole);
        listed << spec;
    };
    for (const QString& name : builtinModelNames())
        add(builtinLabel(name), name, builtinExplanation(name));
    const QList<CachedModel>& cached = m_cached;
    if (!cached.isEmpty())
        insertSeparator(count());
    for (const CachedModel& model : cached) {
        // Every cached model is listed, so users see why one cannot be opened.
        const QString type = model.modelType.isEmpty() ? tr("no model_type") : model.modelType;
        add(model.supported ? QStringLiteral("%1  (%2)").arg(model.id, type)
                            : tr("%1  (%2: not supported)").arg(model.id, type),
            model.id, tr("Hugging Face cache: %1").arg(model.folder));
        if (!model.supported)
            setItemData(count() - 1, QVariant(0), Qt::UserRole - 1);  // disabled: not selectable
    }
    addLocalModels(listed);
    for (const LocalStoreListing& store : m_local)
        for (const LocalModel& model : store.models)
            listed << model.spec;
    bool separated = false;
    for (const QString& recent : recentModels) {
        if (listed.contains(recent))
            continue;
        if (!separated) {
            insertSeparator(count());
            separated = true;
        }
        add(QDir(recent).dirName().isEmpty() ? recent : QDir(recent).dirName(), recent, recent);
    }
    insertSeparator(count());
    addItem(tr("Open folder…"), kOpenFolder);
    setCurrentModel(m_current);
}

QString ModelChooser::builtinLabel(const QString& spec) {
    if (spec == QLatin1String("builtin:teaching"))
        return tr("Teaching model (built in)");
    if (spec == QLatin1String("builtin:numbers"))
        return tr("Numbers to digits, Danish and Chinese (built in, trained)");
    return spec;
}

QString ModelChooser::builtinExplanation(const QString& spec) {
    if (spec == QLatin1String("builtin:numbers"))
        return tr("<p>A small translation model (a BART encoder–decoder of about 250,000 parameters) trained on "
                  "Danish and Chinese number words from 0 to 9,999 to write their digits: “syvoghalvfems” gives 97, "
                  "“二千三百一十二” gives 2312. It learned that Danish says the units before the tens (seven-and-"
                  "ninety): while it writes the 9 its cross-attention looks at “halvfems”, while it writes the 7 "
                  "it looks back at “syv”. Chinese says the digits in their own order, and the alignment is a "
                  "straight line. (One head was also shown in training which word says each digit; another "
                  "learned to look there on its own.) Numbers it never saw in training come out right at least "
                  "99 times in 100.</p>");
    if (spec == QLatin1String("builtin:induction"))
        return tr("<p>A small GPT-2 (2 layers of 2 heads) trained for Headmap on random lowercase letters in which "
                  "stretches repeat, one token per letter. It learned induction heads: the heads of layer 0 look at "
                  "the previous letter, and both heads of layer 1 look from a letter to the letter that followed the "
                  "same two letters earlier, and the model predicts that letter: it copies 98 letters in 100 of a "
                  "random string typed twice. Switch off one induction head and the other still copies; switch off "
                  "both and the copying stops. Type a random string of letters twice and open the Induction tab.</p>");
    return tr("Random weights, exactly as the seed tutorial builds them");
}

ModelChooser::Scan ModelChooser::scanStores() {
    return Scan{HubCache().list(), listLocalModels()};
}

// One entry per GGUF file: "qwen2.5:0.5b  (Ollama · Q4_K_M · 397.8 MB)". A file that
// cannot be opened is listed, disabled, with the reason as its tooltip.
void ModelChooser::addLocalModels(const QStringList& listed) {
    for (const LocalStoreListing& store : m_local) {
        if (store.models.isEmpty())
            continue;
        insertSeparator(count());
        for (const LocalModel& model : store.models) {
            if (listed.contains(model.spec))
                continue;
            const QString name = model.spec.section(QLatin1Char(':'), 1);
            if (!model.usable()) {
                addItem(tr("%1  (%2: cannot be opened)").arg(name, store.program), model.spec);
                setItemData(count() - 1, model.error, Qt::ToolTipRole);
                setItemData(count() - 1, QVariant(0), Qt::UserRole - 1);  // disabled: not selectable
                continue;
            }
            // The label stays short (the chooser sits in the tool bar); the tooltip has the rest.
            const QString quantization = model.quantization.isEmpty() ? tr("no file type") : model.quantization;
            addItem(QStringLiteral("%1  (%2)").arg(name, QStringList{store.program, quantization, readableSize(model.sizeBytes)}
                                                             .join(QStringLiteral(" · "))),
                    model.spec);
            const QString architecture = model.architecture.isEmpty() ? tr("no architecture") : model.architecture;
            QString tip = model.spec + QLatin1Char('\n') + tr("Architecture: %1").arg(architecture) + QLatin1Char('\n') + model.path;
            if (!model.alias.isEmpty())
                tip += QLatin1Char('\n') + tr("%1 opens this file too").arg(model.alias);
            setItemData(count() - 1, tip, Qt::ToolTipRole);
        }
    }
}

void ModelChooser::setCurrentModel(const QString& spec) {
    m_current = spec;
    if (spec.isEmpty()) {  // no model loaded: the placeholder, not an entry that was not loaded
        const QSignalBlocker block(this);
        setCurrentIndex(-1);
        updateGeometry();  // signals are blocked: the width follows the entry shown from here
        return;
    }
    int index = findData(spec);
    if (index < 0) {
        const QSignalBlocker block(this);
        insertItem(0, QDir(spec).dirName().isEmpty() ? spec : QDir(spec).dirName(), spec);
        setItemData(0, spec, Qt::ToolTipRole);
        index = 0;
    }
    const QSignalBlocker block(this);
    setCurrentIndex(index);
    updateGeometry();
}

QSize ModelChooser::minimumSizeHint() const {
    return sizeHint();
}

QSize ModelChooser::sizeHint() const {
    QSize hint = QComboBox::minimumSizeHint();
    const QFontMetrics metrics = fontMetrics();
    const QString shown = currentIndex() >= 0 ? currentText() : placeholderText();
    const int text = std::min(metrics.horizontalAdvance(shown), metrics.horizontalAdvance(QLatin1Char('x')) * kMaxShownChars);
    QStyleOptionComboBox option;
    initStyleOption(&option);
    const QSize needed = style()->sizeFromContents(QStyle::CT_ComboBox, &option, QSize(text, hint.height()), this);
    hint.setWidth(std::max(hint.width(), needed.width()));
    return hint;
}

QString ModelChooser::currentModel() const {
    return m_current;
}

void ModelChooser::onActivated(int index) {
    const QString spec = itemData(index).toString();
    if (spec == kOpenFolder) {
        setCurrentModel(m_current);  // stay on the loaded model until a folder is chosen
        emit openFolderRequested();
        return;
    }
    if (!spec.isEmpty() && spec != m_current)
        emit modelChosen(spec);
}

}  // namespace headmap::ui

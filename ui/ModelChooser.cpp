#include "ModelChooser.h"

#include <QFutureWatcher>
#include <QtConcurrent>

#include <QDir>

#include "hf/HubCache.h"
#include "model/ModelLoader.h"

namespace headmap::ui {
namespace {
const QString kOpenFolder = QStringLiteral("__open_folder__");
}

ModelChooser::ModelChooser(QWidget* parent) : QComboBox(parent) {
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    setMinimumContentsLength(18);
    setToolTip(tr("The model to run: built in, from the Hugging Face cache, or a folder"));
    connect(this, qOverload<int>(&QComboBox::activated), this, &ModelChooser::onActivated);
    // The owner calls refresh() with its recent models; scanning the cache here too would
    // walk it twice at start-up.
}

void ModelChooser::refresh(const QStringList& recentModels) {
    m_recent = recentModels;
    if (!m_scanned && !m_scanning) {
        m_scanning = true;
        auto* watcher = new QFutureWatcher<QList<CachedModel>>(this);
        connect(watcher, &QFutureWatcher<QList<CachedModel>>::finished, this, [this, watcher] {
            watcher->deleteLater();
            m_cached = watcher->result();
            m_scanned = true;
            m_scanning = false;
            refresh(m_recent);
            emit cacheScanned();
        });
        watcher->setFuture(QtConcurrent::run([] { return HubCache().list(); }));
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
        add(name == QLatin1String("builtin:teaching") ? tr("Teaching model (built in)") : name, name,
            tr("Random weights, exactly as the seed tutorial builds them"));
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
    setCurrentModel(m_current.isEmpty() ? builtinModelNames().first() : m_current);
}

void ModelChooser::setCurrentModel(const QString& spec) {
    m_current = spec;
    int index = findData(spec);
    if (index < 0) {
        const QSignalBlocker block(this);
        insertItem(0, QDir(spec).dirName().isEmpty() ? spec : QDir(spec).dirName(), spec);
        setItemData(0, spec, Qt::ToolTipRole);
        index = 0;
    }
    const QSignalBlocker block(this);
    setCurrentIndex(index);
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

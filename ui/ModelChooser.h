#pragma once
// The model picker: built-in models, models in the Hugging Face cache, the GGUF models Ollama
// and LM Studio have downloaded, recent folders, and "Open folder…". It only names models; the
// document loads them.

#include <QComboBox>
#include <QList>

#include "hf/HubCache.h"
#include "local/LocalModels.h"

namespace headmap::ui {

class ModelChooser : public QComboBox {
    Q_OBJECT
public:
    explicit ModelChooser(QWidget* parent = nullptr);

    // Rebuilds the list: built-ins, the caches as last scanned, then recent models; starts a
    // scan of the Hugging Face cache and of Ollama's and LM Studio's stores (reading each GGUF
    // header) on a worker thread the first time (large stores on a slow disk must not hold up
    // the window), and rebuilds once it is done (cacheScanned).
    void refresh(const QStringList& recentModels);
    bool isScanning() const { return m_scanning; }
    // Shows spec as the current entry, adding it when it is not listed; empty: no entry, the
    // placeholder "No model".
    void setCurrentModel(const QString& spec);
    QString currentModel() const;
    // Wide enough for the entry shown (up to kMaxShownChars characters), whatever the others:
    // a name cut to "qwen3-qknorm-gq…" says nothing.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;  // the same: a narrow window squeezes other fields first
    static constexpr int kMaxShownChars = 44;
    // A built-in model's entry: its label, and the paragraph its tooltip explains it with.
    static QString builtinLabel(const QString& spec);
    static QString builtinExplanation(const QString& spec);

signals:
    void modelChosen(const QString& spec);
    void openFolderRequested();
    void cacheScanned();

private:
    struct Scan {
        QList<CachedModel> cached;
        QList<LocalStoreListing> local;
    };
    static Scan scanStores();
    void addLocalModels(const QStringList& listed);
    void onActivated(int index);
    QString m_current;
    QStringList m_recent;
    QList<CachedModel> m_cached;
    QList<LocalStoreListing> m_local;
    bool m_scanned = false;
    bool m_scanning = false;
};

}  // namespace headmap::ui

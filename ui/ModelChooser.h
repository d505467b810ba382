#pragma once
// The model picker: built-in models, models in the Hugging Face cache, recent folders, and
// "Open folder…". It only names models; the document loads them.

#include <QComboBox>

namespace headmap::ui {

class ModelChooser : public QComboBox {
    Q_OBJECT
public:
    explicit ModelChooser(QWidget* parent = nullptr);

    // Rebuilds the list: built-ins, the cache (scanned now), then recent models.
    void refresh(const QStringList& recentModels);
    // Shows spec as the current entry, adding it when it is not listed.
    void setCurrentModel(const QString& spec);
    QString currentModel() const;

signals:
    void modelChosen(const QString& spec);
    void openFolderRequested();

private:
    void onActivated(int index);
    QString m_current;
};

}  // namespace headmap::ui

#pragma once
// The Head roles view (issue #38): a corpus file, or the current text, scored head by head on a
// worker (roles/HeadRolesJob.h) with progress, Cancel and partial results drawn as they come;
// the layers × heads map coloured by the chosen role (roles/HeadRolesMap.h), a sortable table of
// every head, the divergence from a second model, and the results as a figure, CSV or JSON.
// A click on a head asks (openRequested) to show the document and position where the head
// plays the chosen role most strongly; the tab (tabs/HeadRolesTabView) does that on the document.

#include <atomic>
#include <memory>

#include <QFutureWatcher>
#include <QWidget>

#include "figures/Figure.h"
#include "roles/HeadRolesJob.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace headmap::ui {

class HeadRolesMap;
class HeadRolesTableModel;

class HeadRolesView : public QWidget {
    Q_OBJECT
public:
    explicit HeadRolesView(QWidget* parent = nullptr);
    ~HeadRolesView() override;  // cancels a run and waits for its worker

    // The model heads are measured with (null: none); another model drops what is shown.
    void setModel(std::shared_ptr<const Model> model, const ModelSpec& spec);
    // The document's text, scored when "Use the current text" is checked.
    void setCurrentText(const QString& text);
    void setColormap(Colormap colormap);

    // Starts scoring what the controls say (a run in progress is cancelled first); the result
    // of the same model, content and options is shown at once from memory.
    void run();
    void cancel();
    bool isRunning() const;
    // The last result, partial while running; null before any.
    std::shared_ptr<const HeadRoleResult> result() const { return m_result; }
    bool isPartial() const { return m_partial; }

    // Writes the result as the CLI's `heads` does: JSON for .json, CSV otherwise. Returns an
    // error (also shown in the message line), empty on success.
    QString exportData(const QString& path);
    // The map (and the divergence map) as a figure; null before a result.
    std::unique_ptr<Figure> figure() const;
    // A window rebuilt in another language keeps the corpus, options and result of `old`.
    void takeOverFrom(const HeadRolesView& old);
    // Opens the head (layer, head) as a click on the map does.
    void openHead(int layer, int head);

    QLineEdit* corpusEdit() const { return m_corpus; }
    QPushButton* browseButton() const { return m_browse; }
    QCheckBox* useTextBox() const { return m_useText; }
    QCheckBox* paragraphsBox() const { return m_paragraphs; }
    QComboBox* measureBox() const { return m_measure; }
    // Encoder–decoder models only (hidden otherwise): which self-attention stack is scored.
    QComboBox* stackBox() const { return m_stack; }
    QLineEdit* compareEdit() const { return m_compare; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* progressLabel() const { return m_progressText; }
    QLabel* messageLabel() const { return m_message; }
    HeadRolesMap* map() const { return m_map; }
    QTableView* table() const { return m_table; }
    HeadRolesTableModel* tableModel() const { return m_model; }

signals:
    // The head's strongest document for the chosen role (its text, cut when longer than the
    // model reads) and the query position there, in the document's tokens with special tokens.
    // `stack`: the stack scored (encoder–decoder models; the encoder's for one-stack models), the
    // position is in its query tokens.
    void openRequested(const QString& text, bool cut, StackKind stack, int layer, int head, int position);
    // A run ended (finished, cancelled or failed); the message line says which.
    void finished();

private:
    void buildLayout();
    void chooseFile();
    void chooseExportFile();
    void showReport(quint64 generation, const HeadRolesReport& report);
    void adoptOutcome();
    void showResult(std::shared_ptr<const HeadRoleResult> result, bool partial);
    void setMessage(const QString& text, bool error);
    void updateControls();
    HeadRolesRequest request() const;
    bool scoresStacks() const;  // an encoder–decoder model is loaded

    std::shared_ptr<const Model> m_modelPointer;
    ModelSpec m_spec;
    QString m_text;
    Colormap m_colormap = Colormap::Viridis;
    std::shared_ptr<const HeadRoleResult> m_result;
    bool m_partial = false;
    QString m_compareName;
    HeadRolesRequest m_running;  // what the last run scored, to read its documents again
    quint64 m_generation = 0;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    QFutureWatcher<HeadRolesOutcome> m_watcher;
    QFutureWatcher<std::pair<QString, bool>> m_reader;  // a document's text, for a click
    int m_openLayer = -1, m_openHead = -1, m_openPosition = -1;  // the click being read

    QLineEdit* m_corpus;
    QPushButton* m_browse;
    QCheckBox* m_useText;
    QCheckBox* m_paragraphs;
    QComboBox* m_measure;
    QLabel* m_stackLabel;
    QComboBox* m_stack;
    QLineEdit* m_compare;
    QPushButton* m_run;
    QPushButton* m_cancelButton;
    QProgressBar* m_progress;
    QLabel* m_progressText;
    QLabel* m_message;
    HeadRolesMap* m_map;
    HeadRolesTableModel* m_model;
    QSortFilterProxyModel* m_sorted;
    QTableView* m_table;
    QPushButton* m_exportButton;
};

}  // namespace headmap::ui

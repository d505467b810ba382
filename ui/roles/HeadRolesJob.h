#pragma once
// The Head roles view's background work (issue #38): a corpus file (or the current text) scored
// by analysis/HeadRoleRun on a worker, with partial results and progress for the view, and the
// results kept in memory per (model, corpus content, options) so that asking again is instant.
//
// The key holds a SHA-1 of the corpus's bytes, computed on the worker before anything else, so a
// file changed on disk is scored again and the same content under another name is not. A result
// is kept only while the model it was computed with is alive (a weak pointer): another model,
// or the same one loaded again, starts afresh.

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

#include <QString>

#include "analysis/HeadRoleRun.h"
#include "model/ModelLoader.h"

namespace headmap::ui {

struct HeadRolesRequest {
    std::shared_ptr<const Model> model;
    ModelSpec spec;         // the model's, for a second model's options and the exports
    QString compareSource;  // a second model (spec or folder); empty: none
    QString corpusPath;     // empty: `text` is the corpus
    QString text;           // the current text, one document per line like a file
    bool paragraphs = false;
    // Encoder–decoder models: the self-attention stack scored (encoder: the document as source;
    // decoder: the model's translation of it). Unset: the encoder; one-stack models ignore it.
    std::optional<StackKind> stack;
};

struct HeadRolesReport {
    HeadRoleProgress progress;
    double elapsedSeconds = 0;
    std::shared_ptr<const HeadRoleResult> partial;  // the means so far
};

struct HeadRolesOutcome {
    std::shared_ptr<const HeadRoleResult> result;  // null on error
    QString error;          // what went wrong and what to do, for the view's message line
    QString compareName;    // the second model's name, when there is one
    bool cancelled = false;
    bool fromCache = false;
    int invalidUtf8Documents = 0;
};

// Runs on a worker. `report` is called from the worker, at most every 100 ms, with a partial
// result; cancel stops between documents and between a document's layers (the outcome then
// holds what was finished, marked cancelled, and is not kept).
HeadRolesOutcome runHeadRoles(const HeadRolesRequest& request, const std::atomic<bool>& cancel,
                              const std::function<void(const HeadRolesReport&)>& report);

// The text of document `index` (CorpusReader numbering) of the corpus the request names, and
// whether it was cut; empty when there is no such document (the file changed). Throws InputError.
QString corpusDocumentText(const HeadRolesRequest& request, int index, bool* cut);

// Forgets every kept result (tests).
void clearHeadRolesCache();

}  // namespace headmap::ui

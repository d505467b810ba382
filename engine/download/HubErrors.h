#pragma once
// The Hub's refusals in plain words. The Hub names its reason in the X-Error-Code header
// (huggingface_hub's utils/_http.py hf_raise_for_status): GatedRepo, RepoNotFound,
// RevisionNotFound, EntryNotFound; X-Error-Message adds the server's own sentence.

#include <QString>

namespace headmap {

struct HubRefusal {
    int status = 0;        // HTTP status
    QString errorCode;     // X-Error-Code, may be empty
    QString errorMessage;  // X-Error-Message, may be empty
};

// One line for the user: what went wrong with repoId (at revision, for file when not empty)
// and what to do about it. hasToken says whether a token was sent.
QString describeRefusal(const HubRefusal& refusal, const QString& repoId, const QString& revision,
                        const QString& file, bool hasToken);

}  // namespace headmap

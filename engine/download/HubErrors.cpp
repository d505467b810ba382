#include "download/HubErrors.h"

#include <QCoreApplication>

namespace headmap {

QString describeRefusal(const HubRefusal& refusal, const QString& repoId, const QString& revision,
                        const QString& file, bool hasToken) {
    const QString& code = refusal.errorCode;
    const QString serverSays = refusal.errorMessage.isEmpty()
                                   ? QString()
                                   : QCoreApplication::translate("Engine", " (the Hub says: %1)")
                                         .arg(refusal.errorMessage.left(300));
    if (code == QLatin1String("GatedRepo"))
        return QCoreApplication::translate("Engine", "%1 is a gated model: accept its conditions on its Hub page, then "
                                                     "give your access token in HF_TOKEN or $HF_HOME/token%2")
                   .arg(repoId, serverSays);
    if (code == QLatin1String("RepoNotFound"))
        return QCoreApplication::translate("Engine", "no model %1 on the Hub; check the name%2%3")
                   .arg(repoId,
                        hasToken ? QCoreApplication::translate("Engine", " and that your token may read it")
                                 : QCoreApplication::translate(
                                       "Engine", ", or if it is private give an access token in HF_TOKEN"),
                        serverSays);
    if (code == QLatin1String("RevisionNotFound"))
        return QCoreApplication::translate("Engine", "%1 has no revision '%2' (a branch, tag or commit)%3")
                   .arg(repoId, revision, serverSays);
    if (code == QLatin1String("EntryNotFound"))
        return QCoreApplication::translate("Engine", "%1 at '%2' has no file %3%4")
                   .arg(repoId, revision, file, serverSays);
    if (refusal.status == 401)
        return QCoreApplication::translate("Engine", "the Hub refused %1: %2%3")
                   .arg(repoId,
                        hasToken ? QCoreApplication::translate("Engine", "the access token is not valid")
                                 : QCoreApplication::translate("Engine",
                                                               "it needs an access token (HF_TOKEN or $HF_HOME/token)"),
                        serverSays);
    if (refusal.status == 403)
        return QCoreApplication::translate("Engine", "the Hub does not let this token read %1%2")
                   .arg(repoId, serverSays);
    if (refusal.status == 429)
        return QCoreApplication::translate("Engine",
                                           "the Hub asks to slow down (too many requests); try again in a minute%1")
                   .arg(serverSays);
    return QCoreApplication::translate("Engine", "the Hub answered HTTP %1 for %2%3%4")
        .arg(refusal.status)
        .arg(repoId, file.isEmpty() ? QString() : QStringLiteral(" / ") + file, serverSays);
}

}  // namespace headmap

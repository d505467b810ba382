#include "roles/HeadRolesData.h"

#include <QBuffer>

#include "analysis/HeadRoleReport.h"

namespace headmap::ui {
namespace {

HeadRoleReport reportOf(const HeadRolesExport& data) {
    HeadRoleReport report;
    report.model = data.model;
    report.compare = data.compare;
    report.corpus = data.corpus;
    report.paragraphs = data.paragraphs;
    if (!data.stack.isEmpty())
        report.stack = data.stack;
    report.roles = allHeadRoles();
    report.result = *data.result;
    return report;
}

QByteArray written(const HeadRolesExport& data, bool (*write)(QIODevice*, const HeadRoleReport&)) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    write(&buffer, reportOf(data));  // a QBuffer takes every write
    return bytes;
}

}  // namespace

QByteArray headRolesJson(const HeadRolesExport& data) {
    return written(data, &writeHeadRoleJson);
}

QByteArray headRolesCsv(const HeadRolesExport& data) {
    return written(data, &writeHeadRoleCsv);
}

}  // namespace headmap::ui

#include "download/HubEnvironment.h"

#include <QDir>
#include <QFile>

#include "hf/HubCache.h"

namespace headmap {
namespace {

// huggingface_hub's _is_true: "1", "ON", "YES", "TRUE" in any case.
bool isTrue(const QString& value) {
    const QString v = value.trimmed().toUpper();
    return v == QLatin1String("1") || v == QLatin1String("ON") || v == QLatin1String("YES") ||
           v == QLatin1String("TRUE");
}

QString hfHome() {
    const QString home = qEnvironmentVariable("HF_HOME");
    return home.isEmpty() ? QDir::home().filePath(QStringLiteral(".cache/huggingface")) : home;
}

}  // namespace

HubEnvironment HubEnvironment::fromSystem() {
    HubEnvironment env;
    env.endpoint = qEnvironmentVariable("HF_ENDPOINT", QStringLiteral("https://huggingface.co"));
    while (env.endpoint.endsWith(QLatin1Char('/')))
        env.endpoint.chop(1);
    // HUGGING_FACE_HUB_TOKEN: the older name, which huggingface_hub still reads.
    for (const char* name : {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"}) {
        env.token = qEnvironmentVariable(name).trimmed();
        if (!env.token.isEmpty()) {
            env.tokenSource = QLatin1String(name);
            break;
        }
    }
    if (env.token.isEmpty()) {
        const QString path = qEnvironmentVariable("HF_TOKEN_PATH",
                                                  QDir(hfHome()).filePath(QStringLiteral("token")));
        QFile file(path);
        if (file.open(QIODevice::ReadOnly)) {
            env.token = QString::fromUtf8(file.read(4096)).trimmed();
            if (!env.token.isEmpty())
                env.tokenSource = path;
        }
    }
    env.cacheRoot = HubCache().root();
    env.offline = isTrue(qEnvironmentVariable("HF_HUB_OFFLINE"));
    return env;
}

}  // namespace headmap

#pragma once
// Where and how to reach the Hub, read from the same environment variables as huggingface_hub
// (constants.py):
//   HF_ENDPOINT      the server, default https://huggingface.co
//   HF_TOKEN         the access token (or the older HUGGING_FACE_HUB_TOKEN); else the file
//                    $HF_TOKEN_PATH, else $HF_HOME/token
//   HF_HOME          default ~/.cache/huggingface
//   HF_HUB_CACHE     default $HF_HOME/hub (hf/HubCache reads the same)
//   HF_HUB_OFFLINE   1/ON/YES/TRUE: no network at all

#include <QString>

namespace headmap {

struct HubEnvironment {
    QString endpoint;   // without a trailing '/'
    QString token;      // empty: anonymous
    QString tokenSource;  // "HF_TOKEN" or the token file's path, for messages
    QString cacheRoot;  // the hub cache folder holding models--ORG--NAME
    bool offline = false;

    static HubEnvironment fromSystem();
};

}  // namespace headmap

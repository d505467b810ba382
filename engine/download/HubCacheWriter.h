#pragma once
// Writes the Hugging Face cache layout exactly as huggingface_hub's file_download.py does, so
// that transformers reuses what Headmap downloads and hf/HubCache finds it:
//   models--ORG--NAME/blobs/<etag>                   the file's bytes (etag: the git blob id,
//                                                    or the SHA-256 for LFS files)
//   models--ORG--NAME/blobs/<etag>.incomplete        a download under way; resumed by Range
//   models--ORG--NAME/snapshots/<commit>/<path>      relative symlink ../../blobs/<etag>
//   models--ORG--NAME/refs/<revision>                the commit, when the revision is a name
// A blob gets its final name only once complete and checked; a snapshot link only points at a
// complete blob; refs are written atomically. Every failure throws ModelError naming the path.

#include <optional>

#include <QString>

namespace headmap {

class HubCacheWriter {
public:
    HubCacheWriter(const QString& cacheRoot, const QString& repoId);

    // "models--ORG--NAME" under the cache root.
    const QString& repoFolder() const { return m_repo; }
    QString blobPath(const QString& etag) const;
    QString incompletePath(const QString& etag) const;
    QString snapshotFolder(const QString& commit) const;
    // <cache>/.locks/models--ORG--NAME/<etag>.lock, which huggingface_hub flock()s while it
    // writes that blob; Headmap takes the same lock, so the two never write one blob at once.
    QString lockPath(const QString& etag) const;

    // Creates blobs/, snapshots/ and refs/.
    void prepare() const;
    // True when blobs/<etag> exists with `size` bytes (size < 0: any size).
    bool hasBlob(const QString& etag, qint64 size) const;
    // Renames blobs/<etag>.incomplete to blobs/<etag>.
    void completeBlob(const QString& etag) const;
    // snapshots/<commit>/<path> -> the blob, relative, replacing an older link atomically.
    void linkSnapshotFile(const QString& commit, const QString& path, const QString& etag) const;
    // refs/<revision> holding the commit (no newline, as huggingface_hub writes it).
    void writeRef(const QString& revision, const QString& commit) const;
    // The complete snapshot already cached for revision (a name with a ref, or a commit): one
    // with config.json and safetensors weights. For offline use.
    std::optional<QString> cachedSnapshot(const QString& revision) const;

private:
    QString m_root;
    QString m_repo;
};

// The name huggingface_hub gives a repository's folder: "models--" + id with '/' as "--".
QString repoFolderName(const QString& repoId);

}  // namespace headmap

#pragma once
// Writes what a view shows to PNG (at a chosen scale), SVG or PDF, exactly as drawn, including
// the selection. Images are drawn into memory, then written atomically (io/AtomicFile): a failed
// export, a full disk included, never leaves a broken or half-written file, and an existing
// file is only replaced by a complete one.

#include <QSize>
#include <QString>
#include <functional>

class QPaintDevice;

namespace headmap::ui {

enum class ImageFormat { Png, Svg, Pdf };

// From a file name's suffix; false for anything else.
bool imageFormatFromPath(const QString& path, ImageFormat* format);

struct ImageExportOptions {
    QSize size;          // logical size; empty means the view's current size
    double scale = 2.0;  // PNG only: 2 gives 192 dpi, sharp on slides and in papers
    QString title;       // SVG/PDF document title
};

// Renders `paint` into the file; it opens its own painter on the device and draws into the
// given logical size. Returns an empty string on success, else a one-line message naming the file.
QString exportImage(const QString& path, const ImageExportOptions& options,
                    const std::function<bool(QPaintDevice*, const QSize&)>& paint);


}  // namespace headmap::ui

#include "WidgetTestSupport.h"

#include <QtTest>

namespace testsupport {

bool showWidget(QWidget& widget, QSize size) {
    widget.resize(size);
    widget.show();
    return QTest::qWaitForWindowExposed(&widget);
}

}  // namespace testsupport

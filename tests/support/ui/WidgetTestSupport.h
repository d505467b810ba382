#pragma once
// Showing a widget for a test: at a given size, and only once the (offscreen) platform exposed
// it, so that its layout, paint events and grab() work as on a screen. One copy instead of a
// showView per view test.

#include <QSize>
#include <QWidget>

namespace testsupport {

// Resizes widget to size, shows it and waits for it to be exposed; false when it never was.
// Use as QVERIFY(showWidget(view, QSize(900, 600))): a helper with a QVERIFY inside returns
// from itself, not from the test, which then goes on with a hidden widget. (Any view binds to
// QWidget&: no template is needed for one function over every widget type.)
[[nodiscard]] bool showWidget(QWidget& widget, QSize size);

}  // namespace testsupport

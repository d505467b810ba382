#pragma once
// Makes the views of tabs/ViewTable.h, one of each, in tab order.

#include <memory>
#include <vector>

#include "DocumentView.h"

namespace headmap::ui {

std::vector<std::unique_ptr<DocumentView>> makeRegisteredViews();

}  // namespace headmap::ui

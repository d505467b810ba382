#include "tabs/ViewRegistry.h"

#include "tabs/DocumentTabs.h"
#include "tabs/HeadRolesTabView.h"
#include "tabs/InductionTabView.h"
#include "tabs/LinesTabView.h"
#include "tabs/TokenPairTabView.h"
#include "tabs/ViewTable.h"

namespace headmap::ui {

std::vector<std::unique_ptr<DocumentView>> makeRegisteredViews() {
    std::vector<std::unique_ptr<DocumentView>> views;
#define HEADMAP_MAKE_VIEW(name, type, tab) views.push_back(std::make_unique<type>());
    HEADMAP_VIEW_TABLE(HEADMAP_MAKE_VIEW)
#undef HEADMAP_MAKE_VIEW
    return views;
}

}  // namespace headmap::ui

# The Head roles view (issue #38): head roles over a corpus, scored on a worker.
target_sources(headmap_ui PRIVATE
  roles/HeadRolesData.cpp
  roles/HeadRolesFigure.cpp
  roles/HeadRolesJob.cpp
  roles/HeadRolesMap.cpp
  roles/HeadRolesMeasure.cpp
  roles/HeadRolesTableModel.cpp
  roles/HeadRolesView.cpp
)

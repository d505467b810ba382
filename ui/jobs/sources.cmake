# The scheduler of background jobs where only the newest request matters. Paths are relative to ui/.
target_sources(headmap_ui PRIVATE
  jobs/LatestJobs.cpp
)

# sngsim._env, the learning environments' extension module
# (docs/environment.md), built with Debian's pybind11 into the build tree's
# package folder, build/python/sngsim, beside the Python files of
# python/sngsim. Without pybind11 (or with SNGSIM_PYTHON off, or under the
# sanitizers, whose runtime a Python process does not load) it is left out,
# saying so, and its tests skip.
if(SNGSIM_SANITIZE OR (DEFINED SNGSIM_PYTHON AND NOT SNGSIM_PYTHON))
  return()
endif()
if(NOT DEFINED PYTHON_EXECUTABLE AND EXISTS /usr/bin/python3)
  # Debian's interpreter, whose numpy and pybind11 the module is for (the
  # first python3 on PATH may be another).
  set(PYTHON_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python the sngsim package is built for")
endif()
if(NOT pybind11_FOUND)
  find_package(pybind11 CONFIG QUIET)
endif()
if(NOT pybind11_FOUND)
  message(STATUS "pybind11 not found: sngsim._env is not built (apt-get install pybind11-dev python3-pybind11)")
  return()
endif()
set(SNGSIM_PYTHON_PACKAGE_DIR ${CMAKE_BINARY_DIR}/python)
# The static libraries go into a shared module: position-independent code.
set_property(TARGET sngsim_env sngsim_formats sngsim_luck sngsim_config sngsim_bot_hosting sngsim_strategies sngsim_poker_math
             sngsim_engine
             PROPERTY POSITION_INDEPENDENT_CODE ON)
pybind11_add_module(sngsim_env_python python/src/env_module.cpp)
target_link_libraries(sngsim_env_python PRIVATE sngsim_env)
set_target_properties(sngsim_env_python PROPERTIES OUTPUT_NAME _env
  LIBRARY_OUTPUT_DIRECTORY ${SNGSIM_PYTHON_PACKAGE_DIR}/sngsim)
# The package's environments, refreshed on every build (the package's
# other files may come from another target; both copy the same sources).
add_custom_target(sngsim_env_python_files ALL
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_CURRENT_SOURCE_DIR}/python/sngsim/env
          ${SNGSIM_PYTHON_PACKAGE_DIR}/sngsim/env
  COMMAND ${CMAKE_COMMAND} -E copy_if_different ${CMAKE_CURRENT_SOURCE_DIR}/python/sngsim/__init__.py
          ${SNGSIM_PYTHON_PACKAGE_DIR}/sngsim/__init__.py
  COMMENT "Copying python/sngsim/env into ${SNGSIM_PYTHON_PACKAGE_DIR}/sngsim")
add_dependencies(sngsim_env_python sngsim_env_python_files)

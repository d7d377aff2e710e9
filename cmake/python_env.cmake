# sngsim._env, the learning environments' extension module
# (docs/environment.md), built with Debian's pybind11 into the build tree's
# package folder, build/python/sngsim, beside the package's Python files
# copied from python/sngsim. Without pybind11 it is left out, saying so,
# and its tests skip.
set(PYBIND11_FINDPYTHON ON)
if(NOT Python_EXECUTABLE AND EXISTS /usr/bin/python3)
  # Debian's interpreter, whose numpy and pybind11 the module is for (the
  # first python3 on PATH may be another).
  set(Python_EXECUTABLE /usr/bin/python3)
endif()
find_package(pybind11 CONFIG QUIET)
if(NOT pybind11_FOUND)
  message(STATUS "pybind11 not found: sngsim._env is not built (apt-get install pybind11-dev python3-pybind11)")
  return()
endif()
set(SNGSIM_PYTHON_PACKAGE_DIR ${CMAKE_BINARY_DIR}/python)
# The static libraries go into a shared module: position-independent code.
set_property(TARGET sngsim_env sngsim_formats sngsim_config sngsim_strategies sngsim_engine
             PROPERTY POSITION_INDEPENDENT_CODE ON)
pybind11_add_module(sngsim_env_python python/src/env_module.cpp)
target_link_libraries(sngsim_env_python PRIVATE sngsim_env)
set_target_properties(sngsim_env_python PROPERTIES OUTPUT_NAME _env
  LIBRARY_OUTPUT_DIRECTORY ${SNGSIM_PYTHON_PACKAGE_DIR}/sngsim)
# The Python side of the package, refreshed on every build.
add_custom_target(sngsim_python_files ALL
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_CURRENT_SOURCE_DIR}/python/sngsim ${SNGSIM_PYTHON_PACKAGE_DIR}/sngsim
  COMMENT "Copying python/sngsim into ${SNGSIM_PYTHON_PACKAGE_DIR}")
add_dependencies(sngsim_env_python sngsim_python_files)

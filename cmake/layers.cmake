# The layer check (README, "Layout"): a library may include the headers of
# its own folder and of the libraries it links, directly or through their
# PUBLIC dependencies, and nothing else. The allowed folders come from the
# target graph itself, so linking is the one place where a layer's
# dependencies are declared; cmake/check_layers.cmake reads every source
# before the libraries compile and fails the build on an include that the
# graph does not allow (a back-edge, or a layer skipped past a private
# dependency).

# The folders of `target`'s public closure (itself excluded), into `out`.
function(_sngsim_public_folders target out)
  set(folders "")
  get_target_property(interface ${target} INTERFACE_LINK_LIBRARIES)
  if(interface)
    foreach(dependency ${interface})
      if(TARGET ${dependency})
        get_target_property(folder ${dependency} SNGSIM_FOLDER)
        if(folder)
          list(APPEND folders ${folder})
          _sngsim_public_folders(${dependency} deeper)
          list(APPEND folders ${deeper})
        endif()
      endif()
    endforeach()
  endif()
  list(REMOVE_DUPLICATES folders)
  set(${out} "${folders}" PARENT_SCOPE)
endfunction()

function(sngsim_check_layers)
  get_property(libraries GLOBAL PROPERTY SNGSIM_LIBRARIES)
  set(table "")
  set(layer_folders "")
  foreach(library ${libraries})
    get_target_property(folder ${library} SNGSIM_FOLDER)
    list(APPEND layer_folders ${folder})
    set(allowed ${folder})
    get_target_property(type ${library} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY")
      get_target_property(links ${library} INTERFACE_LINK_LIBRARIES)
    else()
      get_target_property(links ${library} LINK_LIBRARIES)
    endif()
    if(links)
      foreach(dependency ${links})
        if(TARGET ${dependency})
          get_target_property(dependency_folder ${dependency} SNGSIM_FOLDER)
          if(dependency_folder)
            list(APPEND allowed ${dependency_folder})
            _sngsim_public_folders(${dependency} public)
            list(APPEND allowed ${public})
          endif()
        endif()
      endforeach()
    endif()
    list(REMOVE_DUPLICATES allowed)
    string(REPLACE ";" " " allowed_text "${allowed}")
    string(APPEND table "${library} ${folder} ${allowed_text}\n")
  endforeach()
  file(WRITE ${CMAKE_BINARY_DIR}/layers.txt "${table}")
  add_custom_target(sngsim_layers ALL
    COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_SOURCE_DIR} -DLAYERS=${CMAKE_BINARY_DIR}/layers.txt
            -P ${CMAKE_SOURCE_DIR}/cmake/check_layers.cmake
    COMMENT "Checking that every #include follows the layers"
    VERBATIM)
  foreach(library ${libraries})
    add_dependencies(${library} sngsim_layers)
  endforeach()
endfunction()

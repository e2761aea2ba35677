# cmake -DSOURCE=<repo> -DDIST=<dir> -DVERSION=<x.y.z> -P service_worker.cmake
# (or included by assemble_dist.cmake, last): writes DIST/sw.js from web/sw.js with this build
# in it: the version, every file of DIST (what the worker stores for offline use) and a hash of
# their contents, so any change to the build is a changed sw.js, which browsers take as a new
# version (web/sw.js, web/js/offline.js). Run again after changing a file of DIST by hand.
file(GLOB_RECURSE dist_files LIST_DIRECTORIES false RELATIVE ${DIST} ${DIST}/*)
list(REMOVE_ITEM dist_files sw.js)
list(SORT dist_files)
set(build_digest "${VERSION}\n")
set(build_files "")
foreach(dist_file ${dist_files})
  file(SHA256 ${DIST}/${dist_file} file_hash)
  string(APPEND build_digest "${dist_file} ${file_hash}\n")
  list(APPEND build_files "\"${dist_file}\"")
endforeach()
string(SHA256 build_hash "${build_digest}")
string(SUBSTRING ${build_hash} 0 16 build_hash)
list(JOIN build_files ", " build_files)
file(READ ${SOURCE}/web/sw.js service_worker)
string(REGEX REPLACE "const kBuild = [^\n]*" "const kBuild = { version: '${VERSION}', hash: '${build_hash}', files: [${build_files}] };"
       service_worker "${service_worker}")
file(WRITE ${DIST}/sw.js "${service_worker}")

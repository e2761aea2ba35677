# Link flags for wasm-opt, shared by the playground's module (web/wasm.cmake) and the bench
# module (bench/node/CMakeLists.txt), so the benchmark measures the code the page ships.
#
# Binaryen (wasm-opt -O3 at link) inlines every function that has one caller, whatever its
# size: the search loop, both of its instances (plain and traced) and the JPS and JPS+
# successor generators ended up in one 50,000-line function, and V8 ran A* in it 1.32x
# slower than when that function held one loop (node 20, 13 Moving AI maps; bisected to the
# traced loop instance and to JPS+). A cap on one-caller inlining keeps them apart (1.05x).
set(ASTAR_WASM_OPT_FLAGS -sBINARYEN_EXTRA_PASSES=--one-caller-inline-max-function-size=200)

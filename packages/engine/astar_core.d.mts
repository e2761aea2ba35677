// The Emscripten module (built from web/*bindings.cpp): its factory. The raw Embind classes it
// returns are the engine package's internals; use index.js's API.
export default function createAstarCore(moduleOptions?: object): Promise<any>;

// z3-solver ships its Emscripten module factory without types: the instance (z3-instance.ts) calls it directly, to
// pass the handlers that turn an abort into a failed instance, and decodes what it returns.

declare module 'z3-solver/build/z3-built.js' {
  const initZ3: (moduleArg: object) => Promise<unknown>;
  export = initZ3;
}

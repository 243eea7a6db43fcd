// stdx: small extensions of the standard library shared by every layer (after rust-analyzer's `stdx`).
// Pure: no IO, clock, environment or randomness, and it imports nothing of ours, so any folder may import it.

export { assertNever } from './assert-never';
export { isRecord } from './guards';
export { createRng, fnv1a, hashSeed, type Rng } from './rng';
export { elided, stripByteOrderMark } from './text';
export { TOOL_VERSION } from './version';

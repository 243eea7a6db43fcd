// The editor's incremental engine: per-document state, memo keys and the session that re-scores only what changed.
// Pure like the core (no IO, no clock): the language server's worker owns one session and passes the scorer.

export { EngineSession } from './session';
export type { ChunkSizes, EngineRun, PartialRunListener, ScoreDocument, Scorer } from './session';
export type { LocatedFunction } from './located';

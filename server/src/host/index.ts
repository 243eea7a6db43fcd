// The host's file system as both front ends (cli/, lsp/) need it: bounded reads and safe writes of pairs files,
// source files read as text (binary ones refused), and the one directory walker.
// Kept out of the core, which does no IO, and out of cli/ and lsp/, which may not import each other.

export {
  readPairsFile,
  writePairsFile,
  removeLeftoverTemporaryFiles,
  maxPairsBytes,
  DEFAULT_MAX_PAIRS_MEGABYTES,
  MAX_PAIRS_MEGABYTES_VARIABLE,
} from './pairs-files';
export type { PairsRead, PairsWrite, PairsMerge, PairsWriteHooks } from './pairs-files';
export { readSourceText } from './source-text';
export type { SourceTextRead } from './source-text';
export { walkSourceTree } from './source-tree';
export type { SourceTreeWalk, WalkLimits } from './source-tree';
export { describeFsError } from './fs-errors';
export { createCrateModels } from './crate-files';
export type { CrateModels, CrateModelsOptions } from './crate-files';

// The pairs module: the one place that reads, checks and edits pairs files (foo.pairs.json). Pure text in,
// documents and text out; reading and writing the file on disk is the front ends' job (cli/, lsp/).

export { parsePairsFile, parsePairsFileWithTree, EMPTY_PAIRS_FILE } from './file';
export type { ParsedPairsFile, PairsFile, PairsFunctionEntry } from './file';
export type { PairsDiagnostic } from './read-state';
export type { AcceptableEntry, InvalidEntry, PairEntry, EntryKind } from './decode-entry';
export { GENERATED_ORIGIN, entryKinds } from './decode-entry';
export { propertyValue, propertyKey, nodeJson } from './json-nodes';
export { validatePairsSchema, pairsValueIsValid, jsonPathText } from './schema';
export { cleanFunctionEntries, readCleanPairsFile } from './clean';
export { scanPairsLayout } from './layout';
export { readPairsDocument, refusalToEdit, duplicateMessage, positionText, MAX_PAIRS_NESTING } from './document';
export type { PairsDocument, PairsProblem, DuplicateKey, FunctionEntrySpan } from './document';
export { editPairsLists, isGenerated, mergeGeneratedEntries } from './edit';
export type { GeneratedEntries, ListEdit, MergeResult } from './edit';
export { pairsPathFor, isPairsPath, sourcePathForPairs, PAIRS_SUFFIX } from './path';
export { implementationMismatches, mismatchDiagnostics } from './implementation';
export type { ImplementationMismatch, ImplementationLimits } from './implementation';

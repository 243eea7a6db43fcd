// Writes generated entries into a pairs file text: the exact edits of harness/pairs (hand-written entries and every
// other byte kept; a broken file or one with duplicate keys refused). Kept under this name for the generate API.

export { mergeGeneratedEntries as mergePairsText } from '../pairs';
export type { GeneratedEntries, MergeResult } from '../pairs';

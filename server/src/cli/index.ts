// What other front ends (the MCP server) reuse from the CLI: reading files and pairs files, scoring them, writing
// pairs files, the JSON listing of contracts. The commands themselves stay private to cli/.

export { checkSplit, embeddedOptions, readCheckInputs } from './check-paths';
export type { Read, SplitReports } from './check-paths';
export { collectRustFiles, displayPath, readRustFile } from './files';
export type { RustFile } from './files';
export { parseGate, formatGate } from './check-gate';
export { generatePairsFile } from './pairs-command';
export type { GeneratePairsFileOptions, GeneratePairsFileResult } from './pairs-command';
export type { CliIo } from './io';
export { fileModelToListJson } from './list-json';
export type { ListFunctionJson } from './list-json';

// The model layer's API: contracts and name resolution lowered from a parsed file.

export { buildFileModel, rebuildFileModel } from './build-file-model';
export { functionNamed } from './function-named';
export { hasTrustedBody, hasVerifierAttribute, resolveSpecMethod, specCounterpart, traitDeclarationOf, whenUsedAsSpec } from './attributes';
export { functionDependencies } from './function-dependencies';
export type { FunctionDependencies } from './function-dependencies';
/** The name `returns e` compares against when the return is unnamed (`-> T returns e`); bind the output to it. */
export { SEQUENCE_IMPL_NAMES, TUPLE_IMPL_NAMES, typeHeadName, UNNAMED_RETURN_NAME } from './lower-functions';
export type { ClauseModel, Datatype, FileModel, ForeignSite, FunctionContract, ModelScope, ParamModel, ResolvedFn } from './types';
export { buildCrateModel, moduleDeclarations } from './crate-model';
export type { CrateFile, CrateModel, ModuleDeclaration } from './crate-model';
export { expandMacroCall } from './macro-expansion';
export type { MacroCallExpr, MacroExpansion } from './macro-expansion';

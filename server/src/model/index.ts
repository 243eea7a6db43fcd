// The model layer's API: contracts and name resolution lowered from a parsed file, and their plain-JSON shape.

export { buildFileModel } from './build-file-model';
export { fileModelToListJson } from './list-json';
/** The name `returns e` compares against when the return is unnamed (`-> T returns e`); bind the output to it. */
export { UNNAMED_RETURN_NAME } from './lower-functions';
export type { ListClauseJson, ListFileJson, ListFunctionJson, ListJson, ListRangeJson } from './list-json';
export type {
  ClauseModel,
  Datatype,
  FileModel,
  FunctionContract,
  ModelScope,
  ParamModel,
  ResolvedFn,
} from './types';

// The model layer's API: contracts and name resolution lowered from a parsed file, and their plain-JSON shape.

export { buildFileModel } from './build-file-model';
export { fileModelToListJson } from './list-json';
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

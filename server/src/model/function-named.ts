// Finding a function by its qualified name (the pairs file's key). A file with thousands of functions is read
// entry by entry against its model, so a scan per entry made reading it quadratic: one map per model instead.

import type { FileModel, FunctionContract } from './types';

const byModel = new WeakMap<FileModel, ReadonlyMap<string, FunctionContract>>();

/** The first function of `model` named `qualifiedName` (two functions may share a name: the model diagnoses it). */
export function functionNamed(model: FileModel, qualifiedName: string): FunctionContract | undefined {
  let byName = byModel.get(model);
  if (byName === undefined) {
    const map = new Map<string, FunctionContract>();
    for (const fn of model.functions) if (!map.has(fn.qualifiedName)) map.set(fn.qualifiedName, fn);
    byModel.set(model, map);
    byName = map;
  }
  return byName.get(qualifiedName);
}

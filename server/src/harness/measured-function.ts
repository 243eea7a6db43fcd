// The function the harness measures under a name: itself, or for a trait's bodiless declaration its measured form at
// an impl (`measuredDeclaration`, eval/). Everything that reads a pairs entry or runs a function goes through here,
// so a declaration's entries are read and written at the same instantiation.

import { measuredDeclaration } from '../eval';
import { functionNamed } from '../model';
import type { FileModel, FunctionContract } from '../model';

export function measuredFunction(model: FileModel, fn: FunctionContract): FunctionContract {
  const declaration = measuredDeclaration(fn, model.scope);
  return declaration?.kind === 'measured' ? declaration.fn : fn;
}

export function measuredFunctionNamed(model: FileModel, qualifiedName: string): FunctionContract | undefined {
  const fn = functionNamed(model, qualifiedName);
  return fn === undefined ? undefined : measuredFunction(model, fn);
}

// Shared helpers for the model tests: parse + lower a snippet, and list the fixture files.

import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import type { FileModel, FunctionContract } from '../../server/src/model';

export const FIXTURE_DIR = path.join(__dirname, '..', 'fixtures', 'model');

export function modelOf(text: string): FileModel {
  return buildFileModel(parseSourceFile(text));
}

/** Wraps items in a `verus!` block, as users write them. */
export function verus(items: string): string {
  return `use vstd::prelude::*;\nverus! {\n${items}\n} // verus!\n`;
}

export function fn(model: FileModel, qualifiedName: string): FunctionContract {
  const found = model.functions.find((contract) => contract.qualifiedName === qualifiedName);
  if (found === undefined) {
    throw new Error(`no function '${qualifiedName}'; have: ${model.functions.map((f) => f.qualifiedName).join(', ')}`);
  }
  return found;
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.rs'))
    .sort();
}

export function readFixture(name: string): string {
  return readFileSync(path.join(FIXTURE_DIR, name), 'utf8');
}

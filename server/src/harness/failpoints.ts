// Failpoints: a test's way to make one stage of one function's work throw, so the boundaries of internal-errors.ts
// are tested on the real pipeline (as TiKV and FoundationDB test their error paths). Disarmed unless a front end
// arms them from SPEC_HARNESS_FAILPOINTS (tests only; documented in ARCHITECTURE.md), so a release run pays one
// map lookup per stage and function.

import { STAGES } from './internal-errors';
import type { Stage } from './internal-errors';

let armed: ReadonlyMap<Stage, ReadonlySet<string>> = new Map();

/** Arms the failpoints a setting names: `stage=name` pairs separated by `;` (`solver=is_prime;planning=f`), a
 *  name being a function's qualified name or, for `front end`, a file's path as the report shows it. At an
 *  asynchronous stage (`solver`), `stage=hang:name` makes the work never settle instead: a lost worker's reply. */
export function armFailpoints(setting: string | undefined): void {
  const next = new Map<Stage, Set<string>>();
  for (const part of (setting ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const stage = STAGES.find((candidate) => candidate === part.slice(0, at).trim());
    if (stage === undefined) continue;
    const names = next.get(stage) ?? new Set<string>();
    names.add(part.slice(at + 1).trim());
    next.set(stage, names);
  }
  armed = next;
}

/** Throws when the failpoint for this stage and name is armed. */
export function failpoint(stage: Stage, name: string): void {
  if (armed.size > 0 && armed.get(stage)?.has(name) === true) throw new Error(`failpoint ${stage} armed for ${name}`);
}

/** `failpoint` for asynchronous work on these names: throws, or never settles when armed with `hang:`. */
export function failpointAsync(stage: Stage, names: Iterable<string>): Promise<void> {
  if (armed.size === 0) return Promise.resolve();
  for (const name of names) {
    failpoint(stage, name);
    if (armed.get(stage)?.has(`hang:${name}`) === true) return new Promise<never>(() => undefined);
  }
  return Promise.resolve();
}

// vstd's RwLock (test/fixtures/systems/rwlock.rs): a lock is its stored value and its predicate, built by
// `RwLock::new`, read through `acquire_read`/`borrow` and replaced through `acquire_write`/`release_write`; every
// generated lock meets its predicate's `inv`, and the pairs file writes a lock as {"value", "pred"}.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { resolveValueType } from '../../server/src/eval';
import type { Type } from '../../server/src/syntax';

const { fn, pairsText } = scoreSystemsFixture('rwlock.rs');

interface Lock {
  readonly value: number | string;
  readonly pred: { readonly cap: number | string };
}
interface CounterJson {
  readonly lock: Lock;
  readonly limit: number | string;
  readonly cap: number | string;
}
interface PairsFile {
  readonly functions: Record<
    string,
    {
      readonly pairs: readonly {
        readonly input: Record<string, unknown>;
        readonly output?: unknown;
        readonly after?: Record<string, unknown>;
      }[];
      readonly invalid?: readonly { readonly reason?: string }[];
    }
  >;
}

const file = JSON.parse(pairsText) as PairsFile;

/** Integers past 2^53 are written as strings. */
function big(n: number | string): bigint {
  return BigInt(n);
}

function postCompleteness(name: string): number | null | undefined {
  const report = fn(name);
  return report.status === 'scored' ? report.scores.postCompleteness : undefined;
}

describe('vstd RwLock', () => {
  it('a read through `acquire_read().borrow()` is scored against a predicate that pins the stored value', () => {
    expect(fn('Setting::value')).toMatchObject(EXACT);
  });

  it('a contract looser than the predicate lets a wrong read through', () => {
    expect(fn('Setting::value_weak')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(postCompleteness('Setting::value_weak')).toBeLessThan(1);
    expect(fn('Setting::value_weak').acceptedMutants.length).toBeGreaterThan(0);
  });

  it('`RwLock::new(v, Ghost(pred))` builds a lock whose `pred()` the ensures reads', () => {
    expect(fn('Setting::new')).toMatchObject(EXACT);
    expect(fn('Counter::new')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
  });

  it("a callee's ghost parameter is bound to its argument, so the predicate ghost code builds from it is computed", () => {
    expect(fn('counter_via')).toMatchObject(EXACT);
    const pairs = file.functions['counter_via']?.pairs ?? [];
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) expect(big((pair.output as CounterJson).lock.pred.cap)).toBe(big(pair.input['limit'] as number | string));
  });

  it('`into_inner` gives the stored value, which `lock.inv(v)` accepts', () => {
    expect(fn('Setting::take')).toMatchObject(EXACT);
  });

  it('`release_write` stores the new value in the lock the handle came from', () => {
    expect(fn('Counter::bump')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(postCompleteness('Counter::bump')).toEqual(expect.any(Number));
    const pairs = file.functions['Counter::bump']?.pairs ?? [];
    const bumped = pairs.filter((pair) => pair.output === true);
    expect(bumped.length).toBeGreaterThan(0);
    for (const pair of bumped) {
      const before = pair.input['self'] as CounterJson;
      const after = pair.after?.['self'] as CounterJson;
      expect(big(after.lock.value)).toBe(big(before.lock.value) + 1n);
    }
  });

  it('every generated lock meets its predicate, and its ghost mirrors meet the type invariant', () => {
    for (const name of ['Counter::get', 'Counter::bump']) {
      const pairs = file.functions[name]?.pairs ?? [];
      expect(pairs.length).toBeGreaterThan(0);
      for (const pair of pairs) {
        const counter = pair.input['self'] as CounterJson;
        expect(big(counter.lock.value)).toBeLessThanOrEqual(big(counter.lock.pred.cap));
        expect(big(counter.lock.pred.cap)).toBe(big(counter.cap));
      }
    }
    expect(fn('Counter::get')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1 } });
    expect(postCompleteness('Counter::get')).toEqual(expect.any(Number));
  });

  it('a `spec_fn` predicate is applied by `lock.inv(v)`, and `RwLock::new` outside it panics', () => {
    expect(fn('make_lock')).toMatchObject({ status: 'scored', scores: { postCorrectness: 1, preCompleteness: 1 } });
    const invalid = file.functions['make_lock']?.invalid ?? [];
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid[0]?.reason).toContain('RwLock::new');
  });

  it('only vstd’s RwLock is built in: std’s (one type argument) and a file’s own are not', () => {
    const typeOf = (source: string, text: string): string => {
      const model = buildFileModel(parseSourceFile(`${source}\nverus! { fn f(x: ${text}) {} }`));
      const param = model.functions.find((candidate) => candidate.name === 'f')?.params[0];
      const resolved = resolveValueType(param?.type as Type, { scope: model.scope });
      return resolved.kind === 'adt' ? `adt ${resolved.name}/${resolved.args.length}` : resolved.kind;
    };
    expect(typeOf('use vstd::rwlock::*;', 'RwLock<u64, spec_fn(u64) -> bool>')).toBe('adt RwLock/2');
    expect(typeOf('use std::sync::RwLock;', 'RwLock<u64>')).toBe('unsupported');
    expect(typeOf('use parking_lot::RwLock;', 'RwLock<u64, u8>')).toBe('unsupported');
    expect(typeOf('struct RwLock<A, B> { a: A, b: B }', 'RwLock<u64, u8>')).toBe('adt RwLock/2');
  });
});

// A field whose type keeps an invariant (test/fixtures/systems/nested-invariants.rs, after atmosphere's containers
// holding `StaticLinkedList<ThreadPtr, N>` schedulers): its values are the states the type's own constructor and
// mutators reach, at the field's const arguments, so a `requires cpu.slots.wf()` is met.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn, pairsText } = scoreSystemsFixture('nested-invariants.rs');

describe('fields whose type keeps an invariant', () => {
  it('are drawn from the states the type reaches, so a function requiring it is scored', () => {
    expect(fn('free_slots')).toMatchObject(EXACT);
  });

  it('at the const arguments the field is declared with (`Slots<4>` holds up to four, not the three `take` is scored at)', () => {
    const written = JSON.parse(pairsText) as { functions: Record<string, { pairs: { input: { cpu: { slots: { used: unknown[] } } } }[] }> };
    const lengths = written.functions['free_slots']?.pairs.map((pair) => pair.input.cpu.slots.used.length) ?? [];
    expect(Math.max(...lengths)).toBe(4);
  });
});

// Wrappers of a library's objects (test/fixtures/systems/library-wrappers.rs, reduced from anvil's Kubernetes
// objects): the trusted accessor and setter reach into the hidden library value, so they cannot run and say so; the
// verified code calling them runs on their ensures, with the caller's own arguments left as they were given.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('library-wrappers.rs');

describe('wrappers of a library value hidden in an external_body struct', () => {
  it('a trusted method that reaches into the hidden value is not run, and the reason names the value', () => {
    for (const [name, field] of [
      ['ObjectMeta::name', 'name'],
      ['ObjectMeta::generation', 'generation'],
      ['ObjectMeta::set_name', 'name'],
    ] as const) {
      expect(fn(name).status).toBe('no-pairs');
      expect(fn(name).reason).toContain(
        `reaches \`.${field}\` inside the hidden field value \`k8s_openapi::apimachinery::pkg::apis::meta::v1::ObjectMeta\``,
      );
    }
  });

  it("a caller reads the accessor's result from its ensures (`self@.name == name.deep_view()`), not its own argument", () => {
    expect(fn('has_name')).toMatchObject(EXACT);
    // The `String` made from the view is a string to the code that reads it (`as_str()`).
    expect(fn('name_or_empty')).toMatchObject(EXACT);
  });

  it('an Option result the ensures gives by `is Some ==` and `->0 ==` is the one variant that meets it', () => {
    expect(fn('generation_or_zero')).toMatchObject(EXACT);
    // A `Result` the same way, its payload named `->Ok_0`.
    expect(fn('generation_or_minus_one')).toMatchObject(EXACT);
  });

  it('a result wrapping one std collection is filled from the view the ensures gives (`labels@ == self@.labels`)', () => {
    expect(fn('label_count')).toMatchObject(EXACT);
  });

  it("a caller's value after the setter is what the setter's ensures says", () => {
    expect(fn('renamed')).toMatchObject(EXACT);
  });
});

// Wrappers around other crates' types (test/fixtures/systems/external-types.rs), as anvil wraps k8s-openapi's under
// the same names: the wrapped type is the other crate's, so the function says which crate, in a moment, instead of
// building a wrapper that holds itself until the stack runs out.

import { describe, expect, it } from 'vitest';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const { fn } = scoreSystemsFixture('external-types.rs');

describe('types of other crates', () => {
  it('a field of a type written by its crate path names that crate', () => {
    expect(fn('PodSpec::hostname_len').reason).toContain('`k8s_openapi::api::core::v1::PodSpec` (a type of the crate `k8s_openapi`');
  });

  it('the crate is found through a `use .. as` rename and through an imported name', () => {
    expect(fn('resources_weight').reason).toContain('`k8s_types::ResourceRequirements` (a type of the crate `k8s_openapi`');
    expect(fn('object_count').reason).toContain('`kube::api::DynamicObject` (a type of the crate `deps_hack`');
  });

  it("a path to a type of the wrapper's own name is another type, even in the crate (`crate::crds::VReplicaSet`)", () => {
    expect(fn('replica_count').reason).toContain(
      '`crate::crds::VReplicaSet` (another type named `VReplicaSet`, outside the code the harness reads: no datatype holds itself directly)',
    );
  });

  it("a path through the crate's own module is the crate's type", () => {
    expect(fn('label_count')).toMatchObject(EXACT);
  });

  it("a std path is std's type, even where the crate has an alias of its name (`core::result::Result`)", () => {
    expect(fn('checked_double')).toMatchObject(EXACT);
    expect(fn('checked_inc')).toMatchObject(EXACT);
  });

  it('a struct that holds itself through a Box has no value, and says so; one that ends in an Option is scored', () => {
    expect(fn('chain_head').reason).toContain('`Chain`, which holds itself (field `next`)');
    expect(fn('node_value')).toMatchObject(EXACT);
  });
});

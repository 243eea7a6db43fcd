// Teaches: `&mut` parameters with `old`. The pairs file gives each `&mut` parameter's final value under "after";
// mutants change that final value. `push_twice` pins the whole final vector (PostComp 1); `push_twice_loose` pins
// only its length and last element, so a changed second-to-last element slips through.
use vstd::prelude::*;

verus! {

pub struct Solution;

impl Solution {
    /// Appends `x` twice.
    pub fn push_twice(v: &mut Vec<u32>, x: u32)
        ensures
            v@ == old(v)@.push(x).push(x),
    {
        v.push(x);
        v.push(x);
    }

    /// The same code with a contract that says less.
    pub fn push_twice_loose(v: &mut Vec<u32>, x: u32)
        ensures
            v.len() == old(v).len() + 2,
            v[v.len() - 1] == x,
    {
        v.push(x);
        v.push(x);
    }
}

} // verus!

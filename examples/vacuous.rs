// Teaches: a vacuous postcondition. `count >= 0` is true of every usize, so the ensures accepts every wrong count:
// PostComp is 0 and the vacuous-postcondition warning names one accepted wrong output. Verus verifies it happily.
use vstd::prelude::*;

verus! {

/// Counts the strictly positive elements of `v`.
fn count_positive(v: &Vec<i32>) -> (count: usize)
    ensures
        count >= 0,
{
    let mut count: usize = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            count <= i,
        decreases v.len() - i,
    {
        if v[i] > 0 {
            count = count + 1;
        }
        i = i + 1;
    }
    count
}

} // verus!

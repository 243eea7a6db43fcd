// Teaches: results that are not unique. Any index of a maximum is correct, but the implementation returns the
// first. Declaring the other correct indices under "acceptable" keeps them from being counted as wrong outputs
// (mutants) that the ensures "accepts": without it, PostComp would be unfairly low.
use vstd::prelude::*;

verus! {

/// An index of a largest element of a non-empty vector (the first one).
fn argmax(a: &Vec<i32>) -> (idx: usize)
    requires
        a.len() > 0,
    ensures
        idx < a.len(),
        forall|j: int| 0 <= j < a.len() ==> a[j] <= a[idx as int],
{
    let mut idx: usize = 0;
    let mut i: usize = 1;
    while i < a.len()
        invariant
            idx < i <= a.len(),
            forall|j: int| 0 <= j < i ==> a[j] <= a[idx as int],
        decreases a.len() - i,
    {
        if a[i] > a[idx] {
            idx = i;
        }
        i = i + 1;
    }
    idx
}

} // verus!

// Teaches: what a contract that says enough looks like. Every correct pair is accepted, every mutant rejected,
// every valid input admitted and every invalid input rejected: 1.00 on all four scores.
use vstd::prelude::*;

verus! {

/// The largest element of a non-empty vector.
fn max_of(a: &Vec<i32>) -> (r: i32)
    requires
        a.len() > 0,
    ensures
        forall|i: int| 0 <= i < a.len() ==> a[i] <= r,
        exists|i: int| 0 <= i < a.len() && a[i] == r,
{
    let mut r = a[0];
    let mut i: usize = 1;
    while i < a.len()
        invariant
            1 <= i <= a.len(),
            forall|j: int| 0 <= j < i ==> a[j] <= r,
            exists|j: int| 0 <= j < i && a[j] == r,
        decreases a.len() - i,
    {
        if a[i] > r {
            r = a[i];
        }
        i = i + 1;
    }
    r
}

/// The absolute value; `i32::MIN` has none in i32.
fn abs(x: i32) -> (r: i32)
    requires
        x != i32::MIN,
    ensures
        r >= 0,
        r == x || r == -x,
{
    if x < 0 {
        -x
    } else {
        x
    }
}

} // verus!

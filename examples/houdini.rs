// Teaches: a reject-all precondition, the profile of refutation-style generators such as Houdini. Each clause
// alone is plausible, together they are contradictory: no input satisfies them, so Verus proves any ensures.
// PreCorr is 0 (every valid input is rejected) and the reject-all-precondition warning fires; the ensures itself
// is strong (PostCorr and PostComp 1), which is why a verifier alone never notices.
use vstd::prelude::*;

verus! {

/// Clamps `x` into `[lo, hi]`; panics when `lo > hi`, like `i32::clamp`.
fn clamp(x: i32, lo: i32, hi: i32) -> (r: i32)
    requires
        lo <= hi,
        x < lo || x >= lo,
        hi < lo,
    ensures
        lo <= r <= hi,
        lo <= x <= hi ==> r == x,
        x < lo ==> r == lo,
        x > hi ==> r == hi,
{
    assert!(lo <= hi);
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

} // verus!

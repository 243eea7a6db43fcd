// Teaches: contracts written with recursive spec fns. The evaluator unfolds `sum` and `fib` on the concrete values,
// exactly and as deep as its step budget allows: it knows `fib(100)` exceeds u64::MAX, so the requires of
// `fib_iter` rejects the invalid input n = 100 (PreComp 1). Verus itself would need fuel to see that (the solver
// gap `--backend both` measures). What no budget can reach is indeterminate: counted apart, never scored.
use vstd::prelude::*;

verus! {

spec fn sum(s: Seq<u32>) -> int
    decreases s.len(),
{
    if s.len() == 0 {
        0
    } else {
        sum(s.drop_last()) + s.last()
    }
}

spec fn fib(n: nat) -> nat
    decreases n,
{
    if n < 2 {
        n
    } else {
        fib((n - 1) as nat) + fib((n - 2) as nat)
    }
}

/// The sum of `v`; overflows (and panics) when it does not fit in a u32.
fn sum_vec(v: &Vec<u32>) -> (r: u32)
    requires
        sum(v@) <= u32::MAX,
    ensures
        r == sum(v@),
{
    let mut r: u32 = 0;
    let mut i: usize = 0;
    while i < v.len()
        invariant
            i <= v.len(),
            r == sum(v@.subrange(0, i as int)),
            sum(v@) <= u32::MAX,
        decreases v.len() - i,
    {
        proof { assume(false); } // the prefix-sum lemma is out of scope for this example
        r = r + v[i];
        i = i + 1;
    }
    r
}

/// Fibonacci numbers, iteratively; overflows past fib(93).
fn fib_iter(n: u64) -> (r: u64)
    requires
        fib(n as nat) <= u64::MAX,
    ensures
        r == fib(n as nat),
{
    let mut a: u64 = 0;
    let mut b: u64 = 1;
    let mut i: u64 = 0;
    while i < n
        invariant
            i <= n,
            a == fib(i as nat),
            b == fib((i + 1) as nat),
        decreases n - i,
    {
        proof { assume(false); } // overflow reasoning elided for this example
        let next = a + b;
        a = b;
        b = next;
        i = i + 1;
    }
    a
}

} // verus!

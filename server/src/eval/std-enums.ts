// std's `cmp::Ordering` as a built-in enum: systems code returns it from comparisons and extends it with its own
// `impl Ordering` helpers (`is_lt`, `is_eq`, ...). A file's own datatype of the same name wins, as for `Option`.

export const ORDERING = 'Ordering';

/** In declaration order, which is also their order under `<` (`Less < Equal < Greater`). */
export const ORDERING_VARIANTS: readonly string[] = ['Less', 'Equal', 'Greater'];

// JSON values as read from and written to pairs files and reports (the codec's other side).

/** JSON that reports carry and JSON.stringify writes: an integer beyond ±(2^53 - 1) is serde_json's decimal string. */
export type JsonValue = JsonWith<never>;

/** JSON as a pairs file wrote it, for the codec: an integer beyond ±(2^53 - 1) is a bigint of the digits as written,
 *  where a double would have rounded them. */
export type ExactJson = JsonWith<bigint>;

/** JSON whose integers beyond ±(2^53 - 1) are an `Exact` (a double cannot hold their digits). */
export type JsonWith<Exact> =
  null | boolean | number | string | Exact | readonly JsonWith<Exact>[] | { readonly [key: string]: JsonWith<Exact> };

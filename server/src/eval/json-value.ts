// JSON values as read from and written to pairs files and reports (the codec's other side).

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

// The view of a trusted wrapper around one std collection. IronKV wraps std's map as
// `#[verifier(external_body)] struct HashMap<V> { m: collections::HashMap<EndPoint, V> }` with
// `uninterp spec fn view(self) -> Map<AbstractEndPoint, V>`: Verus knows the view only through the trusted methods'
// ensures, but what such a wrapper means is its collection's contents, each key or value seen through its own view
// where the declared view type differs from the collection's (`EndPoint` -> `AbstractEndPoint`, `Vec<u8>` ->
// `Seq<u8>`). The model takes that meaning: the view is computed from the field, so exec code that fills the
// collection gives the view the contract reads, instead of an observation nothing pins (observations.ts).
//
// Only this exact shape qualifies: an external_body struct with one field of a std collection, and an
// uninterpreted `view` returning the matching spec collection with as many type arguments. Any other
// uninterpreted observation stays one (a persistent-memory mock's view is no function of its bytes).

import type { FnItem, GenericArg, Type } from '../syntax';
import { printType } from '../syntax';
import type { ModelScope } from '../model';
import { hasTrustedBody } from '../model';

export interface WrapperView {
  /** The wrapped collection's field. */
  readonly field: string;
  /** Per type argument of the collection (key, value; or element): whether the view sees it through its `@`. */
  readonly viewed: readonly boolean[];
}

/** std collection to the spec collection its view is. */
const COLLECTION_VIEWS: ReadonlyMap<string, string> = new Map([
  ['HashMap', 'Map'],
  ['BTreeMap', 'Map'],
  ['HashSet', 'Set'],
  ['BTreeSet', 'Set'],
  ['Vec', 'Seq'],
  ['VecDeque', 'Seq'],
]);

/** How `item` (a method of `typeName`) views its receiver when it is a wrapper's `view`; undefined otherwise.
 *  Asked at every `x@` of an observed type, so the answer is remembered per scope, item and type. */
export function wrapperView(scope: ModelScope, typeName: string, item: FnItem): WrapperView | undefined {
  let byItem = WRAPPER_VIEWS.get(scope);
  if (byItem === undefined) {
    byItem = new WeakMap();
    WRAPPER_VIEWS.set(scope, byItem);
  }
  let byType = byItem.get(item);
  if (byType === undefined) {
    byType = new Map();
    byItem.set(item, byType);
  }
  const known = byType.get(typeName);
  if (known !== undefined) return known ?? undefined;
  const found = computeWrapperView(scope, typeName, item);
  byType.set(typeName, found ?? null);
  return found;
}

/** Weak on the scope and the item: both go with their model. `null`: not a wrapper's view (remembered too). */
const WRAPPER_VIEWS = new WeakMap<ModelScope, WeakMap<FnItem, Map<string, WrapperView | null>>>();

function computeWrapperView(scope: ModelScope, typeName: string, item: FnItem): WrapperView | undefined {
  if (item.name !== 'view' || item.mode !== 'spec' || item.specVisibility !== 'uninterp' || item.ret === undefined) return undefined;
  const datatype = scope.datatype(typeName);
  if (datatype?.kind !== 'struct' || !hasTrustedBody(datatype.attributes) || datatype.fields.kind === 'unit') return undefined;
  const [only, ...more] = datatype.fields.fields;
  if (only === undefined || more.length > 0) return undefined;
  const collection = lastSegment(only.type);
  const view = lastSegment(item.ret.type);
  if (collection === undefined || view === undefined || COLLECTION_VIEWS.get(collection.name) !== view.name) return undefined;
  const collectionArgs = typeArgs(collection.generics);
  const viewArgs = typeArgs(view.generics);
  if (collectionArgs.length !== viewArgs.length || collectionArgs.length === 0) return undefined;
  return { field: only.name, viewed: collectionArgs.map((arg, index) => printType(arg) !== printType(viewArgs[index] as Type)) };
}

function lastSegment(type: Type): { readonly name: string; readonly generics: readonly GenericArg[] } | undefined {
  return type.kind === 'path' ? type.segments[type.segments.length - 1] : undefined;
}

function typeArgs(generics: readonly GenericArg[]): Type[] {
  return generics.filter((arg): arg is Type => arg.kind !== 'binding');
}

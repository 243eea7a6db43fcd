// The eval layer's API: values and their types, the pairs-file codec, display, the three-valued spec evaluator
// and the exec interpreter. Pure and budgeted throughout.

export * from './value';
export type * from './value-type';
export type { ExactJson, JsonValue, JsonWith } from './json-value';
export { bitWidth, intRange, inRange, isIntTypeName, isSignedInt, truncateTo } from './int-types';
export type { IntRange } from './int-types';
export {
  charValue,
  compareValues,
  hasShapeOf,
  makeMap,
  makeMultiset,
  makeSet,
  multisetFromCounts,
  seqOf,
  textOf,
  textValue,
  valueEquals,
  valueKey,
} from './value-ops';
export { adtFieldTypes, adtShape, firstUnsupported, resolveValueType, valueTypeText } from './type-resolution';
export { deepUnsupported } from './deep-support';
export { isObservationField } from './observations';
export type { AdtShape, FieldsShape, TypeContext } from './type-resolution';
export { atSelfType, constInstantiation, functionTypeContext, instantiationText } from './function-type-context';
export type { FunctionTypeContext } from './function-type-context';
export { measuredDeclaration } from './trait-declarations';
export type { MeasuredDeclaration } from './trait-declarations';
export { OPAQUE_KEY, decodeJson, describeJson, encodeJson } from './codec';
export { CLOSURE_KEY, simpleSpecFns, specFnFromSource } from './spec-fn-values';
export { layoutConstant } from './layout';
export { completeByEqualities, completedRow } from './ghost-completion';
export type { CompletionLimits, CompletionSite } from './ghost-completion';
export type { DecodeError, DecodeResult, JsonPath } from './codec';
export { charLiteral, formatValue } from './format';
export {
  PCELL,
  pcellValue,
  POINTS_TO,
  PPTR,
  RAW_POINTER,
  pointerAddress,
  pointsToParts,
  pointsToValue,
  pptrValue,
  rawPointerValue,
} from './permissions';
export {
  atomicId,
  atomicPermissionParts,
  atomicPermissionValue,
  atomicValue,
  atomicValueType,
  isAtomic,
  isAtomicPermission,
  permissionOf,
} from './atomics';
export { checkedIntValue, checkedIntWidth, isCheckedIntType } from './checked-ints';
export { isVstdRwLock, lockBlind, rwlockInvariantClause, visibleLockFields } from './rwlock';
export * from './spec';
export * from './exec';

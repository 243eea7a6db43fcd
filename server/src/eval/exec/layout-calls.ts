// `size_of::<T>()`, `align_of::<T>()` and `T::size_of()` in exec code: the layout (layout.ts) of the type, with a
// generic parameter taken at the type the run instantiated it with.

import type { Span, Type } from '../../syntax';
import { int } from '../value';
import type { Layout, LayoutQuery } from '../layout';
import { layoutOf, layoutOfNamed, measured } from '../layout';
import { resolveValueType } from '../type-resolution';
import type { Ctx, Frame, Typed } from './interpreter-state';
import { implTypeName, intType } from './exec-types';
import { notRunnable } from './signals';

export function layoutCall(ctx: Ctx, frame: Frame, query: LayoutQuery, span: Span): Typed {
  const layout = query.kind === 'named' ? namedLayout(ctx, frame, query.typeName) : typeLayout(ctx, frame, query.type);
  const result = measured(layout, query.measure);
  if ('reason' in result) return notRunnable(`asks the ${query.measure} of a type whose layout is not known: ${result.reason}`, span);
  return { value: int(result.value), type: intType('usize') };
}

function namedLayout(ctx: Ctx, frame: Frame, name: string): Layout {
  const bound = frame.subst.get(name);
  if (bound !== undefined) {
    const typeName = implTypeName(bound);
    return typeName === undefined
      ? { kind: 'unknown', reason: `the type \`${name}\` stands for is not known in this call` }
      : layoutOfNamed(typeName, ctx.model.scope);
  }
  return layoutOfNamed(name === 'Self' ? (frame.selfTypeName ?? name) : name, ctx.model.scope);
}

function typeLayout(ctx: Ctx, frame: Frame, type: Type): Layout {
  const only = type.kind === 'path' && type.segments.length === 1 ? type.segments[0] : undefined;
  if (only !== undefined && only.generics.length === 0) return namedLayout(ctx, frame, only.name);
  return layoutOf(resolveValueType(type, { scope: ctx.model.scope }), ctx.model.scope);
}

import { fgrHandlers as handlers, registerFgrKind } from './fgr.ts';

registerFgrKind();

/** Product replacement, FGR (docs/fgr.md). */
export const fgrHandlers = handlers;

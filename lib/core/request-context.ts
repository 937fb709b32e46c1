import { AsyncLocalStorage } from "node:async_hooks";

export interface RequestContext {
  requestId: string;
  /** Set once a handler knows who is calling, for the request's log line. */
  userId: string | null;
}

// server.ts starts the context and Next's bundled handlers fill it in: one store for both.
const holder = globalThis as unknown as { __aurumRequests?: AsyncLocalStorage<RequestContext> };
export const requestContext: AsyncLocalStorage<RequestContext> = (holder.__aurumRequests ??= new AsyncLocalStorage());

/** The current request's context, if the code runs inside one. */
export const currentRequest = (): RequestContext | undefined => requestContext.getStore();

import { getContext } from 'hono/context-storage';
import { unstable_getContextData as getContextData } from 'waku/server';
import type { Env, RequestInfo } from './edge/env';

/** request-scoped values the edge middleware hands to server components */
export type RequestData = { info?: RequestInfo; path?: string; cookies?: Record<string, string>; cspNonce?: string };
export const requestData = () => getContextData() as RequestData;

export const requestInfo = (): RequestInfo =>
  requestData().info ?? { locale: 'cs', territory: 'cz', apiKey: null, session: null, anonymousId: null };

/** the Hono context of the current request (bindings, execution context) */
export const honoContext = () => getContext<Env>();

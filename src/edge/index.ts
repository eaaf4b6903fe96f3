export { edgeMiddleware, logicalPath } from './app';
export type { Bindings, Env, RequestInfo } from './env';

import type { Context, MiddlewareHandler } from 'hono';

/**
 * The JSON text of answers made from a string, by Response: the origin's c.json answers and the
 * gateway's cached entries. The edge's in-process API client (src/api/server.ts) parses the text from
 * here instead of reading the body stream back: that read is a turn of the event loop per call, and
 * under load each turn waits behind the other requests' work (a page's data came that much later).
 * A Response made anew (a header added after the handler, an answer of fetch) is not here: read as before.
 */
const texts = new WeakMap<Response, string>();

/** the JSON text the response was made from, or undefined (read its body) */
export const jsonTextOf = (res: Response): string | undefined => texts.get(res);

/** the response, known to carry `text` as its body */
export function withJsonText(res: Response, text: string): Response {
  texts.set(res, text);
  return res;
}

type Json = Context['json'];

/** c.json as Hono makes it (the same body, status and headers), with its text remembered */
export const rememberJsonText = (): MiddlewareHandler => async (c, next) => {
  const json = (object: unknown, arg?: Parameters<Json>[1], headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object);
    return withJsonText(c.newResponse(text, arg as never, { 'Content-Type': 'application/json', ...headers }), text);
  };
  c.json = json as unknown as Json;
  await next();
};

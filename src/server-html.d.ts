/** `./module?server-html`: the module when rendering HTML on the server, empty in the browser build (waku.config.ts serverHtmlOnly) */
declare module '*?server-html' {
  const rendered: Record<string, unknown>;
  export = rendered;
}

/** paths of the local-only sandboxes and helpers; outside local development they are unknown pages */
export const isLocalOnlyPath = (pathname: string) => pathname.startsWith('/_sandbox/') || pathname.startsWith('/_dev/');

let app: Promise<ReturnType<typeof import('../server/sandbox/app').createSandboxApp>> | undefined;
/** the local-only sandboxes, loaded on the first such request: a deployed worker never loads their code */
export const sandboxApp = () => (app ??= import('../server/sandbox/app').then((m) => m.createSandboxApp()));

import { createSandboxApp } from '../server/app';

/** paths of the local-only sandboxes and helpers; outside local development they are unknown pages */
export const isLocalOnlyPath = (pathname: string) => pathname.startsWith('/_sandbox/') || pathname.startsWith('/_dev/');

let app: ReturnType<typeof createSandboxApp> | undefined;
export const sandboxApp = () => (app ??= createSandboxApp());

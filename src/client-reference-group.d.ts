/** `virtual:client-reference-group:/src/x.tsx`: loads the browser chunk React takes x's client components from (scripts/compact-client-references.ts) */
declare module 'virtual:client-reference-group:*' {
  const load: () => Promise<unknown>;
  export default load;
}

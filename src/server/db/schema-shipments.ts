// The shipments area's tables of the client section (Step 7); re-exported by schema.ts.
// Reference other tables lazily (`references(() => users.id)`) and import them from './schema'.
export {};

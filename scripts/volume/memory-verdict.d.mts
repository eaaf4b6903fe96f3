export declare const HEAP_GROWTH_MB: number;
export declare const PER_REQUEST_KB: number;
type Reading = { bytes: number; requests: number };
export declare function memoryVerdict(input: { heap: { start: Reading | null; end: Reading | null }; rss?: { t: number; rss: number; requests: number }[] }): { ok: boolean; text: string };

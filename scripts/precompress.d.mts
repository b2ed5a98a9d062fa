// Types of scripts/precompress.mjs (plain JavaScript, so that the build runs it without a compiler).

export const COMPRESSIBLE: Set<string>;
export const MIN_BYTES: number;
export function precompress(dir: string): { file: string; bytes: number; originalBytes: number }[];

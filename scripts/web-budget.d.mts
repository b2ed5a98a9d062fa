// Types of scripts/web-budget.mjs (plain JavaScript, so that the build runs it without a compiler).

export interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ScreenBudget {
  name: string;
  roots: string[];
  limitBytes: number;
}

export interface ScreenResult {
  name: string;
  limitBytes: number;
  totalBytes: number;
  chunks: { file: string; gzipBytes: number }[];
  over: boolean;
}

export interface BudgetResult {
  ok: boolean;
  screens: ScreenResult[];
}

export const BUDGETS: ScreenBudget[];
export function screenChunks(manifest: Manifest, roots: string[]): string[];
export function checkBudgets(
  manifest: Manifest,
  gzipBytes: (file: string) => number,
  budgets?: ScreenBudget[],
): BudgetResult;
export function formatReport(result: BudgetResult): string;

import { describe, expect, it } from 'vitest';
import { checkBudgets, formatReport, screenChunks } from './web-budget.mjs';

// A manifest as Vite writes it: the page's entry, a lazy shell with its own imports, shared chunks.
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js', '_mui.js'],
    dynamicImports: ['src/shell.ts'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_mui.js': { file: 'assets/mui.js', imports: ['_react.js'] },
  'src/shell.ts': {
    file: 'assets/shell.js',
    isDynamicEntry: true,
    imports: ['index.html', '_mui.js', '_grid.js'],
  },
  '_grid.js': { file: 'assets/grid.js', css: ['assets/grid.css'] },
  'src/report.ts': { file: 'assets/report.js', isDynamicEntry: true, imports: ['_canvas.js'] },
  '_canvas.js': { file: 'assets/canvas.js' },
};
const sizes: Record<string, number> = {
  'assets/index.js': 40_000,
  'assets/react.js': 60_000,
  'assets/mui.js': 30_000,
  'assets/shell.js': 50_000,
  'assets/grid.js': 100_000,
  'assets/report.js': 5_000,
  'assets/canvas.js': 90_000,
};
const gzipBytes = (file: string) => sizes[file]!;

describe('web size budget', () => {
  it("counts a screen's entry and every chunk it imports statically, each once, never a lazy one", () => {
    expect(screenChunks(manifest, ['index.html'])).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/mui.js',
    ]);
    expect(screenChunks(manifest, ['index.html', 'src/shell.ts']).sort()).toEqual(
      ['assets/grid.js', 'assets/index.js', 'assets/mui.js', 'assets/react.js', 'assets/shell.js'].sort(),
    );
  });

  it('passes a build within every budget and still prints each chunk with its size', () => {
    const result = checkBudgets(manifest, gzipBytes, [
      { name: 'sign-in', roots: ['index.html'], limitBytes: 130_000 },
      { name: 'shell', roots: ['index.html', 'src/shell.ts'], limitBytes: 280_000 },
    ]);
    expect(result.ok).toBe(true);
    expect(result.screens.map((screen) => [screen.name, screen.totalBytes, screen.over])).toEqual([
      ['sign-in', 130_000, false],
      ['shell', 280_000, false],
    ]);
    const report = formatReport(result);
    expect(report).toContain('sign-in: 130.0 kB in 3 files, budget 130.0 kB: ok');
    expect(report).toMatch(/60\.0 kB {2}assets\/react\.js/);
    expect(report).toMatch(/100\.0 kB {2}assets\/grid\.js/);
  });

  it('fails a build one byte over a budget and names the screen, the excess and its chunks', () => {
    const result = checkBudgets(manifest, gzipBytes, [
      { name: 'sign-in', roots: ['index.html'], limitBytes: 129_999 },
      { name: 'shell', roots: ['index.html', 'src/shell.ts'], limitBytes: 350_000 },
    ]);
    expect(result.ok).toBe(false);
    expect(result.screens.map((screen) => screen.over)).toEqual([true, false]);
    const report = formatReport(result);
    expect(report).toContain('sign-in: 130.0 kB in 3 files, budget 130.0 kB: OVER BUDGET by 1 bytes');
    expect(report).toMatch(/40\.0 kB {2}assets\/index\.js/);
    expect(report).toContain('shell: 280.0 kB in 5 files, budget 350.0 kB: ok');
  });

  it('refuses a budget whose module is no longer a chunk, instead of counting nothing', () => {
    expect(() =>
      checkBudgets(manifest, gzipBytes, [{ name: 'x', roots: ['src/gone.ts'], limitBytes: 1 }]),
    ).toThrow(/no entry src\/gone\.ts/);
  });
});

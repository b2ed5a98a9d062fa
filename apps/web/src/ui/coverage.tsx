import {
  COVERAGE_LABELS,
  coverageSentence,
  type CoverageOnDay,
} from '@fieldport/contract/operations/product-fleet';
import { formatDay } from './format.ts';
import { StateChip } from './status-chip.tsx';

// A fleet item's coverage (docs/product-fleet.md#coverage), as the fleet screens and tickets show it.

/** "In warranty until 14 Jan 2027", "AMC until 31 Mar 2027 (3 visits left)", "Out of warranty". */
export const coverageText = (coverage: CoverageOnDay) => coverageSentence(coverage, formatDay);

const COVERAGE_COLORS = { IN_WARRANTY: 'success', UNDER_AMC: 'info', OUT_OF_WARRANTY: 'default' } as const;

export function CoverageChip({ coverage }: { coverage: CoverageOnDay }) {
  return (
    <StateChip
      label={COVERAGE_LABELS[coverage.coverage]}
      color={COVERAGE_COLORS[coverage.coverage]}
      outlined={coverage.coverage === 'OUT_OF_WARRANTY'}
    />
  );
}

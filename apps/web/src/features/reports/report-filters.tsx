import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ListDealers, List_Users } from '@fieldport/contract/operations/people';
import { List_Categories_By_Selected_Master_Category } from '@fieldport/contract/operations/product-catalogue';
import { CONTRACT_RENEWAL_DAYS } from '@fieldport/contract/operations/contracts';
import { ListAmcTypes } from '@fieldport/contract/operations/product-fleet';
import {
  AGING_GROUP_LABELS,
  AMC_RENEWAL_DAYS_AHEAD,
  AGING_GROUPS,
  type AgingGroup,
  type ReportFilter,
} from '@fieldport/contract/operations/reports';
import { ListTerritoriesAndPincodes } from '@fieldport/contract/operations/territories';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { LookupSelect, servicePartnerLookup } from '../../ui/lookup-filter.tsx';
import { MonthRangeFilter } from '../../ui/month-range-filter.tsx';
import type { ListOp } from '../../ui/use-list.ts';
import { RECORD_FILTERS, type PeriodProblem, type RecordFilter, type ReportInput } from './report-address.ts';

/** Where each record chooser takes its choices from: every record, active or not (old tickets name them). */
const LOOKUPS: Record<
  RecordFilter,
  { label: string; list: ListOp; valueKey: string; labelKey: string; where?: Record<string, unknown> }
> = {
  territory_id: {
    label: 'Territory',
    list: ListTerritoriesAndPincodes,
    valueKey: 'territory_id',
    labelKey: 'territory_name',
  },
  partner_party_id: { label: 'Service partner', ...servicePartnerLookup },
  dealer_party_id: { label: 'Dealer', list: ListDealers, valueKey: 'party_id', labelKey: 'party_name' },
  category_id: {
    label: 'Category',
    list: List_Categories_By_Selected_Master_Category,
    valueKey: 'category_id',
    labelKey: 'category_name',
  },
  technician_user_id: {
    label: 'Technician',
    list: List_Users,
    valueKey: 'user_id',
    labelKey: 'user_name',
    where: { user_group: 'TECHNICIANS' },
  },
  amc_type_id: { label: 'AMC type', list: ListAmcTypes, valueKey: 'amc_type_id', labelKey: 'amc_type_name' },
};

type Changes = Partial<Record<keyof ReportInput, string | number | undefined>>;

/**
 * A report's filters, those its layout names (report-address.ts says which this person is
 * offered): the period (days or months), the grouping and the choosers of records, each shown only
 * to those who may read the list it offers. `actions` (Export) sit at the end of the row.
 */
export function ReportFilters(props: {
  filters: ReportFilter[];
  input: ReportInput;
  today: string;
  problem: PeriodProblem | undefined;
  can: FeaturePageProps['can'];
  onChange: (changes: Changes) => void;
  actions: ReactNode;
}) {
  const { filters, input, problem, onChange } = props;
  const has = (filter: ReportFilter) => filters.includes(filter);
  return (
    <Box
      role="group"
      aria-label="Filters"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'flex-start',
        // Two to a line on a phone rather than one under the other.
        '@media (max-width: 599.95px)': {
          '& > .MuiTextField-root': { flexBasis: 'calc(50% - 6px)', minWidth: 0 },
        },
      }}
    >
      {has('days') && (
        <>
          <DayField
            label="From"
            value={input.from_date ?? ''}
            onChange={(day) => onChange({ from_date: day })}
          />
          <DayField
            label="To"
            value={input.to_date ?? ''}
            error={problem?.field === 'to_date' ? problem.message : undefined}
            onChange={(day) => onChange({ to_date: day })}
          />
        </>
      )}
      {has('months') && (
        <MonthRangeFilter
          from={input.from_month ?? ''}
          to={input.to_month ?? ''}
          latest={props.today.slice(0, 7)}
          error={problem?.field === 'to_month' ? problem.message : undefined}
          onChange={({ from, to }) => onChange({ from_month: from, to_month: to })}
        />
      )}
      {has('days_ahead') && (
        <TextField
          select
          size="small"
          label="Ending within"
          value={input.days_ahead ?? CONTRACT_RENEWAL_DAYS}
          onChange={(event) => onChange({ days_ahead: Number(event.target.value) })}
          sx={{ flex: '1 1 150px', maxWidth: { sm: 180 } }}
        >
          {AMC_RENEWAL_DAYS_AHEAD.map((days) => (
            <MenuItem key={days} value={days}>
              {days} days
            </MenuItem>
          ))}
        </TextField>
      )}
      {has('group_by') && (
        <TextField
          select
          size="small"
          label="Group by"
          value={input.group_by ?? 'PARTNER'}
          onChange={(event) => onChange({ group_by: event.target.value as AgingGroup })}
          sx={{ flex: '1 1 160px', maxWidth: { sm: 200 } }}
        >
          {AGING_GROUPS.map((group) => (
            <MenuItem key={group} value={group}>
              {AGING_GROUP_LABELS[group]}
            </MenuItem>
          ))}
        </TextField>
      )}
      {RECORD_FILTERS.filter((key) => has(key) && props.can(LOOKUPS[key].list.access)).map((key) => (
        <LookupSelect
          key={key}
          {...LOOKUPS[key]}
          value={input[key]}
          onChange={(value) => onChange({ [key]: value })}
        />
      ))}
      {/* At the end of the row, or of the line it wraps onto. */}
      <Box sx={{ display: 'flex', gap: 1.5, ml: 'auto', alignSelf: 'center' }}>{props.actions}</Box>
    </Box>
  );
}

/** A day of the period ('YYYY-MM-DD'); emptying it goes back to the default. */
function DayField(props: { label: string; value: string; error?: string; onChange: (day: string) => void }) {
  return (
    <TextField
      type="date"
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
      sx={{ flex: '1 1 150px', maxWidth: { sm: 170 } }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

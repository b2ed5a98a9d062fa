import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import {
  ListQuotations,
  QUOTATION_STATE_LABELS,
  type QuotationItem,
} from '@fieldport/contract/operations/quotations';
import { api } from '../../api/client.ts';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatRupees } from '../../ui/format.ts';
import { PageTitle } from '../../ui/page-title.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { listQueryKey } from '../../ui/use-list.ts';
import { useQuotationDetails } from './quotation-details.tsx';
import { numberWords } from './quotation-format.tsx';

/**
 * /QuotationsView (docs/quotations.md): one quotation on a page of its own (?quotation_id=…), with
 * the same content and actions as its details on the list; found by its number or customer.
 */
export default function QuotationViewPage({ route, can }: FeaturePageProps) {
  const [params, setParams] = useSearchParams();
  const quotationId = params.get('quotation_id');
  const open = (id: string) => setParams({ quotation_id: id });
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <QuotationSearch onChoose={(item) => open(item.quotation_id)} />
      {quotationId ? (
        // One view per quotation: its dialogs and messages start afresh.
        <QuotationView key={quotationId} quotationId={quotationId} can={can} onOpenQuotation={open} />
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center', mt: 2 }}>
          <RequestQuoteOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
          <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
            Find a quotation
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520, mx: 'auto', mt: 0.5 }}>
            Search by its number or its customer to see it in full: its lines and totals, its revisions, what
            the customer said, its payments, and what can be done with it now.
          </Typography>
        </Paper>
      )}
    </Box>
  );
}

function QuotationView(props: {
  quotationId: string;
  can: FeaturePageProps['can'];
  onOpenQuotation: (quotationId: string) => void;
}) {
  const details = useQuotationDetails(props);
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby="quotation-title"
      sx={{ mt: 2, p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <Typography id="quotation-title" component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          {details.title ?? 'Quotation'}
        </Typography>
        {details.actions && (
          <Box role="toolbar" aria-label="Actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {details.actions}
          </Box>
        )}
        {details.content}
      </Stack>
      {details.dialogs}
    </Paper>
  );
}

/** A quotation found by its number or customer (the first ten matches as typed). */
function QuotationSearch({ onChoose }: { onChoose: (item: QuotationItem) => void }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const found = useQuery({
    queryKey: [...listQueryKey(ListQuotations), 'view-search', search],
    queryFn: async () => (await api.query(ListQuotations, { search, page_size: 10 })).data.items,
  });
  return (
    <Autocomplete<QuotationItem>
      sx={{ maxWidth: 560 }}
      options={found.data ?? []}
      value={null}
      loading={found.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(option) => `${numberWords(option)} · ${option.customer_name}`}
      isOptionEqualToValue={(option, chosen) => option.quotation_id === chosen.quotation_id}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') setText(typed);
      }}
      onChange={(_, chosen) => chosen && onChoose(chosen)}
      noOptionsText={search ? 'No quotation matches' : 'Type a quotation number or a customer'}
      renderOption={(optionProps, option) => (
        <li {...optionProps} key={option.quotation_id}>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {numberWords(option)} · {option.customer_name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {QUOTATION_STATE_LABELS[option.state]} · {formatRupees(option.total_amount)}
            </Typography>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Find a quotation"
          helperText="Its number or customer"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Find a quotation' },
          }}
        />
      )}
    />
  );
}

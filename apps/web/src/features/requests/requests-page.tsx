import Box from '@mui/material/Box';
import type { RequestState } from '@fieldport/contract/operations/requests';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { PublicFormButton } from './public-form-link.tsx';
import { RequestsList } from './requests-list.tsx';

/** The tabs, the new requests first: what each lists, and what it says when empty. */
const TABS: {
  key: string;
  label: string;
  state?: RequestState;
  empty: { title: string; description: string };
}[] = [
  {
    key: 'new',
    label: 'New',
    state: 'NEW',
    empty: {
      title: 'No new requests',
      description:
        'Requests sent through the public form, by dealers or on RFS arrive here, to be converted to a ticket, merged into one or rejected.',
    },
  },
  {
    key: 'converted',
    label: 'Converted',
    state: 'CONVERTED',
    empty: {
      title: 'No converted requests',
      description: 'The requests converted to tickets show here, each with its ticket and where it stands.',
    },
  },
  {
    key: 'merged',
    label: 'Merged',
    state: 'MERGED',
    empty: {
      title: 'No merged requests',
      description: 'Requests about a visit already on a ticket show here once merged into it.',
    },
  },
  {
    key: 'rejected',
    label: 'Rejected',
    state: 'REJECTED',
    empty: {
      title: 'No rejected requests',
      description: 'Rejected requests show here with the reason the customer was given.',
    },
  },
  {
    key: 'all',
    label: 'All',
    empty: {
      title: 'No requests yet',
      description:
        'Share the public request form with your customers: their requests arrive here, as do those of dealers and of RFS.',
    },
  },
];

/**
 * /RequestForServices (docs/requests.md#triage): the requests for service by state, the new first;
 * a row opens its details, where a new one is converted to a ticket, merged into an open one or
 * rejected with a reason. The organization's public form link is beside the title.
 */
export default function RequestsPage({ route, can }: FeaturePageProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'flex-start',
          columnGap: 2,
          flexWrap: 'wrap',
        }}
      >
        <PageTitle title={route.title} />
        <Box sx={{ mt: { sm: 0.5 }, mb: 2 }}>
          <PublicFormButton />
        </Box>
      </Box>
      {/* Each tab its own list (key): its search, filters and page start afresh. */}
      <PageTabs
        label="Requests by state"
        tabs={TABS.map(({ key, label, state, empty }) => ({
          key,
          label,
          content: (
            <RequestsList
              key={key}
              label={`${label} requests`}
              requestState={state}
              empty={empty}
              can={can}
            />
          ),
        }))}
      />
    </Box>
  );
}

import Box from '@mui/material/Box';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { LeadFormsList } from './lead-forms-list.tsx';
import { LeadsList } from './leads-list.tsx';

/**
 * /ProductSales, menu 'Leads' (docs/leads.md): the leads, worked from New to Won or Lost, and the
 * forms that capture them, each with its public link.
 */
export default function LeadsPage({ route, can }: FeaturePageProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <PageTabs
        label="Leads and forms"
        tabs={[
          { key: 'leads', label: 'Leads', content: <LeadsList can={can} /> },
          { key: 'forms', label: 'Forms', content: <LeadFormsList can={can} /> },
        ]}
      />
    </Box>
  );
}

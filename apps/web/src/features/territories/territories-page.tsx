import Box from '@mui/material/Box';
import { pincodeTypes } from '@fieldport/contract/operations/territories';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { MasterPage, namedMasterConfig } from '../../ui/master-page.tsx';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { PincodesTab } from './pincodes-tab.tsx';
import { ServicePartnersTab } from './service-partners-tab.tsx';
import { TechniciansTab } from './technicians-tab.tsx';
import { TerritoriesTab } from './territories-tab.tsx';

/**
 * /TerritoriesView (docs/product.md#territories): territories and their pincodes, the
 * types of pincodes, and who covers which territory: technicians (with their expertise) and
 * service partners.
 */
export default function TerritoriesPage({ route, can }: FeaturePageProps) {
  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <PageTabs
        label="Territories"
        tabs={[
          {
            key: 'territories',
            label: 'Territories',
            content: <TerritoriesTab can={can} />,
          },
          { key: 'pincodes', label: 'Pincodes', content: <PincodesTab can={can} /> },
          {
            key: 'pincode-types',
            label: 'Pincode types',
            content: (
              <MasterPage config={namedMasterConfig(pincodeTypes, 'Pincode types')} can={can} embedded />
            ),
          },
          { key: 'technicians', label: 'Technicians', content: <TechniciansTab can={can} /> },
          { key: 'service-partners', label: 'Service partners', content: <ServicePartnersTab can={can} /> },
        ]}
      />
    </Box>
  );
}

import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddOutlined from '@mui/icons-material/AddOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import { ListContracts } from '@fieldport/contract/operations/contracts';
import { ListProductFleet } from '@fieldport/contract/operations/product-fleet';
import { CreateMaintenancePlan, RaiseDueMaintenance } from '@fieldport/contract/operations/schedules';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { PageTabs } from '../../ui/page-tabs.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { useOperation } from '../../ui/use-operation.ts';
import { PlanMaintenanceDialog } from './plan-maintenance-dialog.tsx';
import { PlansList } from './plans-list.tsx';
import { planQueries } from './schedule-format.ts';
import { VisitsList } from './visits-list.tsx';

/**
 * /ScheduleServices (docs/schedules.md): maintenance plans on customers' products, each raising a
 * ticket ahead of its due dates. Tabs: the plans (stopped with a reason, reset), the dates coming
 * up, the tickets raised and the dates missed. Plan maintenance makes a plan; Raise due tickets now
 * runs the hourly raising at once.
 */
export default function SchedulesPage({ route, can }: FeaturePageProps) {
  // Planning chooses a product of the fleet, which another module's right reads.
  const mayPlan = can(CreateMaintenancePlan.access) && can(ListProductFleet.access);
  const [planning, setPlanning] = useState(false);
  const raise = useOperation(RaiseDueMaintenance, { invalidate: planQueries() });

  const planButton = mayPlan ? (
    <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setPlanning(true)}>
      Plan maintenance
    </Button>
  ) : undefined;
  const actions = (
    <>
      {can(RaiseDueMaintenance.access) && (
        <Button
          variant="outlined"
          startIcon={<ConfirmationNumberOutlined />}
          loading={raise.isPending}
          loadingPosition="start"
          onClick={() => raise.run({})}
        >
          Raise due tickets now
        </Button>
      )}
      {planButton}
    </>
  );

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      {/* Each view its own list (key): its search, days and order start afresh, not the last tab's. */}
      <PageTabs
        label="Scheduled service"
        tabs={[
          {
            key: 'plans',
            label: 'Plans',
            content: <PlansList can={can} actions={actions} planButton={planButton} />,
          },
          {
            key: 'upcoming',
            label: 'Upcoming',
            content: <VisitsList key="UPCOMING" view="UPCOMING" actions={actions} />,
          },
          {
            key: 'raised',
            label: 'Raised',
            content: <VisitsList key="RAISED" view="RAISED" actions={actions} />,
          },
          {
            key: 'missed',
            label: 'Missed',
            content: <VisitsList key="MISSED" view="MISSED" actions={actions} />,
          },
        ]}
      />
      {planning && (
        <PlanMaintenanceDialog
          readsContracts={can(ListContracts.access)}
          onClose={() => setPlanning(false)}
        />
      )}
    </Box>
  );
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { GetCustomer, type CustomerItem } from '@fieldport/contract/operations/customers';
import { ListProductFleet } from '@fieldport/contract/operations/product-fleet';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { api } from '../../api/client.ts';
import { CustomerSearch } from '../../ui/customer-choice.tsx';
import { CustomerProductsList } from '../../ui/customer-products.tsx';
import { ExportButton } from '../../ui/export-button.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { PageTitle } from '../../ui/page-title.tsx';
import { FleetItemDetailsDialog } from './fleet-dialogs.tsx';

/**
 * /CustomerProducts (docs/product-fleet.md#screens): one customer at a time, found by name, phone
 * or email, with their fleet items, each item's coverage today and its tickets. The customer is in
 * the address (`?customer=`), so a customer's details link here and a reload keeps the choice.
 */
export function CustomerProductsPage({ route, can }: FeaturePageProps) {
  const [params, setParams] = useSearchParams();
  const customerId = params.get('customer');
  const [chosen, setChosen] = useState<CustomerItem | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  // A customer named by the address (a link, a reload) is read to show who it is.
  const named = useQuery({
    queryKey: ['customer', customerId],
    enabled: Boolean(customerId) && chosen?.customer_id !== customerId,
    queryFn: async () => (await api.query(GetCustomer, { customer_id: customerId! })).data.items[0],
  });
  const choose = (customer: CustomerItem | null) => {
    setChosen(customer);
    setParams(customer ? { customer: customer.customer_id } : {}, { replace: true });
  };
  const shown =
    chosen?.customer_id === customerId
      ? chosen
      : named.data?.customer_id === customerId
        ? (named.data ?? null)
        : null;

  return (
    <Box component="section" aria-labelledby="page-title">
      <PageTitle title={route.title} />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      >
        <Box sx={{ flex: 1, maxWidth: 560, display: 'flex' }}>
          <CustomerSearch
            value={shown}
            onChange={choose}
            autoFocus={!customerId}
            helperText="Search by name, phone or email"
          />
        </Box>
        {shown && <ExportButton op={ListProductFleet} input={{ customer_id: shown.customer_id }} can={can} />}
      </Stack>
      {named.isError ? (
        <LoadError what="The customer" error={named.error} onRetry={() => void named.refetch()} />
      ) : shown ? (
        <Stack spacing={1.5}>
          <Box>
            <Typography variant="h6" component="h2">
              {shown.customer_name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatPhoneInternational(shown.customer_phone)} · {shown.primary_location.address},{' '}
              {shown.primary_location.city} {shown.primary_location.pincode}
            </Typography>
          </Box>
          <CustomerProductsList
            customerId={shown.customer_id}
            customerName={shown.customer_name}
            pageSize={25}
            onOpen={(item) => setViewing(item.fleet_item_id)}
            rowActions={[
              {
                label: (item) => `View ${item.serial_number}`,
                icon: () => <VisibilityOutlined />,
                onClick: (item) => setViewing(item.fleet_item_id),
              },
            ]}
          />
        </Stack>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
          <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
            <DevicesOutlined color="primary" fontSize="large" aria-hidden />
            <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
              {customerId ? 'Loading the customer…' : 'Choose a customer'}
            </Typography>
            <Typography color="text.secondary">
              Their products appear here: where each is installed, its warranty or AMC today, and its tickets.
            </Typography>
          </Stack>
        </Paper>
      )}
      <FleetItemDetailsDialog itemId={viewing} staff onClose={() => setViewing(null)} />
    </Box>
  );
}

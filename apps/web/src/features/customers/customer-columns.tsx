import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CustomerItem } from '@fieldport/contract/operations/customers';
import { countryName, formatPhoneInternational } from '@fieldport/contract/phone';
import type { DataTableColumn } from '../../ui/data-table.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { StatusChip } from '../../ui/status-chip.tsx';

/** The columns of the customer list; a partner's or dealer's people do not see whom each belongs to. */
export function useCustomerColumns(partyUser: boolean): DataTableColumn<CustomerItem>[] {
  const format = useInstantFormats();
  return [
    {
      field: 'customer_name',
      header: 'Name',
      flex: 1.4,
      minWidth: 150,
      render: (item) => (
        <Box sx={{ py: 0.75, lineHeight: 1.3, minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'normal' }}>
            {item.customer_name}
          </Typography>
          {item.customer_email && (
            <Typography variant="caption" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {item.customer_email}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_phone',
      header: 'Phone',
      width: 150,
      // A phone number does not wrap.
      narrowMinWidth: 132,
      render: (item) => (
        <Box sx={{ lineHeight: 1.3 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
            {formatPhoneInternational(item.customer_phone)}
          </Typography>
          {item.phone_country !== 'IN' && (
            <Typography variant="caption" color="text.secondary">
              {countryName(item.phone_country)}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'city',
      header: 'Location',
      flex: 1,
      minWidth: 120,
      hideOnNarrow: true,
      render: (item) => (
        <Box sx={{ lineHeight: 1.3 }}>
          <Typography variant="body2">
            {item.primary_location.city} {item.primary_location.pincode}
          </Typography>
          {item.secondary_location_count > 0 && (
            <Typography variant="caption" color="text.secondary">
              +{item.secondary_location_count} more{' '}
              {item.secondary_location_count === 1 ? 'location' : 'locations'}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'customer_category_name',
      header: 'Category',
      width: 115,
      hideOnNarrow: true,
      render: (item) => item.customer_category_name ?? '—',
    },
    ...(partyUser
      ? []
      : [
          {
            field: 'party_name',
            header: 'Belongs to',
            width: 140,
            hideOnNarrow: true,
            render: (item: CustomerItem) => item.party_name ?? 'Organization',
          },
        ]),
    {
      field: 'customer_status',
      header: 'Status',
      width: 100,
      render: (item) => <StatusChip status={item.customer_status} />,
    },
    {
      field: 'customer_created_on',
      header: 'Added on',
      width: 115,
      hideOnNarrow: true,
      render: (item) => format.date(item.customer_created_on),
    },
  ];
}

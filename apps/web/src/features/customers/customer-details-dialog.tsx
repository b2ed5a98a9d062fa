import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddLocationAltOutlined from '@mui/icons-material/AddLocationAltOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import {
  AddCustomerSecondaryLocation,
  GetCustomer,
  MAX_SECONDARY_LOCATIONS,
  RemoveCustomerSecondaryLocation,
  UpdateCustomerSecondaryLocation,
  locationSchema,
  type CustomerDetail,
  type CustomerLocation,
} from '@fieldport/contract/operations/customers';
import { countryName, formatPhoneInternational } from '@fieldport/contract/phone';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { useInstantFormats } from '../../ui/format.ts';
import { CustomerProductsList } from '../../ui/customer-products.tsx';
import { StatusChip } from '../../ui/status-chip.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useOperation } from '../../ui/use-operation.ts';
import { emptyLocation, LocationFields, locationToForm } from '../../ui/customer-form.tsx';

export const customerQueryKey = (id: string) => ['customer', id] as const;

/** One line of a location as Indian addresses are written: 'address, City 560001, State'. */
function locationLine(location: CustomerLocation): string {
  const abroad = location.country === 'IN' ? '' : `, ${countryName(location.country)}`;
  return `${location.address}, ${location.city} ${location.pincode}, ${location.state}${abroad}`;
}

/**
 * A customer's card: details, the primary location and the secondary ones, which are added,
 * changed and removed here (each refused again by the server when the person may not).
 */
export function CustomerDetailsDialog(props: {
  customerId: string | null;
  mayEdit: boolean;
  /** The customer's products (the fleet list's right), and a way to Customer Products (its menu item). */
  products: { show: boolean; linkToReport: boolean };
  onEdit: (customer: CustomerDetail) => void;
  onChanged: () => Promise<void>;
  onClose: () => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const id = props.customerId;
  const customer = useQuery({
    queryKey: customerQueryKey(id ?? ''),
    queryFn: async () => (await api.query(GetCustomer, { customer_id: id! })).data.items[0],
    enabled: Boolean(id),
  });
  const [editing, setEditing] = useState<{ location?: CustomerLocation } | null>(null);
  const [removing, setRemoving] = useState<CustomerLocation | null>(null);

  // After a change the card and the list it was opened from are read again.
  const invalidate = [customerQueryKey(id ?? '')];
  const remove = useOperation(RemoveCustomerSecondaryLocation, {
    invalidate,
    onSuccess: async () => {
      setRemoving(null);
      await props.onChanged();
    },
  });
  const afterSave = {
    invalidate,
    onSuccess: async () => {
      setEditing(null);
      await props.onChanged();
    },
  };
  const add = useOperation(AddCustomerSecondaryLocation, afterSave);
  const update = useOperation(UpdateCustomerSecondaryLocation, afterSave);

  const data = customer.data;
  // A partner or dealer reads the customers of its tickets but changes only its own party's.
  const mayEdit = props.mayEdit && data?.may_edit === true;
  return (
    <Dialog
      open={Boolean(id)}
      onClose={props.onClose}
      fullWidth
      maxWidth="md"
      fullScreen={narrow}
      aria-labelledby="customer-title"
    >
      <DialogTitle id="customer-title">{data?.customer_name ?? 'Customer'}</DialogTitle>
      <DialogContent dividers>
        {customer.isError && (
          <Alert
            severity="error"
            role="alert"
            action={<Button onClick={() => void customer.refetch()}>Retry</Button>}
          >
            The customer could not be loaded: {customer.error.message}
          </Alert>
        )}
        {customer.isPending && !customer.isError && (
          <Stack spacing={1} aria-busy="true" aria-label="Loading the customer">
            <Skeleton height={32} />
            <Skeleton height={80} />
            <Skeleton height={80} />
          </Stack>
        )}
        {data && (
          <Stack spacing={3}>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
              <Detail label="Phone" value={formatPhoneInternational(data.customer_phone)} />
              <Detail label="Email" value={data.customer_email ?? '—'} />
              <Detail label="Customer category" value={data.customer_category_name ?? '—'} />
              <Detail label="Belongs to" value={data.party_name ?? 'Organization'} />
              <Box>
                <Typography variant="caption" color="text.secondary" component="p">
                  Status
                </Typography>
                <StatusChip status={data.customer_status} />
              </Box>
              <Detail label="Created on" value={format.dateTime(data.customer_created_on)} />
            </Box>
            <Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                Locations
              </Typography>
              <Stack
                spacing={1.5}
                component="ul"
                sx={{ listStyle: 'none', p: 0, m: 0 }}
                aria-label="Locations"
              >
                <LocationCard location={data.primary_location} primary />
                {data.secondary_locations.map((location) => (
                  <LocationCard
                    key={location.location_id}
                    location={location}
                    onEdit={mayEdit ? () => setEditing({ location }) : undefined}
                    onRemove={mayEdit ? () => setRemoving(location) : undefined}
                  />
                ))}
              </Stack>
              {mayEdit && data.secondary_locations.length < MAX_SECONDARY_LOCATIONS && (
                <Button
                  startIcon={<AddLocationAltOutlined />}
                  sx={{ mt: 1.5 }}
                  onClick={() => setEditing({})}
                >
                  Add secondary location
                </Button>
              )}
            </Box>
            {props.products.show && (
              <Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
                    Products
                  </Typography>
                  {props.products.linkToReport && (
                    <Button
                      component={RouterLink}
                      to={`/CustomerProducts?customer=${encodeURIComponent(data.customer_id)}`}
                      size="small"
                    >
                      Open in Customer Products
                    </Button>
                  )}
                </Box>
                <CustomerProductsList customerId={data.customer_id} customerName={data.customer_name} />
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={props.onClose}>Close</Button>
        {mayEdit && data && (
          <Button variant="contained" startIcon={<EditOutlined />} onClick={() => props.onEdit(data)}>
            Edit details
          </Button>
        )}
      </DialogActions>

      <FormDialog
        open={editing !== null}
        title={editing?.location ? 'Edit secondary location' : 'Add secondary location'}
        schema={locationSchema}
        defaultValues={
          editing?.location ? locationToForm(editing.location) : emptyLocation(data?.phone_country)
        }
        submitLabel={editing?.location ? 'Save' : 'Add'}
        onSubmit={(values) =>
          editing?.location
            ? update.submit({ ...values, customer_id: id!, location_id: editing.location.location_id })
            : add.submit({ ...values, customer_id: id! })
        }
        onClose={() => setEditing(null)}
      >
        {(form) => <LocationFields form={form as never} autoFocus />}
      </FormDialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove secondary location?"
        confirmLabel="Remove"
        destructive
        busy={remove.isPending}
        onConfirm={() => removing && remove.run({ customer_id: id!, location_id: removing.location_id })}
        onClose={() => setRemoving(null)}
      >
        {removing &&
          `${removing.location_label ?? 'This location'}: ${locationLine(removing)} will be removed from ${data?.customer_name ?? 'the customer'}.`}
      </ConfirmDialog>
    </Dialog>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ wordBreak: 'break-word' }}>{value}</Typography>
    </Box>
  );
}

function LocationCard(props: {
  location: CustomerLocation;
  primary?: boolean;
  onEdit?: () => void;
  onRemove?: () => void;
}) {
  const { location } = props;
  const name = location.location_label ?? (props.primary ? 'Primary location' : 'Secondary location');
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'flex-start' }}
      aria-label={name}
    >
      <PlaceOutlined color={props.primary ? 'primary' : 'action'} sx={{ mt: 0.25 }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2">{name}</Typography>
          {props.primary && <Chip size="small" label="Primary" color="primary" variant="outlined" />}
        </Box>
        <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
          {locationLine(location)}
        </Typography>
        {location.latitude !== null && location.longitude !== null && (
          <Typography variant="caption" color="text.secondary">
            {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
          </Typography>
        )}
      </Box>
      {props.onEdit && (
        <IconButton aria-label={`Edit ${name}`} onClick={props.onEdit} size="small">
          <EditOutlined fontSize="small" />
        </IconButton>
      )}
      {props.onRemove && (
        <IconButton aria-label={`Remove ${name}`} onClick={props.onRemove} size="small">
          <DeleteOutlined fontSize="small" color="error" />
        </IconButton>
      )}
    </Paper>
  );
}

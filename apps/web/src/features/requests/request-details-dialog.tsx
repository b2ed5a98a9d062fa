import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ConvertServiceRequest,
  REQUEST_STATE_LABELS,
  type ServiceRequestItem,
} from '@fieldport/contract/operations/requests';
import { countryName } from '@fieldport/contract/phone';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { DialogSection } from '../../ui/dialog-section.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { formatDay, useInstantFormats } from '../../ui/format.ts';
import { TicketLink } from '../../ui/ticket-link.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { ConvertRequestDialog } from './convert-request-dialog.tsx';
import { MergeRequestDialog, RejectRequestDialog } from './request-dialogs.tsx';
import { placeWords, RequestStateChip, sourceWords } from './request-format.tsx';

type Acting = 'convert' | 'reject' | 'merge';

/**
 * One request for service in full (docs/requests.md): who, where, what and when, where it came
 * from; for a new one, what converting it would use (the customer with its phone, the fleet item
 * with its serial) and, for those who triage, Convert to ticket, Merge into a ticket and Reject;
 * for a decided one, the outcome. A decision closes it: the list has moved on.
 */
export function RequestDetailsDialog({
  request,
  can,
  onClose,
}: {
  request: ServiceRequestItem;
  can: FeaturePageProps['can'];
  onClose: () => void;
}) {
  const narrow = useNarrowScreen();
  const format = useInstantFormats();
  const [acting, setActing] = useState<Acting | null>(null);
  const mayDecide = request.state === 'NEW' && can(ConvertServiceRequest.access);
  const [source, by] = sourceWords(request);
  const stopActing = () => setActing(null);

  return (
    <>
      <DetailDialog
        open
        title={`Request ${request.request_number}`}
        narrow={narrow}
        maxWidth="md"
        onClose={onClose}
        actions={
          mayDecide && (
            <>
              <Button color="error" onClick={() => setActing('reject')}>
                Reject
              </Button>
              <Button variant="outlined" onClick={() => setActing('merge')}>
                Merge into a ticket
              </Button>
              <Button variant="contained" onClick={() => setActing('convert')}>
                Convert to ticket
              </Button>
            </>
          )
        }
      >
        <Stack spacing={3}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <RequestStateChip state={request.state} />
            <Typography color="text.secondary">
              Received {format.dateTime(request.created_on)} · {source}
              {by ? `: ${by}` : ''}
            </Typography>
          </Box>
          <DialogSection title="Problem">
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.problem}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {request.preferred_visit_date
                ? `Preferred visit: ${formatDay(request.preferred_visit_date)}`
                : 'No preferred visit date'}
            </Typography>
          </DialogSection>
          <DialogSection title="Customer and place">
            <DetailList
              items={[
                { label: 'Name', value: request.customer_name },
                { label: 'Phone', value: request.customer_phone_display },
                { label: 'Email', value: request.customer_email ?? '—' },
                {
                  label: 'Address',
                  value: (
                    <>
                      {request.address}
                      <br />
                      {placeWords(request)}, {request.state_name}, {countryName(request.country)}
                    </>
                  ),
                },
                { label: 'Product', value: request.product_name ?? '—' },
                { label: 'Serial number', value: request.serial_number ?? '—' },
              ]}
            />
          </DialogSection>
          {mayDecide && (
            <DialogSection title="What converting uses">
              <DetailList items={conversionFacts(request)} />
            </DialogSection>
          )}
          {request.state !== 'NEW' && (
            <DialogSection title="Outcome">
              <DetailList
                items={[
                  { label: 'State', value: REQUEST_STATE_LABELS[request.state] },
                  ...(request.ticket_id && request.ticket_number
                    ? [
                        {
                          label: 'Ticket',
                          value: (
                            <TicketLink
                              ticketId={request.ticket_id}
                              ticketNumber={request.ticket_number}
                              state={request.ticket_state}
                            />
                          ),
                        },
                      ]
                    : []),
                  ...(request.reject_reason ? [{ label: 'Reason', value: request.reject_reason }] : []),
                  {
                    label: 'Decided',
                    value: `${format.dateTime(request.decided_on)}${request.decided_by_name ? ` by ${request.decided_by_name}` : ''}`,
                  },
                ]}
              />
            </DialogSection>
          )}
        </Stack>
      </DetailDialog>
      {acting === 'convert' && (
        <ConvertRequestDialog request={request} onClose={stopActing} onDone={onClose} />
      )}
      {acting === 'reject' && <RejectRequestDialog request={request} onClose={stopActing} onDone={onClose} />}
      {acting === 'merge' && <MergeRequestDialog request={request} onClose={stopActing} onDone={onClose} />}
    </>
  );
}

/** The customer and the fleet item a conversion starts from, as the server matched them. */
function conversionFacts(request: ServiceRequestItem) {
  const customer = request.matched_customer_name
    ? `${request.matched_customer_name}, the customer with this phone`
    : 'A new customer, made from the details above (no customer has this phone)';
  const product = request.matched_fleet_item_id
    ? `${request.serial_number} · ${request.matched_product_name ?? ''}${request.matched_fleet_customer_name ? `, installed at ${request.matched_fleet_customer_name}` : ''}`
    : request.serial_number
      ? `No approved fleet item has serial ${request.serial_number}: choose the service`
      : 'No serial number given: choose the service';
  return [
    { label: 'Customer', value: customer },
    { label: 'Fleet item', value: product },
  ];
}

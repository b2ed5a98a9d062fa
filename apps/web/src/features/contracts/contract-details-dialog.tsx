import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AutorenewOutlined from '@mui/icons-material/AutorenewOutlined';
import { dayIn, shiftDay } from '@fieldport/contract/fields';
import { GetContract, type ContractItem } from '@fieldport/contract/operations/contracts';
import { formatPhoneInternational } from '@fieldport/contract/phone';
import { api } from '../../api/client.ts';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import { DetailList } from '../../ui/detail-list.tsx';
import { DialogSection } from '../../ui/dialog-section.tsx';
import { StackedLines } from '../../ui/entries.tsx';
import { formatDay, formatRupees, useInstantFormats } from '../../ui/format.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import {
  contractKey,
  itemVisitsWords,
  periodNote,
  periodWords,
  productsWords,
  visitsWords,
} from './contract-format.ts';
import { ContractStateChip } from './contract-state-chip.tsx';
import { EnterContractDialog } from './enter-contract-dialog.tsx';

/** Where a quotation is read (the Quotations screens: docs/quotations.md). */
export const quotationHref = (quotationId: string) =>
  `/QuotationsView?quotation_id=${encodeURIComponent(quotationId)}`;

/**
 * One AMC contract in full (docs/contracts.md): its customer, type, period, amount, where it came
 * from, who entered it and when, its note, and each product with its visits; Renew enters the next
 * contract for the same products from the day after it ends. `listed` is its row, shown while the
 * details load.
 */
export function ContractDetailsDialog(props: {
  contractId: string;
  listed: ContractItem | undefined;
  /** Whether the reader may enter contracts (and read the customers and AMC types an entry chooses from). */
  mayEnter: boolean;
  onClose: () => void;
}) {
  const { contractId, mayEnter } = props;
  const narrow = useNarrowScreen();
  const details = useQuery({
    queryKey: contractKey(contractId),
    queryFn: async () => (await api.query(GetContract, { contract_id: contractId })).data.items[0],
  });
  const contract = details.data;
  const shown = contract ?? props.listed;
  const [renewing, setRenewing] = useState(false);

  return (
    <>
      <DetailDialog
        open
        title={shown ? `Contract ${shown.contract_number}` : 'Contract'}
        narrow={narrow}
        maxWidth="md"
        onClose={props.onClose}
        actions={
          contract &&
          mayEnter && (
            <Button variant="contained" startIcon={<AutorenewOutlined />} onClick={() => setRenewing(true)}>
              Renew
            </Button>
          )
        }
      >
        {details.error && !contract ? (
          <LoadError what="The contract" error={details.error} onRetry={() => void details.refetch()} />
        ) : !contract ? (
          <Box role="status" aria-label="Loading the contract">
            <Skeleton height={40} />
            <Skeleton height={160} />
            <Skeleton height={120} />
          </Box>
        ) : (
          <ContractContent contract={contract} />
        )}
      </DetailDialog>
      {contract && renewing && (
        <EnterContractDialog
          renewing={contract}
          onClose={() => setRenewing(false)}
          onEntered={() => {
            setRenewing(false);
            props.onClose();
          }}
        />
      )}
    </>
  );
}

/** What its state asks of the reader, in words. */
function StateAlert({ contract }: { contract: ContractItem }) {
  switch (contract.state) {
    case 'RENEWAL_DUE':
      return (
        <Alert severity="warning" variant="outlined">
          It ends on {formatDay(contract.end_date)}. A renewal keeps its products under AMC from{' '}
          {formatDay(shiftDay(contract.end_date, 1))}.
        </Alert>
      );
    case 'UPCOMING':
      return (
        <Alert severity="info" variant="outlined">
          It starts on {formatDay(contract.start_date)}: its products go under this AMC that day.
        </Alert>
      );
    case 'EXPIRED':
      return (
        <Alert severity="info" variant="outlined">
          It ended on {formatDay(contract.end_date)}.
        </Alert>
      );
    case 'ACTIVE':
      return contract.renewed_by ? (
        <Alert severity="success" variant="outlined">
          Renewed: {contract.renewed_by.contract_number} keeps its products under AMC after{' '}
          {formatDay(contract.end_date)}.
        </Alert>
      ) : null;
  }
}

function ContractContent({ contract }: { contract: ContractItem }) {
  const format = useInstantFormats();
  const today = dayIn(format.timeZone);
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <ContractStateChip state={contract.state} />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {periodNote(contract, today)}
        </Typography>
      </Box>
      <StateAlert contract={contract} />
      <DetailList
        items={[
          {
            label: 'Customer',
            value: (
              <StackedLines
                first={contract.customer_name}
                rest={[formatPhoneInternational(contract.customer_phone)]}
              />
            ),
          },
          {
            label: 'AMC type',
            value: (
              <StackedLines first={contract.amc_type_name} rest={[visitsWords(contract.visits_per_item)]} />
            ),
          },
          { label: 'Period', value: periodWords(contract) },
          { label: 'Amount', value: formatRupees(contract.amount) },
          {
            label: 'Source',
            value:
              contract.source === 'QUOTATION' && contract.quotation_id ? (
                <Link component={RouterLink} to={quotationHref(contract.quotation_id)}>
                  Quotation {contract.quotation_number}
                </Link>
              ) : (
                'Entered on the Contracts screen'
              ),
          },
          {
            label: 'Entered',
            value: `By ${contract.created_by_name} on ${format.dateTime(contract.created_on)} (${format.timeZone})`,
          },
          ...(contract.note
            ? [{ label: 'Note', value: <Box sx={{ whiteSpace: 'pre-wrap' }}>{contract.note}</Box> }]
            : []),
        ]}
      />
      <DialogSection title={`Products: ${productsWords(contract.items)}`}>
        <Box
          component="ul"
          aria-label={`Products of ${contract.contract_number}`}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
        >
          {contract.items.map((item) => (
            <Box
              component="li"
              key={item.fleet_item_id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                columnGap: 2,
                pl: 1.5,
                borderLeft: 3,
                borderColor: 'divider',
                overflowWrap: 'anywhere',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                  {item.serial_number}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {item.product_name}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ alignSelf: 'center' }}>
                {itemVisitsWords(item, contract)}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogSection>
    </Stack>
  );
}

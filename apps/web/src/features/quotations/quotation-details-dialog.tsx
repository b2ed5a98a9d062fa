import type { QuotationItem } from '@fieldport/contract/operations/quotations';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useQuotationDetails } from './quotation-details.tsx';
import { numberWords } from './quotation-format.tsx';

/**
 * A quotation opened from the list (/QuotationsList): its details and actions in a dialog.
 * `listed` is its row, named while the details load; a revision opens in its place.
 */
export function QuotationDetailsDialog(props: {
  quotationId: string;
  listed: QuotationItem | undefined;
  can: FeaturePageProps['can'];
  onOpenQuotation: (quotationId: string) => void;
  onClose: () => void;
}) {
  const narrow = useNarrowScreen();
  const details = useQuotationDetails(props);
  return (
    <>
      <DetailDialog
        open
        title={details.title ?? (props.listed ? `Quotation ${numberWords(props.listed)}` : 'Quotation')}
        narrow={narrow}
        maxWidth="lg"
        onClose={props.onClose}
        actions={details.actions}
      >
        {details.content}
      </DetailDialog>
      {details.dialogs}
    </>
  );
}

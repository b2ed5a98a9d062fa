import type { FgrItem } from '@fieldport/contract/operations/fgr';
import { DetailDialog } from '../../ui/detail-dialog.tsx';
import type { FeaturePageProps } from '../../ui/feature-page.ts';
import { useNarrowScreen } from '../../ui/use-narrow-screen.ts';
import { useFgrDetails } from './fgr-details.tsx';

/**
 * A replacement opened from the list (/FgrView): its details and actions in a dialog. `listed` is
 * its row, shown while it is read again.
 */
export function FgrDetailsDialog(props: {
  fgrId: string;
  listed: FgrItem | undefined;
  can: FeaturePageProps['can'];
  onClose: () => void;
}) {
  const narrow = useNarrowScreen();
  const details = useFgrDetails(props);
  return (
    <>
      <DetailDialog
        open
        title={details.title}
        narrow={narrow}
        maxWidth="md"
        onClose={props.onClose}
        actions={details.actions}
      >
        {details.content}
      </DetailDialog>
      {details.dialogs}
    </>
  );
}

import type { ReactNode } from 'react';
import { DetailDialog } from './detail-dialog.tsx';
import { DetailList } from './detail-list.tsx';

interface DetailsColumn<Item> {
  field: string;
  header: string;
  render?: (item: Item) => ReactNode;
}

/**
 * Every column of one row, label above value: what a list shows of a row when the screen is too
 * narrow for all its columns (the row's "Details" action, docs/architecture.md#lists).
 */
export function RowDetailsDialog<Item>(props: {
  /** The row, as the list has it now; undefined when closed. */
  item: Item | undefined;
  title: string;
  columns: DetailsColumn<Item>[];
  narrow: boolean;
  onClose: () => void;
}) {
  const { item, columns, narrow, onClose } = props;
  return (
    <DetailDialog open={item !== undefined} title={props.title} narrow={narrow} onClose={onClose}>
      {item !== undefined && (
        <DetailList
          items={columns.map((column) => ({
            label: column.header,
            value: column.render
              ? column.render(item)
              : String((item as Record<string, unknown>)[column.field] ?? '—'),
          }))}
        />
      )}
    </DetailDialog>
  );
}

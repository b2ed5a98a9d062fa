import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The record whose details a screen shows in a dialog, which a link may name in the address
 * (`?fleet_item_id=…`: All Search's links, docs/search.md). Used in place of
 * `useState<string | null>(null)`: the record the address names is shown at once (also after a
 * reload), one chosen on the screen as before, and closing drops the address's, so that the
 * dialog does not open again.
 */
export function useAddressedRecord(param: string): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const addressed = params.get(param);
  const [chosen, setChosen] = useState<string | null>(null);
  const view = useCallback(
    (id: string | null) => {
      setChosen(id);
      if (id === null && addressed !== null) {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(param);
            return next;
          },
          { replace: true },
        );
      }
    },
    [param, addressed, setParams],
  );
  return [chosen ?? addressed, view];
}

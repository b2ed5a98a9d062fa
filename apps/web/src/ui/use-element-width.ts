import { useCallback, useState } from 'react';

/**
 * The width of an element in CSS pixels, kept up to date as it changes (0 until measured). Give
 * the returned ref to the element; it may come and go (a list that shows its empty state first).
 */
export function useElementWidth(): [(element: HTMLElement | null) => (() => void) | undefined, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return undefined;
    // Measured as the element is attached, before the first paint, so that a list never shows a
    // frame wider than its place.
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

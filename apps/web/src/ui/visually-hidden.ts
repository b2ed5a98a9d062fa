/** Styles (sx) for text read by screen readers and not shown. */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  // In pixels: MUI's sx reads a bare 1 as 100% for width.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

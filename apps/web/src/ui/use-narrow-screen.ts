import useMediaQuery from '@mui/material/useMediaQuery';

/** docs/product.md#constants: the narrow-screen layout applies below 850 px of width. */
const NARROW_BREAKPOINT_PX = 850;

export function useNarrowScreen(): boolean {
  return useMediaQuery(`(max-width:${NARROW_BREAKPOINT_PX - 0.05}px)`, { noSsr: true });
}

import './light-loading.css';

/**
 * The loading overlay of ui/loading-overlay.tsx without MUI, for the moment before the first screen's
 * code has loaded (the router's hydrate fallback): the sign-in screen loads no MUI
 * (docs/architecture.md#what-each-screen-loads).
 */
export function LightLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="fp-loading" data-testid="loading-overlay">
      <span className="fp-loading__spinner" role="progressbar" aria-label={label} />
      <p role="status">{label}…</p>
    </div>
  );
}

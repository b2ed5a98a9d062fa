/** The Fieldport mark, drawn inline so that it needs no request and survives a screenshot. */
export function BrandMark({ size = 36, title = 'Fieldport' }: { size?: number; title?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      role="img"
      aria-label={title}
      style={{ flexShrink: 0 }}
    >
      <rect width="32" height="32" rx="7" fill="#1747a6" />
      <path d="M10 8h13v3.6h-9v3.4h7.6v3.6H14V24h-4z" fill="#fff" />
      <circle cx="23" cy="22" r="2.6" fill="#ffb020" />
    </svg>
  );
}

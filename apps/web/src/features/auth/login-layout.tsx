import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../ui/brand-mark.tsx';
import './login.css';

function Brand({ size }: { size: number }) {
  return (
    <div className="fp-brand">
      <div className="fp-brand__logo">
        <BrandMark size={size} />
      </div>
      <div>
        <p className="fp-brand__name">Fieldport</p>
        <p className="fp-brand__tagline">Empower your Field Engineers</p>
      </div>
    </div>
  );
}

/**
 * docs/product.md#constants: the login card is 35% of the width; below 850 px it takes the full width,
 * under a band with the brand (login.css switches between the two). Snackbars appear one at a time
 * above the card (over the band on a phone), never over the form. Plain React and CSS: the
 * sign-in screen loads no MUI (docs/architecture.md#what-each-screen-loads). `aboutPath`, when given,
 * is the public landing page that the card links to (docs/landing.md).
 */
export function LoginLayout({ children, aboutPath }: { children: ReactNode; aboutPath?: string }) {
  return (
    <main className="fp-login">
      <div className="fp-login__band">
        <Brand size={34} />
      </div>
      <div className="fp-login__card">
        <Brand size={40} />
        <div className="fp-login__content">{children}</div>
        {aboutPath && (
          <p className="fp-login__about">
            <Link to={aboutPath}>About Fieldport</Link>
          </p>
        )}
      </div>
    </main>
  );
}

export function StepTitle({ title, subtitle }: { title: string; subtitle?: ReactNode }) {
  return (
    <div className="fp-step-title">
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
    </div>
  );
}

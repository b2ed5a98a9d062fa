import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { ContactForm } from './contact-form.tsx';
import { SignInDialog, type SignInDialogHandle } from './sign-in-dialog.tsx';
import './landing.css';

/** The sections the header links to, in the page's order. */
const SECTIONS = [
  { id: 'how-it-works', label: 'How it works' },
  { id: 'features', label: 'Features' },
  { id: 'screenshots', label: 'Screenshots' },
  { id: 'about', label: 'About' },
  { id: 'contact', label: 'Contact' },
] as const;

/** docs/product.md: the product's flow, as the specification states it. */
const STEPS = [
  {
    title: 'Ticket creation',
    text: 'A ticket is raised from a call, a customer’s request, a dealer or a scheduled visit, with the customer, the installed product and the problem.',
  },
  {
    title: 'Ticket assignment',
    text: 'Engineers claim floating tickets near them, or the co-ordinator assigns each ticket by availability or expertise, to your own engineers or a service partner’s.',
  },
  {
    title: 'Ticket resolution',
    text: 'The engineer does the work on site, records parts and photos, and the ticket closes with the customer’s acceptance by a one-time password (OTP).',
  },
] as const;

/** Material Design icons' paths (24 × 24), drawn inline: no icon font, no request. */
const ICONS = {
  sla: 'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
  phone:
    'M17 1.01 7 1c-1.1 0-2 .9-2 2v18c0 1.1.9 2 2 2h10c1.1 0 2-.9 2-2V3c0-1.1-.9-1.99-2-1.99zM17 19H7V5h10v14z',
  fleet:
    'M22.7 19l-9.1-9.1c.9-2.3.4-5-1.5-6.9-2-2-5-2.4-7.4-1.3L9 6 6 9 1.6 4.7C.4 7.1.9 10.1 2.9 12.1c1.9 1.9 4.6 2.4 6.9 1.5l9.1 9.1c.4.4 1 .4 1.4 0l2.3-2.3c.5-.4.5-1.1.1-1.4z',
  parts:
    'M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5l-3-4zM6 18.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5zm13.5-9 1.96 2.5H17V9.5h2.5zm-1.5 9c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5z',
  quote:
    'M14 2H6c-1.1 0-1.99.9-1.99 2L4 20c0 1.1.89 2 1.99 2H18c1.1 0 2-.9 2-2V8l-6-6zm2 16H8v-2h8v2zm0-4H8v-2h8v2zm-3-5V3.5L18.5 9H13z',
  reports: 'M5 9.2h3V19H5zM10.6 5h2.8v14h-2.8zm5.6 8H19v6h-2.8z',
} as const;

const FEATURES: { icon: keyof typeof ICONS; title: string; text: string }[] = [
  {
    icon: 'sla',
    title: 'Tickets, SLAs and escalations',
    text: 'Every ticket with its state, priority and due time. Escalation rules tell the right people, level by level, when a ticket is about to miss its SLA.',
  },
  {
    icon: 'phone',
    title: 'A field app for engineers',
    text: 'The day’s tickets, the floating pool to claim from, attendance and closing with the customer’s code, on the phone. On a weak signal the work is kept and sent when the network returns.',
  },
  {
    icon: 'fleet',
    title: 'Installed fleet, AMC and scheduled maintenance',
    text: 'Every installed product with its warranty or AMC contract. Maintenance plans raise their visits’ tickets ahead of time, and renewals come due in a report.',
  },
  {
    icon: 'parts',
    title: 'Spare parts and purchase orders',
    text: 'Stores and their stock, parts requested for a ticket and approved before they are issued, and purchase orders to vendors, received and paid.',
  },
  {
    icon: 'quote',
    title: 'Quotations and partner payouts',
    text: 'Quotations approved in-house and accepted by the customer from a link. Service partners are paid from their rate cards, with an invoice for each payout.',
  },
  {
    icon: 'reports',
    title: 'Reports',
    text: 'Ticket ageing, productivity, attendance, monthly ticket and user reports, AMC renewals due, and every list exported to Excel.',
  },
];

/** Screens of the real product (scripts/capture-landing-screenshots.mjs writes them, docs/landing.md). */
const SCREENSHOTS = [
  {
    src: '/landing/dashboard.jpg',
    width: 1200,
    height: 750,
    alt: 'The owner’s dashboard in Fieldport: active tickets, new and closed today, the count of tickets in each state, and a chart of tickets created and closed over the last 30 days.',
    caption: 'The dashboard: the whole service operation at a glance.',
    kind: 'wide',
  },
  {
    src: '/landing/field-app.jpg',
    width: 390,
    height: 844,
    alt: 'The field app on a phone: checking in for the day, and the engineer’s tickets with their state, priority, customer and service, beside tabs for the floating pool and the work done.',
    caption: 'The field app on an engineer’s phone.',
    kind: 'phone',
  },
  {
    src: '/landing/active-tickets.jpg',
    width: 1200,
    height: 750,
    alt: 'The Active Tickets list: tabs for active, partially closed, closed and inactive tickets, a search box, filters and New ticket, and each ticket with its customer, state, priority, engineer or partner, territory and visit.',
    caption: 'Active tickets, searchable and filtered by state.',
    kind: 'desktop',
  },
  {
    src: '/landing/ticket.jpg',
    width: 1200,
    height: 750,
    alt: 'A ticket’s page: its number, state and priority, the actions on it (reassign, close, change the visit, add a note or a photo, draft a quotation), its parts, its customer and its timeline.',
    caption: 'A ticket, from its customer to its history.',
    kind: 'desktop',
  },
] as const;

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className={`lp-section lp-section--${id}`} aria-labelledby={`${id}-title`}>
      <div className="lp-wrap">
        <h2 id={`${id}-title`} className="lp-section__title">
          {title}
        </h2>
        {intro && <p className="lp-section__intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

/**
 * The public landing page at /Welcome (docs/landing.md): what Fieldport does, its flow, features and
 * real screens, about, a contact form, a link to report an issue, and a sign-in dialog that holds
 * the login page's own steps (`renderSignIn`, passed by the app). Plain React and one CSS file, like
 * the sign-in screen: no MUI, no zod (docs/architecture.md#what-each-screen-loads).
 */
export default function LandingPage({ renderSignIn }: { renderSignIn: () => ReactNode }) {
  const signIn = useRef<SignInDialogHandle>(null);
  const openSignIn = () => signIn.current?.open();

  useEffect(() => {
    document.title = 'Fieldport · Empower your Field Engineers';
  }, []);

  return (
    <div className="lp">
      <a className="lp-skip" href="#main">
        Skip to content
      </a>
      <header className="lp-header">
        <div className="lp-wrap lp-header__bar">
          <a className="lp-brand" href="#top">
            <span className="lp-brand__mark" aria-hidden="true">
              <BrandMark size={32} />
            </span>
            <span className="lp-brand__name">Fieldport</span>
          </a>
          <nav className="lp-nav" aria-label="Sections">
            <ul>
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <button
            type="button"
            className="lp-button lp-button--primary lp-header__sign-in"
            onClick={openSignIn}
          >
            Sign in
          </button>
        </div>
      </header>

      <main id="main" tabIndex={-1}>
        <div className="lp-hero" id="top">
          <div className="lp-wrap lp-hero__inner">
            <div className="lp-hero__text">
              <h1>Empower your Field Engineers</h1>
              <p className="lp-hero__line">
                Fieldport runs field service from the first call to the customer’s signed-off closure:
                tickets, engineers, parts, quotations and payouts in one portal, and an app in every
                engineer’s pocket.
              </p>
              <div className="lp-hero__actions">
                <button type="button" className="lp-button lp-button--light" onClick={openSignIn}>
                  Sign in
                </button>
                <a className="lp-button lp-button--ghost" href="#contact">
                  Talk to us
                </a>
              </div>
            </div>
            <HeroTicket />
          </div>
        </div>

        <Section
          id="how-it-works"
          title="How it works"
          intro="Every job follows the same three steps, whoever raises it and whoever does the work."
        >
          <ol className="lp-steps">
            {STEPS.map((step, index) => (
              <li key={step.title} className="lp-step">
                <span className="lp-step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section
          id="features"
          title="Features"
          intro="Everything a service organization runs, with its service partners and dealers, in one place."
        >
          <ul className="lp-features">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="lp-feature">
                <span className="lp-feature__icon">
                  <Icon path={ICONS[feature.icon]} />
                </span>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section
          id="screenshots"
          title="Screenshots"
          intro="The real product, with its demo organization’s data."
        >
          <div className="lp-shots">
            {SCREENSHOTS.map((shot) => (
              <figure key={shot.src} className={`lp-shot lp-shot--${shot.kind}`}>
                <img
                  src={shot.src}
                  width={shot.width}
                  height={shot.height}
                  alt={shot.alt}
                  loading="lazy"
                  decoding="async"
                />
                <figcaption>{shot.caption}</figcaption>
              </figure>
            ))}
          </div>
        </Section>

        <Section id="about" title="About Fieldport">
          <div className="lp-about">
            <p>
              Fieldport is made for organizations that install and service equipment in the field:
              manufacturers, distributors and service companies, working with their service partners and
              dealers. The office, the partners, the dealers and the engineers each sign in to the same portal
              and each see their own work, with menus that follow their role.
            </p>
            <p>
              It keeps what a service business lives on in one place: customers and what they own, every visit
              and its history, the parts that went into it, and what is owed to whom. When an engineer is out
              of signal, the field app keeps working and catches up later.
            </p>
            <ul className="lp-facts">
              <li>
                <strong>Roles</strong> for owners, managers, co-ordinators, stores, partners, dealers and
                engineers
              </li>
              <li>
                <strong>Closure</strong> only with the customer’s one-time password
              </li>
              <li>
                <strong>Every change</strong> kept in an audit log
              </li>
            </ul>
          </div>
        </Section>

        <Section
          id="contact"
          title="Talk to us"
          intro="Tell us about your service team and we will show you Fieldport with your own kind of work."
        >
          <div className="lp-contact">
            <ContactForm />
            <div className="lp-contact__aside">
              <h3>Already using Fieldport?</h3>
              <p>Sign in to your organization’s portal, or tell us about a problem you met in it.</p>
              <button type="button" className="lp-button lp-button--outlined" onClick={openSignIn}>
                Sign in
              </button>
              <Link className="lp-link" to="/ReportIssue">
                Report an issue
              </Link>
            </div>
          </div>
        </Section>
      </main>

      <footer className="lp-footer">
        <div className="lp-wrap lp-footer__inner">
          <p>
            <span className="lp-footer__mark" aria-hidden="true">
              <BrandMark size={24} />
            </span>
            Fieldport · field service, from the first call to the customer’s OTP.
          </p>
          <ul className="lp-footer__links">
            <li>
              <Link to="/ReportIssue">Report an issue</Link>
            </li>
            <li>
              <Link to="/">Sign-in page</Link>
            </li>
            <li>
              <a href="#top">Back to top</a>
            </li>
          </ul>
        </div>
      </footer>

      <SignInDialog handle={signIn} renderSignIn={renderSignIn} />
    </div>
  );
}

/** A ticket's way through the three steps, drawn in HTML for the hero (decoration: the steps are below). */
function HeroTicket() {
  return (
    <div className="lp-hero__card" aria-hidden="true">
      <p className="lp-ticket__number">TKT-2041</p>
      <p className="lp-ticket__title">Split AC not cooling</p>
      <p className="lp-ticket__customer">Ananya Krishnan · Indiranagar, Bengaluru</p>
      <ol className="lp-ticket__steps">
        <li className="lp-ticket__step lp-ticket__step--done">
          <span>Created</span>
          <span>09:12</span>
        </li>
        <li className="lp-ticket__step lp-ticket__step--done">
          <span>Claimed by Ravi K.</span>
          <span>09:20</span>
        </li>
        <li className="lp-ticket__step lp-ticket__step--done">
          <span>Closed with the customer’s OTP</span>
          <span>11:45</span>
        </li>
      </ol>
    </div>
  );
}

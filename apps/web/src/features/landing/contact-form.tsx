import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  COUNTRIES,
  DEFAULT_COUNTRY_CODE,
  contactProblems,
  countryOf,
  phoneDigitsOf,
  type ContactField,
} from '@fieldport/contract/contact';
import { ContactError, sendContact } from '../../api/contact.ts';

type Values = Record<ContactField, string>;
type Problems = Partial<Record<ContactField, string>>;
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const EMPTY: Values = { name: '', email: '', country_code: DEFAULT_COUNTRY_CODE, phone: '', message: '' };
/** The form's order: the first field with a problem takes the focus. */
const ORDER: readonly ContactField[] = ['name', 'email', 'country_code', 'phone', 'message'];

/** The contract's rules (contactProblems), one message per field, as the form shows them. */
function problemsOf(values: Values): Problems {
  const problems: Problems = {};
  for (const problem of contactProblems(values)) problems[problem.field] ??= problem.message;
  return problems;
}

/**
 * The landing page's contact form (docs/landing.md#the-contact-form): checked in the browser with
 * the contract's own rules when it is sent, then field by field as each is left or changed; the
 * server checks the same rules again and may name a field, which is shown under it. `website` is a
 * honeypot that people never see: whatever a bot types there is sent, and the server drops the
 * message quietly.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState('');
  const controls = useRef<Partial<Record<ContactField, Control | null>>>({});
  const honeypot = useRef<HTMLInputElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const refocusSubmit = useRef(false);

  const country = countryOf(values.country_code);
  const digits = phoneDigitsOf(country);

  // A disabled button loses the focus: once the message is sent it goes back there, not to the page.
  useEffect(() => {
    if (sending || !refocusSubmit.current) return;
    refocusSubmit.current = false;
    if (document.activeElement === document.body || document.activeElement === null) {
      submitButton.current?.focus();
    }
  }, [sending]);

  /** After the first attempt, the named fields are checked again (their messages only). */
  function recheck(next: Values, fields: readonly ContactField[]) {
    if (!tried) return;
    const found = problemsOf(next);
    setProblems((current) => {
      const updated = { ...current };
      for (const field of fields) updated[field] = found[field];
      return updated;
    });
  }

  function change(field: ContactField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // The phone's message names the country's digits: a new country checks the phone again.
    if (field === 'country_code') recheck(next, ['country_code', 'phone']);
    else if (problems[field]) recheck(next, [field]);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setTried(true);
    setSent('');
    setFailure('');
    const found = problemsOf(values);
    setProblems(found);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      controls.current[first]?.focus();
      return;
    }
    refocusSubmit.current = true;
    setSending(true);
    try {
      const message = await sendContact({
        name: values.name.trim(),
        email: values.email.trim(),
        country_code: values.country_code,
        phone: values.phone.trim(),
        message: values.message.trim(),
        website: honeypot.current?.value ?? '',
      });
      setValues(EMPTY);
      setProblems({});
      setTried(false);
      if (honeypot.current) honeypot.current.value = '';
      setSent(message);
    } catch (error) {
      if (error instanceof ContactError && error.field) {
        setProblems({ [error.field]: error.message });
        refocusSubmit.current = false;
        controls.current[error.field]?.focus();
      } else {
        setFailure(error instanceof Error ? error.message : String(error));
      }
    } finally {
      setSending(false);
    }
  }

  /** What a field's control needs: its id, its state and what describes it (hint, message). */
  function controlProps(field: ContactField, hint?: boolean) {
    const described = [hint && `${id}-${field}-hint`, problems[field] && `${id}-${field}-problem`]
      .filter(Boolean)
      .join(' ');
    return {
      id: `${id}-${field}`,
      name: field,
      required: true,
      'aria-invalid': Boolean(problems[field]),
      'aria-describedby': described || undefined,
      ref: (element: Control | null) => {
        controls.current[field] = element;
      },
      onBlur: () => recheck(values, [field]),
    };
  }

  const label = (field: ContactField, text: string) => (
    <label className="lp-field__label" htmlFor={`${id}-${field}`}>
      {text}
      <span aria-hidden="true"> *</span>
    </label>
  );
  const problem = (field: ContactField) =>
    problems[field] && (
      <p className="lp-field__problem" id={`${id}-${field}-problem`}>
        {problems[field]}
      </p>
    );
  const fieldClass = (field: ContactField) => (problems[field] ? 'lp-field lp-field--invalid' : 'lp-field');

  return (
    <form className="lp-form" aria-label="Contact us" noValidate onSubmit={(event) => void submit(event)}>
      <p className="lp-form__note">Fields marked * are required.</p>
      <div className="lp-form__grid">
        <div className={fieldClass('name')}>
          {label('name', 'Name')}
          <input
            {...controlProps('name')}
            className="lp-input"
            type="text"
            autoComplete="name"
            maxLength={CONTACT_NAME_MAX}
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
          />
          {problem('name')}
        </div>
        <div className={fieldClass('email')}>
          {label('email', 'E-Mail')}
          <input
            {...controlProps('email')}
            className="lp-input"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(event) => change('email', event.target.value)}
          />
          {problem('email')}
        </div>
        <div className={fieldClass('country_code')}>
          {label('country_code', 'Country code')}
          <select
            {...controlProps('country_code')}
            className="lp-input lp-input--select"
            autoComplete="country"
            value={values.country_code}
            onChange={(event) => change('country_code', event.target.value)}
          >
            {COUNTRIES.map((option) => (
              <option key={option.code} value={option.code}>
                {`${option.name} (${option.dial_code})`}
              </option>
            ))}
          </select>
          {problem('country_code')}
        </div>
        <div className={fieldClass('phone')}>
          {label('phone', 'Phone')}
          <input
            {...controlProps('phone', true)}
            className="lp-input"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={values.phone}
            onChange={(event) => change('phone', event.target.value)}
          />
          <p className="lp-field__hint" id={`${id}-phone-hint`}>
            {country
              ? `${digits} numbers for ${country.name}, without ${country.dial_code}.`
              : `${digits} numbers, without the country code.`}
          </p>
          {problem('phone')}
        </div>
        <div className={`${fieldClass('message')} lp-field--wide`}>
          {label('message', 'Message')}
          <textarea
            {...controlProps('message', true)}
            className="lp-input lp-input--area"
            rows={5}
            maxLength={CONTACT_MESSAGE_MAX}
            value={values.message}
            onChange={(event) => change('message', event.target.value)}
          />
          <p className="lp-field__hint" id={`${id}-message-hint`}>
            {`At least ${CONTACT_MESSAGE_MIN} characters: your team, your region and what you would like to see.`}
          </p>
          {problem('message')}
        </div>
      </div>
      {/* The honeypot (docs/landing.md#the-contact-form): out of sight, out of the tab order and of
          the accessibility tree, so only a bot fills it. */}
      <div className="lp-honeypot" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input
          ref={honeypot}
          id={`${id}-website`}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="lp-form__actions">
        <button
          ref={submitButton}
          type="submit"
          className="lp-button lp-button--primary"
          disabled={sending}
          aria-busy={sending}
        >
          {sending && <span className="lp-spinner" aria-hidden="true" />}
          {sending ? 'Sending…' : 'Send message'}
        </button>
        <p className="lp-form__sent" role="status">
          {sent}
        </p>
      </div>
      {failure && (
        <p className="lp-form__failure" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

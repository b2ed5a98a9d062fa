import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'placeholder' | 'className'> {
  label: string;
  /** The field's message (shown under it and announced with it as its description), if any. */
  message?: string;
  /** Marks the field wrong without a message of its own (one message covers both fields). */
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An outlined text field with a floating label, drawn as MUI's TextField (login.css) without MUI:
 * the sign-in screen stays light (docs/architecture.md#what-each-screen-loads). A required
 * field's input is named by its label alone, without the asterisk, as FormTextField names it.
 */
export function SignInField({
  label,
  message,
  error = Boolean(message),
  required,
  inputRef,
  ...input
}: Props) {
  const id = useId();
  const messageId = message ? `${id}-message` : undefined;
  return (
    <div className={error ? 'fp-field fp-field--error' : 'fp-field'}>
      <div className="fp-field__box">
        {/* The blank placeholder tells the CSS whether the field is empty (the label floats). */}
        <input
          {...input}
          ref={inputRef}
          id={id}
          className="fp-field__input"
          placeholder=" "
          required={required}
          aria-label={required ? label : undefined}
          aria-invalid={error}
          aria-describedby={messageId}
        />
        <label htmlFor={id} className="fp-field__label">
          {label}
          {required && <span aria-hidden="true">{'\u2009*'}</span>}
        </label>
        <fieldset className="fp-field__outline" aria-hidden="true">
          <legend>
            <span>
              {label}
              {required && '\u2009*'}
            </span>
          </legend>
        </fieldset>
      </div>
      {message && (
        <p id={messageId} className="fp-field__message">
          {message}
        </p>
      )}
    </div>
  );
}

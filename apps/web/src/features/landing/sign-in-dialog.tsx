import { useId, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { BrandMark } from '../../ui/brand-mark.tsx';
import { LightSnackbarProvider } from '../../ui/light-snackbar.tsx';

export interface SignInDialogHandle {
  open: () => void;
}

/**
 * The landing page's sign-in dialog (docs/landing.md): a native modal <dialog>, so the browser
 * keeps the focus inside it, closes it on Escape and gives the focus back to the button that opened
 * it. It holds the login page's own steps (`renderSignIn`, passed by the app), drawn only while it
 * is open so that each opening starts at Sign In; a successful sign-in opens the shell as the login
 * page does. The steps' messages show in a snackbar of the dialog's own: outside a modal dialog the
 * page is inert, and a message there would be neither seen above the backdrop nor announced.
 */
export function SignInDialog({
  renderSignIn,
  handle,
}: {
  renderSignIn: () => ReactNode;
  handle: Ref<SignInDialogHandle>;
}) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);

  useImperativeHandle(
    handle,
    () => ({
      open() {
        // Opened before its steps are drawn, so that the first field's autofocus lands in it.
        if (!dialog.current?.open) dialog.current?.showModal();
        setOpen(true);
      },
    }),
    [],
  );

  return (
    // The explicit role is the native one; it names the element as a dialog for tools that look
    // for [role="dialog"] (the journeys' accessibility gate, docs/architecture.md#the-accessibility-gate).
    <dialog
      ref={dialog}
      role="dialog"
      aria-labelledby={titleId}
      className="lp-dialog"
      onClose={() => setOpen(false)}
    >
      <div className="lp-dialog__head">
        <span className="lp-dialog__mark" aria-hidden="true">
          <BrandMark size={32} />
        </span>
        <p className="lp-dialog__title" id={titleId}>
          Sign in to Fieldport
        </p>
        <button
          type="button"
          className="lp-icon-button"
          aria-label="Close"
          onClick={() => dialog.current?.close()}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
          </svg>
        </button>
      </div>
      <div className="lp-dialog__body">
        {open && <LightSnackbarProvider>{renderSignIn()}</LightSnackbarProvider>}
      </div>
    </dialog>
  );
}

/**
 * Every user-visible message of the specification, spelled once (SPEC sections 5 and 8), and the
 * messages of our own that the server and the web app share.
 */
export const MSG = {
  // SPEC section 5: login validation
  required: 'Required',
  emailInvalid: 'Email must be valid',
  passwordRequired: 'Password is required',
  mandatoryFields: 'Fields marked with asterisks (*) are mandatory',
  passwordMismatch: 'Password does not match',
  registeredEmailRequired: 'Please Enter Registered Email',
  codeRequired: 'Code is required',
  codeFailure: 'Please Enter The Code Sent To Registered Email',
  otpRequired: 'OTP is required',
  otpLabel: 'Enter OTP *',
  otpEmailLabel: 'Enter Email ID *',
  // SPEC section 5: contact form
  contactNameMin: 'Name must be at least 6 characters',
  contactEmailInvalid: 'Enter appropriate E-Mail',
  contactPhoneMin: 'Phone number must be 10 numbers',
  contactMessageMin: 'Message must be at least 10 characters',
  // SPEC section 5: report issue
  descriptionTooLong: 'Description must be less than 1000 characters',
  invalidInputs: 'Invalid Input(s)',
  // SPEC section 5: access
  missingDesignation: 'Designation is not Updated, Kindly contact Admin to update Designation..!',
  // SPEC section 8: snackbars
  invalidOtp: 'Invalid OTP Entered',
  invalidMailId: 'Invalid Mail ID !!',
  otpSent: 'OTP Sent Successfully !',
  loggedIn: 'Logged in Successfully..!',
  loginSuccessful: 'Login Successful',
  otpSentToEmail: 'OTP Sent To Registered Email',
  passwordChanged: 'Password Successfully Changed',
  // Ours: sign-in refusals. SPEC section 8 has the client look for 'Not Found' and
  // 'Temporarily Suspended' inside these, so both words must stay in them.
  userNotFound: 'User Not Found. Ask your administrator to add you to an organization.',
  organizationSuspended: 'Your organization is Temporarily Suspended. Contact your administrator.',
  membershipSuspended: 'Your account is Temporarily Suspended. Contact your administrator.',
  passwordPolicy:
    'Password must be at least 8 characters and contain an upper case letter, a lower case letter, a digit and a symbol',
  mustChangePassword: 'Change your temporary password before continuing.',
  notTemporaryPassword: 'Your password is not temporary; use Forgot Password to change it.',
  signInRequired: 'Your session has ended. Please sign in again.',
  forbiddenModule: 'You do not have access to this part of the portal.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  organizationNotMember: 'You are not a member of that organization.',
  organizationSwitched: 'Organization switched',
} as const;

export type MessageKey = keyof typeof MSG;

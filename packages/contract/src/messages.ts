/**
 * Every user-visible message the product inherited, spelled once (docs/product.md#messages), and
 * the messages of our own that the server and the web app share.
 */
export const MSG = {
  // Login validation (docs/product.md#signing-in)
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
  // Contact form
  contactNameMin: 'Name must be at least 6 characters',
  contactEmailInvalid: 'Enter appropriate E-Mail',
  contactPhoneMin: 'Phone number must be 10 numbers',
  contactMessageMin: 'Message must be at least 10 characters',
  // Report issue (docs/product.md#report-an-issue)
  descriptionTooLong: 'Description must be less than 1000 characters',
  invalidInputs: 'Invalid Input(s)',
  // Access (docs/product.md#roles-and-parties)
  missingDesignation: 'Designation is not Updated, Kindly contact Admin to update Designation..!',
  // Snackbars (docs/product.md#signing-in)
  invalidOtp: 'Invalid OTP Entered',
  invalidMailId: 'Invalid Mail ID !!',
  otpSent: 'OTP Sent Successfully !',
  loggedIn: 'Logged in Successfully..!',
  loginSuccessful: 'Login Successful',
  otpSentToEmail: 'OTP Sent To Registered Email',
  passwordChanged: 'Password Successfully Changed',
  // Ours: sign-in refusals. The client looks for 'Not Found' and
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
  /** An upload to a key that already holds a file: files are never replaced. */
  fileAlreadyUploaded: 'This file has already been uploaded.',
  fileStoreFull: 'The file store is full, so this file was not saved. Ask your administrator to make room.',
} as const;

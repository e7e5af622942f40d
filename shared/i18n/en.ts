/**
 * English texts (spec: the interface language is English only). Keys are the
 * translation keys the spec names (GENERIC_HTTP_ERROR, AUTH_PATCH_ERROR, ...).
 */
export const en = {
  GENERIC_HTTP_ERROR: 'Something went wrong while talking to the server. Please try again.',
  AUTH_PATCH_ERROR: 'Your session has expired. Please sign in again.',
  NO_ROLE_ASSOCIATED: 'Your user has no role associated. Ask your administrator to assign one.',
  INACTIVE_USER:
    'Your access to this workspace is not active. Ask your administrator to activate it.',
  INVALID_CREDENTIALS: 'Invalid username or password.',
  SHAPE_MISMATCH: 'The server answered with data in an unexpected shape. Please contact support.',
  REQUEST_TIMEOUT: 'The server took too long to answer. Please try again.',
  NETWORK_ERROR: 'Cannot reach the server. Check your connection and try again.',
  SOCKET_RETRYING: 'Retrying Socket Connection',
  SOCKET_ERROR_TITLE: 'Socket Connection Error!',
  SOCKET_ERROR_BODY: 'Try refreshing the page, and notify support if the issue persists afterward.',
  // spec 5 form validators; {placeholders} are filled by fillMessage (domain/form-validators)
  ERROR_REQUIRED_FIELD: 'This field is required.',
  VALIDATOR_MESSAGE_EMAIL: 'Enter a valid email address.',
  VALIDATOR_MESSAGE_SINGLE_WORD: 'Enter a single word, without spaces.',
  VALIDATOR_MESSAGE_CONFIRM_PASSWORD: 'The two values do not match.',
  VALIDATOR_MESSAGE_GREATER_THAN: 'Enter a value greater than {value}.',
  VALIDATOR_MESSAGE_LOWER_THAN: 'Enter a value lower than {value}.',
  VALIDATOR_MESSAGE_ONLY_NUMBERS: 'Enter digits only (not zero).',
  VALIDATOR_MESSAGE_PHONE: 'Enter a valid United States phone number.',
  VALIDATOR_MESSAGE_MINLENGTH: 'Enter at least {min} characters.',
  VALIDATOR_MESSAGE_MAXLENGTH: 'Enter at most {max} characters.',
  VALIDATOR_MESSAGE_MIN: 'Enter {min} or more.',
  VALIDATOR_MESSAGE_MAX: 'Enter {max} or less.',
  VALIDATOR_MESSAGE_NUMBER: 'Enter a number.',
  VALIDATOR_MESSAGE_DATE: 'Enter a date (year-month-day).',
  VALIDATOR_MESSAGE_OPTION: 'Choose one of the options.',
  VALIDATOR_MESSAGE_MIN_ROWS: 'Add at least {min} rows.',
  VALIDATOR_MESSAGE_MAX_ROWS: 'Add at most {max} rows.',
  // spec 8 call-flow errors
  CALL_FLOW_TASK_WITHOUT_FORM: 'Please contact support to add dynaform to step {step}',
  CALL_FLOW_ERROR: 'The call flow could not continue: {message}',
  // dashboards 7 Address check / 8 Postal verification error
  USPS_ERROR_BODY:
    'The postal service could not find this address. Check the street, city, state and ZIP code, or keep the address as typed.',
  ADDRESS_SERVICE_ERROR: 'The postal service could not check this address.',
  ADDRESS_VERIFIER_UNREACHABLE:
    'The address could not be verified right now. You can keep it as typed; it will be saved as not verified.',
} as const;

export type MessageKey = keyof typeof en;

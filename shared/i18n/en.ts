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
} as const;

export type MessageKey = keyof typeof en;

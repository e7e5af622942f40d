/**
 * Where the API lives. One module, so the app, widgets and extension can point at
 * another deployment: the app uses its own origin; a widget or the extension calls
 * configureApi with the server address its host gives.
 */
export interface ApiConfig {
  /** Main API base, e.g. http://localhost:8080/api */
  apiBase: string;
  /** Call-centre API base, e.g. http://localhost:8080/call-center */
  callCenterBase: string;
  /** socket.io server origin, e.g. http://localhost:8080 */
  socketUrl: string;
}

export function apiConfigFor(serverOrigin: string): ApiConfig {
  const origin = serverOrigin.replace(/\/+$/, '');
  return {
    apiBase: `${origin}/api`,
    callCenterBase: `${origin}/call-center`,
    socketUrl: origin,
  };
}

/** The reference server's default address (README: `npm start`). */
export const DEFAULT_SERVER_ORIGIN = 'http://localhost:8080';

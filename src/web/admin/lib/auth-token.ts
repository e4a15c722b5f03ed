// The back office's session token, kept in localStorage under "token". The API client reads it
// through configureApiClient (see session.tsx).

export const TOKEN_KEY = 'token';

export const getToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

export const setToken = (token: string) => {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    /* storage refused (private mode): the session lasts as long as the page */
  }
};

export const clearToken = () => {
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* nothing stored */
  }
};

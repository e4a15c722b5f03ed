import { createContext, useContext } from 'react';

// The site's public origin (PUBLIC_URL), for absolute links such as share buttons. The server
// provides it and hands it to the browser with the query state, so both render the same href.
export const SiteUrlContext = createContext('');
export const useSiteUrl = () => useContext(SiteUrlContext);

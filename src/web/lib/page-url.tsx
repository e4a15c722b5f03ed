import { createContext, useContext } from 'react';

// The page's address for components that also run as islands (islands/boot.ts), where there
// is no router: the server and the whole-page app provide the router's location, an island
// the window's.

export interface PageUrl {
  pathname: string;
  search: string;
  hash: string;
}

export const PageUrlContext = createContext<PageUrl>({ pathname: '/', search: '', hash: '' });
export const usePageUrl = () => useContext(PageUrlContext);

// The campaign editor's addresses (its own screen, /admin/newsletter/campagnes/…), in a module of
// their own so the blog's list links there without loading the campaigns' code.
export const NEW_CAMPAIGN_PATH = '/admin/newsletter/campagnes/nouvelle';
export const campaignPath = (id: number) => `/admin/newsletter/campagnes/${id}`;
export const CAMPAIGNS_LIST_PATH = '/admin/newsletter?onglet=campagnes';

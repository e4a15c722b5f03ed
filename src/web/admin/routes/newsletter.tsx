import { Tabs } from 'radix-ui';
import { PageHeader } from '../components/ui/page-header';
import { useContactPage, useSubscriberPage } from '../features/newsletter/api';
import { CampaignsTab } from '../features/newsletter/campaigns-tab';
import { ContactsTab } from '../features/newsletter/contacts-tab';
import { SubscribersTab } from '../features/newsletter/subscribers-tab';
import { useListParams } from '../lib/list-state';

const tabClass =
  'flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none sm:flex-none';

// The tabs and their names in the address (?onglet=…); the subscribers' tab has none.
const TAB_PARAMS = { subscribers: undefined, contacts: 'contact', campaigns: 'campagnes' } as const;
type Tab = keyof typeof TAB_PARAMS;
const tabOf = (param: string): Tab => (param === 'contact' ? 'contacts' : param === 'campagnes' ? 'campaigns' : 'subscribers');

/** Three tabs; the open one, its search, filter and page are in the address (?onglet=contact&q=…&page=2). */
export function NewsletterPage() {
  const { get, set } = useListParams();
  const tab = tabOf(get('onglet'));
  // The tabs' counts: confirmed subscribers, and every contact message (one-row pages).
  const { data: subscribers } = useSubscriberPage('pageSize=1');
  const { data: contacts } = useContactPage('pageSize=1');
  return (
    <>
      <PageHeader title="Newsletter & Contact" subtitle="Abonnés à la newsletter, campagnes et messages du formulaire de contact" />
      <Tabs.Root value={tab} onValueChange={(v) => set({ onglet: TAB_PARAMS[v as Tab], q: undefined, statut: undefined })}>
        <Tabs.List aria-label="Newsletter et contact" className="mb-6 flex rounded-lg bg-gray-200 p-1 sm:inline-flex">
          <Tabs.Trigger value="subscribers" className={tabClass}>
            Abonnés Newsletter ({subscribers?.confirmed ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="contacts" className={tabClass}>
            Messages Contact ({contacts?.total ?? 0})
          </Tabs.Trigger>
          <Tabs.Trigger value="campaigns" className={tabClass}>
            Campagnes
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="subscribers">{tab === 'subscribers' && <SubscribersTab />}</Tabs.Content>
        <Tabs.Content value="contacts">{tab === 'contacts' && <ContactsTab />}</Tabs.Content>
        <Tabs.Content value="campaigns">{tab === 'campaigns' && <CampaignsTab />}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}

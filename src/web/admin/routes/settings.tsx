import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useSiteSettings } from '../features/site-settings/api';
import { SettingsForm } from '../features/site-settings/settings-form';

/** "Paramètres" (admins): the gym's facts the public site, e-mails and search engines read. */
export function SettingsPage() {
  const { data, isLoading, isError, refetch } = useSiteSettings();
  return (
    <>
      <PageHeader title="Paramètres" subtitle="Les informations du club affichées sur le site : elles sont en ligne dès l'enregistrement." />
      {isLoading && <Spinner />}
      {isError && (
        <ErrorAlert>
          <p>Impossible de charger les paramètres.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
            Réessayer
          </Button>
        </ErrorAlert>
      )}
      {data && <SettingsForm answer={data} reload={async () => (await refetch()).data} />}
    </>
  );
}

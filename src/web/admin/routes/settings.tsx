import { ChevronLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useSiteSettings } from '../features/site-settings/api';
import { DemoRemoval } from '../features/demo/demo-removal';
import { WaiverEditor } from '../features/waiver/waiver-editor';
import { SettingsSection } from '../features/site-settings/fields';
import { SettingsHistory } from '../features/site-settings/history';
import { pageOfPart, SectionNav, settingsPage, SettingsIndex } from '../features/site-settings/section-nav';
import { SettingsForm } from '../features/site-settings/settings-form';

const SUBTITLE = "Les informations du club affichées sur le site : elles sont en ligne dès l'enregistrement.";

/** "Paramètres" (admins): the list of its pages. A link to an old section anchor goes to its page. */
export function SettingsPage() {
  const { hash } = useLocation();
  const target = hash ? pageOfPart(decodeURIComponent(hash.slice(1))) : undefined;
  if (target) return <Navigate to={`/admin/settings/${target.slug}${hash}`} replace />;
  return (
    <>
      <PageHeader title="Paramètres" subtitle={SUBTITLE} />
      <SettingsIndex />
    </>
  );
}

/** One page of Paramètres: its sections and their own save, or the history. */
export function SettingsSectionPage() {
  const { section } = useParams();
  const page = settingsPage(section);
  const { data, isLoading, isError, refetch } = useSiteSettings();
  const { hash } = useLocation();
  const loaded = Boolean(data);
  // An anchor (an old link to a section) is rendered only once the settings are in: go there then.
  useEffect(() => {
    if (loaded && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [loaded, hash]);
  if (!page) return <Navigate to="/admin/settings" replace />;
  return (
    <>
      <Link
        to="/admin/settings"
        className="mb-2 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-red-800 underline-offset-4 hover:underline sm:min-h-0"
      >
        <ChevronLeft className="h-4 w-4" aria-hidden />
        Paramètres
      </Link>
      <PageHeader title={page.label} subtitle={page.description} />
      <SectionNav />
      {/* The demo's removal (issue 46, point 1): its own action, outside the form and its save. */}
      {page.slug === 'general' && (
        <div className="mb-6 max-w-5xl">
          <DemoRemoval />
        </div>
      )}
      {isLoading && <Spinner />}
      {isError && (
        <ErrorAlert>
          <p>Impossible de charger les paramètres.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void refetch()}>
            Réessayer
          </Button>
        </ErrorAlert>
      )}
      {data &&
        (page.slug === 'historique' ? (
          <div className="max-w-5xl">
            <SettingsSection
              id="historique"
              title="Historique"
              description="Chaque enregistrement est gardé : qui, quand, quelles parties. Restaurer remet une version en ligne."
            >
              <SettingsHistory currentVersion={data.version} dirty={false} />
            </SettingsSection>
          </div>
        ) : (
          // A new page, a new form: what one page left unsaved is not carried to another.
          <SettingsForm key={page.slug} page={page.slug} answer={data} reload={async () => (await refetch()).data} />
        ))}
      {/* The waiver's versions (issue 47, point 4): published on their own, below the form and its save bar. */}
      {page.slug === 'decharge' && (
        <div className="mt-6 max-w-5xl">
          <WaiverEditor />
        </div>
      )}
    </>
  );
}

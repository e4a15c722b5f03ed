import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsDto, type SiteSettingsInput } from '../../../shared/schemas/site-settings';
import { ApiError, errorText } from '../../lib/api-client';
import { StaleEditAlert, staleEditMessage } from '../components/stale-edit';
import { ErrorAlert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { useSaveSiteSettings, useSiteSettings } from '../features/site-settings/api';
import { SettingsSection, fieldId } from '../features/site-settings/fields';
import { SettingsHistory } from '../features/site-settings/history';
import { ContactSection, GymSection, HoursSection, ImagesSection, PricesSection, ReviewsSection, TextsSection } from '../features/site-settings/sections';
import { fieldForServerMessage } from '../features/site-settings/server-field';
import { TranslationsSection } from '../features/site-settings/translations-section';
import { useUnsavedChangesGuard } from '../lib/unsaved-changes';

const SECTIONS = [
  { id: 'salle', label: 'Salle' },
  { id: 'contact', label: 'Contact et réseaux' },
  { id: 'horaires', label: 'Horaires' },
  { id: 'tarifs', label: 'Tarifs' },
  { id: 'avis', label: 'Avis' },
  { id: 'textes', label: 'Textes et SEO' },
  { id: 'traductions', label: 'Traductions' },
  { id: 'images', label: 'Images' },
  { id: 'historique', label: 'Historique' },
];

/** When the server's 409 carries no sentence of its own. */
const STALE_FALLBACK =
  "Les paramètres ont été modifiés par quelqu'un d'autre depuis que vous les avez ouverts. Rechargez-les pour voir leur dernière version (vos modifications non enregistrées seront perdues).";

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

function SettingsForm({ answer, reload }: { answer: SiteSettingsDto; reload: () => Promise<SiteSettingsDto | undefined> }) {
  const toast = useToast();
  const save = useSaveSiteSettings();
  const form = useForm<SiteSettingsInput, unknown, SiteSettings>({
    resolver: zodResolver(siteSettingsSchema),
    defaultValues: answer.settings,
  });
  const {
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { isDirty, isSubmitting },
  } = form;
  const [stale, setStale] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const leaveGuard = useUnsavedChangesGuard(isDirty);
  const formRef = useRef<HTMLFormElement>(null);

  // Ctrl+S / Cmd+S saves, as in the blog editor, instead of the browser's "save page".
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        formRef.current?.requestSubmit();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A save, a restore or a reload puts a new answer in the cache: the form shows it, clean.
  useEffect(() => {
    reset(answer.settings);
    setStale(null);
    setFormError(null);
  }, [answer, reset]);

  const onSubmit = handleSubmit(
    async (values) => {
      setStale(null);
      setFormError(null);
      try {
        await save.mutateAsync({ ...values, version: answer.version });
        toast({ title: 'Paramètres enregistrés', description: 'Le site affiche les nouvelles valeurs.' });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          setStale(staleEditMessage(err) ?? STALE_FALLBACK);
          toast({ title: 'Erreur', description: "Les paramètres n'ont pas été enregistrés : quelqu'un d'autre les a modifiés.", variant: 'destructive' });
          return;
        }
        const message = errorText(err, '');
        if (err instanceof ApiError && err.status === 400 && message) {
          // The server names the field: show the sentence on it, like the form's own checks.
          const path = fieldForServerMessage(message, (p) => isFormPath(answer.settings, p));
          if (path) {
            setError(path as FieldPath<SiteSettingsInput>, { type: 'server', message });
            document.getElementById(fieldId(path))?.scrollIntoView({ block: 'center' });
            setFocus(path as FieldPath<SiteSettingsInput>);
          } else setFormError(message);
        }
        toast({ title: 'Erreur', description: "Les paramètres n'ont pas été enregistrés", detail: message || undefined, variant: 'destructive' });
      }
    },
    () => toast({ title: 'Erreur', description: 'Vérifiez les champs signalés en rouge.', variant: 'destructive' }),
  );

  async function reloadLatest() {
    const latest = await reload();
    // The same answer object would not trigger the effect: reset here too.
    if (latest) reset(latest.settings);
    setStale(null);
    toast({ title: 'Paramètres rechargés', description: 'Le formulaire montre la dernière version enregistrée.' });
  }

  return (
    <FormProvider {...form}>
      <nav aria-label="Sections des paramètres" className="mb-4 max-w-5xl">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a
                href={`#${s.id}`}
                className="inline-flex rounded-full border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-900 hover:bg-gray-50"
              >
                {s.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid max-w-5xl gap-6" aria-label="Paramètres du site">
        <GymSection />
        <ContactSection />
        <HoursSection />
        <PricesSection />
        <ReviewsSection />
        <TextsSection />
        <TranslationsSection />
        <ImagesSection />

        {/* Always in reach: the form is long, the save stays at the bottom of the screen. */}
        <div className="sticky bottom-0 z-10 -mx-4 grid gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
          {stale && <StaleEditAlert message={stale} onReload={() => void reloadLatest()} />}
          {formError && <ErrorAlert>{formError}</ErrorAlert>}
          <div className="flex items-center justify-between gap-2">
            <p className="min-w-0 text-xs text-gray-700 sm:text-sm" aria-live="polite" data-testid="settings-status">
              {isDirty ? 'Modifications non enregistrées' : 'Tout est enregistré'}
            </p>
            <div className="flex gap-2">
              {isDirty && (
                <Button variant="outline" disabled={isSubmitting} onClick={() => reset(answer.settings)}>
                  <Undo2 className="h-4 w-4" aria-hidden />
                  Annuler<span className="hidden sm:inline"> les modifications</span>
                </Button>
              )}
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <Save className="h-4 w-4" aria-hidden />}
                Enregistrer
              </Button>
            </div>
          </div>
        </div>
      </form>

      <div className="mt-6">
        <SettingsSection
          id="historique"
          title="Historique"
          description="Chaque enregistrement est gardé : qui, quand, quelles parties. Restaurer remet une version en ligne."
        >
          <SettingsHistory currentVersion={answer.version} dirty={isDirty} />
        </SettingsSection>
      </div>
      {leaveGuard.dialog}
    </FormProvider>
  );
}

/** True when the dotted path leads to a value of the settings (so a field of the form). */
function isFormPath(settings: SiteSettings, path: string): boolean {
  let node: unknown = settings;
  for (const key of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

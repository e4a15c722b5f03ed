import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsDto, type SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { StaleEditAlert } from '../../components/stale-edit';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useAction } from '../../lib/use-action';
import { useSaveShortcut } from '../../lib/use-save-shortcut';
import { useSaveSiteSettings } from './api';
import { LegalSection, VisaLetterSection } from './legal-section';
import { PaymentsSection } from './payments-section';
import { MembersSection, NewsletterSection } from './members-section';
import { PrivateLessonsSection } from './private-lessons-section';
import { ReviewRequestsSection } from './review-requests-section';
import { ProgrammesSection } from './programmes-section';
import { StaysSection } from './stays-section';
import { PricesSection } from './prices-section';
import { useSaveFailure } from './save-failure';
import { SETTINGS_PAGES, type SettingsPageSlug } from './section-nav';
import { ContactSection, GymSection, HoursSection, ImagesSection, ReviewsSection, TextsSection } from './sections';
import { TranslationsSection } from './translations-section';

type FormPage = Exclude<SettingsPageSlug, 'historique'>;

/** Each page's sections, in the order of the old single page. */
const PAGE_SECTIONS: Record<FormPage, ReactNode> = {
  general: (
    <>
      <GymSection />
      <ContactSection />
      <HoursSection />
    </>
  ),
  tarifs: (
    <>
      <PricesSection />
      <PaymentsSection />
    </>
  ),
  'cours-prives': <PrivateLessonsSection />,
  'mentions-legales': (
    <>
      <LegalSection />
      <VisaLetterSection />
      <ProgrammesSection />
    </>
  ),
  sejours: <StaysSection />,
  decharge: <MembersSection />,
  // What the gym sends its people: the reviews asked for and the campaigns' sending rate.
  avis: (
    <>
      <ReviewsSection />
      <ReviewRequestsSection />
      <NewsletterSection />
    </>
  ),
  // The hero's text and its image side by side: the preview shows both before saving.
  textes: (
    <>
      <TextsSection />
      <ImagesSection />
    </>
  ),
  traductions: <TranslationsSection />,
};

/** Where each part of the settings is edited, to name the page of an error this page cannot show. */
const PAGE_OF_KEY: Record<keyof SiteSettings, FormPage> = {
  name: 'general',
  shortName: 'general',
  tagline: 'general',
  address: 'general',
  geo: 'general',
  whatsapp: 'general',
  email: 'general',
  social: 'general',
  whatsappGreeting: 'general',
  hours: 'general',
  prices: 'tarifs',
  payments: 'tarifs',
  waitlist: 'tarifs',
  privateLessons: 'cours-prives',
  members: 'decharge',
  newsletter: 'avis',
  reviewRequests: 'avis',
  legal: 'mentions-legales',
  visaLetter: 'mentions-legales',
  programmes: 'mentions-legales',
  stays: 'sejours',
  reviews: 'avis',
  hero: 'textes',
  about: 'textes',
  seo: 'textes',
  translations: 'traductions',
  logoUrl: 'textes',
  heroImageUrl: 'textes',
};

/** The other pages holding an invalid value (the form checks every part, this page shows its own). */
function elsewhere(errors: FieldErrors<SiteSettingsInput>, page: FormPage): string[] {
  const pages = new Set(
    Object.keys(errors)
      .map((k) => PAGE_OF_KEY[k as keyof SiteSettings])
      .filter((p) => p && p !== page),
  );
  return SETTINGS_PAGES.filter((p) => pages.has(p.slug as FormPage)).map((p) => `« ${p.label} »`);
}

/**
 * One page of the settings form (its sections, the sticky save bar). The whole settings are
 * sent, as before the pages: the other pages' values go back as they were loaded.
 */
export function SettingsForm({ answer, reload, page }: { answer: SiteSettingsDto; reload: () => Promise<SiteSettingsDto | undefined>; page: FormPage }) {
  const toast = useToast();
  const act = useAction();
  const save = useSaveSiteSettings();
  const form = useForm<SiteSettingsInput, unknown, SiteSettings>({
    resolver: zodResolver(siteSettingsSchema),
    defaultValues: answer.settings,
  });
  const {
    handleSubmit,
    reset,
    formState: { isDirty, isSubmitting },
  } = form;
  const [stale, setStale] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const leaveGuard = useUnsavedChangesGuard(isDirty);
  const formRef = useRef<HTMLFormElement>(null);
  const saveFailure = useSaveFailure({ settings: answer.settings, form, onStale: setStale, onFormError: setFormError });

  // Ctrl+S / Cmd+S saves, as in the blog editor.
  useSaveShortcut(formRef);

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
      await act(() => save.mutateAsync({ ...values, version: answer.version }), {
        success: { title: 'Paramètres enregistrés', description: 'Le site affiche les nouvelles valeurs.' },
        failure: '',
        onError: saveFailure,
      });
    },
    (errors) => {
      const other = elsewhere(errors, page);
      if (other.length > 0) setFormError(`Une valeur enregistrée ailleurs est refusée : voyez la page ${other.join(', ')}.`);
      toast({ title: 'Erreur', description: 'Vérifiez les champs signalés en rouge.', variant: 'destructive' });
    },
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
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid max-w-5xl gap-6" aria-label="Paramètres du site">
        {PAGE_SECTIONS[page]}

        {/* Always in reach: the save stays at the bottom of the screen, above the phone's menu bar. */}
        <div className="sticky bottom-[var(--admin-bottom-inset,0px)] z-10 -mx-4 grid gap-3 border-t border-gray-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
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
              <Button type="submit" pending={isSubmitting}>
                {!isSubmitting && <Save className="h-4 w-4" aria-hidden />}
                Enregistrer
              </Button>
            </div>
          </div>
        </div>
      </form>

      {leaveGuard.dialog}
    </FormProvider>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Save, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { siteSettingsSchema, type SiteSettings, type SiteSettingsDto, type SiteSettingsInput } from '../../../../shared/schemas/site-settings';
import { StaleEditAlert } from '../../components/stale-edit';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { useUnsavedChangesGuard } from '../../lib/unsaved-changes';
import { useAction } from '../../lib/use-action';
import { useSaveShortcut } from '../../lib/use-save-shortcut';
import { useSaveSiteSettings } from './api';
import { SettingsSection } from './fields';
import { SettingsHistory } from './history';
import { LegalSection, VisaLetterSection } from './legal-section';
import { PaymentsSection } from './payments-section';
import { PrivateLessonsSection } from './private-lessons-section';
import { ProgrammesSection } from './programmes-section';
import { StaysSection } from './stays-section';
import { PricesSection } from './prices-section';
import { useSaveFailure } from './save-failure';
import { SectionNav } from './section-nav';
import { ContactSection, GymSection, HoursSection, ImagesSection, ReviewsSection, TextsSection } from './sections';
import { TranslationsSection } from './translations-section';

/** The settings form (its sections, the sticky save bar) and the history under it. */
export function SettingsForm({ answer, reload }: { answer: SiteSettingsDto; reload: () => Promise<SiteSettingsDto | undefined> }) {
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
      <SectionNav />
      <form ref={formRef} onSubmit={onSubmit} noValidate className="grid max-w-5xl gap-6" aria-label="Paramètres du site">
        <GymSection />
        <ContactSection />
        <HoursSection />
        <PricesSection />
        <PaymentsSection />
        <PrivateLessonsSection />
        <LegalSection />
        <VisaLetterSection />
        <ProgrammesSection />
        <StaysSection />
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
              <Button type="submit" pending={isSubmitting}>
                {!isSubmitting && <Save className="h-4 w-4" aria-hidden />}
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

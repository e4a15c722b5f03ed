import { Send, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { CampaignDetailDto } from '../../../../shared/api-types/campaigns';
import { zonedToInstant } from '../../../../shared/gym-time';
import { CAMPAIGN_CONFIRM_ABOVE, campaignAudienceSchema, campaignTestSchema } from '../../../../shared/schemas/campaigns';
import { LANGUAGES, LANGUAGE_NAMES_FR, type Language } from '../../../../shared/i18n/languages';
import { gymTimeZone } from '../../../lib/gym-zone';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Field, Input, fieldAria } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useToast } from '../../components/ui/toast';
import { formatDateTime, gymZoneName } from '../../lib/format';
import { useSingleFlight } from '../../lib/single-flight';
import { useAction } from '../../lib/use-action';
import { audiencePayload, fullPayload, written, type CampaignFormValues } from './campaign-form';
import { count, recipientsText } from './campaign-labels';
import { fetchAudienceCount, useScheduleCampaign, useTestCampaign } from './campaigns-api';

const radio = 'h-5 w-5 shrink-0 accent-red-600';
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'YYYY-MM-DDTHH:mm' on the gym's clock → the ISO instant, or null when it is not a full date and time. */
export function gymInstant(local: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(local);
  if (!m) return null;
  try {
    return zonedToInstant(m[1], m[2], gymTimeZone()).toISOString();
  } catch {
    return null;
  }
}

interface Confirming {
  count: number;
  sendAt: string | null;
  /** Above CAMPAIGN_CONFIRM_ABOVE the owner is asked a second time. */
  step: 1 | 2;
}

/**
 * A test to a staff address (never counted), then the sending: now or at a gym date and time,
 * after a confirmation that names the count (and a second one above 1,000). The button is
 * single-flight and the server refuses a second schedule, so a double click sends once.
 */
export function CampaignSendCard({
  id,
  campaign,
  values,
  flush,
  defaultTestTo,
}: {
  id: number;
  campaign: CampaignDetailDto;
  values: CampaignFormValues;
  flush: () => Promise<boolean>;
  defaultTestTo: string;
}) {
  const toast = useToast();
  const run = useAction();
  const test = useTestCampaign();
  const schedule = useScheduleCampaign();
  const flight = useSingleFlight();
  const testFlight = useSingleFlight();
  const [to, setTo] = useState(defaultTestTo);
  const testLanguages = LANGUAGES.filter((l) => l === 'en' || written(values, l));
  const [testLanguage, setTestLanguage] = useState<Language>('en');
  const language = testLanguages.includes(testLanguage) ? testLanguage : 'en';
  const [toError, setToError] = useState<string | undefined>();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const subject = values.subject.en.trim();

  /** The draft saved as it stands, or a toast saying why not. */
  async function savedWhole(): Promise<boolean> {
    const ok = await flush();
    if (ok && fullPayload(values)) return true;
    toast({ title: 'Brouillon incomplet', description: 'Corrigez les champs en rouge avant d’envoyer.', variant: 'destructive' });
    return false;
  }

  const sendTest = () =>
    testFlight.run(async () => {
      const parsed = campaignTestSchema.safeParse({ to, language });
      if (!parsed.success) {
        setToError(parsed.error.issues[0]?.message);
        return;
      }
      setToError(undefined);
      if (!(await savedWhole())) return;
      await run(() => test.mutateAsync({ id, data: parsed.data }), {
        success: { title: 'Test envoyé', description: `À ${parsed.data.to}, en ${LANGUAGE_NAMES_FR[language]}. Il n’est pas compté.` },
        failure: 'Le test n’a pas pu être envoyé.',
      });
    });

  /** Checks, saves, counts: then the confirmation opens. */
  const ask = () =>
    flight.run(async () => {
      let sendAt: string | null = null;
      if (when === 'later') {
        sendAt = gymInstant(at);
        if (!sendAt) return setAtError('Choisissez une date et une heure.');
        if (Date.parse(sendAt) <= Date.now()) return setAtError('Choisissez un moment à venir.');
      }
      setAtError(undefined);
      if (!(await savedWhole())) return;
      const audience = campaignAudienceSchema.safeParse(audiencePayload(values));
      if (!audience.success) return;
      const n = await run(() => fetchAudienceCount(audience.data), { failure: 'Nombre de destinataires indisponible.' });
      if (n === undefined) return;
      if (n === 0) {
        toast({ title: 'Aucun destinataire', description: 'Aucun abonné confirmé ne correspond à ces filtres.', variant: 'destructive' });
        return;
      }
      setConfirming({ count: n, sendAt, step: 1 });
    });

  const confirm = () => {
    if (!confirming) return;
    if (confirming.step === 1 && confirming.count > CAMPAIGN_CONFIRM_ABOVE) {
      setConfirming({ ...confirming, step: 2 });
      return;
    }
    const { sendAt } = confirming;
    void flight.run(() =>
      run(() => schedule.mutateAsync({ id, data: { sendAt } }), {
        success: sendAt ? `Envoi programmé le ${formatDateTime(sendAt)}` : 'Envoi commencé',
        failure: 'L’envoi n’a pas pu commencer.',
        onSettled: () => setConfirming(null),
      }),
    );
  };

  const editable = campaign.status === 'draft';
  const c = confirming;
  const moment = c?.sendAt ? `le ${formatDateTime(c.sendAt)} (${gymZoneName(Date.parse(c.sendAt))})` : 'maintenant';
  return (
    <Card className="grid gap-5 p-4 sm:p-5" data-testid="campaign-send">
      <section className="grid gap-3" aria-labelledby="campaign-test-title">
        <h2 id="campaign-test-title" className="font-semibold text-gray-900">
          Envoyer un test
        </h2>
        <Field id="campaign-test-to" label="Adresse de test" error={toError} hint="Marqué « [Test] » ; les tests ne comptent pas dans les résultats.">
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Input
              {...fieldAria('campaign-test-to', toError)}
              type="email"
              autoComplete="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              className="h-11 min-w-0 sm:flex-1 md:h-10"
            />
            {testLanguages.length > 1 && (
              <div className="sm:w-36">
                <Select
                  aria-label="Langue du test"
                  value={language}
                  onValueChange={(v) => setTestLanguage(v as Language)}
                  options={testLanguages.map((l) => ({ value: l, label: cap(LANGUAGE_NAMES_FR[l]) }))}
                  className="h-11 md:h-10"
                />
              </div>
            )}
            <Button variant="outline" className="h-11 md:h-10" onClick={() => void sendTest()} pending={testFlight.busy} data-testid="campaign-test">
              Envoyer le test
            </Button>
          </div>
        </Field>
      </section>
      {editable && (
        <section className="grid gap-3 border-t border-gray-200 pt-4" aria-labelledby="campaign-send-title">
          <h2 id="campaign-send-title" className="font-semibold text-gray-900">
            Envoi
          </h2>
          <fieldset className="grid gap-1">
            <legend className="sr-only">Quand</legend>
            <label className="flex min-h-11 items-center gap-3 text-sm text-gray-900">
              <input type="radio" name="campaign-when" className={radio} checked={when === 'now'} onChange={() => setWhen('now')} />
              Maintenant
            </label>
            <label className="flex min-h-11 items-center gap-3 text-sm text-gray-900">
              <input type="radio" name="campaign-when" className={radio} checked={when === 'later'} onChange={() => setWhen('later')} />À une date et une heure
            </label>
          </fieldset>
          {when === 'later' && (
            <Field id="campaign-send-at" label={`Date et heure, ${gymZoneName()}`} error={atError}>
              <Input
                {...fieldAria('campaign-send-at', atError)}
                type="datetime-local"
                value={at}
                onChange={(e) => setAt(e.target.value)}
                className="h-11 md:h-10"
              />
            </Field>
          )}
          <Button className="h-11 md:h-10" onClick={() => void ask()} pending={flight.busy} data-testid="campaign-send-button">
            <Send className="h-4 w-4" aria-hidden />
            {when === 'now' ? 'Envoyer maintenant…' : 'Programmer l’envoi…'}
          </Button>
        </section>
      )}
      <ConfirmDialog
        open={c !== null}
        onOpenChange={(open) => !open && !flight.busy && setConfirming(null)}
        title={c?.step === 2 ? `Vraiment ${count(c.count)} destinataires ?` : c?.sendAt ? 'Programmer la campagne ?' : 'Envoyer la campagne ?'}
        description={
          c && (
            <>
              <span className="block">
                « {subject} » partira {moment} à <strong data-testid="confirm-count">{recipientsText(c.count)}</strong>, chacun dans sa langue (sinon en
                anglais). Un envoi commencé ne se rattrape pas.
              </span>
              {c.count > CAMPAIGN_CONFIRM_ABOVE && (
                <span className="mt-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900" data-testid="confirm-warning">
                  <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  Plus de {count(CAMPAIGN_CONFIRM_ABOVE)} personnes : relisez l’objet, le texte et les filtres, et envoyez-vous un test d’abord.
                </span>
              )}
            </>
          )
        }
        confirmLabel={
          c?.step === 1 && c.count > CAMPAIGN_CONFIRM_ABOVE ? 'Continuer' : c?.sendAt ? 'Programmer' : `Envoyer à ${c ? recipientsText(c.count) : ''}`
        }
        onConfirm={confirm}
        busy={flight.busy}
      />
    </Card>
  );
}

import { AlertCircle, ArrowLeft, Check, Loader2, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Language } from '../../../shared/i18n/languages';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { CampaignAudienceCard } from '../features/newsletter/campaign-audience';
import { CampaignContent } from '../features/newsletter/campaign-content';
import type { CampaignFormValues } from '../features/newsletter/campaign-form';
import { CAMPAIGNS_LIST_PATH } from '../features/newsletter/campaign-paths';
import { CampaignPreview } from '../features/newsletter/campaign-preview';
import { CampaignProgress } from '../features/newsletter/campaign-progress';
import { CampaignSendCard } from '../features/newsletter/campaign-send';
import { useCampaignDraft, type SaveState } from '../features/newsletter/use-campaign-draft';
import { useSession } from '../lib/session';

/**
 * A campaign (/admin/newsletter/campagnes/:id, or /nouvelle): its texts per language, its
 * audience with the count, the preview, the test and the sending; once on its way, its progress
 * and log. Its own chunk: none of it loads with the lists.
 */
export function CampaignPage() {
  const { id: param } = useParams();
  const id = param !== undefined && /^\d+$/.test(param) ? Number(param) : null;
  if (param !== 'nouvelle' && id === null) return <NotFound />;
  // A new campaign, once created, continues at its own address as a new editor (the local copy carries over).
  return <CampaignEditor key={id ?? 'new'} id={id} />;
}

function CampaignEditor({ id }: { id: number | null }) {
  const draft = useCampaignDraft(id);
  const { user } = useSession();
  const { campaign, values, setValues, errors } = draft;
  // A scheduled campaign is read-only until the owner asks to edit it: the first change takes it
  // back to a draft, to be scheduled again.
  const [unlocked, setUnlocked] = useState(false);

  if (draft.isLoading || !draft.ready) return <Spinner />;
  if (id !== null && (draft.isError || !campaign)) return <NotFound />;

  const status = campaign?.status ?? 'draft';
  const editable = status === 'draft' || (status === 'scheduled' && unlocked);
  const setText = (field: 'subject' | 'preheader' | 'body', l: Language, text: string) => setValues((v) => ({ ...v, [field]: { ...v[field], [l]: text } }));
  const setAudience = (patch: Partial<CampaignFormValues>) => setValues((v) => ({ ...v, ...patch }));

  return (
    <>
      <Link to={CAMPAIGNS_LIST_PATH} className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-gray-800 hover:underline md:min-h-0">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Retour aux campagnes
      </Link>
      <PageHeader
        title={id === null ? 'Nouvelle campagne' : values.subject.en.trim() || 'Campagne'}
        subtitle={editable ? <SaveStatus state={draft.state} failure={draft.failure} /> : undefined}
      />
      {status === 'scheduled' && !unlocked && (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          <span className="min-w-0 flex-1">Programmée : pour la modifier, elle repasse en brouillon et sera à programmer de nouveau.</span>
          <Button variant="outline" className="h-11 md:h-9" onClick={() => setUnlocked(true)}>
            <Pencil className="h-4 w-4" aria-hidden />
            Modifier
          </Button>
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_420px]">
        <div className="grid min-w-0 content-start gap-6">
          {campaign && status !== 'draft' && <CampaignProgress campaign={campaign} />}
          <CampaignContent values={values} errors={errors} disabled={!editable} onChange={setText} />
          <CampaignAudienceCard values={values} errors={errors} disabled={!editable} onChange={setAudience} />
        </div>
        <div className="grid min-w-0 content-start gap-6">
          <CampaignPreview id={id} values={values} saving={draft.state === 'saving'} />
          {id !== null && campaign && <CampaignSendCard id={id} campaign={campaign} values={values} flush={draft.flush} defaultTestTo={user?.email ?? ''} />}
        </div>
      </div>
    </>
  );
}

/** "Enregistré", "Enregistrement…", or why not: what the owner needs to trust the draft. */
function SaveStatus({ state, failure }: { state: SaveState; failure: string | null }) {
  const text: Record<SaveState, string> = {
    saved: 'Enregistré',
    saving: 'Enregistrement…',
    local: 'Gardé sur cet appareil : l’objet et le texte en anglais enregistrent le brouillon',
    invalid: 'Non enregistré : corrigez les champs en rouge (le reste est enregistré)',
    error: `Non enregistré : ${failure ?? 'le serveur ne répond pas'}. Rien n’est perdu : gardé sur cet appareil, enregistré dès que possible.`,
  };
  const Icon = state === 'saved' ? Check : state === 'saving' ? Loader2 : AlertCircle;
  return (
    <span
      role="status"
      className={state === 'error' || state === 'invalid' ? 'inline-flex items-center gap-1 text-red-800' : 'inline-flex items-center gap-1'}
      data-testid="save-state"
      data-state={state}
    >
      <Icon className={state === 'saving' ? 'h-4 w-4 shrink-0 animate-spin' : 'h-4 w-4 shrink-0'} aria-hidden />
      {text[state]}
    </span>
  );
}

function NotFound() {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-10 text-center">
      <h1 className="text-lg font-medium text-gray-900">Campagne introuvable</h1>
      <Link to={CAMPAIGNS_LIST_PATH} className="mt-4 inline-block font-medium text-red-800 underline">
        Retour aux campagnes
      </Link>
    </div>
  );
}

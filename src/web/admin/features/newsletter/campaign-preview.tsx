import { Tabs } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { LANGUAGES, LANGUAGE_NAMES_FR, type Language } from '../../../../shared/i18n/languages';
import { Card } from '../../components/ui/card';
import { Select } from '../../components/ui/select';
import { written, type CampaignFormValues } from './campaign-form';
import { useCampaignPreview } from './campaigns-api';

/** A phone's width: the preview shows the e-mail as most subscribers read it. */
export const PREVIEW_WIDTH = 375;
const PREVIEW_HEIGHT = 640;

const tabClass =
  'inline-flex h-11 flex-1 items-center justify-center rounded-md px-3 text-sm font-medium text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none md:h-9';
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The e-mail a subscriber of a language gets, as the server composes it (the saved draft): the
 * HTML part in a 375 px frame (sandboxed: no script, an opaque origin) and the plain-text part.
 */
export function CampaignPreview({ id, values, saving }: { id: number | null; values: CampaignFormValues; saving: boolean }) {
  const languages = LANGUAGES.filter((l) => l === 'en' || written(values, l));
  const [chosen, setChosen] = useState<Language>('en');
  const language = languages.includes(chosen) ? chosen : 'en';
  const [mode, setMode] = useState('html');
  const preview = useCampaignPreview(id, language, true);
  const p = preview.data;
  return (
    <Card className="grid gap-3 p-4 sm:p-5" data-testid="campaign-preview">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-gray-900">Aperçu</h2>
        {languages.length > 1 && (
          <div className="w-40">
            <Select
              aria-label="Langue de l'aperçu"
              value={language}
              onValueChange={(v) => setChosen(v as Language)}
              options={languages.map((l) => ({ value: l, label: cap(LANGUAGE_NAMES_FR[l]) }))}
              className="h-11 md:h-10"
            />
          </div>
        )}
      </div>
      {id === null ? (
        <p className="text-sm text-gray-700">L’aperçu s’affiche dès que le brouillon est enregistré (objet et texte en anglais).</p>
      ) : (
        // min-w-0: the card keeps the screen's width; the 375 px frame is drawn to fit it.
        <Tabs.Root value={mode} onValueChange={setMode} className="min-w-0">
          <Tabs.List aria-label="Partie de l'e-mail" className="flex rounded-lg bg-gray-100 p-1">
            <Tabs.Trigger value="html" className={tabClass}>
              E-mail ({PREVIEW_WIDTH} px)
            </Tabs.Trigger>
            <Tabs.Trigger value="text" className={tabClass}>
              Texte brut
            </Tabs.Trigger>
          </Tabs.List>
          {p && (
            <dl className="mt-3 grid gap-1 text-sm" aria-busy={saving || preview.isFetching}>
              <div className="flex gap-2">
                <dt className="shrink-0 text-gray-700">Objet :</dt>
                <dd className="min-w-0 font-medium text-gray-900" data-testid="preview-subject">
                  {p.subject}
                </dd>
              </div>
              {p.preheader && (
                <div className="flex gap-2">
                  <dt className="shrink-0 text-gray-700">Aperçu :</dt>
                  <dd className="min-w-0 text-gray-900">{p.preheader}</dd>
                </div>
              )}
            </dl>
          )}
          {preview.isError && <p className="mt-3 text-sm text-red-700">Aperçu indisponible pour le moment.</p>}
          <Tabs.Content value="html" className="mt-3 min-w-0">
            {p && <PhoneFrame title={`Aperçu de l'e-mail en ${LANGUAGE_NAMES_FR[language]}`} html={p.html} />}
          </Tabs.Content>
          <Tabs.Content value="text" className="mt-3">
            {p && (
              <pre
                className="max-h-[640px] overflow-auto rounded border border-gray-200 bg-gray-50 p-3 font-sans text-sm whitespace-pre-wrap text-gray-900"
                data-testid="preview-text"
              >
                {p.text}
              </pre>
            )}
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Card>
  );
}

/**
 * The e-mail laid out at 375 px in a sandboxed frame (no script, an opaque origin). On a screen
 * narrower than that (a phone, inside a card) the frame is drawn smaller, still laid out at
 * 375 px, so the whole width shows without scrolling sideways.
 */
function PhoneFrame({ title, html }: { title: string; html: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(Math.min(1, el.clientWidth / PREVIEW_WIDTH));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className="w-full max-w-[375px] overflow-hidden rounded border border-gray-200 bg-white" style={{ height: PREVIEW_HEIGHT * scale }}>
      <iframe
        title={title}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={html}
        width={PREVIEW_WIDTH}
        height={PREVIEW_HEIGHT}
        className="block origin-top-left border-0 bg-white"
        style={{ width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT, transform: scale < 1 ? `scale(${scale})` : undefined }}
        data-testid="preview-html"
      />
    </div>
  );
}

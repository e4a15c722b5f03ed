import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { CheckInDto } from '../../../../shared/api-types/waivers';
import { apiRequest, errorText } from '../../../lib/api-client';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/dialog';
import { Field, Input } from '../../components/ui/field';
import { gymClockTime } from '../../lib/format';

// "Scanner" on the desk's day (issue 47 point 5): the phone's camera reads a traveller's door
// code (jsQR, loaded with this dialog), or the desk types its short form; the server marks
// today's booking present once and answers the waiver's state, shown first.

/** How long the same code is not sent again after an answer (the server marks once anyway). */
const SAME_CODE_PAUSE_MS = 4_000;

type Camera = 'starting' | 'on' | 'none';

export function CheckInScanner() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} data-testid="open-scanner">
        <ScanLine className="h-4 w-4" aria-hidden />
        Scanner
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Scanner un code" description="Le QR code de la page du voyageur, ou son code tapé.">
        {open && <ScannerBody />}
      </Modal>
    </>
  );
}

function ScannerBody() {
  const qc = useQueryClient();
  const video = useRef<HTMLVideoElement>(null);
  const [camera, setCamera] = useState<Camera>('starting');
  const [typed, setTyped] = useState('');
  const last = useRef<{ code: string; at: number } | null>(null);
  const scan = useMutation({
    mutationFn: (code: string) => apiRequest<CheckInDto>('POST', '/api/desk/check-in', { code }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['/api/desk/day'] }),
  });
  const send = useRef(scan.mutate);
  send.current = scan.mutate;

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        setCamera('on');
        const { default: jsQR } = await import('jsqr');
        const canvas = document.createElement('canvas');
        const g = canvas.getContext('2d', { willReadFrequently: true });
        timer = setInterval(() => {
          const v = video.current;
          if (!v || !g || v.videoWidth === 0) return;
          canvas.width = v.videoWidth;
          canvas.height = v.videoHeight;
          g.drawImage(v, 0, 0);
          const found = jsQR(g.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height, { inversionAttempts: 'dontInvert' });
          const code = found?.data.trim();
          if (!code) return;
          const now = Date.now();
          if (last.current && last.current.code === code && now - last.current.at < SAME_CODE_PAUSE_MS) return;
          last.current = { code, at: now };
          send.current(code);
        }, 250);
      } catch {
        if (!stopped) setCamera('none');
      }
    })();
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed.trim()) scan.mutate(typed.trim());
  };

  return (
    <div className="grid gap-4">
      {camera !== 'none' ? (
        <video ref={video} muted playsInline className="aspect-square w-full rounded-md bg-gray-900 object-cover" aria-label="Caméra" />
      ) : (
        <p className="text-sm text-gray-700">Pas de caméra disponible : tapez le code affiché sous le QR.</p>
      )}
      <form onSubmit={submit} className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field id="check-in-code" label="Code">
            <Input
              id="check-in-code"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              placeholder="ex. 2s-abc234defg"
            />
          </Field>
        </div>
        <Button type="submit" disabled={scan.isPending || !typed.trim()}>
          Valider
        </Button>
      </form>
      {scan.isError && <ErrorAlert>{errorText(scan.error, 'Code non reconnu.')}</ErrorAlert>}
      {scan.data && <CheckInAnswer answer={scan.data} />}
    </div>
  );
}

function CheckInAnswer({ answer }: { answer: CheckInDto }) {
  const b = answer.booking;
  return (
    <div role="status" className="grid gap-2 rounded-md border border-gray-200 p-3" data-testid="check-in-answer">
      {answer.waiver === 'missing' && <p className="rounded bg-red-50 px-2 py-1 text-sm font-semibold text-red-800">Décharge manquante</p>}
      {answer.waiver === 'conditions' && <p className="rounded bg-amber-50 px-2 py-1 text-sm font-semibold text-amber-900">Conditions de santé déclarées</p>}
      <p className="text-base font-semibold text-gray-900">{answer.person.name}</p>
      {b ? (
        <p className="text-sm text-gray-800">
          {b.course} à {gymClockTime(b.dateTime)} : {b.marked ? 'présence notée.' : 'déjà noté présent.'}
        </p>
      ) : (
        <p className="text-sm text-gray-800">Aucun cours réservé aujourd’hui : réservez-lui le prochain avec « Ajouter une réservation ».</p>
      )}
    </div>
  );
}

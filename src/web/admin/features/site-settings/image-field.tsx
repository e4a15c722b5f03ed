import { ImageOff, Upload } from 'lucide-react';
import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import type { SiteImageKind } from '../../../../shared/schemas/site-settings';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { IMAGE_DROPZONE_OPTIONS, rejectionText } from '../../lib/image-drop';
import { useAction } from '../../lib/use-action';
import { useUploadSiteImage } from './api';

const UPLOAD_FAILED = "Impossible d'envoyer l'image";

/**
 * The logo or the hero image: a drop zone with the gallery's checks, a preview of the current
 * image, "Retirer". The upload stores the file at once; the settings use it once saved.
 */
export function SiteImageField({
  kind,
  label,
  hint,
  value,
  onChange,
  error,
  light,
}: {
  kind: SiteImageKind;
  /** A white preview: dark ink (a signature, a stamp) shows on it. */
  light?: boolean;
  label: string;
  hint: string;
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  error?: string;
}) {
  const upload = useUploadSiteImage();
  const toast = useToast();
  const act = useAction();
  const [progress, setProgress] = useState<number | null>(null);
  const id = `settings-image-${kind}`;

  async function send(file: File) {
    setProgress(0);
    await act(
      async () => {
        const { url } = await upload.mutateAsync({ kind, file, onProgress: setProgress });
        onChange(url);
      },
      {
        success: { title: 'Image envoyée', description: 'Enregistrez les paramètres pour la mettre en ligne.' },
        failure: UPLOAD_FAILED,
        // SPEC.md §8's sentence as written, the server's reason (when it gave one) on a line of its own.
        onError: (_message, err) => toast({ title: 'Erreur', description: UPLOAD_FAILED, detail: errorText(err, '') || undefined, variant: 'destructive' }),
      },
    );
    setProgress(null);
  }

  const dz = useDropzone({
    ...IMAGE_DROPZONE_OPTIONS,
    disabled: upload.isPending,
    onDrop(accepted, rejected) {
      if (accepted[0]) void send(accepted[0]);
      else if (rejected.length) toast({ title: 'Erreur', description: rejectionText(rejected), variant: 'destructive' });
    },
  });

  return (
    <div className="grid gap-2" role="group" aria-labelledby={`${id}-label`}>
      <p id={`${id}-label`} className="text-sm font-medium text-gray-900">
        {label}
      </p>
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr] sm:items-start">
        <div
          className={cn('flex h-28 items-center justify-center overflow-hidden rounded-md border border-gray-200', light ? 'bg-white' : 'bg-gray-900')}
          data-testid={`${id}-preview`}
        >
          {value ? (
            <img src={value} alt={`Aperçu : ${label.toLowerCase()}`} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className={cn('flex flex-col items-center gap-1 text-xs', light ? 'text-gray-600' : 'text-gray-300')}>
              <ImageOff className="h-5 w-5" aria-hidden />
              Aucune image
            </span>
          )}
        </div>
        <div className="grid gap-2">
          <div
            {...dz.getRootProps({
              className: cn(
                'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-4 text-center',
                dz.isDragActive ? 'border-red-600 bg-red-50' : 'border-gray-300 hover:border-gray-400',
                error && 'border-red-600',
              ),
            })}
          >
            <input {...dz.getInputProps({ multiple: false })} aria-label={label} data-testid={`${id}-input`} />
            <Upload className="h-6 w-6 text-gray-600" aria-hidden />
            <p className="text-sm font-medium text-gray-900">Glissez-déposez une image ici</p>
            <Button variant="outline" size="sm" disabled={upload.isPending}>
              {value ? 'Remplacer' : 'Choisir un fichier'}
            </Button>
            <p className="text-xs text-gray-700">{hint}</p>
            {progress !== null && (
              <progress className="h-2 w-full" max={100} value={progress} aria-label={`Envoi : ${label.toLowerCase()}`}>
                {progress} %
              </progress>
            )}
          </div>
          {value && (
            <Button variant="ghost" size="sm" className="w-fit text-red-700" onClick={() => onChange(null)}>
              Retirer l&apos;image
            </Button>
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

import { Upload } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { IMAGE_DROPZONE_OPTIONS, rejectionText } from '../../lib/image-drop';

/**
 * The page-wide drop zone: the first accepted file is handed on (the page opens the add dialog with it).
 * On a phone it is the file picker (a tap opens it), with the same French refusals.
 */
export function PageDropzone({ onFile }: { onFile: (file: File) => void }) {
  const toast = useToast();
  const dropzone = useDropzone({
    ...IMAGE_DROPZONE_OPTIONS,
    onDrop(accepted, rejected) {
      if (accepted[0]) onFile(accepted[0]);
      else if (rejected.length) toast({ title: 'Erreur', description: rejectionText(rejected), variant: 'destructive' });
    },
  });
  return (
    <div
      {...dropzone.getRootProps({
        className: cn(
          'mb-6 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors',
          'focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none',
          dropzone.isDragActive ? 'border-red-600 bg-red-50' : 'border-gray-300 bg-white hover:border-gray-400',
        ),
      })}
      data-testid="gallery-dropzone"
    >
      <input {...dropzone.getInputProps({ multiple: false })} aria-label="Fichier image" />
      <Upload className="h-8 w-8 text-gray-600" aria-hidden />
      <p className="font-medium text-gray-900">Glissez-déposez une image ici</p>
      {/* The zone is not a control itself (no nested controls): this button is; its click bubbles to the zone, which opens the file picker. */}
      <Button variant="outline" size="sm">
        Choisir un fichier
      </Button>
      <p className="text-sm text-gray-700">JPG, PNG, GIF ou WebP, 10 Mo maximum</p>
    </div>
  );
}

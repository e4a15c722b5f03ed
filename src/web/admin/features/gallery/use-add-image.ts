import { useEffect, useState, type FormEvent } from 'react';
import { NO_FILE } from '../../../../shared/messages';
import { INSTAGRAM_URL_PATTERN, galleryInstagramSchema, galleryMetaSchema } from '../../../../shared/schemas/gallery';
import { useToast } from '../../components/ui/toast';
import { useAction } from '../../lib/use-action';
import { extractInstagramImageUrl, useAddInstagram, useUploadImage } from './api';
import { useUploadFailure } from './upload-failure';

const UPLOAD_FAILED = "Impossible d'ajouter l'image";

const stripExtension = (name: string) => name.replace(/\.[^.]+$/, '');

export type ImageSource = 'file' | 'instagram';

/** The add dialog's state (file or Instagram link, title, description, category, progress) and its submit. */
export function useAddImage({ open, initialFile, onDone }: { open: boolean; initialFile: File | null; onDone: () => void }) {
  const toast = useToast();
  const act = useAction();
  const uploadFailure = useUploadFailure(UPLOAD_FAILED);
  const upload = useUploadImage();
  const addInstagram = useAddInstagram();
  const [mode, setMode] = useState<ImageSource>('file');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [category, setCategory] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [instagramUrl, setInstagramUrl] = useState('');
  const [progress, setProgress] = useState<number | null>(null);

  function reset() {
    setMode('file');
    setTitle('');
    setDescription('');
    setCategory('');
    chooseFile(null);
    setInstagramUrl('');
    setProgress(null);
  }

  function chooseFile(f: File | null) {
    setFile(f);
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return f ? URL.createObjectURL(f) : null;
    });
    // SPEC.md §2: the title is pre-filled from the file name without its extension.
    if (f) setTitle(stripExtension(f.name));
  }

  useEffect(() => {
    if (open && initialFile) {
      setMode('file');
      chooseFile(initialFile);
    }
  }, [open, initialFile]);

  const fail = (description: string, detail?: string) => toast({ title: 'Erreur', description, detail, variant: 'destructive' });

  async function addFromInstagram() {
    if (!INSTAGRAM_URL_PATTERN.test(instagramUrl.trim())) return fail('Veuillez saisir un lien Instagram valide');
    const imageUrl = extractInstagramImageUrl(instagramUrl);
    if (!imageUrl) return fail("Impossible d'extraire l'image du lien Instagram");
    const parsed = galleryInstagramSchema.safeParse({ title, description, category, instagramUrl: instagramUrl.trim(), imageUrl, filename: '' });
    if (!parsed.success) return fail(UPLOAD_FAILED, parsed.error.issues[0]?.message);
    await act(
      async () => {
        await addInstagram.mutateAsync(parsed.data);
        reset();
        onDone();
      },
      { success: { title: 'Succès', description: 'Image Instagram ajoutée à la galerie' }, failure: UPLOAD_FAILED, onError: uploadFailure },
    );
  }

  async function addFile() {
    if (!file) return fail(NO_FILE);
    const parsed = galleryMetaSchema.safeParse({ title, description, category });
    if (!parsed.success) return fail('Erreur lors de la préparation du fichier');
    const meta = parsed.data;
    setProgress(0);
    await act(
      async () => {
        await upload.mutateAsync({ file, meta, onProgress: setProgress });
        reset();
        onDone();
      },
      {
        success: { title: 'Succès', description: 'Image ajoutée à la galerie' },
        failure: UPLOAD_FAILED,
        onError: (message, err) => {
          setProgress(null);
          uploadFailure(message, err);
        },
      },
    );
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) return fail('Veuillez saisir un titre');
    if (mode === 'instagram') return addFromInstagram();
    return addFile();
  }

  return {
    mode,
    setMode,
    title,
    setTitle,
    description,
    setDescription,
    category,
    setCategory,
    file,
    chooseFile,
    preview,
    instagramUrl,
    setInstagramUrl,
    instagramInvalid: instagramUrl.trim() !== '' && !INSTAGRAM_URL_PATTERN.test(instagramUrl.trim()),
    progress,
    busy: upload.isPending || addInstagram.isPending,
    reset,
    submit,
  };
}

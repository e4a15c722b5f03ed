import { ArrowLeft, Save } from 'lucide-react';
import { FormProvider } from 'react-hook-form';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { GALLERY_DEFAULT_CATEGORY } from '../../../shared/constants';
import { isScheduled } from '../features/blog/api';
import { ConflictAlert, DraftOffer, PostNotFound, ScheduleStatus } from '../features/blog/editor-banners';
import { PostContentCard } from '../features/blog/post-content-card';
import { PostPublishingCard, PostSeoCard } from '../features/blog/post-side-cards';
import { usePostEditor } from '../features/blog/use-post-editor';
import { useCategories } from '../features/categories/api';
import { useGallery, useUploadImage } from '../features/gallery/api';

/** A new post (/admin/blog/new) or the edit of one (/admin/blog/edit/:id; ?preview=1 opens on the preview). */
export function BlogEditorPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const isNew = params.id === undefined;
  const editor = usePostEditor(id, isNew, search.get('preview') ? 'preview' : 'edit');
  const { post, form, leaveGuard, conflict, draftOffer } = editor;
  const { isDirty, isSubmitting } = form.formState;
  const { data: categories } = useCategories();
  const gallery = useGallery();
  const uploadImage = useUploadImage();

  // The picker's "upload" adds the file to the gallery, titled after its name.
  async function uploadToGallery(file: File) {
    const title = file.name.replace(/\.[^.]+$/, '') || 'Image';
    return uploadImage.mutateAsync({ file, meta: { title, description: null, category: GALLERY_DEFAULT_CATEGORY }, onProgress: () => {} });
  }

  if (!isNew && id === null) return <PostNotFound />;
  if (!isNew && editor.isLoading) return <Spinner />;
  if (!isNew && (editor.isError || !post)) return <PostNotFound />;

  return (
    <FormProvider {...form}>
      <form id="blog-form" ref={editor.formRef} onSubmit={editor.onSubmit} noValidate>
        {leaveGuard.dialog}
        <PageHeader
          title={isNew ? 'Nouvel article' : "Modifier l'article"}
          actions={
            <>
              <Button variant="outline" onClick={() => leaveGuard.leave('/admin/blog')}>
                <ArrowLeft className="h-4 w-4" aria-hidden />
                Retour
              </Button>
              <Button type="submit" pending={isSubmitting} title="Enregistrer (Ctrl+S)" aria-keyshortcuts="Control+S Meta+S">
                {!isSubmitting && <Save className="h-4 w-4" aria-hidden />}
                Enregistrer
              </Button>
            </>
          }
        />
        {conflict && <ConflictAlert message={conflict} onReload={() => void editor.reloadAfterConflict()} />}
        {draftOffer && <DraftOffer savedAt={draftOffer.savedAt} onRestore={editor.restoreDraft} onDiscard={editor.discardDraft} />}
        {!isDirty && post && isScheduled(post) && post.publishedAt && <ScheduleStatus publishedAt={post.publishedAt} />}
        <div className="grid gap-6 lg:grid-cols-3">
          <PostContentCard isNew={isNew} tab={editor.tab} onTab={editor.setTab} />
          <div className="grid content-start gap-6">
            <PostPublishingCard categories={categories} gallery={{ items: gallery.data, loading: gallery.isLoading, onUpload: uploadToGallery }} />
            <PostSeoCard />
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

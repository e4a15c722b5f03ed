import { SearchFilterBar } from '../components/search-filter-bar';
import { FolderOpen, Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/dialog';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { useAction } from '../lib/use-action';
import { PostCard } from '../features/blog/post-card';
import { useCampaignFromPost, useDeleteBlogPost, useBlogPostPage, type BlogPostWithCategory } from '../features/blog/api';
import { campaignPath } from '../features/newsletter/campaign-paths';
import { useSingleFlight } from '../lib/single-flight';
import { Pager } from '../components/ui/pager';
import { listSearch } from '../../../shared/schemas/lists';
import { useListParams, useSearchText } from '../lib/list-state';
import { useCategories } from '../features/categories/api';
import { LANGUAGES, LANGUAGE_NAMES_FR, isLanguage } from '../../../shared/i18n/languages';

export function BlogListPage() {
  // Search and page are in the address (?q=…&page=2): reload, Back and a shared link keep them.
  const { get, page, set } = useListParams();
  // ?langue=ru: that language's posts only (an unknown code in the address is ignored).
  const language = isLanguage(get('langue')) ? get('langue') : '';
  const { data, isLoading } = useBlogPostPage(listSearch({ q: get('q'), language, page, pageSize: 12 }));
  const [text, setText] = useSearchText(get('q'), (q) => set({ q }));
  const posts = data?.items;
  const { data: categories } = useCategories();
  const del = useDeleteBlogPost();
  const act = useAction();
  const toast = useToast();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<BlogPostWithCategory | null>(null);
  const fromPost = useCampaignFromPost();
  const campaignFlight = useSingleFlight();

  // One click makes the draft and opens it in the campaign editor (one request even if clicked twice).
  const makeCampaign = (post: BlogPostWithCategory) =>
    campaignFlight.run(async () => {
      const made = await act(() => fromPost.mutateAsync(post.id), {
        success: 'Campagne créée à partir de l’article',
        failure: 'La campagne n’a pas pu être créée',
      });
      if (made) void navigate(campaignPath(made.id));
    });

  const categoryName = (p: BlogPostWithCategory) => p.category?.name ?? categories?.find((c) => c.id === p.categoryId)?.name;

  async function confirmDelete() {
    if (!toDelete) return;
    await act(() => del.mutateAsync(toDelete.id), {
      success: 'Article supprimé',
      failure: 'Erreur lors de la suppression',
      // This screen's sentence whatever the server said (a post deleted elsewhere answers 404).
      onError: () => toast({ title: 'Erreur', description: 'Erreur lors de la suppression', variant: 'destructive' }),
    });
    setToDelete(null);
  }

  return (
    <>
      <PageHeader
        title="Blog"
        subtitle="Gérez vos articles"
        actions={
          <>
            <Button variant="outline" onClick={() => navigate('/admin/categories')}>
              <FolderOpen className="h-4 w-4" aria-hidden />
              Catégories
            </Button>
            <Button onClick={() => navigate('/admin/blog/new')}>
              <Plus className="h-4 w-4" aria-hidden />
              Nouvel article
            </Button>
          </>
        }
      />
      <SearchFilterBar
        searchLabel="Rechercher un article"
        placeholder="Titre, slug ou extrait…"
        text={text}
        onText={setText}
        filter={{
          label: 'Filtrer par langue',
          allLabel: 'Toutes les langues',
          value: language,
          onChange: (v) => set({ langue: v }),
          options: LANGUAGES.map((l) => ({ value: l, label: capitalize(LANGUAGE_NAMES_FR[l]) })),
        }}
      />
      {isLoading && <Spinner />}
      {posts && posts.length === 0 && (get('q') !== '' || language !== '') && <EmptyState title="Aucun article ne correspond à la recherche" />}
      {posts && posts.length === 0 && get('q') === '' && language === '' && (
        <EmptyState title="Aucun article">
          <Button onClick={() => navigate('/admin/blog/new')}>
            <Plus className="h-4 w-4" aria-hidden />
            Nouvel article
          </Button>
        </EmptyState>
      )}
      {posts && posts.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Articles">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard
                post={post}
                categoryName={categoryName(post)}
                onDelete={() => setToDelete(post)}
                onCampaign={() => void makeCampaign(post)}
                campaignBusy={campaignFlight.busy && fromPost.variables === post.id}
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.total > 0 && (
        <Pager
          label="Pages des articles"
          total={data.total}
          page={data.page}
          pageSize={data.pageSize}
          noun={['article', 'articles']}
          onPage={(p) => set({ page: p })}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer l'article"
        description={toDelete ? `Êtes-vous sûr de vouloir supprimer l'article "${toDelete.title}" ?` : ''}
        onConfirm={confirmDelete}
        busy={del.isPending}
      />
    </>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

import { SearchFilterBar } from '../components/search-filter-bar';
import { ExternalLink, Eye, FolderOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { ConfirmDialog } from '../components/ui/dialog';
import { IconButton } from '../components/ui/icon-button';
import { EmptyState, PageHeader } from '../components/ui/page-header';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { isScheduled, useDeleteBlogPost, useBlogPostPage, type BlogPostWithCategory } from '../features/blog/api';
import { Pager } from '../components/ui/pager';
import { listSearch } from '../../../shared/schemas/lists';
import { useListParams, useSearchText } from '../lib/list-state';
import { useCategories } from '../features/categories/api';
import { formatDate, formatDateTime } from '../lib/format';
import { Tip } from '../components/ui/tip';
import { LanguageBadge } from '../components/language-badge';
import { LANGUAGES, LANGUAGE_NAMES_FR, isLanguage } from '../../../shared/i18n/languages';
import { localePath } from '../../../shared/i18n/paths';

const iconLink =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

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
  const toast = useToast();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<BlogPostWithCategory | null>(null);

  const categoryName = (p: BlogPostWithCategory) => p.category?.name ?? categories?.find((c) => c.id === p.categoryId)?.name;

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await del.mutateAsync(toDelete.id);
      toast({ title: 'Article supprimé' });
    } catch {
      toast({ title: 'Erreur', description: 'Erreur lors de la suppression', variant: 'destructive' });
    } finally {
      setToDelete(null);
    }
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
              <Card className="flex h-full flex-col overflow-hidden" data-testid="blog-card">
                {post.featuredImage && <img src={post.featuredImage} alt="" className="h-40 w-full object-cover" loading="lazy" />}
                <div className="flex flex-1 flex-col p-4">
                  <div className="mb-2 flex flex-wrap items-center gap-2">
                    {isScheduled(post) && post.publishedAt ? (
                      <Badge tone="blue">Programmé le {formatDateTime(post.publishedAt)}</Badge>
                    ) : (
                      <Badge tone={post.published ? 'green' : 'yellow'}>{post.published ? 'Publié' : 'Brouillon'}</Badge>
                    )}
                    <LanguageBadge language={post.language} always of="de l'article" />
                    {categoryName(post) && (
                      <Badge tone="gray" truncate>
                        {categoryName(post)}
                      </Badge>
                    )}
                  </div>
                  <h2 className="text-lg leading-snug font-semibold wrap-anywhere text-gray-900">{post.title}</h2>
                  <p className="mt-1 text-xs text-gray-700">{formatDate(post.publishedAt ?? post.createdAt)}</p>
                  {post.excerpt && <p className="mt-2 line-clamp-3 text-sm text-gray-700">{post.excerpt}</p>}
                  <div className="mt-auto flex items-center justify-end gap-1 pt-4">
                    {post.published ? (
                      <Tip label={`Voir l'article ${post.title} (nouvel onglet)`}>
                        <a
                          href={localePath(post.language, `/blog/${post.slug}`)}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`Voir l'article ${post.title} (nouvel onglet)`}
                          className={iconLink}
                        >
                          <ExternalLink className="h-4 w-4" aria-hidden />
                        </a>
                      </Tip>
                    ) : (
                      <Tip label={`Aperçu de l'article ${post.title}`}>
                        <Link to={`/admin/blog/edit/${post.id}?preview=1`} aria-label={`Aperçu de l'article ${post.title}`} className={iconLink}>
                          <Eye className="h-4 w-4" aria-hidden />
                        </Link>
                      </Tip>
                    )}
                    <Tip label={`Modifier l'article ${post.title}`}>
                      <Link to={`/admin/blog/edit/${post.id}`} aria-label={`Modifier l'article ${post.title}`} className={iconLink}>
                        <Pencil className="h-4 w-4" aria-hidden />
                      </Link>
                    </Tip>
                    <IconButton label={`Supprimer l'article ${post.title}`} onClick={() => setToDelete(post)} className="text-red-700 hover:bg-red-50">
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </IconButton>
                  </div>
                </div>
              </Card>
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

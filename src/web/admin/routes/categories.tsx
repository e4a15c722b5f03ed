import { ListEditor } from '../components/list-editor';
import { useCategories, useDeleteCategory } from '../features/categories/api';
import { CategoryDialog } from '../features/categories/category-dialog';
import { formatDate } from '../lib/format';
import type { BlogCategory } from '../lib/types';

export function CategoriesPage() {
  const { data: categories, isLoading } = useCategories();
  const del = useDeleteCategory();
  return (
    <ListEditor<BlogCategory>
      items={categories}
      isLoading={isLoading}
      texts={{
        title: 'Catégories',
        subtitle: 'Gérez les catégories du blog',
        create: 'Nouvelle catégorie',
        empty: 'Aucune catégorie',
        list: 'Catégories',
        item: 'la catégorie',
        deleteTitle: 'Supprimer la catégorie',
        deleteDescription: (c) => `Êtes-vous sûr de vouloir supprimer la catégorie "${c.name}" ?`,
        deleted: 'Catégorie supprimée',
      }}
      name={(c) => c.name}
      heading={(c) => (
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold wrap-anywhere text-gray-900">{c.name}</h2>
          <p className="truncate font-mono text-sm text-gray-700" title={`/${c.slug}`}>
            /{c.slug}
          </p>
        </div>
      )}
      body={(c) => (
        <>
          {c.description && <p className="mt-2 text-sm text-gray-700">{c.description}</p>}
          <p className="mt-auto pt-3 text-xs text-gray-700">
            Créée le {formatDate(c.createdAt)}
            {c.postCount !== undefined && ` · ${c.postCount} article${c.postCount > 1 ? 's' : ''}`}
          </p>
        </>
      )}
      gridClassName="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
      cardTestId="category-card"
      onDelete={(id) => del.mutateAsync(id)}
      deleting={del.isPending}
      dialog={(editing, close) => <CategoryDialog editing={editing} onClose={close} />}
    />
  );
}

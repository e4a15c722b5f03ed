import { ExternalLink, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { IconButton } from '../../components/ui/icon-button';
import { Tip } from '../../components/ui/tip';
import type { GalleryItem } from '../../lib/types';
import { Thumb } from './thumb';

/** One image of the grid: thumbnail, hover actions (Instagram, edit, delete), title, category, description. */
export function GalleryCard({ item, onEdit, onRemove }: { item: GalleryItem; onEdit: () => void; onRemove: () => void }) {
  return (
    <Card className="group relative h-full overflow-hidden" data-testid="gallery-card">
      <div className="relative aspect-[4/3] bg-gray-100">
        <Thumb item={item} />
        {/* Hover actions; always visible on touch screens and while focused from the keyboard. */}
        <div className="absolute inset-x-0 top-0 flex justify-end gap-1 bg-gradient-to-b from-black/60 to-transparent p-2 transition-opacity pointer-fine:opacity-0 pointer-fine:group-focus-within:opacity-100 pointer-fine:group-hover:opacity-100">
          {item.instagramUrl && (
            <Tip label={`Ouvrir ${item.title} sur Instagram (nouvel onglet)`}>
              <a
                href={item.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Ouvrir ${item.title} sur Instagram (nouvel onglet)`}
                className="inline-flex h-11 w-11 items-center md:h-9 md:w-9 justify-center rounded-md bg-white text-gray-900 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
              >
                <ExternalLink className="h-4 w-4" aria-hidden />
              </a>
            </Tip>
          )}
          <IconButton label={`Modifier ${item.title}`} variant="outline" size="tap" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden />
          </IconButton>
          <IconButton label={`Supprimer ${item.title}`} variant="outline" size="tap" onClick={onRemove} className="text-red-700">
            <Trash2 className="h-4 w-4" aria-hidden />
          </IconButton>
        </div>
      </div>
      <div className="p-3">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 flex-1 font-semibold wrap-anywhere text-gray-900">{item.title}</h2>
          <Badge tone={item.instagramUrl ? 'purple' : 'gray'} truncate className="max-w-[50%]">
            {item.category || 'general'}
          </Badge>
        </div>
        {item.description && <p className="mt-1 line-clamp-2 text-sm wrap-anywhere text-gray-700">{item.description}</p>}
      </div>
    </Card>
  );
}

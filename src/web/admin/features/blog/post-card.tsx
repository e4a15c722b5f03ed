import { ExternalLink, Eye, Megaphone, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { localePath } from '../../../../shared/i18n/paths';
import { LanguageBadge } from '../../components/language-badge';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconButton } from '../../components/ui/icon-button';
import { Tip } from '../../components/ui/tip';
import { formatDate, formatDateTime } from '../../lib/format';
import { isScheduled, type BlogPostWithCategory } from './api';

const iconLink =
  'inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none';

/**
 * One post of the list: image, status, language, category, title, date, excerpt, and its links
 * (view or preview, edit, delete); a published post can become a newsletter campaign (`onCampaign`).
 */
export function PostCard({
  post,
  categoryName,
  onDelete,
  onCampaign,
  campaignBusy = false,
}: {
  post: BlogPostWithCategory;
  categoryName: string | undefined;
  onDelete: () => void;
  onCampaign?: () => void;
  campaignBusy?: boolean;
}) {
  const live = post.published && !isScheduled(post);
  return (
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
          {categoryName && (
            <Badge tone="gray" truncate>
              {categoryName}
            </Badge>
          )}
        </div>
        <h2 className="text-lg leading-snug font-semibold wrap-anywhere text-gray-900">{post.title}</h2>
        <p className="mt-1 text-xs text-gray-700">{formatDate(post.publishedAt ?? post.createdAt)}</p>
        {post.excerpt && <p className="mt-2 line-clamp-3 text-sm text-gray-700">{post.excerpt}</p>}
        <div className="mt-auto flex flex-wrap items-center justify-end gap-1 pt-4">
          {live && onCampaign && (
            <Button
              variant="outline"
              size="sm"
              className="mr-auto h-11 md:h-9"
              onClick={onCampaign}
              pending={campaignBusy}
              aria-label={`Créer une campagne à partir de l'article ${post.title}`}
            >
              {!campaignBusy && <Megaphone className="h-4 w-4" aria-hidden />}
              Créer une campagne
            </Button>
          )}
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
          <IconButton label={`Supprimer l'article ${post.title}`} onClick={onDelete} className="text-red-700 hover:bg-red-50">
            <Trash2 className="h-4 w-4" aria-hidden />
          </IconButton>
        </div>
      </div>
    </Card>
  );
}
